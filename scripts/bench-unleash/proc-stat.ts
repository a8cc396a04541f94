import { readFileSync } from 'node:fs';

/**
 * The fields of /proc/<pid>/stat after the command (which is in parentheses and may hold spaces): [0] state,
 * [1] ppid, [11] utime, [12] stime, [13] cutime, [14] cstime (proc(5), fields 3 onwards). Undefined for a process
 * gone, or not ours to read.
 */
export function procStat(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}
