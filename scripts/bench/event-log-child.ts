import { EventLog, type NewEvent } from '../../electron/backend/demo/events/event-log';
import { generateHistory } from '../../electron/backend/demo/events/history';
import { RARE_WORD } from '../../electron/backend/demo/events/history-payloads';
import { memorySplit } from './child';
import { benchHistoryContext } from './history-context';
import { row } from './rows';
import { collectGarbage, MB, timeRuns } from './stats';
import type { BenchRow, Budget } from './types';

/**
 * `node --import tsx scripts/bench/event-log-child.ts <events> <runs>`: the demo event log at bench scale in a process
 * of its own, so its memory row is what a main process holding that log takes (seeded as `--events N` seeds it),
 * not what earlier bench modules left. Prints one JSON line: the rows (seeding, memory, list, filters, text search).
 */

const FILTER_BUDGET: Budget = { max: 5, text: 'p50 < 5 ms' };
const QUERY_BUDGET: Budget = { max: 150, text: 'p50 < 150 ms' };
const MEMORY_BUDGET: Budget = { max: 400, text: '< 400 MB' };
const BATCH = 50_000;

const [eventsText, runsText] = process.argv.slice(2);
const n = Number(eventsText);
const runs = Number(runsText ?? 50);
if (!Number.isInteger(n) || n < 1) throw new Error('usage: event-log-child.ts <events> [runs]');
const label = n.toLocaleString('en-US');
const rows: BenchRow[] = [];
collectGarbage();
const idle = process.memoryUsage().rss;

const history = benchHistoryContext(new Date('2026-11-23T00:00:00.000Z'));
const log = new EventLog();
const source = generateHistory(n, history, 1)[Symbol.iterator]();
// Generated in batches and timed apart, so the append row measures appendHistory alone.
let generateMs = 0;
let appendMs = 0;
for (let done = 0; done < n; ) {
  let t0 = performance.now();
  const batch: (NewEvent & { createdAt: string })[] = [];
  for (let r = source.next(); !r.done; r = source.next()) {
    batch.push(r.value);
    if (batch.length === BATCH) break;
  }
  generateMs += performance.now() - t0;
  t0 = performance.now();
  log.appendHistory(batch);
  appendMs += performance.now() - t0;
  done += batch.length;
  if (batch.length < BATCH) break;
}
// No budget (docs/architecture.md#performance-budgets): informational (it is paid only by `--events N` seeding).
rows.push(row(`appendHistory of ${label} events`, appendMs, 'ms', undefined, { generateMs: Math.round(generateMs) }));

collectGarbage();
const { rssMB, ...split } = memorySplit();
const parts = Object.fromEntries(Object.entries(log.memoryBytes()).map(([part, bytes]) => [`${part}MB`, Math.round(bytes / MB)]));
rows.push(row(`main-process RSS with ${label} events`, rssMB, 'MB', MEMORY_BUDGET, { idleMB: Math.round(idle / MB), ...split, ...parts }));

const feature = history.features[7] as { name: string; project: string };
const timed = (name: string, fn: () => unknown, budget?: Budget, times = runs): BenchRow => {
  const t = timeRuns(fn, times);
  return row(name, t.p50, 'ms', budget, { p95: round(t.p95), runs: t.runs });
};
const rare = timed(`query rare term ("${RARE_WORD}")`, () => log.search({ query: RARE_WORD }), QUERY_BUDGET);
if (log.search({ query: RARE_WORD }).events.length === 0) rare.note = 'term absent at this size (full scan)';
rows.push(
  timed(`list newest 100 (${label})`, () => log.list({})),
  timed('list ?project= (newest 100)', () => log.list({ project: feature.project })),
  timed('search type, limit 100', () => log.search({ type: 'feature-strategy-update', limit: 100 }), FILTER_BUDGET),
  timed('search project, limit 100, offset 500', () => log.search({ project: feature.project, offset: 500 }), FILTER_BUDGET),
  timed('search feature, limit 100', () => log.search({ feature: feature.name, limit: 100 }), FILTER_BUDGET),
  timed(
    'search type+project+feature, limit 100',
    () => log.search({ type: 'feature-environment-enabled', project: feature.project, feature: feature.name }),
    FILTER_BUDGET,
  ),
  timed('query common term ("rollout")', () => log.search({ query: 'rollout' }), QUERY_BUDGET),
  rare,
  timed('query long no-match term', () => log.search({ query: 'no-such-thing-anywhere' }), QUERY_BUDGET),
  timed('query + type filter', () => log.search({ type: 'segment-updated', query: 'appname' }), QUERY_BUDGET),
  timed('query with wildcards ("qu_s%r"), 10 runs', () => log.search({ query: 'qu_s%r' }), undefined, 10),
  // GET /search/events: text over data/preData/tags only, and `total` counts every match (no early stop).
  timed('query() common term ("rollout")', () => log.query({ query: 'rollout' }), QUERY_BUDGET),
  timed('query() "admin" (also in createdBy)', () => log.query({ query: 'admin' }), QUERY_BUDGET),
  timed(`query() rare term ("${RARE_WORD}")`, () => log.query({ query: RARE_WORD }), QUERY_BUDGET),
  timed(
    'query() type + project + text',
    () => log.query({ type: 'IS:feature-strategy-update', project: `IS:${feature.project}`, query: 'rollout' }),
    QUERY_BUDGET,
  ),
);
process.stdout.write(`${JSON.stringify(rows)}\n`);

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
