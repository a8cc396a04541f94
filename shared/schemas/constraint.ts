import { z } from 'zod';
import { OPERATORS } from '../domain/operators';
import { BOUNDS, boundedName, boundedText } from './bounds';

/** A constraint as servers send it: lenient, since 8.x adds fields and old servers omit some. */
export const constraintSchema = z.looseObject({
  contextName: z.string(),
  operator: z.string(),
  values: z.array(z.string()).optional(),
  value: z.string().optional(),
  inverted: z.boolean().optional(),
  caseInsensitive: z.boolean().optional(),
});
export type Constraint = z.infer<typeof constraintSchema>;

/** A constraint as we send it: strict, with the operator from the catalogue (the server rejects extra keys). */
export const constraintInputSchema = z.strictObject({
  contextName: boundedName(BOUNDS.name),
  operator: z.enum(OPERATORS),
  values: z.array(boundedText(BOUNDS.value)).max(BOUNDS.values).optional(),
  value: boundedText(BOUNDS.value).optional(),
  inverted: z.boolean().optional(),
  caseInsensitive: z.boolean().optional(),
});
export type ConstraintInput = z.infer<typeof constraintInputSchema>;
