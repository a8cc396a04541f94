import { z } from 'zod';
import { BOUNDS, boundedName, boundedText } from './bounds';
import { pathIdSchema } from './path-id';

export const PARAMETER_TYPES = ['string', 'percentage', 'list', 'number', 'boolean'] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];

export const strategyParameterSchema = z.looseObject({
  name: z.string(),
  type: z.string(),
  description: z.string().nullish(),
  required: z.boolean().nullish(),
});
export type StrategyParameter = z.infer<typeof strategyParameterSchema>;

/** A stored strategy type (strategySchema). Built-ins have editable: false. */
export const strategyTypeSchema = z.looseObject({
  name: z.string(),
  displayName: z.string().nullish(),
  description: z.string().nullish(),
  editable: z.boolean(),
  deprecated: z.boolean(),
  parameters: z.array(strategyParameterSchema),
  title: z.string().nullish(),
});
export type StrategyType = z.infer<typeof strategyTypeSchema>;

export const strategyTypesSchema = z.looseObject({
  version: z.number().int().optional(),
  strategies: z.array(strategyTypeSchema),
});

export const strategyParameterInputSchema = z.strictObject({
  name: boundedName(BOUNDS.name),
  type: z.enum(PARAMETER_TYPES),
  description: boundedText(BOUNDS.description).optional(),
  required: z.boolean().optional(),
});
export type StrategyParameterInput = z.infer<typeof strategyParameterInputSchema>;

/** updateStrategySchema: only description, title and parameters change; the path name wins over any body name. */
export const updateStrategySchema = z.strictObject({
  description: boundedText(BOUNDS.description).nullish(),
  title: boundedText(BOUNDS.name).nullish(),
  parameters: z.array(strategyParameterInputSchema).max(BOUNDS.parameters),
});
export type UpdateStrategy = z.infer<typeof updateStrategySchema>;

/**
 * Unleash's name rule, as 6.10.1 answers it: URL friendly (encodeURIComponent leaves it as it is: letters, digits and
 * - _ . ! ~ * ' ( ), so `a(b)` is accepted and `ümlaut` is not), never `.` or `..`, 1 to 100 characters.
 */
export function isUrlFriendly(value: string): boolean {
  return encodeURIComponent(value) === value;
}

/** URL friendly, and never a dot segment: it is the last segment of PUT /strategies/{name}. */
export const strategyNameSchema = pathIdSchema.refine(isUrlFriendly, 'must be URL friendly');

export const createStrategyTypeSchema = updateStrategySchema.extend({ name: strategyNameSchema });
export type CreateStrategyType = z.infer<typeof createStrategyTypeSchema>;
