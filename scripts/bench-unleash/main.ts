import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { startApp, type AppHarness } from '../../e2e/harness/app-harness';
import { chromiumPath, connectChromium, launchChromiumServer } from '../../e2e/harness/chromium';
import { collectGarbage } from '../bench/stats';
import { measure } from './measure';
import { memoryOf } from './memory';
import { formatRatioTable, ratioRow, type RatioRow } from './ratio-table';
import { createSegments, insertEvents, SEGMENTS } from './seed';
import { postgresBinDir, startUnleash, stopUnleash, UNLEASH_VERSION } from './unleash-server';

/**
 * `npm run bench:unleash [-- --events N] [-- --runs N]`: real Unleash 8.2.0 (the live tier's installer, a private
 * PostgreSQL) holding N seeded events (default 100,000) against Flagdesk connected to it as a remote profile, in the
 * same Chromium, alternating; prints one table with both sides and the ratio per row and writes .bench/unleash.json.
 * Figures only: nothing here is a budget. Every server it starts is stopped, also on failure or Ctrl-C.
 */
function parseArgs(argv: string[]): { events: number; runs: number } {
  const value = (flag: string) => {
    const i = argv.indexOf(flag);
    return i === -1 ? undefined : argv[i + 1];
  };
  const events = Number(value('--events') ?? 100_000);
  const runs = Number(value('--runs') ?? 5);
  if (!Number.isInteger(events) || events < 1) throw new Error('--events must be a positive integer');
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');
  return { events, runs };
}

const log = (message: string) => process.stderr.write(`[bench:unleash ${new Date().toISOString().slice(11, 19)}] ${message}\n`);

/** A missing outside part: a failure where every tier must run (CI), said plainly otherwise. */
function missing(what: string): never {
  const message = `bench:unleash skipped: ${what}.`;
  if (process.env.FLAGDESK_REQUIRE_ALL_TIERS === '1') {
    log(`FAILED: ${message} FLAGDESK_REQUIRE_ALL_TIERS=1 forbids skipping.`);
    process.exit(1);
  }
  log(message);
  process.exit(0);
}

async function main(): Promise<void> {
  const { events, runs } = parseArgs(process.argv.slice(2));
  const executable = chromiumPath();
  if (!executable) missing('no Chromium at $CHROMIUM_PATH or /usr/bin/chromium (install it with `apt-get install -y chromium`)');
  // scripts/unleash-live.sh installs PostgreSQL itself when it runs as root
  if (!postgresBinDir() && process.getuid?.() !== 0) missing('PostgreSQL is not installed (`apt-get install -y postgresql`), and we are not root to install it');

  const started = performance.now();
  const loadAtStart = loadavg();
  const chromiumPid = { value: undefined as number | undefined };
  let app: AppHarness | undefined;
  // Ctrl-C or a kill: stop what we started, by PID, before leaving
  const onSignal = (signal: NodeJS.Signals) => {
    log(`${signal}: stopping Unleash, PostgreSQL and Chromium`);
    stopUnleash();
    if (chromiumPid.value) process.kill(chromiumPid.value, 'SIGKILL');
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  log('building the renderer (production)');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  log(`starting Unleash ${UNLEASH_VERSION} and PostgreSQL (scripts/unleash-live.sh)`);
  const server = startUnleash();
  const chromium = await launchChromiumServer(executable as string);
  chromiumPid.value = chromium.process().pid;
  try {
    log(`seeding: ${SEGMENTS} segments through the API, ${events.toLocaleString('en-US')} events straight into the database`);
    await createSegments(server);
    const seeded = insertEvents(server, events);
    log(`inserted in ${(seeded.ms / 1000).toFixed(1)} s; the events table holds ${seeded.total.toLocaleString('en-US')}`);

    const browser = await connectChromium(chromium.wsEndpoint());
    collectGarbage();
    const baseline = memoryOf([process.pid]);
    app = await startApp(browser);
    await app.open();
    const measured = await measure({ server, browser, browserPid: chromiumPid.value as number, app, runs, baseline, log });
    const rows: RatioRow[] = [ratioRow(`load ${events.toLocaleString('en-US')} events into PostgreSQL`, 's', seeded.ms / 1000, null, 'one INSERT ... SELECT generate_series, announced = true, then ANALYZE'), ...measured.rows];
    const load = (values: number[]) => values.map((x) => x.toFixed(2)).join(' ');
    const seconds = Math.round((performance.now() - started) / 1000);
    const table = formatRatioTable(rows, `Unleash ${UNLEASH_VERSION}`);
    console.log(`\nFlagdesk vs Unleash ${UNLEASH_VERSION} at ${measured.eventsInUnleash.toLocaleString('en-US')} events (${runs} cold runs per side, alternating; ratio = Unleash / Flagdesk)\n`);
    console.log(table);
    console.log(`\nload average (1/5/15 min) ${load(loadAtStart)} at the start, ${load(loadavg())} at the end, on ${cpus().length} cores; whole run ${seconds} s; written to .bench/unleash.json`);
    mkdirSync('.bench', { recursive: true });
    const machine = { node: process.version, cpus: cpus().length, memoryMB: Math.round(totalmem() / 2 ** 20), loadAverage: { atStart: loadAtStart, atEnd: loadavg() } };
    const report = { at: new Date().toISOString(), unleash: UNLEASH_VERSION, events: measured.eventsInUnleash, eventsInCopy: measured.eventsInCopy, runs, seconds, machine, rows };
    writeFileSync('.bench/unleash.json', JSON.stringify(report, null, 2) + '\n');
    const problems = [...new Set(app.problems)];
    if (problems.length) log(`the Flagdesk page reported ${app.problems.length} problems (not the bench's to judge), ${problems.length} distinct: ${problems.slice(0, 3).join(' | ')}`);
  } finally {
    await app?.close().catch((error: unknown) => log(`closing the app: ${String(error)}`));
    await chromium.close().catch(() => undefined);
    stopUnleash();
  }
}

main().catch((error: unknown) => {
  log(`FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
});
