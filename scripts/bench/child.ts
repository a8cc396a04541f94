import { spawn } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Runs a script of scripts/bench in a Node process of its own (the runner the bench uses: tsx) and reads its report,
 * the last line it prints (JSON). A memory row measured in the bench process would count what earlier modules left.
 */
export async function runChild<T>(script: string, args: string[]): Promise<T> {
  const child = spawn(process.execPath, ['--import', 'tsx', `scripts/bench/${script}`, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  const line = stdout.trim().split('\n').at(-1);
  if (code !== 0 || !line) throw new Error(`${script} exited (${code}):\n${stdout}${stderr}`);
  return JSON.parse(line) as T;
}

/** A process's memory in MB, as the bench's children report it. */
export interface MemorySplit {
  rssMB: number;
  heapTotalMB: number;
  heapUsedMB: number;
  externalMB: number;
  arrayBuffersMB: number;
}

/** process.memoryUsage() in MB, rounded: the split every memory row reports beside its RSS. */
export function memorySplit(): MemorySplit {
  const mem = process.memoryUsage();
  const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));
  return { rssMB: mem.rss / (1024 * 1024), heapTotalMB: mb(mem.heapTotal), heapUsedMB: mb(mem.heapUsed), externalMB: mb(mem.external), arrayBuffersMB: mb(mem.arrayBuffers) };
}

/**
 * memorySplit() once the RSS has stopped falling after a forced collection. V8 hands the pages a full collection
 * freed back to the OS on a background thread, so an RSS read right after gc() counts some of them: at a million
 * events in the local index, 354 MB read at once, 302 MB 10 ms later and still 303 MB 3 s later (smaps agreeing),
 * which is most of the row's 305-407 MB spread from run to run. Waits 10 ms at a time, at most half a second.
 */
export async function settledMemorySplit(): Promise<MemorySplit> {
  let previous = process.memoryUsage.rss();
  for (let waited = 0; waited < 500; waited += 10) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    const rss = process.memoryUsage.rss();
    if (previous - rss < 1024 * 1024) break;
    previous = rss;
  }
  return memorySplit();
}

/** A report's split without its RSS: the extra fields of the row whose value is that RSS. */
export function splitFields({ heapTotalMB, heapUsedMB, externalMB, arrayBuffersMB }: MemorySplit) {
  return { heapTotalMB, heapUsedMB, externalMB, arrayBuffersMB };
}

/** How long the thread was held at a time (event-loop delay, 10 ms resolution), ms: how long an answer to the app could wait. */
export interface ThreadHolds {
  p99: number;
  max: number;
}

/** Starts watching the event loop's delay; the function returned stops and gives the holds seen meanwhile. */
export function watchThreadHolds(): () => ThreadHolds {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  return () => {
    delay.disable();
    return { p99: delay.percentile(99) / 1e6, max: delay.max / 1e6 };
  };
}
