import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface SpawnedServer {
  url: string;
  token: string;
  stop(): Promise<void>;
}

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const READY = /Flagdesk demo server ready: (http:\/\/127\.0\.0\.1:\d+) token=(\S+)/;

/** Starts `tsx scripts/demo-server.ts` on a free port and resolves once it prints its ready line. */
export async function spawnDemoServer(token: string): Promise<SpawnedServer> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/demo-server.ts', '--port', '0', '--token', token],
    // own process group, so stop() ends the server and anything it started, by this PID only
    { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = READY.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`demo server exited (${code}) before it was ready:\n${output}`)));
    child.once('error', reject);
  });
  return { url, token, stop: () => stopChild(child) };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return; // already gone
  }
  await exited;
}
