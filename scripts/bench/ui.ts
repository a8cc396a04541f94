import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startApp } from '../../e2e/harness/app-harness';
import { chromiumPath, connectChromium, launchChromiumServer } from '../../e2e/harness/chromium';
import { row, todo } from './rows';
import { percentiles } from './stats';
import type { BenchModule, BenchRow } from './types';

const DIST = 'dist/renderer';
const ENTRY_BUDGET = { max: 150, text: '≤ 150 KB gzip (the first screen)' };
const LIST_BUDGET = { max: 300, text: '< 300 ms (Unleash UI: 1.5-2.7 s)' };
const EDITOR_BUDGET = { max: 150, text: '< 150 ms' };
const RUNS = 7;

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/** The production build (NODE_ENV=production: a test runner's NODE_ENV would give React's development build). */
function build(): void {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}

/** Entry script + the chunks index.html preloads, and every chunk by name with its gzip size. */
function entryRow(): BenchRow {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const entry = new Set([...html.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1] as string));
  const chunks: Record<string, number> = {};
  let entryBytes = 0;
  for (const file of readdirSync(join(DIST, 'assets')).filter((f) => f.endsWith('.js')).sort()) {
    const bytes = gzipSync(readFileSync(join(DIST, 'assets', file))).length;
    const name = file.replace(/-[\w-]{8}\.js$/, '');
    chunks[`${entry.has(`assets/${file}`) ? 'entry' : 'lazy'}:${name}`] = kb(bytes);
    if (entry.has(`assets/${file}`)) entryBytes += bytes;
  }
  return row('ui: renderer entry JS', kb(entryBytes), 'KB', ENTRY_BUDGET, chunks, `entry + preloaded chunks (${entry.size} files); every chunk in extra, KB gzip`);
}

/**
 * In the page: change the hash, then wait until `ready()` holds and two frames have been painted. Returns ms from
 * the navigation to the painted result.
 */
const TIMED_NAVIGATION = `(async ({ hash, ready }) => {
  const check = new Function('return (' + ready + ')()');
  const start = performance.now();
  location.hash = hash;
  await new Promise((resolve) => {
    const poll = () => (check() ? resolve() : requestAnimationFrame(poll));
    poll();
  });
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  return performance.now() - start;
})`;

export const uiBench: BenchModule = {
  name: 'ui (Chromium, production build)',
  group: 'ui',
  async run() {
    build();
    const rows: BenchRow[] = [entryRow()];
    const executable = chromiumPath();
    if (!executable) {
      return [...rows, todo('ui: segments list visible', 'no Chromium', LIST_BUDGET), todo('ui: segment editor open', 'no Chromium', EDITOR_BUDGET)];
    }
    const server = await launchChromiumServer(executable);
    const browser = await connectChromium(server.wsEndpoint());
    const app = await startApp(browser);
    try {
      await app.open();
      const page = app.page;
      const backend = await app.core.connections.backend();
      // The list must stay instant at the server's limit (300 segments): fill the demo up to it first.
      const seeded = (await backend.listSegments()).length;
      for (let i = seeded; i < 300; i += 1) {
        await backend.createSegment({
          name: `bench-segment-${String(i).padStart(3, '0')}`,
          description: 'Made by the ui bench',
          constraints: [
            { contextName: 'userId', operator: 'IN', values: Array.from({ length: 12 }, (_, v) => `user-${i}-${v}`) },
            { contextName: 'appVersion', operator: 'SEMVER_GT', value: '1.2.3' },
          ],
        });
      }
      const segments = await backend.listSegments();
      const id = segments[0]?.id ?? 1;
      const listTimes: number[] = [];
      const editorTimes: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        // A fresh page on another screen each run: the segments chunk and data are not cached yet (a cold open).
        await page.goto(`${page.url().replace(/#.*$/, '')}#/cors`);
        // a hash-only goto keeps the document and its query cache: the list then came cold or from the cache,
        // whichever its 30 s staleness gave (61 or 393 ms on the same code)
        await page.reload();
        await page.getByRole('heading', { level: 1, name: 'CORS' }).waitFor();
        listTimes.push(
          await page.evaluate(`${TIMED_NAVIGATION}({ hash: '#/segments', ready: "() => document.querySelectorAll('table[aria-label=Segments] tbody tr').length > 0" })`),
        );
        editorTimes.push(
          await page.evaluate(
            `${TIMED_NAVIGATION}({ hash: '#/segments/${id}', ready: "() => { const input = document.querySelector('form[aria-label=Segment] #segment-name'); return !!input && input.value !== ''; }" })`,
          ),
        );
      }
      const round = (n: number) => Math.round(n * 10) / 10;
      rows.push(row('ui: segments list visible', round(percentiles(listTimes).p50), 'ms', LIST_BUDGET, { runs: RUNS, max: round(Math.max(...listTimes)) }, `cold: from hash change to the list of ${segments.length} painted (the rows in view; from 100 only those are rendered)`));
      rows.push(row('ui: segment editor open', round(percentiles(editorTimes).p50), 'ms', EDITOR_BUDGET, { runs: RUNS, max: round(Math.max(...editorTimes)) }, 'from the list to the filled form painted'));
    } finally {
      await app.close();
      await browser.close();
      await server.close();
    }
    return rows;
  },
};
