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
const LOG_SIZE = 100_000;

/**
 * The event browser in Chromium on the production build, over a demo with 100,000 events, through the e2e harness
 * (the real main-process core bridged in as window.flagdesk). Its rows belong to the `ui` group.
 */
export const uiEventsBench: BenchModule = {
  name: 'ui',
  async run(): Promise<BenchRow[]> {
    const names = ['event browser first rows (100k events)', 'event browser scroll frame p95 (100k)', 'event filter applied (100k)'];
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
      const scroll = percentiles(frames);
      return [
        row(names[0] as string, firstRows, 'ms', FIRST_ROWS),
        row(names[1] as string, scroll.p95, 'ms', SCROLL_FRAME, { p50: Math.round(scroll.p50 * 10) / 10, steps: frames.length, rowsInDom: rendered }, loaded),
        row(names[2] as string, filter, 'ms', FILTER),
      ];
    } finally {
      await app.close();
      await browser.close();
      await server.close();
    }
  },
};
