import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCRIPT = 'scripts/demo-server.ts';
const READY = /Flagdesk demo server ready: (http:\/\/127\.0\.0\.1:\d+) token=(\S+)/;

export interface DemoServer {
  url: string;
  token: string;
  stop(): Promise<void>;
}


/** `tsx scripts/demo-server.ts --port 0 --token T`, resolved once it prints its ready line. */
export function startDemoServer(token: string): Promise<DemoServer> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', SCRIPT, '--port', '0', '--token', token], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`demo server gave no ready line within 20 s:\n${output}`));
    }, 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = READY.exec(output);
      if (match?.[1] && match[2]) {
        clearTimeout(timer);
        resolve({ url: match[1], token: match[2], stop });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`demo server exited (${code}) before it was ready:\n${output}`));
    });
  });
}
