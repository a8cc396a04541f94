import type { CompareKind, CompareStatus, PlanAction, StepAction, StepOutcome } from '../../../shared/schemas';

/** How the screen names each kind, as a heading and as one item of it. */
export const KIND_LABEL: Record<CompareKind, string> = {
  segments: 'Segments',
  strategyTypes: 'Custom strategy types',
  contextFields: 'Context fields',
  corsOrigins: 'Front-end origins (CORS)',
};

export const KIND_ONE: Record<CompareKind, string> = {
  segments: 'segment',
  strategyTypes: 'strategy type',
  contextFields: 'context field',
  corsOrigins: 'origin',
};

export const KIND_MANY: Record<CompareKind, string> = {
  segments: 'segments',
  strategyTypes: 'custom strategy types',
  contextFields: 'context fields',
  corsOrigins: 'front-end origins',
};

export const STATUS_LABEL: Record<CompareStatus, string> = {
  same: 'Same',
  differs: 'Differs',
  'only-left': 'Only left',
  'only-right': 'Only right',
};

export const ACTION_LABEL: Record<PlanAction, string> = { create: 'Create', update: 'Update', leave: 'Leave', skip: 'Skip' };

export const STEP_LABEL: Record<StepAction, string> = { create: 'Create', update: 'Update', delete: 'Delete', restore: 'Restore' };

export const OUTCOME_LABEL: Record<StepOutcome, string> = { done: 'Done', failed: 'Failed', 'not-run': 'Not run' };

export { plural } from '../../lib/plural';
