import type { RunningUnleash } from './unleash-server';

/** The free text both sides search for: in the body of one event in five (a flexibleRollout strategy). */
export const SEARCH_TEXT = 'rollout';
export const SEGMENTS = 300;

/**
 * N events straight into Unleash's events table in one statement, `announced = true` so the server does not
 * broadcast them: flag, strategy and segment events over 2,000 flags, one every 20 s up to now, bodies of a few
 * hundred bytes like the server's own. ANALYZE after, as autovacuum would, so the planner knows the table.
 */
export function insertEvents(server: RunningUnleash, n: number): { ms: number; total: number } {
  const t0 = performance.now();
  server.psql(`
    INSERT INTO events (type, created_by, created_by_user_id, data, pre_data, feature_name, project, environment, announced, created_at)
    SELECT
      (ARRAY['feature-created','feature-updated','feature-strategy-update','feature-environment-enabled',
             'feature-environment-disabled','feature-strategy-add','segment-updated'])[1 + i % 7],
      'admin', 1,
      json_build_object(
        'name', 'bench-flag-' || (i % 2000),
        'description', 'Bench event ' || i || ' for flag ' || (i % 2000),
        'strategy', CASE WHEN i % 5 = 0 THEN 'flexibleRollout' ELSE 'default' END,
        'parameters', CASE WHEN i % 5 = 0
          THEN json_build_object('rollout', (i % 100)::text, 'stickiness', 'default', 'groupId', 'bench-flag-' || (i % 2000))
          ELSE '{}'::json END,
        'constraints', json_build_array(json_build_object('contextName', 'userId', 'operator', 'IN', 'values', json_build_array('user-' || (i % 97), 'user-' || (i % 89))))),
      CASE WHEN i % 7 IN (1, 2) THEN jsonb_build_object('name', 'bench-flag-' || (i % 2000), 'enabled', i % 2 = 0) END,
      'bench-flag-' || (i % 2000), 'default',
      CASE WHEN i % 7 IN (2, 3, 4, 5) THEN (ARRAY['development', 'production'])[1 + i % 2] END,
      true,
      now() - ((${n} - i) * interval '20 seconds')
    FROM generate_series(1, ${n}) AS i;
    ANALYZE events;`);
  const total = Number(server.psql('SELECT count(*) FROM events'));
  return { ms: performance.now() - t0, total };
}

/** Segments through the admin API (each one an audited event, as an admin's would be): the list both sides show. */
export async function createSegments(server: RunningUnleash, count = SEGMENTS): Promise<void> {
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${server.url}/api/admin/segments`, {
      method: 'POST',
      headers: { Authorization: server.token, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: `bench-segment-${String(i).padStart(3, '0')}`,
        description: 'Made by the Unleash bench',
        constraints: [
          { contextName: 'userId', operator: 'IN', values: Array.from({ length: 12 }, (_, v) => `user-${i}-${v}`) },
          { contextName: 'appVersion', operator: 'SEMVER_GT', value: '1.2.3' },
        ],
      }),
    });
    if (!response.ok) throw new Error(`creating segment ${i}: HTTP ${response.status} ${await response.text()}`);
  }
}
