import { readFileSync, readdirSync } from 'node:fs';
import { procStat } from './proc-stat';

export interface Memory {
  rssMiB: number;
  pssMiB: number;
  processes: number;
}

/** RSS and PSS of one process from /proc/PID/smaps_rollup (PSS splits shared pages among their sharers). */
function rollup(pid: number): { rss: number; pss: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0);
    return { rss: kb('Rss'), pss: kb('Pss') };
  } catch {
    return undefined; // gone, or not ours to read
  }
}

function parentOf(pid: number): number | undefined {
  const fields = procStat(pid);
  return fields === undefined ? undefined : Number(fields[1]);
}

/** `root` and every process below it. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    const parent = parentOf(pid);
    if (parent !== undefined) children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  const all: number[] = [];
  const walk = (pid: number) => {
    all.push(pid);
    for (const child of children.get(pid) ?? []) walk(child);
  };
  walk(root);
  return all;
}

/**
 * The sum over processes. RSS counts a shared page in every process mapping it (PostgreSQL's shared buffers once per
 * backend); PSS counts it once in all, split among the sharers, so the PSS sum is what the group really holds.
 */
export function memoryOf(pids: number[]): Memory {
  let rss = 0;
  let pss = 0;
  let processes = 0;
  for (const pid of pids) {
    const one = rollup(pid);
    if (!one) continue;
    rss += one.rss;
    pss += one.pss;
    processes += 1;
  }
  return { rssMiB: rss / 1024, pssMiB: pss / 1024, processes };
}

/** Chromium's renderer processes under its browser process (each page's web content runs in one). */
export function rendererPids(browserPid: number): number[] {
  return processTree(browserPid).filter((pid) => {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      return cmdline.includes('--type=renderer') && !cmdline.includes('--extension-process');
    } catch {
      return false;
    }
  });
}

function cpuTicks(pid: number): number {
  const fields = procStat(pid);
  return fields === undefined ? 0 : Number(fields[11]) + Number(fields[12]); // utime + stime
}

/**
 * The renderer process that runs a page: Chromium does not say which it is, so the page spins for a moment and the
 * renderer whose CPU time grew by most is its one (the other pages are idle then).
 */
export async function rendererOf(browserPid: number, spin: () => Promise<unknown>): Promise<number | undefined> {
  const before = new Map(rendererPids(browserPid).map((pid) => [pid, cpuTicks(pid)]));
  await spin();
  let best: { pid: number; grew: number } | undefined;
  for (const [pid, ticks] of before) {
    const grew = cpuTicks(pid) - ticks;
    if (!best || grew > best.grew) best = { pid, grew };
  }
  return best && best.grew > 0 ? best.pid : undefined;
}
