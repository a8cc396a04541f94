import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Runs `npm run demo-server` (scripts/demo-server.ts) as a child process, for the e2e harness, the behaviour suite
 * and the CLI's own tests: one spawner and one ready line, which the server prints with `readyLine`.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const READY = /Flagdesk demo server ready: (http:\/\/127\.0\.0\.1:\d+) token=(\S+)\n/;

/** The line the server prints once it listens; spawnDemoServer waits for it. */
export function readyLine(url: string, token: string): string {
  return `Flagdesk demo server ready: ${url} token=${token}\n`;
}

export interface DemoServerProcess {
  child: ChildProcess;
  /** Resolves on the ready line; rejects when the server exits first. */
  ready: Promise<{ url: string; token: string }>;
  /** The exit code (null after a signal). */
  exited: Promise<number | null>;
  output(): { stdout: string; stderr: string };
  /** SIGTERM to the server's own process group (it and anything it started, by this PID only); waits for the exit. */
  stop(): Promise<void>;
}

export function spawnDemoServer(args: string[]): DemoServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/demo-server.ts', ...args], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = new Promise<{ url: string; token: string }>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = READY.exec(stdout);
      if (match?.[1] && match[2]) resolve({ url: match[1], token: match[2] });
    });
    child.once('error', reject);
    void exited.then((code) => reject(new Error(`demo server exited (${code}) before it was ready:\n${stdout}${stderr}`)));
  });
  ready.catch(() => undefined); // awaited only by callers that expect the server to start
  const stop = async (): Promise<void> => {
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return; // already gone
    }
    await exited;
  };
  return { child, ready, exited, output: () => ({ stdout, stderr }), stop };
}

export interface RunningDemoServer {
  url: string;
  token: string;
  stop(): Promise<void>;
}

/** A demo server on a free port with this admin token, once it is ready. */
export async function startDemoServer(token: string): Promise<RunningDemoServer> {
  const server = spawnDemoServer(['--port', '0', '--token', token]);
  const { url } = await server.ready;
  return { url, token, stop: server.stop };
}
