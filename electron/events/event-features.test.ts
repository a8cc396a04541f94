import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { ConnectionStatus, EventQueryPage, FlagEvent } from '../../shared/schemas';
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

it('a switch to another instance stops a running export and says so; nothing of either instance reaches the file', async () => {
  const first = createDemoBackend({ historyEvents: 3000 });
  // the instance switched to: the same history, each event by another author
  const other = {
    withSignal: () => other,
    queryEvents: async (params: Parameters<AdminBackend['queryEvents']>[0]) => {
      const page = await first.queryEvents(params);
      return { ...page, events: page.events.map((event): FlagEvent => ({ ...event, createdBy: 'someone-on-the-other-instance' })) };
    },
  } as unknown as AdminBackend;
  let active: AdminBackend = first;
  const statusOf = (id: string) => ({ activeProfileId: id, profiles: [{ id: 'demo', kind: 'demo' }, { id: 'other', kind: 'demo' }] }) as unknown as ConnectionStatus;
  let status = statusOf('demo');
  const listeners = new Set<(status: ConnectionStatus) => void>();
  const target = join(dir, 'events.jsonl');
  await writeFile(target, 'an earlier export\n');
  const progress: number[] = [];
  const features = createEventFeatures({
    connections: {
      status: async () => status,
      backend: async () => active,
      onChange: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    shell: { chooseSaveFile: async () => target, chooseOpenFile: async () => null, notify: () => undefined },
    userDataDir: dir,
    push: {
      // the switch lands once the first page is written, as the connection manager makes it
      exportProgress: ({ written }) => {
        progress.push(written);
        if (active === other) return;
        active = other;
        status = statusOf('other');
        for (const listener of listeners) listener(status);
      },
      indexChanged: () => undefined,
      arrived: () => undefined,
    },
  });
  try {
    await new Promise((resolve) => setTimeout(resolve, 10)); // the features read the first status
    await expect(features.startExport({ filter: {}, format: 'jsonl' })).rejects.toThrow(EXPORT_SWITCHED);
    expect(progress.length).toBeGreaterThan(0);
    expect(await readFile(target, 'utf8')).toBe('an earlier export\n');
    expect((await readdir(dir)).filter((name) => name.endsWith('.part'))).toEqual([]);
  } finally {
    await features.close();
  }
});

it("the list's first page of another filter stops the chart left behind; its next pages, a refresh and an opened event do not", async () => {
  // each count the chart asks waits on the server until it is aborted
  const counts: AbortSignal[] = [];
  const backend = {
    withSignal: (signal: AbortSignal) => ({
      queryEvents: () =>
        new Promise<EventQueryPage>((_resolve, reject) => {
          counts.push(signal);
          signal.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    }),
    queryEvents: async (): Promise<EventQueryPage> => ({ events: [], total: 0 }),
  } as unknown as AdminBackend;
  const status = { activeProfileId: 'demo', profiles: [{ id: 'demo', kind: 'demo' }] } as unknown as ConnectionStatus;
  const features = createEventFeatures({
    connections: { status: async () => status, backend: async () => backend, onChange: () => () => undefined },
    shell: { chooseSaveFile: async () => null, chooseOpenFile: async () => null, notify: () => undefined },
    userDataDir: dir,
    push: { exportProgress: () => undefined, indexChanged: () => undefined, arrived: () => undefined },
  });
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
