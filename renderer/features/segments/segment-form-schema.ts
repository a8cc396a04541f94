import { z } from 'zod';
import { isOperator, OPERATOR_INFO, OPERATORS, valueProblem, type Operator, type ValueKind } from '../../../shared/domain/operators';
import type { Segment, UpsertSegment } from '../../../shared/schemas';
import { upsertSegmentSchema } from '../../../shared/schemas';

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

// ISO 8601 date, optionally with a time; then Z, or an offset such as +01:00, +0100 or -05.
const ISO_LOCAL = /^\d{4}-\d{2}-\d{2}(?:[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/;
const ZONE = /(?:[Zz]|[+-]\d{2}(?::?\d{2})?)$/;

/**
 * A date with no time zone (`2025-01-01T00:00`): Unleash stores it as typed, and each SDK then reads it in the zone
 * of the machine it runs on, so one segment would switch at different instants in different places. Flagdesk asks
 * for the zone instead of taking it silently.
 */
export function lacksTimeZone(value: string): boolean {
  return ISO_LOCAL.test(value.trim()) && !Number.isNaN(Date.parse(value.trim()));
}

/** The catalogue's rules, in the words of someone filling in a form. */
export function valueMessage(kind: ValueKind, value: string): string | null {
  if (kind === 'date' && lacksTimeZone(value)) {
    return `“${value}” has no time zone: each SDK would read it in its own machine's zone. Add Z for UTC or an offset such as +01:00.`;
  }
  // Date.parse takes "Jan 1 2025" too, but the SDKs' parsers differ on anything that is not ISO 8601 with a zone.
  if (kind === 'date' && value.trim() !== '' && !Number.isNaN(Date.parse(value)) && !(/^\d{4}-\d{2}-\d{2}[Tt ]/.test(value.trim()) && ZONE.test(value.trim()))) {
    return `“${value}” is not a date: use ISO 8601, e.g. 2026-01-31T09:00:00Z`;
  }
  const problem = valueProblem(kind, value);
  if (!problem) return null;
  switch (kind) {
    case 'string':
      return value.length === 0 ? 'A value cannot be empty' : 'Values are at most 100 characters';
    case 'number':
      return `“${value}” is not a number (use a dot for decimals, e.g. 2.5)`;
    case 'date':
      return `“${value}” is not a date: use ISO 8601, e.g. 2026-01-31T09:00:00Z`;
    case 'semver':
      return `“${value}” is not a version like 1.2.3 (no “v”, three numbers)`;
    case 'regex':
      return `Not a valid regular expression: ${problem.replace(/^.*Error: /, '')}`;
  }
}

export function countValues(constraints: readonly ConstraintFormValue[]): number {
  return constraints.reduce((sum, c) => sum + (OPERATOR_INFO[c.operator].arity === 'multi' ? c.values.length : c.value ? 1 : 0), 0);
}

/** The form's schema: the shared rules (operators, value kinds, the instance's values limit) with plain messages. */
export function segmentFormSchema(valuesLimit: number) {
  const constraint = z
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
  return z
    .object({
      name: z.string().trim().min(1, 'Give the segment a name').max(100, 'Keep the name under 100 characters'),
      description: z.string().max(1000, 'Keep the description under 1,000 characters'),
      project: z.string(),
      constraints: z.array(constraint),
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
