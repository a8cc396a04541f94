import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LIVE_SCRIPT = join(ROOT, 'scripts/unleash-live.sh');
export const UNLEASH_VERSION = '8.2.0';
/** A folder of its own, so the bench never stops (or is stopped by) a live tier run on the same machine. */
const LIVE_DIR = process.env.FLAGDESK_BENCH_UNLEASH_DIR ?? '/tmp/flagdesk-bench-unleash';

export interface RunningUnleash {
  url: string;
  token: string;
  unleashPid: number;
  postgresPid: number;
  /** psql against the server's database, as the cluster's owner, over its private socket. */
  psql(sql: string): string;
}

const env = () => ({ ...process.env, FLAGDESK_LIVE_DIR: LIVE_DIR, FLAGDESK_LIVE_VERSIONS: UNLEASH_VERSION });

/** Where initdb/psql live (PG_BINDIR, Debian's /usr/lib/postgresql/<v>/bin, or the PATH), as scripts/unleash-live.sh looks. */
export function postgresBinDir(): string | undefined {
  if (process.env.PG_BINDIR) return process.env.PG_BINDIR;
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of ['15', ...versions]) {
    const dir = join(base, version, 'bin');
    if (existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'psql'))) return dir;
  }
  const which = spawnSync('sh', ['-c', 'command -v psql'], { encoding: 'utf8' });
  return which.status === 0 ? join(which.stdout.trim(), '..') : undefined;
}

/** Real Unleash 8.2.0 + a private PostgreSQL through the live tier's own script (install once, start, env file). */
export function startUnleash(): RunningUnleash {
  const started = spawnSync('bash', [LIVE_SCRIPT, 'start'], { env: env(), stdio: ['ignore', 'ignore', 'inherit'] });
  if (started.status !== 0) throw new Error(`scripts/unleash-live.sh start failed (exit ${started.status})`);
  return runningUnleash();
}

/** The server the env file describes (started by startUnleash). */
export function runningUnleash(): RunningUnleash {
  const values = Object.fromEntries(
    readFileSync(join(LIVE_DIR, 'live.env'), 'utf8')
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1).replace(/^"|"$/g, '')]),
  ) as Record<string, string>;
  const major = UNLEASH_VERSION.split('.')[0] as string;
  const url = values[`UNLEASH_URL_${major}`];
  const pgData = values.PG_DATA;
  if (!url || !pgData || !values.UNLEASH_TOKEN) throw new Error('the live env file lacks the URL, PG_DATA or token');
  // postmaster.pid: pid, data dir, start time, port, socket directory, ...
  const [pid, , , port, socketDir] = readFileSync(join(pgData, 'postmaster.pid'), 'utf8').split('\n');
  const bin = postgresBinDir();
  if (!bin) throw new Error('psql not found');
  const database = `unleash_${UNLEASH_VERSION.replaceAll('.', '_')}`;
  const psql = (sql: string) => {
    const args = [join(bin, 'psql'), '-h', socketDir as string, '-p', port as string, '-U', 'postgres', '-d', database, '-v', 'ON_ERROR_STOP=1', '-qtA', '-c', sql];
    // postgres refuses root: as root the cluster belongs to the postgres OS user (scripts/unleash-live.sh)
    const [command, ...rest] = process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--', ...args] : args;
    const result = spawnSync(command as string, rest, { encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
    if (result.status !== 0) throw new Error(`psql failed: ${result.stderr}`);
    return result.stdout.trim();
  };
  return { url, token: values.UNLEASH_TOKEN, unleashPid: Number(values[`UNLEASH_PID_${major}`]), postgresPid: Number(pid), psql };
}

/** Stops the server and PostgreSQL by the PIDs in the env file (a no-op when nothing runs). Synchronous: safe in exit handlers. */
export function stopUnleash(): void {
  spawnSync('bash', [LIVE_SCRIPT, 'stop'], { env: env(), stdio: ['ignore', 'ignore', 'inherit'] });
}
