import { createRemoteBackend } from '../../electron/backend/remote/remote-backend';
import { majorVersion } from '../../shared/schemas';
import { startDemoServer } from '../../scripts/demo-server/spawn';
import { REAL, skipMessage } from './support/env';
import type { Pair } from './compare/pair';
import { promoteScenarios } from './compare/scenarios';

/**
 * Compare and promote between two demo servers over HTTP (the remote backend, as the window uses it),
 * and with `npm run test:live` from real 6.10.1 to real 8.2.0 and from 5.12.8 to 7.6.5.
 */
async function open(url: string, token: string) {
  const backend = createRemoteBackend({ baseUrl: url, token });
  return { backend, major: majorVersion((await backend.getUiConfig()).version) };
}

/** Both sides opened as remotes; closing them closes both backends, then whatever `after` stops. */
async function pairOf(l: { url: string; token: string }, r: { url: string; token: string }, after = async () => {}): Promise<Pair> {
  const [left, right] = await Promise.all([open(l.url, l.token), open(r.url, r.token)]);
  return {
    left: left.backend,
    right: right.backend,
    leftMajor: left.major,
    rightMajor: right.major,
    close: async () => {
      await Promise.all([left.backend.close(), right.backend.close()]);
      await after();
    },
  };
}

async function demoPair(): Promise<Pair> {
  const [l, r] = await Promise.all([startDemoServer('compare-left-token'), startDemoServer('compare-right-token')]);
  return pairOf(l, r, async () => void (await Promise.all([l.stop(), r.stop()])));
}

function livePair(from: 5 | 6, to: 7 | 8): { open: () => Promise<Pair>; skip?: string } {
  const l = REAL[from];
  const r = REAL[to];
  if (!l || !r) return { open: () => Promise.reject(new Error('not set')), skip: skipMessage(l ? to : from, `promote ${from}.x -> ${to}.x`) };
  return {
    open: () => pairOf(l, r),
  };
}

promoteScenarios('compare and promote: demo-server -> demo-server', demoPair);
const sixToEight = livePair(6, 8);
promoteScenarios(`compare and promote: real ${REAL[6]?.version ?? '6.x'} -> real ${REAL[8]?.version ?? '8.x'}`, sixToEight.open, sixToEight.skip);
const fiveToSeven = livePair(5, 7);
promoteScenarios(`compare and promote: real ${REAL[5]?.version ?? '5.x'} -> real ${REAL[7]?.version ?? '7.x'}`, fiveToSeven.open, fiveToSeven.skip);
