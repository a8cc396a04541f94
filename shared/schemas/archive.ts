import { z } from 'zod';

/** batchFeaturesSchema */
export const batchFeaturesSchema = z.strictObject({ features: z.array(z.string()) });
export type BatchFeatures = z.infer<typeof batchFeaturesSchema>;

/** validateArchiveFeaturesSchema */
export const validateArchiveFeaturesSchema = z.looseObject({
  parentsWithChildFeatures: z.array(z.string()),
  hasDeletedDependencies: z.boolean(),
});
export type ValidateArchiveFeatures = z.infer<typeof validateArchiveFeaturesSchema>;
