import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import { OPERATOR_INFO, OPERATORS } from '../../../shared/domain/operators';
import type { UpsertSegment } from '../../../shared/schemas';
import { upsertSegmentSchema } from '../../../shared/schemas';
import { countValues, draftOf, type SegmentFormValues } from './segment-form-values';
import { valueMessage } from './value-messages';

/*
 * The form's rules, with zod: loaded by the editor once its form is painted (validation runs first on a save), so the
 * form's first frame does not wait for zod and the shared schemas.
 */

export { upsertSegmentSchema };

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

/** The form's schema: the shared rules (operators, value kinds, the instance's values limit) with plain messages. */
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

/**
 * The form's resolver at an instance's values limit, its schema built once per limit: an instance has one limit, so
 * the editor builds it once, not on each open.
 */
const resolvers = new Map<number, Resolver<SegmentFormValues>>();

export function segmentFormResolver(valuesLimit: number): Resolver<SegmentFormValues> {
  let resolver = resolvers.get(valuesLimit);
  if (!resolver) {
    resolver = zodResolver(buildFormSchema(valuesLimit));
    resolvers.set(valuesLimit, resolver);
  }
  return resolver;
}

/** What is sent: only the slot the operator uses, case-insensitivity only where it means something. */
export function upsertOf(values: SegmentFormValues): UpsertSegment {
  // The contract's schema keeps the last word (main validates again).
  return upsertSegmentSchema.parse(draftOf(values));
}

