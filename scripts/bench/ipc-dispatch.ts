import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMainCore } from '../../electron/core';
import { fakeCipher } from '../../electron/connections/test-support/fakes';
import { row } from './rows';
import { timeRunsAsync } from './stats';
import type { BenchModule } from './types';

const SENDER = { webContentsId: 1, frameUrl: 'app://flagdesk/index.html', isMainFrame: true };

/**
 * What IPC adds to a call: sender check, input parse, output parse and the envelope. Measured as dispatch's time minus
 * the same backend call made directly, on a small payload (one segment).
 */
export const ipcDispatchBench: BenchModule = {
  name: 'ipc dispatch',
  async run(ctx) {
    const dir = await mkdtemp(join(tmpdir(), 'flagdesk-bench-ipc-'));
    const core = await createMainCore({ userDataDir: dir, cipher: fakeCipher(true) });
    try {
      core.senders.trust(SENDER.webContentsId);
      const backend = await core.connections.backend();
      const [first] = await backend.listSegments();
      if (!first) throw new Error('the demo has no segment to read');
      const runs = Math.max(ctx.runs, 2000);
      const direct = await timeRunsAsync(() => backend.getSegment({ id: first.id }), runs, 200);
      const viaIpc = await timeRunsAsync(() => core.dispatch('segments.get', { id: first.id }, SENDER), runs, 200);
      const us = (ms: number) => Math.round(ms * 1000 * 10) / 10;
      return [
        row(
          'IPC dispatch overhead, small payload',
          us(viaIpc.p50 - direct.p50),
          'µs',
          { max: 50, text: 'p50 < 50 µs' },
          { dispatchP50: us(viaIpc.p50), directP50: us(direct.p50), dispatchP95: us(viaIpc.p95), runs },
          'segments.get: dispatch p50 minus direct backend call p50',
        ),
      ];
    } finally {
      await core.close();
      await rm(dir, { recursive: true, force: true });
    }
  },
};
