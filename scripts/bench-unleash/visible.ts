import type { Page } from 'playwright-core';

/**
 * What "visible" means per screen, checked in the page on every DOM change from the document's start: the first
 * real rows (seeded names, not a skeleton) of the Unleash UI's and Flagdesk's screens.
 */
export const SCREENS = {
  unleashSegments: `location.pathname === '/segments' && [...document.querySelectorAll('main table tbody tr')].some((r) => r.textContent.includes('bench-segment-'))`,
  unleashEvents: `location.pathname === '/history' && /^\\d+$/.test(document.querySelector('main li dl dd')?.textContent ?? '')`,
  flagdeskSegments: `location.hash.startsWith('#/segments') && [...document.querySelectorAll('table[aria-label=Segments] tbody tr')].some((r) => r.textContent.includes('bench-segment-'))`,
  flagdeskEvents: `location.hash.startsWith('#/events') && !!document.querySelector('[role=listbox] [role=option]')`,
} as const;

/**
 * Installed once per page (an init script runs in every document it loads): watches the DOM from the document's
 * start and, once the screen's condition holds and two frames have been painted, records the time since navigation
 * start in window.__benchVisibleAt. Timed in the page, so the harness's round trips add nothing.
 */
export function watchScript(): string {
  const checks = Object.values(SCREENS).map((condition) => `() => ${condition}`).join(',\n');
  return `(() => {
    const checks = [${checks}];
    const check = () => checks.some((c) => { try { return c(); } catch { return false; } });
    let seen = false;
    const observer = new MutationObserver(() => {
      if (seen || !check()) return;
      seen = true;
      observer.disconnect();
      requestAnimationFrame(() => requestAnimationFrame(() => { window.__benchVisibleAt = performance.now(); }));
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  })();`;
}

let loads = 0;

/**
 * A cold load of `url` (a new document: nothing of the app in memory) until its screen is visible; ms from
 * navigation start. A hash route gets a fresh query before its hash, or the browser would only move the fragment;
 * the tab stays on its site, so its renderer process stays the same one (memory.ts finds it by PID).
 */
export async function timeLoad(page: Page, url: string, timeoutMs = 300_000): Promise<number> {
  loads += 1;
  const hash = url.indexOf('#');
  const fresh = hash === -1 ? url : `${url.slice(0, hash).replace(/\/?$/, '/')}?load=${loads}${url.slice(hash)}`;
  await page.goto(fresh, { waitUntil: 'commit' });
  // a function, not a string: the app's CSP forbids eval, which a string predicate needs
  const handle = await page.waitForFunction(() => (globalThis as { __benchVisibleAt?: number }).__benchVisibleAt, undefined, { timeout: timeoutMs, polling: 50 });
  return Number(await handle.jsonValue());
}

/**
 * In Flagdesk's event browser (already showing rows): types `text` into the filter through the URL, as the search box
 * does, and returns ms until the list shows the filtered answer (its total changes) with a row, painted.
 */
export function timeFilter(page: Page, text: string): Promise<number> {
  return page.evaluate(`(async () => {
    const label = () => document.querySelector('[role=listbox][aria-label^="Events, "]')?.getAttribute('aria-label') ?? '';
    const before = label();
    const start = performance.now();
    location.hash = '#/events?q=' + encodeURIComponent(${JSON.stringify(text)});
    await new Promise((resolve) => {
      const poll = () => (label() !== '' && label() !== before && document.querySelector('[role=listbox] [role=option]') ? resolve() : requestAnimationFrame(poll));
      poll();
    });
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return performance.now() - start;
  })()`) as Promise<number>;
}

/** A GET from the page (its cookies, never the HTTP cache), body parsed: ms. */
export function timeFetch(page: Page, url: string): Promise<number> {
  return page.evaluate(`(async () => {
    const start = performance.now();
    const response = await fetch(${JSON.stringify(url)}, { cache: 'no-store', credentials: 'same-origin' });
    if (!response.ok) throw new Error('HTTP ' + response.status);
    await response.json();
    return performance.now() - start;
  })()`) as Promise<number>;
}
