import { isOperator, OPERATOR_INFO, type Operator } from '../../../shared/domain/operators';
import type { Segment, UpsertSegment } from '../../../shared/schemas';

/** One constraint as the form holds it: both value slots, whichever the operator uses. */
export interface ConstraintFormValue {
  contextName: string;
  operator: Operator;
  values: string[];
  value: string;
  inverted: boolean;
  caseInsensitive: boolean;
}

export interface SegmentFormValues {
  name: string;
  description: string;
  /** '' is global. */
  project: string;
  constraints: ConstraintFormValue[];
}

export const emptyConstraint = (contextName = ''): ConstraintFormValue => ({
  contextName,
  operator: 'IN',
  values: [],
  value: '',
  inverted: false,
  caseInsensitive: false,
});

export function countValues(constraints: readonly ConstraintFormValue[]): number {
  return constraints.reduce((sum, c) => sum + (OPERATOR_INFO[c.operator].arity === 'multi' ? c.values.length : c.value ? 1 : 0), 0);
}

export function formValuesOf(segment?: Pick<Segment, 'name' | 'description' | 'project' | 'constraints'>): SegmentFormValues {
  if (!segment) return { name: '', description: '', project: '', constraints: [] };
  return {
    name: segment.name,
    description: segment.description ?? '',
    project: segment.project ?? '',
    constraints: segment.constraints.map((c) => ({
      contextName: c.contextName,
      operator: isOperator(c.operator) ? c.operator : 'IN',
      values: c.values ?? [],
      value: c.value ?? (c.values?.length === 1 && isOperator(c.operator) && OPERATOR_INFO[c.operator].arity === 'single' ? (c.values[0] ?? '') : ''),
      inverted: c.inverted ?? false,
      caseInsensitive: c.caseInsensitive ?? false,
    })),
  };
}

/** The same shape without validation: for sentences and comparisons of half-filled forms. */
export function draftOf(values: SegmentFormValues): UpsertSegment {
  return {
    name: values.name.trim(),
    description: values.description.trim() === '' ? null : values.description.trim(),
    project: values.project === '' ? null : values.project,
    constraints: values.constraints.map((c) => {
      const info = OPERATOR_INFO[c.operator];
      return {
        contextName: c.contextName.trim(),
        operator: c.operator,
        ...(info.arity === 'multi' ? { values: c.values } : { value: c.value.trim() }),
        inverted: info.invertible ? c.inverted : false,
        caseInsensitive: info.caseInsensitive ? c.caseInsensitive : false,
      };
    }),
  };
}
