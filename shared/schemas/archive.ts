import { z } from 'zod';
import { BOUNDS } from './bounds';
import { pathIdSchema } from './path-id';

/** batchFeaturesSchema */
export const batchFeaturesSchema = z.strictObject({ features: z.array(pathIdSchema).max(BOUNDS.features) });
export type BatchFeatures = z.infer<typeof batchFeaturesSchema>;

/** validateArchiveFeaturesSchema */
export const validateArchiveFeaturesSchema = z.looseObject({
  parentsWithChildFeatures: z.array(z.string()),
  hasDeletedDependencies: z.boolean(),
});
export type ValidateArchiveFeatures = z.infer<typeof validateArchiveFeaturesSchema>;

/** A dependency an archive removed (child -> parent), as Flagdesk remembers it to offer it back on revive. */
export const removedDependencyViewSchema = z.strictObject({
  child: z.string(),
  parent: z.string(),
  enabled: z.boolean(),
  variants: z.array(z.string()),
});
export type RemovedDependencyView = z.infer<typeof removedDependencyViewSchema>;

/**
 * What an archive through Flagdesk did. 'refused': the validate answer named parents leaving children behind, so
 * nothing was sent; 'failed': the archive call failed, and `archived`/`notArchived` are read back from the server.
 */
export const archiveRunSchema = z.strictObject({
  outcome: z.enum(['archived', 'refused', 'failed']),
  archived: z.array(z.string()),
  notArchived: z.array(z.string()),
  /** Failed and the server could not be read back: these may or may not be archived. */
  unconfirmed: z.array(z.string()),
  removedDependencies: z.array(removedDependencyViewSchema),
  validation: validateArchiveFeaturesSchema,
  error: z.string().optional(),
});
export type ArchiveRun = z.infer<typeof archiveRunSchema>;

export const reviveRunSchema = z.strictObject({
  revived: z.array(z.string()),
  /** Dependencies Flagdesk removed when these flags were archived, which can be added back now. */
  restorable: z.array(removedDependencyViewSchema),
});
export type ReviveRun = z.infer<typeof reviveRunSchema>;

export const restoreRunSchema = z.strictObject({
  restored: z.array(removedDependencyViewSchema),
  failed: z.array(z.strictObject({ dependency: removedDependencyViewSchema, error: z.string() })),
});
export type RestoreRun = z.infer<typeof restoreRunSchema>;

/**
 * An archived flag as the server lists it (GET /archive/features on 5.x-7.x, GET /search/features?archived=IS:true
 * on 6.x and later; both carry these fields).
 */
export const archivedFeatureSchema = z.strictObject({
  name: z.string(),
  project: z.string(),
  type: z.string().nullable(),
  description: z.string().nullable(),
  stale: z.boolean(),
  impressionData: z.boolean(),
  createdAt: z.string().nullable(),
  archivedAt: z.string().nullable(),
});
export type ArchivedFeature = z.infer<typeof archivedFeatureSchema>;

/** A flag of a cross-project selection. */
export const flagRefSchema = z.strictObject({ projectId: pathIdSchema, name: pathIdSchema });
export type FlagRef = z.infer<typeof flagRefSchema>;

/**
 * One row of the Archive screen: the flag, who archived it and when (its newest feature-archived event, when the
 * event log still holds it), and the dependencies Flagdesk removed when it archived the flag (its ledger).
 */
export const archivedFlagSchema = archivedFeatureSchema.extend({
  archivedBy: z.string().nullable(),
  /** The feature-archived event read, for a link to it in the event browser. */
  archivedEventId: z.number().int().nullable(),
  recordedDependencies: z.array(removedDependencyViewSchema),
});
export type ArchivedFlag = z.infer<typeof archivedFlagSchema>;

export const archivedFlagsSchema = z.strictObject({
  flags: z.array(archivedFlagSchema),
  /** Why who archived a flag could not be read (the event log failed or is not searchable); null when it was. */
  eventsProblem: z.string().nullable(),
});
export type ArchivedFlags = z.infer<typeof archivedFlagsSchema>;

/** Revive flags of any projects, adding back the recorded dependencies of the chosen children in the same step. */
export const reviveFlagsInputSchema = z.strictObject({
  flags: z.array(flagRefSchema).min(1).max(BOUNDS.features),
  restore: z.array(z.strictObject({ projectId: pathIdSchema, child: pathIdSchema })).max(BOUNDS.features),
});
export type ReviveFlagsInput = z.infer<typeof reviveFlagsInputSchema>;

const failedFlagSchema = z.strictObject({ projectId: z.string(), name: z.string(), error: z.string() });

export const reviveFlagsRunSchema = z.strictObject({
  revived: z.array(flagRefSchema),
  failed: z.array(failedFlagSchema),
  restored: z.array(removedDependencyViewSchema.extend({ projectId: z.string() })),
  notRestored: z.array(z.strictObject({ projectId: z.string(), dependency: removedDependencyViewSchema, error: z.string() })),
});
export type ReviveFlagsRun = z.infer<typeof reviveFlagsRunSchema>;

export const deleteFlagsRunSchema = z.strictObject({ deleted: z.array(flagRefSchema), failed: z.array(failedFlagSchema) });
export type DeleteFlagsRun = z.infer<typeof deleteFlagsRunSchema>;
