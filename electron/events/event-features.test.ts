import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { ConnectionStatus, EventQueryPage, FlagEvent } from '../../shared/schemas';
import type { AdminBackend } from '../backend/admin-backend';
import { createDemoBackend } from '../backend/demo';
import { createEventFeatures } from './event-features';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flagdesk-event-features-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

it('an export reads every page from the instance active when it started, not from one switched to meanwhile', async () => {
  const first = createDemoBackend({ historyEvents: 3000 });
  // the same history as another instance would answer it: each event by another author
  const other = {
    withSignal: () => other,
    queryEvents: async (params: Parameters<AdminBackend['queryEvents']>[0]) => {
      const page = await first.queryEvents(params);
      return { ...page, events: page.events.map((event): FlagEvent => ({ ...event, createdBy: 'someone-on-the-other-instance' })) };
    },
  } as unknown as AdminBackend;
  let active: AdminBackend = first;
  const status = { activeProfileId: 'demo', profiles: [{ id: 'demo', kind: 'demo' }] } as unknown as ConnectionStatus;
  const target = join(dir, 'events.jsonl');
  const progress: number[] = [];
  const features = createEventFeatures({
    connections: { status: async () => status, backend: async () => active, onChange: () => () => undefined },
    shell: { chooseSaveFile: async () => target, chooseOpenFile: async () => null, notify: () => undefined },
    userDataDir: dir,
    push: {
      // the switch lands once the first page is written
      exportProgress: ({ written }) => {
        progress.push(written);
        active = other;
      },
      indexChanged: () => undefined,
      arrived: () => undefined,
    },
  });
  try {
    const result = await features.startExport({ filter: {}, format: 'jsonl' });
    const { total } = await first.queryEvents({ limit: '1' });
    expect(result).toMatchObject({ status: 'done', written: total });
    expect(progress.length).toBeGreaterThan(1);
    const authors = new Set((await readFile(target, 'utf8')).trimEnd().split('\n').map((line) => (JSON.parse(line) as FlagEvent).createdBy));
    expect(authors.has('someone-on-the-other-instance')).toBe(false);
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
