import { z } from 'zod';
import { LIMITS, type ResourceLimits } from '../domain/limits';
import { BOUNDS, boundedName } from './bounds';

/** setUiConfigSchema (6.x POST /ui-config): additionalProperties false at both levels. */
export const setUiConfigSchema = z.strictObject({
  frontendSettings: z.strictObject({ frontendApiOrigins: z.array(z.string()) }).optional(),
});
export type SetUiConfig = z.infer<typeof setUiConfigSchema>;

export const frontendOriginsSchema = z.array(boundedName(BOUNDS.origin)).max(BOUNDS.origins);

/** GET /api/admin/ui-config: a large object; we read only what we need and keep the rest. */
export const uiConfigSchema = z.looseObject({
  version: z.string(),
  name: z.string().nullish(),
  environment: z.string().nullish(),
  unleashUrl: z.string().nullish(),
  baseUriPath: z.string().nullish(),
  authenticationType: z.string().nullish(),
  versionInfo: z.looseObject({ current: z.looseObject({}).optional() }).nullish(),
  frontendApiOrigins: z.array(z.string()).nullish(),
  // through 6.x only; 7.0 moved both into resourceLimits
  segmentValuesLimit: z.number().nullish(),
  strategySegmentsLimit: z.number().nullish(),
  resourceLimits: z
    .looseObject({
      segments: z.number().nullish(),
      segmentValues: z.number().nullish(),
      strategySegments: z.number().nullish(),
    })
    .nullish(),
});
export type UiConfig = z.infer<typeof uiConfigSchema>;

/** The limits a server enforces, whichever version reported them. */
export function limitsOf(config: UiConfig): ResourceLimits {
  return {
    segments: config.resourceLimits?.segments ?? LIMITS.segments,
    segmentValues: config.resourceLimits?.segmentValues ?? config.segmentValuesLimit ?? LIMITS.segmentValues,
    strategySegments:
      config.resourceLimits?.strategySegments ?? config.strategySegmentsLimit ?? LIMITS.strategySegments,
  };
}

/** Major version of a server from its ui-config `version` ("6.10.1", "8.2.0+enterprise"...). */
export function majorVersion(version: string): number {
  const major = Number.parseInt(version, 10);
  return Number.isFinite(major) ? major : 0;
}
