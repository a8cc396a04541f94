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
