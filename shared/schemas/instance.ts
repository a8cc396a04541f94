import { z } from 'zod';
import { BOUNDS, boundedName, boundedText } from './bounds';
import { pathIdSchema } from './path-id';
import { constraintSchema } from './constraint';

/** Reads the UI needs besides the seed's operations, in Unleash's own shapes. */

export const projectSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string().nullish(),
  featureCount: z.number().int().nullish(),
});
export type Project = z.infer<typeof projectSchema>;
export const projectsSchema = z.looseObject({ version: z.number().int().optional(), projects: z.array(projectSchema) });

export const environmentSchema = z.looseObject({
  name: z.string(),
  type: z.string().nullish(),
  enabled: z.boolean().nullish(),
  sortOrder: z.number().nullish(),
});
export type Environment = z.infer<typeof environmentSchema>;
export const environmentsSchema = z.looseObject({
  version: z.number().int().optional(),
  environments: z.array(environmentSchema),
});

/** The payload a variant hands the application, typed as Unleash types it. */
export const VARIANT_PAYLOAD_TYPES = ['json', 'csv', 'string', 'number'] as const;
export const WEIGHT_TYPES = ['variable', 'fix'] as const;

/**
 * A strategy variant as servers send it (6.x-8.x store them with the strategy and answer its variant when the
 * strategy enables the flag). Lenient: only what the evaluator needs is required.
 */
export const strategyVariantSchema = z.looseObject({
  name: z.string(),
  weight: z.number(),
  weightType: z.string().optional(),
  stickiness: z.string().nullish(),
  payload: z.looseObject({ type: z.string(), value: z.string() }).optional(),
});
export type StrategyVariant = z.infer<typeof strategyVariantSchema>;

/** A strategy variant as we send it (createStrategyVariantSchema: name, weight 0-1000, weightType, stickiness). */
export const strategyVariantInputSchema = z.strictObject({
  name: z.string().min(1),
  weight: z.number().int().min(0).max(1000),
  weightType: z.enum(WEIGHT_TYPES),
  stickiness: z.string().min(1),
  payload: z.strictObject({ type: z.enum(VARIANT_PAYLOAD_TYPES), value: z.string() }).optional(),
});
export type StrategyVariantInput = z.infer<typeof strategyVariantInputSchema>;

/** A strategy on a flag in one environment. 6.x ids are UUIDs, 8.x ids ULIDs. */
export const featureStrategySchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  title: z.string().nullish(),
  disabled: z.boolean().nullish(),
  sortOrder: z.number().nullish(),
  constraints: z.array(constraintSchema).optional(),
  parameters: z.record(z.string(), z.string()).optional(),
  segments: z.array(z.number().int()).optional(),
  variants: z.array(strategyVariantSchema).optional(),
});
export type FeatureStrategy = z.infer<typeof featureStrategySchema>;

export const featureEnvironmentSchema = z.looseObject({
  name: z.string(),
  enabled: z.boolean(),
  type: z.string().nullish(),
  strategies: z.array(featureStrategySchema).optional(),
});
export type FeatureEnvironment = z.infer<typeof featureEnvironmentSchema>;

export const featureDependencySchema = z.looseObject({
  feature: z.string(),
  enabled: z.boolean().optional(),
  variants: z.array(z.string()).optional(),
});

/** A flag: GET /projects/{p}/features lists summaries, GET /projects/{p}/features/{f} adds strategies. */
export const featureSchema = z.looseObject({
  name: z.string(),
  project: z.string(),
  description: z.string().nullish(),
  type: z.string().nullish(),
  stale: z.boolean().nullish(),
  archived: z.boolean().nullish(),
  createdAt: z.string().nullish(),
  environments: z.array(featureEnvironmentSchema).optional(),
  dependencies: z.array(featureDependencySchema).optional(),
  children: z.array(z.string()).optional(),
});
export type Feature = z.infer<typeof featureSchema>;
export const projectFeaturesSchema = z.looseObject({ version: z.number().int().optional(), features: z.array(featureSchema) });

export const contextFieldSchema = z.looseObject({
  name: z.string(),
  description: z.string().nullish(),
  stickiness: z.boolean().nullish(),
  sortOrder: z.number().nullish(),
  legalValues: z.array(z.looseObject({ value: z.string(), description: z.string().nullish() })).nullish(),
});
export type ContextField = z.infer<typeof contextFieldSchema>;

/** Writes used to set an instance up (the behaviour suite's fixtures, and later the UI). */
export const createFeatureSchema = z.strictObject({
  // Later a path segment (/features/{name}).
  name: pathIdSchema,
  description: z.string().optional(),
  type: z.string().optional(),
});
export type CreateFeature = z.infer<typeof createFeatureSchema>;

export const addStrategySchema = z.strictObject({
  name: z.string().min(1),
  title: z.string().nullish(),
  constraints: z.array(constraintSchema).optional(),
  parameters: z.record(z.string(), z.string()).optional(),
  segments: z.array(z.number().int()).optional(),
  variants: z.array(strategyVariantInputSchema).optional(),
});
export type AddStrategy = z.infer<typeof addStrategySchema>;

/**
 * Body of PUT .../environments/{environment}/strategies/{id} (updateFeatureStrategySchema): the whole strategy. The
 * server stores `constraints` and `variants` as sent (left out means emptied), so a partial body loses them;
 * `segments` left out keeps the links. Loose: what a newer server adds to a strategy goes back as it came.
 */
export const featureStrategyUpdateSchema = z.looseObject({
  name: z.string().min(1).optional(),
  title: z.string().nullish(),
  disabled: z.boolean().nullish(),
  sortOrder: z.number().optional(),
  constraints: z.array(constraintSchema).optional(),
  parameters: z.record(z.string(), z.string()).optional(),
  variants: z.array(strategyVariantSchema).optional(),
  segments: z.array(z.number().int()).optional(),
});
export type FeatureStrategyUpdate = z.infer<typeof featureStrategyUpdateSchema>;

export const addDependencySchema = z.strictObject({ feature: z.string().min(1), enabled: z.boolean().optional() });
export type AddDependency = z.infer<typeof addDependencySchema>;

/** POST /api/admin/context (createContextFieldSchema): a URL-friendly name, legal values unique by value. */
export const createContextFieldSchema = z.strictObject({
  name: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[\w.~-]+$/, 'must be URL friendly'),
  description: boundedText(BOUNDS.description).optional(),
  stickiness: z.boolean().optional(),
  sortOrder: z.number().int().optional(),
  legalValues: z
    .array(z.strictObject({ value: boundedName(BOUNDS.value), description: boundedText(BOUNDS.description).optional() }))
    .max(BOUNDS.values)
    .optional(),
});
export type CreateContextField = z.infer<typeof createContextFieldSchema>;

/**
 * PUT /api/admin/context/{name} (updateContextFieldSchema): the path names the field. Real servers replace the legal
 * values with the ones sent (left out: none), default stickiness to false, keep a description left out and ignore
 * sortOrder (docs/server-behaviour.md#context-fields), so the page always sends all three.
 */
export const updateContextFieldSchema = createContextFieldSchema.omit({ name: true, sortOrder: true });
export type UpdateContextField = z.infer<typeof updateContextFieldSchema>;
