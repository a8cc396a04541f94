import { z } from 'zod';
import { BOUNDS, boundedName, boundedText } from './bounds';
import { constraintInputSchema, constraintSchema } from './constraint';
import { pathIdSchema } from './path-id';

export const segmentIdSchema = z.number().int().min(1);

/** A segment as GET /segments/{id} and POST /segments return it. `project` is absent on global segments. */
export const segmentSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullish(),
  project: z.string().nullish(),
  constraints: z.array(constraintSchema),
  createdBy: z.string().nullish(),
  createdAt: z.string(),
});
export type Segment = z.infer<typeof segmentSchema>;

/** The list endpoint adds usage counts. */
export const adminSegmentSchema = segmentSchema.extend({
  usedInFeatures: z.number().int().nullish(),
  usedInProjects: z.number().int().nullish(),
});
export type AdminSegment = z.infer<typeof adminSegmentSchema>;

export const segmentListSchema = z.looseObject({ segments: z.array(adminSegmentSchema) });

/** Body of create and update (upsertSegmentSchema). */
export const upsertSegmentSchema = z.strictObject({
  name: boundedName(),
  description: boundedText(BOUNDS.description).nullish(),
  project: pathIdSchema.nullish(),
  constraints: z.array(constraintInputSchema).max(BOUNDS.constraints),
});
export type UpsertSegment = z.infer<typeof upsertSegmentSchema>;

/** A strategy that uses a segment (GET /segments/{id}/strategies). */
export const segmentStrategySchema = z.looseObject({
  id: z.string().optional(),
  projectId: z.string(),
  featureName: z.string(),
  strategyName: z.string(),
  environment: z.string(),
});
export type SegmentStrategy = z.infer<typeof segmentStrategySchema>;

export const segmentStrategiesSchema = z.looseObject({
  strategies: z.array(segmentStrategySchema),
  changeRequestStrategies: z.array(z.unknown()).optional(),
});
export type SegmentStrategies = z.infer<typeof segmentStrategiesSchema>;

/**
 * Body of POST /segments/strategies: the full set of segments of one strategy. Real servers record no event for it
 * (docs/versions.md#what-each-write-records), so the app does not send it; tests and the HTTP face still serve it.
 */
export const setStrategySegmentsSchema = z.strictObject({
  projectId: pathIdSchema,
  strategyId: pathIdSchema,
  environmentId: pathIdSchema,
  segmentIds: z.array(z.number().int().min(0)).max(BOUNDS.segmentIds),
});
export type SetStrategySegments = z.infer<typeof setStrategySegmentsSchema>;

/**
 * The app's change of one strategy's segments. It names the flag because the write that servers record is the
 * strategy's own update (PUT .../features/{featureName}/environments/{environment}/strategies/{strategyId}).
 */
export const strategySegmentsChangeSchema = z.strictObject({
  projectId: pathIdSchema,
  featureName: pathIdSchema,
  environmentId: pathIdSchema,
  strategyId: pathIdSchema,
  segmentIds: z.array(z.number().int().min(0)).max(BOUNDS.segmentIds),
});
export type StrategySegmentsChange = z.infer<typeof strategySegmentsChangeSchema>;
