import { z } from 'zod';
import { isOperator, OPERATOR_INFO, OPERATORS, type Operator } from '../../../shared/domain/operators';
import type { Segment, UpsertSegment } from '../../../shared/schemas';
import { upsertSegmentSchema } from '../../../shared/schemas';
import { valueMessage } from './value-messages';

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

/** One constraint's rules: the same for every instance, built once with the module. */
const constraintSchema = z
  .object({
    contextName: z.string().trim().min(1, 'Pick or type a context field'),
    operator: z.enum(OPERATORS, 'Pick an operator'),
    values: z.array(z.string()),
    value: z.string(),
    inverted: z.boolean(),
    caseInsensitive: z.boolean(),
  })
  .superRefine((c, ctx) => {
    const info = OPERATOR_INFO[c.operator];
    if (info.arity === 'multi') {
      if (c.values.length === 0) ctx.addIssue({ code: 'custom', path: ['values'], message: 'Add at least one value' });
      const bad = c.values.map((v) => valueMessage(info.kind, v)).find(Boolean);
      if (bad) ctx.addIssue({ code: 'custom', path: ['values'], message: bad });
    } else {
      if (c.value.trim() === '') ctx.addIssue({ code: 'custom', path: ['value'], message: 'Enter a value' });
      else {
        const bad = valueMessage(info.kind, c.value);
        if (bad) ctx.addIssue({ code: 'custom', path: ['value'], message: bad });
      }
    }
    if (c.inverted && !info.invertible) ctx.addIssue({ code: 'custom', path: ['inverted'], message: `${info.label} cannot be inverted` });
  });

/** Schemas by values limit: an instance has one limit, so the editor builds its schema once, not on each open. */
const formSchemas = new Map<number, ReturnType<typeof buildFormSchema>>();

/** The form's schema: the shared rules (operators, value kinds, the instance's values limit) with plain messages. */
export function segmentFormSchema(valuesLimit: number) {
  let schema = formSchemas.get(valuesLimit);
  if (!schema) {
    schema = buildFormSchema(valuesLimit);
    formSchemas.set(valuesLimit, schema);
  }
  return schema;
}

function buildFormSchema(valuesLimit: number) {
  return z
    .object({
      name: z.string().trim().min(1, 'Give the segment a name').max(100, 'Keep the name under 100 characters'),
      description: z.string().max(1000, 'Keep the description under 1,000 characters'),
      project: z.string(),
      constraints: z.array(constraintSchema),
    })
    .superRefine((form, ctx) => {
      const total = countValues(form.constraints);
      if (total > valuesLimit) {
        ctx.addIssue({
          code: 'custom',
          path: ['constraints'],
          message: `This segment uses ${total.toLocaleString('en')} values; the server allows ${valuesLimit.toLocaleString('en')} per segment.`,
        });
      }
    });
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

/** What is sent: only the slot the operator uses, case-insensitivity only where it means something. */
export function upsertOf(values: SegmentFormValues): UpsertSegment {
  // The contract's schema keeps the last word (main validates again).
  return upsertSegmentSchema.parse(draftOf(values));
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
