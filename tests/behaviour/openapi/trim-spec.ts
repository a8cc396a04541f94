import { readFileSync, writeFileSync } from 'node:fs';

/**
 * Writes unleash-6.10.1-openapi.trimmed.json beside this file: Unleash 6.10.1's own OpenAPI document (what the
 * server serves at /docs/openapi.json) cut down to the paths the HTTP face serves, their responses, and the
 * component schemas those reach. Request bodies and examples are dropped: only answers are checked against it.
 *
 *   npx tsx tests/behaviour/openapi/trim-spec.ts <path of the full 6.10.1 openapi.json>
 */

/** The spec's templates of the routes electron/backend/http/routes serves. */
export const SERVED_PATHS = [
  '/api/admin/context',
  '/api/admin/context/{contextField}',
  '/api/admin/environments',
  '/api/admin/event-creators',
  '/api/admin/events',
  '/api/admin/events/search',
  '/api/admin/search/events',
  '/api/admin/playground',
  '/api/admin/projects',
  '/api/admin/projects/{projectId}/archive',
  '/api/admin/projects/{projectId}/archive/validate',
  '/api/admin/projects/{projectId}/delete',
  '/api/admin/projects/{projectId}/revive',
  '/api/admin/projects/{projectId}/features',
  '/api/admin/projects/{projectId}/features/{featureName}',
  '/api/admin/projects/{projectId}/features/{child}/dependencies',
  '/api/admin/projects/{projectId}/features/{featureName}/environments/{environment}/on',
  '/api/admin/projects/{projectId}/features/{featureName}/environments/{environment}/off',
  '/api/admin/projects/{projectId}/features/{featureName}/environments/{environment}/strategies',
  '/api/admin/projects/{projectId}/features/{featureName}/environments/{environment}/strategies/{strategyId}',
  '/api/admin/segments',
  '/api/admin/segments/{id}',
  '/api/admin/segments/{id}/strategies',
  '/api/admin/segments/strategies',
  '/api/admin/segments/strategies/{strategyId}',
  '/api/admin/strategies',
  '/api/admin/strategies/{name}',
  '/api/admin/strategies/{strategyName}/deprecate',
  '/api/admin/strategies/{strategyName}/reactivate',
  '/api/admin/ui-config',
  '/api/admin/ui-config/cors',
] as const;

type Json = Record<string, unknown>;
const METHODS = ['get', 'post', 'put', 'delete'];
// Words for people, not constraints on an answer.
const DROPPED_KEYS = new Set(['example', 'examples', 'description', 'summary', 'x-enforcer-exception-skip-codes']);

function strip(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strip);
  if (value === null || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, inner] of Object.entries(value as Json)) {
    if (DROPPED_KEYS.has(key)) continue;
    // `properties` maps names (which may be "description" or "example") to schemas: keep every name
    out[key] = key === 'properties' ? names(inner) : strip(inner);
  }
  return out;
}

function names(map: unknown): Json {
  return Object.fromEntries(Object.entries(map as Json).map(([name, schema]) => [name, strip(schema)]));
}

function refsIn(value: unknown, found: Set<string>): void {
  if (Array.isArray(value)) value.forEach((item) => refsIn(item, found));
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value as Json)) {
      if (key === '$ref' && typeof inner === 'string') found.add(inner.replace('#/components/schemas/', ''));
      else refsIn(inner, found);
    }
  }
}

export function trim(full: Json): Json {
  const allPaths = full.paths as Record<string, Record<string, Json>>;
  const schemas = (full.components as { schemas: Record<string, unknown> }).schemas;
  const paths: Record<string, Json> = {};
  for (const template of SERVED_PATHS) {
    const operations = allPaths[template];
    if (!operations) throw new Error(`the spec has no path ${template}`);
    const kept: Json = {};
    for (const method of METHODS) {
      const operation = operations[method];
      if (operation) kept[method] = { operationId: operation.operationId, responses: strip(operation.responses) };
    }
    paths[template] = kept;
  }
  const needed = new Set<string>();
  refsIn(paths, needed);
  for (let grew = true; grew; ) {
    grew = false;
    for (const name of [...needed]) {
      const before = needed.size;
      refsIn(schemas[name], needed);
      if (needed.size > before) grew = true;
    }
  }
  const components: Record<string, unknown> = {};
  for (const name of [...needed].sort()) components[name] = strip(schemas[name]);
  const info = full.info as Json;
  return {
    openapi: full.openapi,
    info: { title: info.title, version: info.version },
    'x-flagdesk-source':
      "Unleash 6.10.1's OpenAPI document (served by unleash-server 6.10.1 at /docs/openapi.json), trimmed by " +
      'tests/behaviour/openapi/trim-spec.ts to the served paths, their responses and the schemas they reach.',
    paths,
    components: { schemas: components },
  };
}

if (process.argv[1]?.endsWith('trim-spec.ts')) {
  const source = process.argv[2];
  if (!source) throw new Error('usage: tsx tests/behaviour/openapi/trim-spec.ts <openapi.json>');
  const trimmed = trim(JSON.parse(readFileSync(source, 'utf8')) as Json);
  writeFileSync(new URL('./unleash-6.10.1-openapi.trimmed.json', import.meta.url), JSON.stringify(trimmed, null, 1) + '\n');
}
