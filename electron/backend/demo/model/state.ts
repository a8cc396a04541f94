import { z } from 'zod';
import { constraintSchema, strategyParameterSchema } from '../../../../shared/schemas';

/**
 * The demo's whole mutable model, as plain JSON (so a snapshot is JSON.stringify of it). Shapes follow Unleash's
 * tables closely enough that each read can be built the way the real server builds it.
 */

const nullableString = z.string().nullable();

/** A strategy variant as 6.10.1 stores and answers it: name, weight (fixed to sum 1000), payload, stickiness, weightType. */
export const strategyVariantRecordSchema = z.object({
  name: z.string(),
  weight: z.number().int(),
  payload: z.object({ type: z.string(), value: z.string() }).optional(),
  stickiness: z.string(),
  weightType: z.string(),
});
export type StrategyVariantRecord = z.infer<typeof strategyVariantRecordSchema>;

export const strategyRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  title: nullableString,
  disabled: z.boolean(),
  sortOrder: z.number(),
  constraints: z.array(constraintSchema),
  parameters: z.record(z.string(), z.string()),
  variants: z.array(strategyVariantRecordSchema),
  /** Linked segment ids, in link order (feature_strategy_segment rows). */
  segments: z.array(z.number().int()),
});
export type StrategyRecord = z.infer<typeof strategyRecordSchema>;

export const featureEnvironmentRecordSchema = z.object({
  name: z.string(),
  enabled: z.boolean(),
  strategies: z.array(strategyRecordSchema),
});
export type FeatureEnvironmentRecord = z.infer<typeof featureEnvironmentRecordSchema>;

/** A dependent_features row, kept on the child (Unleash allows one parent per child, docs/server-behaviour.md#dependencies). */
export const dependencyRecordSchema = z.object({
  feature: z.string(),
  enabled: z.boolean(),
  variants: z.array(z.string()),
});
export type DependencyRecord = z.infer<typeof dependencyRecordSchema>;

export const featureRecordSchema = z.object({
  name: z.string(),
  project: z.string(),
  description: nullableString,
  type: z.string(),
  stale: z.boolean(),
  impressionData: z.boolean(),
  archived: z.boolean(),
  archivedAt: nullableString,
  createdAt: z.string(),
  environments: z.array(featureEnvironmentRecordSchema),
  dependency: dependencyRecordSchema.nullable(),
});
export type FeatureRecord = z.infer<typeof featureRecordSchema>;

export const projectRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: nullableString,
  createdAt: z.string(),
});
export type ProjectRecord = z.infer<typeof projectRecordSchema>;

export const environmentRecordSchema = z.object({
  name: z.string(),
  type: z.string(),
  enabled: z.boolean(),
  sortOrder: z.number(),
  protected: z.boolean(),
});
export type EnvironmentRecord = z.infer<typeof environmentRecordSchema>;

export const contextFieldRecordSchema = z.object({
  name: z.string(),
  description: nullableString,
  stickiness: z.boolean(),
  sortOrder: z.number(),
  legalValues: z.array(z.object({ value: z.string(), description: z.string().optional() })),
  createdAt: z.string(),
});
export type ContextFieldRecord = z.infer<typeof contextFieldRecordSchema>;

export const segmentRecordSchema = z.object({
  id: z.number().int().min(1),
  name: z.string(),
  description: nullableString,
  /** Absent (not null) on global segments, as the real server answers. */
  project: z.string().optional(),
  constraints: z.array(constraintSchema),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type SegmentRecord = z.infer<typeof segmentRecordSchema>;

export const strategyTypeRecordSchema = z.object({
  name: z.string(),
  displayName: nullableString,
  description: nullableString,
  editable: z.boolean(),
  deprecated: z.boolean(),
  parameters: z.array(strategyParameterSchema),
  title: nullableString,
  /** strategies.sort_order: built-ins 0..4, API-created 9999 (docs/server-behaviour.md#strategy-types). */
  sortOrder: z.number(),
});
export type StrategyTypeRecord = z.infer<typeof strategyTypeRecordSchema>;

export const demoStateSchema = z.object({
  projects: z.array(projectRecordSchema),
  environments: z.array(environmentRecordSchema),
  contextFields: z.array(contextFieldRecordSchema),
  features: z.array(featureRecordSchema),
  segments: z.array(segmentRecordSchema),
  nextSegmentId: z.number().int().min(1),
  strategyTypes: z.array(strategyTypeRecordSchema),
  settings: z.object({
    /** null until the first write: the server then answers its default ['*'] and writes setting-created. */
    frontendApiOrigins: z.array(z.string()).nullable(),
  }),
});
export type DemoState = z.infer<typeof demoStateSchema>;
