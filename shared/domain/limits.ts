/** Unleash's stock resource limits (resourceLimits defaults; env UNLEASH_*_LIMIT on a real server). */
export const LIMITS = {
  segments: 300,
  strategySegments: 5,
  segmentValues: 1000,
  eventsListed: 100,
  searchLimitMax: 100,
  searchLimitDefault: 100,
  tagLength: { min: 2, max: 50 },
} as const;

export interface ResourceLimits {
  segments: number;
  strategySegments: number;
  segmentValues: number;
}
