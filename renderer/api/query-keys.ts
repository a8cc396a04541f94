/**
 * Query keys per area. Everything read from an instance sits under ['instance', profileId] so data of two
 * connections never mixes and switching connection shows the new instance's data, not a stale copy.
 */
export const queryKeys = {
  connections: ['connections'] as const,
  instance: (profileId: string) => ['instance', profileId] as const,
  uiConfig: (profileId: string) => ['instance', profileId, 'uiConfig'] as const,
  segments: (profileId: string) => ['instance', profileId, 'segments'] as const,
};
