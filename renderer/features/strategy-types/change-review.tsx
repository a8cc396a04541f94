import type { StrategyTypeChange } from '../../../shared/domain/strategy-type-change';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ChangeDetails } from '../../components/strategy-type-change';
import { reviewLevel, useProtection } from '../connections';
import { ProjectName } from '../instance';

interface Props {
  name: string;
  change: StrategyTypeChange | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * The type's diff first, then every flag strategy the change breaks, with the stored values at stake. A breaking
 * change asks what the profile's protection level requires (at least a click); any other save only a click; a
 * read-only profile refuses both.
 */
export function ChangeReview({ name, change, onCancel, onConfirm }: Props) {
  const { level, profileName } = useProtection();
  if (!change) return null;
  const { broken } = change;
  const asked = level === 'read-only' ? 'read-only' : change.breaking ? reviewLevel(level) : 'confirm';
  return (
    <ConfirmDialog
      level={asked}
      profileName={profileName}
      title={change.breaking ? `This change breaks ${broken.length} flag ${broken.length === 1 ? 'strategy' : 'strategies'}` : `Save ${name}?`}
      name={name}
      confirmLabel={change.breaking ? 'Save anyway' : 'Save'}
      wide
      onCancel={onCancel}
      onConfirm={onConfirm}
      body={<ChangeDetails change={change} project={(id) => <ProjectName id={id} />} />}
    />
  );
}
