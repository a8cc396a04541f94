import { execFileSync } from 'node:child_process';
import { createDemoBackend } from '../../electron/backend/demo';
import { startApp } from '../../e2e/harness/app-harness';
import { chromiumPath, connectChromium, launchChromiumServer } from '../../e2e/harness/chromium';
import { row, todo } from './rows';
import { percentiles } from './stats';
import type { BenchModule, BenchRow, Budget } from './types';

const FIRST_ROWS: Budget = { max: 300, text: '< 300 ms' };
const SCROLL_FRAME: Budget = { max: 16, text: 'p95 < 16 ms' };
const FILTER: Budget = { max: 100, text: '< 100 ms' };
const ANSWER_TO_PAINT: Budget = { max: 50, inclusive: true, text: '≤ 50 ms' };
const PAINT_RUNS = 7;

/**
 * Change the hash to a filter not read yet, and resolve once the list's answer has come and its first row is in the
 * DOM, and that frame is painted (a rAF runs before the paint, a message posted from it after). The renderer's IPC
 * client marks each answer (`ipc-answer:<channel>`, renderer/lib/bridge-client.ts).
 * Gives [answer -> painted, hash change -> painted].
 */
const ANSWER_TO_PAINTED = `(hash) => new Promise((resolve, reject) => {
  const start = performance.now();
  setTimeout(() => reject(new Error('no rows after an answer within 30 s: ' + hash)), 30000);
  const observer = new MutationObserver(() => {
    const answer = performance.getEntriesByName('ipc-answer:events.browse', 'mark').at(-1);
    if (!answer || answer.startTime < start) return;
    if (!document.querySelector('[role=listbox][aria-label^="Events"] [role=option]')) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        const painted = performance.now();
        resolve([painted - answer.startTime, painted - start]);
      };
      channel.port2.postMessage(0);
    });
  });
  observer.observe(document.body, { childList: true, subtree: true });
  location.hash = hash;
})`;
const LOG_SIZE = 100_000;

/**
 * The event browser in Chromium on the production build, over a demo with 100,000 events, through the e2e harness
 * (the real main-process core bridged in as window.flagdesk). Its rows belong to the `ui` group.
 */
export const uiEventsBench: BenchModule = {
  name: 'ui',
  async run(): Promise<BenchRow[]> {
    const paints = [
      { name: 'event rows painted after the IPC answer: no filter (100k)', hash: '#/events' },
      { name: 'event rows painted after the IPC answer: a type (100k)', hash: '#/events?type=segment-updated' },
      { name: 'event rows painted after the IPC answer: a text search (100k)', hash: '#/events?q=rollout' },
    ];
    // on the open screen, a filter not read yet each run (a read one comes from the query cache, without IPC)
    const WARM_TYPES = ['segment-updated', 'segment-created', 'feature-environment-enabled', 'feature-environment-disabled', 'strategy-created', 'feature-strategy-update', 'segment-deleted'];
    const WARM_TEXTS = ['beta', 'user', 'group', 'flexible', 'checkout', 'mobile', 'default'];
    const warm = [
      { name: 'event rows painted after the IPC answer: a type, screen open (100k)', hash: (run: number) => `#/events?type=${WARM_TYPES[run % WARM_TYPES.length]}` },
      { name: 'event rows painted after the IPC answer: a text search, screen open (100k)', hash: (run: number) => `#/events?q=${WARM_TEXTS[run % WARM_TEXTS.length]}` },
    ];
    const names = ['event browser first rows (100k events)', 'event browser scroll frame p95 (100k)', 'event filter applied (100k)', ...paints.map((p) => p.name), ...warm.map((p) => p.name)];
    const executable = chromiumPath();
    if (!executable) return names.map((name) => todo(name, 'no Chromium installed'));
    execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { stdio: 'inherit' });
    const server = await launchChromiumServer(executable);
    const browser = await connectChromium(server.wsEndpoint());
    const demo = createDemoBackend({ historyEvents: LOG_SIZE });
    const app = await startApp(browser, {
      factories: { openDemo: async () => ({ backend: demo, reset: async () => undefined, close: async () => undefined }) },
    });
    try {
      await app.open();
      const page = app.page;
      const list = page.getByRole('listbox', { name: /^Events, / });
      // warm the lazy chunk once, then measure a fresh navigation to the screen
      await page.evaluate("location.hash = '#/events'");
      await list.getByRole('option').first().waitFor();
      await page.evaluate("location.hash = '#/segments'");
      await page.getByRole('heading', { level: 1, name: 'Segments' }).waitFor();
      await app.core.connections.backend(); // the same demo; make sure the switch is done
      // Timed inside the page: from the hash change to the first row on screen, no harness round trips.
      const untilRow = (hash: string, type?: string) =>
        page.evaluate(`new Promise((resolve) => {
          const start = performance.now();
          const done = () => {
            const row = document.querySelector('[role=listbox] [role=option]');
            return row && (${JSON.stringify(type ?? '')} === '' || row.textContent.includes(${JSON.stringify(type ?? '')}));
          };
          const observer = new MutationObserver(() => {
            if (done()) { observer.disconnect(); resolve(performance.now() - start); }
          });
          observer.observe(document.body, { childList: true, subtree: true, characterData: true });
          location.hash = ${JSON.stringify(hash)};
        })`) as Promise<number>;
      const firstRows = await untilRow('#/events?q=');

      // The work of one scroll step: move 400 px, let the virtualizer's scroll handler and React's render run,
      // then force layout. Frame intervals would only measure vsync (16.7 ms at 60 Hz), not what the list costs.
      const frames = (await page.evaluate(`(async () => {
        const el = document.querySelector('[role=listbox]');
        const afterTasks = () => new Promise((resolve) => { const c = new MessageChannel(); c.port1.onmessage = resolve; c.port2.postMessage(0); });
        const costs = [];
        for (let i = 0; i < 150; i++) {
          await new Promise((resolve) => requestAnimationFrame(resolve));
          const start = performance.now();
          el.scrollTop += 400;
          el.dispatchEvent(new Event('scroll'));
          await afterTasks();
          void el.offsetHeight;
          costs.push(performance.now() - start);
        }
        return costs;
      })()`)) as number[];
      const loaded = (await list.getAttribute('aria-label')) ?? '';
      const rendered = await list.getByRole('option').count();

      const filter = await untilRow('#/events?type=segment-updated', 'segment-updated');
      // of that, the call's own time: from the renderer asking to its answer (main's search and the IPC)
      const filterCall = (await page.evaluate(
        "performance.getEntriesByName('ipc-answer:events.browse', 'mark').at(-1).startTime - performance.getEntriesByName('ipc-ask:events.browse', 'mark').at(-1).startTime",
      )) as number;
      const scroll = percentiles(frames);

      // From the renderer receiving the list's answer to its rows painted, each run on a fresh page (the query cache
      // empty, so the answer is the list's own and not a cached one), alternating the three filters.
      const base = page.url().replace(/#.*$/, '');
      const samples = paints.map(() => ({ paint: [] as number[], whole: [] as number[] }));
      for (let run = 0; run < PAINT_RUNS; run += 1) {
        for (const [index, { hash }] of paints.entries()) {
          await page.goto(`${base}#/cors`);
          await page.reload(); // a hash-only goto keeps the document (and its query cache)
          await page.getByRole('heading', { level: 1, name: 'CORS' }).waitFor();
          const [paint, whole] = (await page.evaluate(`(${ANSWER_TO_PAINTED})(${JSON.stringify(hash)})`)) as [number, number];
          samples[index]?.paint.push(paint);
          samples[index]?.whole.push(whole);
        }
      }
      const warmSamples = warm.map(() => ({ paint: [] as number[], whole: [] as number[] }));
      await page.evaluate("location.hash = '#/events'");
      await list.getByRole('option').first().waitFor();
      for (let run = 0; run < Math.min(PAINT_RUNS, WARM_TYPES.length, WARM_TEXTS.length); run += 1) {
        for (const [index, { hash }] of warm.entries()) {
          const [paint, whole] = (await page.evaluate(`(${ANSWER_TO_PAINTED})(${JSON.stringify(hash(run))})`)) as [number, number];
          warmSamples[index]?.paint.push(paint);
          warmSamples[index]?.whole.push(whole);
        }
      }
      const round = (n: number) => Math.round(n * 10) / 10;
      const paintRow = (name: string, { paint, whole }: { paint: number[]; whole: number[] }, note: string) =>
        row(name, round(percentiles(paint).p50), 'ms', ANSWER_TO_PAINT, { runs: paint.length, max: round(Math.max(...paint)), hashToPaintedP50: round(percentiles(whole).p50) }, note);
      const paintRows = [
        ...paints.map(({ name }, index) => paintRow(name, samples[index] as { paint: number[]; whole: number[] }, 'p50, a fresh page each run')),
        ...warm.map(({ name }, index) => paintRow(name, warmSamples[index] as { paint: number[]; whole: number[] }, 'p50, a filter not read yet each run')),
      ];
      return [
        row(names[0] as string, firstRows, 'ms', FIRST_ROWS),
        row(names[1] as string, scroll.p95, 'ms', SCROLL_FRAME, { p50: Math.round(scroll.p50 * 10) / 10, steps: frames.length, rowsInDom: rendered }, loaded),
        row(names[2] as string, filter, 'ms', FILTER, { askToAnswer: Math.round(filterCall * 10) / 10 }, 'from the hash change to the first row; askToAnswer: the events.browse call'),
        ...paintRows,
      ];
    } finally {
      await app.close();
      await browser.close();
      await server.close();
    }
  },
};
