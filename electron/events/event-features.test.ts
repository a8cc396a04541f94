import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ApiError } from '../../shared/errors';
import type { ConnectionStatus, EventQueryPage, EventQueryParams } from '../../shared/schemas';
import type { AdminBackend } from '../backend/admin-backend';
import { createDemoBackend } from '../backend/demo';
import { createEventFeatures, EXPORT_SWITCHED } from './event-features';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flagdesk-event-features-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The event features over one backend and a fixed connection status, with no shell or pushes to speak of. */
function featuresOn(backend: AdminBackend, status: ConnectionStatus) {
  return createEventFeatures({
    connections: { status: async () => status, backend: async () => backend, onChange: () => () => undefined },
    shell: { chooseSaveFile: async () => null, chooseOpenFile: async () => null, notify: () => undefined },
    userDataDir: dir,
    push: { exportProgress: () => undefined, indexChanged: () => undefined, arrived: () => undefined },
  });
}

/**
 * A backend whose counts wait on the server until they are aborted (each one's signal is in `counts`); `rest` gives
 * its other calls, bound to a signal or not.
 */
function hangingCounts(rest: { bound?: Record<string, unknown>; queryEvents?: AdminBackend['queryEvents'] } = {}) {
  const counts: AbortSignal[] = [];
  const backend = {
    withSignal: (signal: AbortSignal) => ({
      queryEvents: () =>
        new Promise<EventQueryPage>((_resolve, reject) => {
          counts.push(signal);
          signal.addEventListener('abort', () => reject(new Error('aborted')));
        }),
      ...rest.bound,
    }),
    queryEvents: rest.queryEvents ?? (async (): Promise<EventQueryPage> => ({ events: [], total: 0 })),
  } as unknown as AdminBackend;
  return { backend, counts };
}

it('a switch to another instance stops a running export and says why; the chosen file is left as it was', async () => {
  const first = createDemoBackend({ historyEvents: 3000 });
  // the switch closes the export's backend first: its requests then end as cancelled
  let closed = false;
  const pinned = {
    withSignal: () => pinned,
    queryEvents: async (params: Parameters<AdminBackend['queryEvents']>[0]) => {
      if (closed) throw new ApiError(0, 'AbortError', 'The request to the first instance was cancelled.');
      return first.queryEvents(params);
    },
    // the JSON formats read the answer's bytes
    queryEventsBytes: async (params: Parameters<AdminBackend['queryEventsBytes']>[0]) => {
      if (closed) throw new ApiError(0, 'AbortError', 'The request to the first instance was cancelled.');
      return first.queryEventsBytes(params);
    },
  } as unknown as AdminBackend;
  const other = createDemoBackend({ historyEvents: 10 });
  let active: AdminBackend = pinned;
  const statusOf = (id: string) => ({ activeProfileId: id, profiles: [{ id: 'demo', kind: 'demo' }, { id: 'other', kind: 'demo' }] }) as unknown as ConnectionStatus;
  let status = statusOf('demo');
  const listeners = new Set<(status: ConnectionStatus) => void>();
  // as the connection manager does it: the old backend closed, the profiles file written, then the listeners told;
  // its calls wait for a switch under way
  let switching: Promise<void> = Promise.resolve();
  const switchToOther = async () => {
    closed = true;
    active = other;
    await new Promise((resolve) => setTimeout(resolve, 20));
    status = statusOf('other');
    for (const listener of listeners) listener(status);
  };
  const target = join(dir, 'events.jsonl');
  await writeFile(target, 'an earlier export\n');
  const progress: number[] = [];
  const features = createEventFeatures({
    connections: {
      status: async () => {
        await switching;
        return status;
      },
      backend: async () => {
        await switching;
        return active;
      },
      onChange: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    shell: { chooseSaveFile: async () => target, chooseOpenFile: async () => null, notify: () => undefined },
    userDataDir: dir,
    push: {
      // the switch starts once the first page is written
      exportProgress: ({ written }) => {
        progress.push(written);
        if (progress.length === 1) switching = switchToOther();
      },
      indexChanged: () => undefined,
      arrived: () => undefined,
    },
  });
  try {
    await new Promise((resolve) => setTimeout(resolve, 10)); // the features read the first status
    expect(await features.startExport({ filter: {}, format: 'jsonl' })).toEqual({ status: 'stopped', reason: EXPORT_SWITCHED });
    expect(progress.length).toBeGreaterThan(0);
    expect(await readFile(target, 'utf8')).toBe('an earlier export\n');
    expect((await readdir(dir)).filter((name) => name.endsWith('.part'))).toEqual([]);
  } finally {
    await features.close();
  }
});

it("the list's pages of another filter stop the chart left behind; the same filter's pages and an opened event do not", async () => {
  // each count the chart asks waits on the server until it is aborted
  const { backend, counts } = hangingCounts();
  const status = { activeProfileId: 'demo', profiles: [{ id: 'demo', kind: 'demo' }] } as unknown as ConnectionStatus;
  const features = featuresOn(backend, status);
  try {
    const chart = features.histogram({ filter: { type: 'IS:feature-created' } });
    chart.catch(() => undefined);
    for (let i = 0; i < 10 && counts.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    const [counting] = counts;
    expect(counting?.aborted).toBe(false);

    await features.browse({ type: 'IS:feature-created', offset: '50', limit: '200', rows: true });
    await features.browse({ id: 'IS:7', limit: '1' });
    await features.browse({ type: 'IS:feature-created', offset: '0', limit: '50', rows: true });
    expect(counting?.aborted).toBe(false);

    await features.browse({ type: 'IS:feature-created', query: 'rollout', offset: '0', limit: '50', rows: true });
    expect(counting?.aborted).toBe(true);
    await expect(chart).rejects.toThrow();
  } finally {
    await features.close();
  }
});

it('a chart asks which instance is active once: its counts do not wait behind the connection manager meanwhile', async () => {
  const backend = createDemoBackend({ historyEvents: 500 });
  const status = { activeProfileId: 'demo', profiles: [{ id: 'demo', kind: 'demo' }] } as unknown as ConnectionStatus;
  // once the chart has its backend, the manager is busy (a connection test, a profile saved): its calls then wait
  let charting = false;
  let busy = false;
  let release: () => void = () => undefined;
  const freed = new Promise<void>((resolve) => (release = resolve));
  const waitIfBusy = async () => {
    if (busy) await freed;
  };
  const features = createEventFeatures({
    connections: {
      status: async () => {
        await waitIfBusy();
        return status;
      },
      backend: async () => {
        await waitIfBusy();
        if (charting) busy = true;
        return backend;
      },
      onChange: () => () => undefined,
    },
    shell: { chooseSaveFile: async () => null, chooseOpenFile: async () => null, notify: () => undefined },
    userDataDir: dir,
    push: { exportProgress: () => undefined, indexChanged: () => undefined, arrived: () => undefined },
  });
  try {
    await new Promise((resolve) => setTimeout(resolve, 10)); // the features read the first status
    charting = true;
    const chart = features.histogram({ filter: {} });
    const done = await Promise.race([chart.then((result) => result), new Promise((resolve) => setTimeout(() => resolve('waiting'), 2000))]);
    expect(done).not.toBe('waiting');
    expect((done as { buckets: unknown[] }).buckets.length).toBeGreaterThan(0);
  } finally {
    release();
    await features.close();
  }
});

it("a sync started stops the chart's count on the server; the chart then waits and is counted from the copy", async () => {
  const demo = createDemoBackend({ historyEvents: 300 });
  let releaseSync: () => void = () => undefined;
  const syncHeld = new Promise<void>((resolve) => (releaseSync = resolve));
  // a count that reaches the server waits there until it is aborted; the sync's pages wait until released
  const { backend, counts } = hangingCounts({
    bound: {
      queryEventsBytes: async (params: Parameters<AdminBackend['queryEventsBytes']>[0]) => {
        await syncHeld;
        return demo.queryEventsBytes(params);
      },
    },
    queryEvents: (params) => demo.queryEvents(params),
  });
  const status = { activeProfileId: 'r', profiles: [{ id: 'r', kind: 'remote', baseUrl: 'http://127.0.0.1:9' }] } as unknown as ConnectionStatus;
  const features = featuresOn(backend, status);
  try {
    const chart = features.histogram({ filter: {} });
    for (let i = 0; i < 20 && counts.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(counts).toHaveLength(1);
    expect(counts[0]?.aborted).toBe(false);

    expect((await features.indexSync()).state).toBe('syncing');
    expect(counts[0]?.aborted).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(counts).toHaveLength(1); // nothing more asked of the server while the sync runs

    releaseSync();
    const counted = await chart;
    expect((await features.indexStatus()).state).toBe('complete');
    expect(counted.buckets.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(300);
    expect(counts).toHaveLength(1);
  } finally {
    releaseSync();
    await features.close();
  }
});

it("a chart right after the list's first page starts from the list's total; another filter's chart counts its own", async () => {
  const demo = createDemoBackend({ historyEvents: 800 });
  const counts: EventQueryParams[] = [];
  const recorded = {
    queryEvents: (params: EventQueryParams) => {
      if (params.from === undefined && (params.offset ?? '0') === '0') counts.push(params);
      return demo.queryEvents(params);
    },
  };
  const backend = { ...recorded, withSignal: () => recorded } as unknown as AdminBackend;
  const status = { activeProfileId: 'demo', profiles: [{ id: 'demo', kind: 'demo' }] } as unknown as ConnectionStatus;
  const features = featuresOn(backend, status);
  try {
    const page = await features.browse({ type: 'IS:feature-created', offset: '0', limit: '50', rows: true });
    expect(counts).toHaveLength(1);
    const chart = await features.histogram({ filter: { type: 'IS:feature-created' } });
    expect(chart.buckets.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(page.total);
    expect(counts).toHaveLength(1);

    await features.histogram({ filter: { type: 'IS:segment-updated' } });
    expect(counts).toHaveLength(2);
  } finally {
    await features.close();
  }
});

it("after a switch, a chart does not start from the other instance's list total", async () => {
  const backends: Record<string, AdminBackend> = { a: createDemoBackend({ historyEvents: 200 }), b: createDemoBackend({ historyEvents: 2000 }) };
  const statusOf = (id: string) => ({ activeProfileId: id, profiles: [{ id: 'a', kind: 'demo' }, { id: 'b', kind: 'demo' }] }) as unknown as ConnectionStatus;
  let status = statusOf('a');
  const listeners = new Set<(status: ConnectionStatus) => void>();
  const features = createEventFeatures({
    connections: {
      status: async () => status,
      backend: async () => backends[status.activeProfileId] as AdminBackend,
      onChange: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    shell: { chooseSaveFile: async () => null, chooseOpenFile: async () => null, notify: () => undefined },
    userDataDir: dir,
    push: { exportProgress: () => undefined, indexChanged: () => undefined, arrived: () => undefined },
  });
  try {
    await new Promise((resolve) => setTimeout(resolve, 10)); // the features read the first status
    await features.browse({ offset: '0', limit: '50', rows: true });
    status = statusOf('b');
    for (const listener of listeners) listener(status);
    const chart = await features.histogram({ filter: {} });
    expect(chart.buckets.reduce((sum, bucket) => sum + bucket.count, 0)).toBe((await backends.b?.queryEvents({ limit: '1' }))?.total);
  } finally {
    await features.close();
  }
});
