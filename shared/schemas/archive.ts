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
