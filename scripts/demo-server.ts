/**
 * `npm run demo-server -- [--port N] [--token T] [--data DIR [--reset]] [--events N]`
 * Serves the demo backend as Unleash's admin REST API on 127.0.0.1, so any Unleash client (the app's remote
 * backend, curl, the behaviour suite) can talk to it. Prints one ready line that tests parse.
 */
import { createDemoBackend, openDemoStore, type DemoStore } from '../electron/backend/demo';
import { serveAdminApi } from '../electron/backend/http/serve';
import { readyLine } from './demo-server/spawn';
import type { EventQueryParams } from '../shared/schemas/event';

const USAGE = `Usage: npm run demo-server -- [--port N] [--token T] [--data DIR [--reset]] [--events N]
  --port N     port on 127.0.0.1 (default 4243; 0 picks a free one)
  --token T    the admin API token clients must send (default *:*.flagdesk-demo-admin-token)
  --data DIR   keep the demo in DIR, saved after changes and at exit (default: in memory only)
  --events N   size of the seeded event history (default 2500)
  --reset      with --data: throw away the saved state and start from the seeded demo`;

interface Args {
  port: number;
  token: string;
  data?: string;
  events?: number;
  reset?: boolean;
}

class UsageError extends Error {}

function integerIn(name: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw new UsageError(`${name} must be a whole number from ${min} to ${max}, not "${text}"`);
  }
  return value;
}

function parseArgs(argv: readonly string[]): Args | 'help' {
  const args: Args = { port: 4243, token: '*:*.flagdesk-demo-admin-token' };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] ?? '';
    if (arg === '--help' || arg === '-h') return 'help';
    // both `--port 4243` and `--port=4243`
    const [flag = '', inline] = arg.startsWith('--') && arg.includes('=') ? arg.split(/=(.*)/s) : [arg, undefined];
    const value = (): string => {
      const next = inline ?? argv[++index];
      if (next === undefined || next === '') throw new UsageError(`${flag} needs a value`);
      return next;
    };
    switch (flag) {
      case '--port':
        args.port = integerIn('--port', value(), 0, 65535);
        break;
      case '--token':
        args.token = value();
        break;
      case '--data':
        args.data = value();
        break;
      case '--reset':
        args.reset = true;
        break;
      case '--events':
        args.events = integerIn('--events', value(), 0, 10_000_000);
        break;
      default:
        throw new UsageError(`unknown argument "${arg}"`);
    }
  }
  return args;
}

async function main(): Promise<void> {
  let args: Args | 'help';
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`demo-server: ${error.message}\n${USAGE}\n`);
    process.exit(2);
  }
  if (args === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }

  const options = args.events === undefined ? {} : { historyEvents: args.events };
  let store: DemoStore | undefined;
  if (args.data !== undefined) {
    store = await openDemoStore(args.data, { ...options, lockHolder: 'npm run demo-server' });
    if (store.notice) process.stderr.write(`demo-server: ${store.notice}\n`);
    if (args.reset) {
      await store.reset();
      process.stderr.write(`demo-server: the demo in ${args.data} was reset to its seeded state\n`);
    }
  } else if (args.reset) {
    process.stderr.write('demo-server: --reset needs --data DIR (without it the demo starts fresh anyway)\n');
    process.exit(2);
  }
  const backend = store?.backend ?? createDemoBackend(options);
  // GET /search/events is written from the log's stored JSON texts (an export reads a million events through it).
  const jsonTexts = { queryEvents: (params: EventQueryParams) => backend.queryEventsJson(params) };
  const server = await serveAdminApi(backend, { token: args.token, port: args.port, jsonTexts });
  process.stdout.write(readyLine(server.url, args.token));

  let stopping = false;
  const stop = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    await server.close();
    await store?.close(); // flushes the last save
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  process.stderr.write(`demo-server: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
