import type { HandlerSlice } from '../../shared/contract';
import { ApiError } from '../../shared/errors';

/** The compare screen's channels (issue 21). Main side in progress: each answers 501 until its service lands. */
export function compareHandlers() {
  const notYet = async (): Promise<never> => {
    throw new ApiError(501, 'NotImplemented', 'Comparing instances is not available yet.');
  };
  return {
    'compare.run': notYet,
    'compare.plan': notYet,
    'compare.apply': notYet,
    'compare.revert': notYet,
    'compare.openBundle': notYet,
    'compare.exportBundle': notYet,
  } satisfies HandlerSlice;
}
