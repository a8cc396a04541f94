import { ORIGINS_DANGER_TEXT, originsDanger } from '../../shared/domain/origin';
import { Notice } from './notice';

/** What a list of origins would let through, said plainly when it allows every origin (nothing otherwise). */
export function OriginsDangerNotice({ origins }: { origins: readonly string[] }) {
  const danger = originsDanger(origins);
  if (danger === 'none') return null;
  return (
    <Notice tone="warning" title={danger === 'empty-means-any' ? 'An empty list allows every origin' : 'Every origin is allowed'}>
      {ORIGINS_DANGER_TEXT[danger]}
    </Notice>
  );
}
