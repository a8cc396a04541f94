import type { DemoState } from './state';

/**
 * What the model relies on and a schema cannot say: unique ids and names, and every reference pointing at
 * something that exists. A snapshot that breaks one is refused like a corrupt one (it would fail later, mid-use).
 * Returns the first broken invariant as a sentence, or undefined.
 */
export function brokenInvariant(state: DemoState): string | undefined {
  const duplicate = (label: string, keys: readonly (string | number)[]): string | undefined => {
    const seen = new Set<string | number>();
    for (const key of keys) {
      if (seen.has(key)) return `two ${label} share the key ${JSON.stringify(key)}`;
      seen.add(key);
    }
    return undefined;
  };
  const problem =
    duplicate('segments', state.segments.map((s) => s.id)) ??
    duplicate('projects', state.projects.map((p) => p.id)) ??
    duplicate('environments', state.environments.map((e) => e.name)) ??
    duplicate('features', state.features.map((f) => f.name)) ??
    duplicate('strategy types', state.strategyTypes.map((t) => t.name)) ??
    duplicate('context fields', state.contextFields.map((c) => c.name)) ??
    duplicate('strategies', state.features.flatMap((f) => f.environments.flatMap((e) => e.strategies.map((s) => s.id))));
  if (problem) return problem;

  const maxId = state.segments.reduce((max, segment) => Math.max(max, segment.id), 0);
  if (state.nextSegmentId <= maxId) return 'the segment id sequence is behind the stored ids';
  const segments = new Set(state.segments.map((s) => s.id));
  const projects = new Set(state.projects.map((p) => p.id));
  const environments = new Set(state.environments.map((e) => e.name));
  const features = new Set(state.features.map((f) => f.name));
  for (const segment of state.segments) {
    if (segment.project !== undefined && !projects.has(segment.project)) return `segment ${segment.id} belongs to a missing project`;
  }
  for (const feature of state.features) {
    if (!projects.has(feature.project)) return `feature "${feature.name}" belongs to a missing project`;
    if (feature.dependency && !features.has(feature.dependency.feature)) return `feature "${feature.name}" depends on a missing feature`;
    for (const environment of feature.environments) {
      if (!environments.has(environment.name)) return `feature "${feature.name}" names a missing environment`;
      for (const strategy of environment.strategies) {
        const missing = strategy.segments.find((id) => !segments.has(id));
        if (missing !== undefined) return `a strategy of "${feature.name}" points at missing segment ${missing}`;
      }
    }
  }
  return undefined;
}
