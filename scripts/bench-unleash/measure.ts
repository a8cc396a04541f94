import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { AppHarness } from '../../e2e/harness/app-harness';
import { collectGarbage } from '../bench/stats';
import { memoryOf, processTree, rendererOf, type Memory } from './memory';
import { median, ratioRow, type RatioRow } from './ratio-table';
import { SEARCH_TEXT } from './seed';
import { cpuByPid, serverCpu, spent, syncBreakdown } from './sync-breakdown';
import { SYNC_IN_FLIGHT } from '../../electron/events/date-windows';
import type { RunningUnleash } from './unleash-server';
import { timeFetch, timeFilter, timeLoad, watchScript } from './visible';

export interface MeasureOptions {
  server: RunningUnleash;
  browser: Browser;
  browserPid: number;
  app: AppHarness;
  runs: number;
  /** The bench process's own memory before the core started (Playwright, tsx): part of "the main process" figure. */
  baseline: Memory;
  log(message: string): void;
}

const round = (ms: number) => Math.round(ms);
const list = (samples: number[]) => samples.map(round).join('/');

/**
 * Runs the two sides in turn, `runs` times each after one untimed pair (the server's caches, the browser's), and
 * swaps which goes first every run, so that a noisy moment of this shared machine falls on both alike.
 */
async function alternate(runs: number, unleash: () => Promise<number>, flagdesk: () => Promise<number>) {
  await unleash();
  await flagdesk();
  const samples = { unleash: [] as number[], flagdesk: [] as number[] };
  for (let i = 0; i < runs; i++) {
    const order = i % 2 === 0 ? (['unleash', 'flagdesk'] as const) : (['flagdesk', 'unleash'] as const);
    for (const side of order) samples[side].push(await (side === 'unleash' ? unleash() : flagdesk()));
  }
  return samples;
}

function pairRow(name: string, samples: { unleash: number[]; flagdesk: number[] }, how: string): RatioRow {
  return ratioRow(name, 'ms', median(samples.unleash), median(samples.flagdesk), `median of ${samples.flagdesk.length}; Unleash ${list(samples.unleash)}, Flagdesk ${list(samples.flagdesk)} ms; ${how}`);
}

/**
 * Waits until the server's database runs no client's query (at most 2 minutes) and says how long that took. A step's
 * searches go on in PostgreSQL after their requests end (an aborted request does not stop its query): at a million
 * events, 8.8 s of the 36 s of statements during the sync through the UI were the text-search step's counts
 * (PostgreSQL's statement log), so the sync was timed sharing the database with the step before it.
 */
async function quietDatabase(server: RunningUnleash): Promise<number> {
  const t0 = performance.now();
  const sql = "SELECT count(*) FROM pg_stat_activity WHERE state = 'active' AND backend_type = 'client backend' AND pid <> pg_backend_pid()";
  for (let quiet = 0; quiet < 2 && performance.now() - t0 < 120_000; ) {
    quiet = Number(server.psql(sql)) === 0 ? quiet + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return performance.now() - t0;
}

/** Unleash's admin UI logged in as admin (its session cookie), in a context of its own in the same Chromium. */
async function openUnleashUi(browser: Browser, server: RunningUnleash): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const login = await context.request.post(`${server.url}/auth/simple/login`, { data: { username: 'admin', password: 'unleash4all' } });
  if (!login.ok()) throw new Error(`Unleash UI login: HTTP ${login.status()}`);
  await context.addInitScript({ content: watchScript() });
  return { context, page: await context.newPage() };
}

export async function measure(options: MeasureOptions): Promise<{ rows: RatioRow[]; eventsInUnleash: number; eventsInCopy: number }> {
  const { server, app, runs, log } = options;
  const rows: RatioRow[] = [];
  const flagdesk = app.page;
  await flagdesk.addInitScript({ content: watchScript() });
  const unleash = await openUnleashUi(options.browser, server);
  const origin = new URL(flagdesk.url()).origin;
  const unleashSearch = `${server.url}/api/admin/search/events?query=${SEARCH_TEXT}&offset=0&limit=50`;

  // Unleash's search, as its UI calls it: from its page, with its session cookie, never from the HTTP cache.
  const searchUnleash = () => timeFetch(unleash.page, unleashSearch);
  // Flagdesk's filter: the event browser open (a cold load), then the text typed into its URL.
  const searchFlagdesk = async () => {
    await timeLoad(flagdesk, `${origin}/#/events`);
    return timeFilter(flagdesk, SEARCH_TEXT);
  };
  /**
   * Unleash's page off its event log while a sync is timed: left open there, it runs its search again every 15 s (4
   * in a minute, seen idle with 8.2.0), and at a million events each costs the server seconds the sync then waits on.
   * Parked on its /health, a page of its origin that runs nothing, so searchUnleash still fetches from it.
   */
  const parkUnleash = () => unleash.page.goto(`${server.url}/health`);
  const sourceShown = async () => ((await flagdesk.getByText(/ match, from (the server|the local copy)/).first().textContent()) ?? '').replace(/.* match, /, '');

  const memory = async (when: string) => {
    collectGarbage();
    const unleashSide = memoryOf([...processTree(server.unleashPid), ...processTree(server.postgresPid)]);
    const main = memoryOf([process.pid]);
    // both pages' garbage collected first (as this process's is), then each page's renderer told apart by making
    // the page busy (memory.ts)
    for (const page of [flagdesk, unleash.page]) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.detach();
    }
    const spin = (page: Page) => () => page.evaluate('(() => { const end = performance.now() + 400; while (performance.now() < end); })()');
    const flagdeskPid = await rendererOf(options.browserPid, spin(flagdesk));
    const unleashPid = await rendererOf(options.browserPid, spin(unleash.page));
    const flagdeskRenderer = flagdeskPid === undefined ? undefined : { pid: flagdeskPid, ...memoryOf([flagdeskPid]) };
    const unleashRenderer = unleashPid === undefined || unleashPid === flagdeskPid ? undefined : { pid: unleashPid, ...memoryOf([unleashPid]) };
    return { when, unleashSide, main, flagdeskRenderer, unleashRenderer };
  };

  try {
    const connected = await app.core.connections.save({ name: 'Unleash bench', baseUrl: server.url, token: server.token });
    const id = connected.profiles.find((profile) => profile.kind === 'remote')?.id ?? '';
    await app.core.connections.activate({ id });
    const backend = await app.core.connections.backend();
    const eventsInUnleash = (await backend.queryEvents({ limit: '1' })).total;
    log(`Flagdesk connected to Unleash at ${server.url}: ${eventsInUnleash.toLocaleString('en-US')} events`);

    log('segments list visible');
    rows.push(pairRow('segments list visible', await alternate(runs, () => timeLoad(unleash.page, `${server.url}/segments`), () => timeLoad(flagdesk, `${origin}/#/segments`)), 'cold page load to the first of the 300 rows painted'));
    log('event log first rows (remote)');
    rows.push(pairRow('event log first rows, remote', await alternate(runs, () => timeLoad(unleash.page, `${server.url}/history`), () => timeLoad(flagdesk, `${origin}/#/events`)), 'cold page load to the first rows painted'));
    const remoteSource = await sourceShown();
    log('text search (remote)');
    const remoteSearch = await alternate(runs, searchUnleash, searchFlagdesk);
    rows.push(pairRow(`text search "${SEARCH_TEXT}", remote`, remoteSearch, `Unleash: GET /api/admin/search/events?query= from its page; Flagdesk: event browser filter to rows painted (${remoteSource})`));
    const withoutCopy = await memory('remote, no local copy');

    log('full sync of the local copy');
    await parkUnleash();
    const quietUi = await quietDatabase(server);
    await timeLoad(flagdesk, `${origin}/#/events`);
    const copy = flagdesk.getByRole('region', { name: 'Local copy of the event log' });
    // the CPU each side spends meanwhile, as the direct run below reports it: where a slower sync in the UI goes
    const cpuNow = () => ({ ...serverCpu(server), browser: cpuByPid(processTree(options.browserPid)) });
    const cpu0 = cpuNow();
    const own0 = process.cpuUsage();
    const t0 = performance.now();
    await copy.getByRole('button', { name: 'Keep a local copy', exact: true }).click();
    const done = copy.getByText(/^Local copy: [\d,]+ events, searched on this computer/);
    await done.waitFor({ timeout: 60 * 60_000 });
    const syncMs = performance.now() - t0;
    const cpu1 = cpuNow();
    const own = process.cpuUsage(own0);
    const uiCpu = `CPU meanwhile: Unleash's Node ${spent(cpu0.unleash, cpu1.unleash).toFixed(1)} s + PostgreSQL ${spent(cpu0.postgres, cpu1.postgres).toFixed(1)} s; this process (the core, Playwright) ${((own.user + own.system) / 1e6).toFixed(1)} s; Chromium ${spent(cpu0.browser, cpu1.browser).toFixed(1)} s`;
    const eventsInCopy = Number(/Local copy: ([\d,]+) events/.exec((await done.textContent()) ?? '')?.[1]?.replaceAll(',', ''));
    rows.push(ratioRow('full sync of the local copy', 's', null, syncMs / 1000, `${eventsInCopy.toLocaleString('en-US')} events from the real server, click to "Local copy: N events" shown (${Math.round(eventsInCopy / (syncMs / 1000)).toLocaleString('en-US')} events/s), started once the database ran nothing (${(quietUi / 1000).toFixed(1)} s after the step before); ${uiCpu}`));
    // the first search right after the sync, in the same page: no warm-up run before it
    const firstAfter = await timeFilter(flagdesk, SEARCH_TEXT);
    const unleashOnce = await searchUnleash();
    rows.push(ratioRow(`first search "${SEARCH_TEXT}" right after the sync`, 'ms', unleashOnce, firstAfter, `one run each; Flagdesk in the page the sync ran in (${await sourceShown()}); Unleash its API once`));

    log('event log first rows (local copy)');
    rows.push(pairRow('event log first rows, local copy', await alternate(runs, () => timeLoad(unleash.page, `${server.url}/history`), () => timeLoad(flagdesk, `${origin}/#/events`)), `cold page load to the first rows painted (${await sourceShown()})`));
    log('text search (local copy)');
    const localSearch = await alternate(runs, searchUnleash, searchFlagdesk);
    rows.push(pairRow(`text search "${SEARCH_TEXT}", local copy`, localSearch, `Unleash: its API; Flagdesk: event browser filter to rows painted (${await sourceShown()})`));

    // memory in one instant, both UIs on their event log
    await timeLoad(unleash.page, `${server.url}/history`);
    await timeLoad(flagdesk, `${origin}/#/events`);
    const withCopy = await memory('remote, complete local copy');
    const mib = (m: Memory | undefined) => (m ? `RSS ${Math.round(m.rssMiB)}, PSS ${Math.round(m.pssMiB)} MiB` : '-');
    const serverWhat = (m: Memory) => `Unleash node + PostgreSQL, ${m.processes} processes`;
    const mainWhat = `this process hosts the core (the Electron main process's part), Playwright and tsx: ${mib(options.baseline)} before the core started`;
    rows.push(
      ratioRow('memory RSS: server vs main process, no local copy', 'MiB', withoutCopy.unleashSide.rssMiB, withoutCopy.main.rssMiB, `${serverWhat(withoutCopy.unleashSide)} (RSS counts PostgreSQL's shared memory per process); ${mainWhat}`),
      ratioRow('memory PSS: server vs main process, no local copy', 'MiB', withoutCopy.unleashSide.pssMiB, withoutCopy.main.pssMiB, `${serverWhat(withoutCopy.unleashSide)} (shared memory once)`),
      ratioRow('memory RSS: server vs main process, local copy', 'MiB', withCopy.unleashSide.rssMiB, withCopy.main.rssMiB, `${serverWhat(withCopy.unleashSide)}; Flagdesk's main with ${eventsInCopy.toLocaleString('en-US')} events copied`),
      ratioRow('memory PSS: server vs main process, local copy', 'MiB', withCopy.unleashSide.pssMiB, withCopy.main.pssMiB, `${serverWhat(withCopy.unleashSide)} (shared memory once)`),
      ratioRow('memory PSS: UI renderer on the event log', 'MiB', withCopy.unleashRenderer?.pssMiB ?? null, withCopy.flagdeskRenderer?.pssMiB ?? null, `each page's renderer process; Unleash's: ${mib(withCopy.unleashRenderer)}; Flagdesk's: ${mib(withCopy.flagdeskRenderer)} (without a copy: ${mib(withoutCopy.flagdeskRenderer)})`),
    );

    // after the memory rows: this copy lives in this process until the end
    log('full sync run directly: where its time goes');
    await parkUnleash();
    const quietDirect = await quietDatabase(server);
    const direct = await syncBreakdown(server);
    const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const { waitMs, indexMs, writeMs, writeWaitMs } = direct.timing;
    rows.push(
      ratioRow('full sync, run directly (no UI)', 's', null, direct.wallMs / 1000, `${direct.events.toLocaleString('en-US')} events, ${direct.requests} requests (mean ${Math.round(direct.requestMsMean)} ms each, up to ${SYNC_IN_FLIGHT} in flight); the sync waited on the server ${sec(waitMs)} (${Math.round((100 * waitMs) / direct.wallMs)}% of its time), indexed ${sec(indexMs)}, waited on its chunk writes ${sec(writeWaitMs)} (they ran ${sec(writeMs)}, off the hot path); started once the database ran nothing (${sec(quietDirect)} after the step before)`),
      ratioRow('full sync: CPU, server vs Flagdesk', 's', direct.cpu.unleash + direct.cpu.postgres, direct.cpu.flagdesk, `CPU seconds during the direct sync: Unleash's Node ${direct.cpu.unleash.toFixed(1)} s + PostgreSQL ${direct.cpu.postgres.toFixed(1)} s; Flagdesk (this process: parse, index, write) ${direct.cpu.flagdesk.toFixed(1)} s`),
    );
    return { rows, eventsInUnleash, eventsInCopy };
  } finally {
    await unleash.context.close().catch(() => undefined);
  }
}
