import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { processTree } from './memory';
import { cpuByPid, spent } from './sync-breakdown';

describe('CPU of a process tree between two readings', () => {
  it('counts a process alive at both readings by its growth, and one started meanwhile whole', () => {
    const before = new Map([[10, 5]]);
    const after = new Map([[10, 7], [11, 1.5]]);
    expect(spent(before, after)).toBeCloseTo(3.5);
  });

  it("counts a process that ended meanwhile by its share in between, its whole life having moved to its parent's children's time", () => {
    // child 11 had spent 4 s at the first reading and 6 s when it ended; its parent's reading then grew by those 6 s
    const before = new Map([[10, 1], [11, 4]]);
    const after = new Map([[10, 1 + 6]]);
    expect(spent(before, after)).toBeCloseTo(2);
  });

  it('sees the CPU of a child that ended and was reaped between the readings (PostgreSQL backends, Chromium renderers)', async () => {
    // a shell that waits for a busy child, then stays (as sleep, with its pid and its children's time) for the reading after
    const shell = spawn('sh', ['-c', `"${process.execPath}" -e "let x = 0; for (let i = 0; i < 1e8; i++) x += i" ; echo done; exec sleep 30`], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    try {
      const pid = shell.pid as number;
      const before = cpuByPid(processTree(pid));
      await new Promise<void>((resolve) => shell.stdout.once('data', () => resolve()));
      const after = cpuByPid(processTree(pid));
      expect(after.size).toBe(1); // the child is gone: only the shell is left to read
      expect(spent(before, after)).toBeGreaterThan(0.05);
    } finally {
      shell.kill();
    }
  });
});
