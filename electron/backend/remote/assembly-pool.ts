/**
 * The buffers answers are put together in (http-client.ts), kept for the next answer rather than made fresh for each.
 * A sync reads a few answers at once, so a few buffers of up to 4 MB wait here between its pages; once no answer
 * has taken or given one for IDLE_MS, they go to the collector, so a finished sync does not hold them for the rest
 * of the session.
 */
const IDLE_MS = 30_000;

const pooled: Buffer[] = [];
let idle: NodeJS.Timeout | undefined;

/** A pooled buffer, or a new one of `size` bytes. */
export function takeAssembly(size: number): Buffer {
  touch();
  return pooled.pop() ?? Buffer.allocUnsafeSlow(size);
}

/** Gives a buffer back for the next answer. */
export function giveAssembly(buffer: Buffer): void {
  pooled.push(buffer);
  touch();
}

/** Bytes waiting in the pool (tests). */
export function pooledAssemblyBytes(): number {
  return pooled.reduce((sum, buffer) => sum + buffer.length, 0);
}

function touch(): void {
  if (idle) {
    idle.refresh();
    return;
  }
  idle = setTimeout(() => {
    pooled.length = 0;
    idle = undefined;
  }, IDLE_MS);
  // the pool never keeps the process alive
  idle.unref();
}
