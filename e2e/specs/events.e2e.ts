import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShellPort } from '../../electron/shell/shell-port';
import { chromiumEndpoint, useApp } from '../harness/use-app';
import { startDemoServer, type RunningDemoServer as DemoServer } from '../../scripts/demo-server/spawn';

/** The save dialog, as the user answers it: a path in a temporary folder, or (held) until the test says. */
const saves: { dir: string; next: string | null; hold: Promise<void> | null; notes: string[] } = { dir: '', next: null, hold: null, notes: [] };
const shell: ShellPort = {
  chooseSaveFile: async () => {
    await saves.hold;
    return saves.next;
  },
  chooseOpenFile: async () => null,
  notify: (title, body) => saves.notes.push(`${title}: ${body}`),
};

describe.skipIf(!chromiumEndpoint)('event browser', () => {
  const app = useApp({ shell });
  let server: DemoServer | undefined;
  beforeAll(async () => {
    saves.dir = await mkdtemp(join(tmpdir(), 'flagdesk-e2e-export-'));
  });
  afterAll(async () => {
    await server?.stop();
    await rm(saves.dir, { recursive: true, force: true });
  });

  const page = () => app().page;
  const firstRow = () => page().getByRole('listbox', { name: /^Events, / }).getByRole('option').first();
  const openEvents = async (query = '') => {
    await page().goto(`${new URL(page().url()).origin}/#/events${query}`);
    await page().getByRole('heading', { level: 1, name: 'Events' }).waitFor();
    await page().getByText(/events? match/).first().waitFor();
  };

  // The auditor's flows, in the demo and against the demo-server as a remote (over HTTP, as a real instance).
  for (const target of ['demo', 'remote'] as const) {
    const shots = target === 'demo';
    describe(target === 'demo' ? 'in the demo' : 'against the demo-server as a remote', () => {
      let remote: { server: DemoServer; id: string } | undefined;
      beforeAll(async () => {
        if (target !== 'remote') return;
        const started = await startDemoServer('e2e-events-flows-token');
        const status = await app().core.connections.save({ name: 'Remote flows', baseUrl: started.url, token: started.token });
        const id = status.profiles.find((profile) => profile.name === 'Remote flows')?.id ?? '';
        await app().core.connections.activate({ id });
        remote = { server: started, id };
      });
      afterAll(async () => {
        if (!remote) return;
        await app().core.connections.activate({ id: 'demo' });
        await app().core.connections.remove({ id: remote.id });
        await remote.server.stop();
      });

    it('lists the history newest first, filters by type and text, and reads a change as a diff', async () => {
      const backend = await app().core.connections.backend();
      const segment = await backend.createSegment({ name: 'e2e-audit-segment', constraints: [{ contextName: 'userId', operator: 'IN', values: ['a', 'b'] }] });
      await backend.updateSegment({ id: segment.id, segment: { name: 'e2e-audit-segment', constraints: [{ contextName: 'userId', operator: 'IN', values: ['b', 'c', 'd'] }] } });
      await openEvents();
      // the screen may already show this server's log from before the two writes above (made around the app):
      // Refresh reads it again, as an admin would
      await page().getByRole('button', { name: 'Refresh', exact: true }).click();
      const total = (await backend.queryEvents({ limit: '1' })).total;
      await page().getByText(`${total.toLocaleString()} events match`).waitFor();
      if (shots) await app().screenshot('events', { variants: true });
      page().setDefaultTimeout(10_000);

      await openEvents('?type=segment-updated');
      const filtered = (await backend.queryEvents({ type: 'IS:segment-updated', limit: '1' })).total;
      await page().getByText(`${filtered.toLocaleString()} ${filtered === 1 ? 'event' : 'events'} match`).waitFor();
      await page().getByLabel('Search').fill('e2e-audit-segment');
      await page().getByText('1 event match').waitFor();
      expect(await page().evaluate('location.hash')).toContain('q=e2e-audit-segment');

      // every other kind of filter, each against the server's own count for it
      const sample = (await backend.queryEvents({ type: 'IS:feature-strategy-add', limit: '1' })).events[0];
      const day = sample?.createdAt.slice(0, 10) ?? '';
      const kinds: [string, Record<string, string>][] = [
        [`?project=${sample?.project}`, { project: `IS:${sample?.project}` }],
        [`?feature=${sample?.featureName}`, { feature: `IS:${sample?.featureName}` }],
        [`?environment=${sample?.environment}`, { environment: `IS:${sample?.environment}` }],
        [`?createdBy=${sample?.createdByUserId}`, { createdBy: `IS:${sample?.createdByUserId}` }],
        [`?from=${day}&to=${day}&type=feature-strategy-add`, { from: `IS:${day}`, to: `IS:${day}`, type: 'IS:feature-strategy-add' }],
      ];
      for (const [query, params] of kinds) {
        const count = (await backend.queryEvents({ ...params, limit: '1' })).total;
        expect(count).toBeGreaterThan(0);
        await openEvents(query);
        await page().getByText(`${count.toLocaleString()} ${count === 1 ? 'event' : 'events'} match`).waitFor();
      }
      // created by is picked by name (the server filters by user id)
    const writer = (await backend.listEventCreators()).find((creator) => creator.id === sample?.createdByUserId);
    await openEvents();
    const more = page().getByRole('button', { name: /^More filters/ });
    if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
    const picker = page().getByRole('combobox', { name: 'Created by' });
    await picker.fill(writer?.name ?? '');
    await page().getByRole('option', { name: new RegExp(`user id ${sample?.createdByUserId}$`) }).click();
    const byWriter = (await backend.queryEvents({ createdBy: `IS:${sample?.createdByUserId}`, limit: '1' })).total;
    await page().getByText(`${byWriter.toLocaleString()} ${byWriter === 1 ? 'event' : 'events'} match`).waitFor();
    expect(await page().evaluate('location.hash')).toContain(`createdBy=${sample?.createdByUserId}`);

    await openEvents('?type=segment-updated&q=e2e-audit-segment');

      await firstRow().click();
      const diff = page().getByRole('table', { name: 'Changes' });
      await diff.waitFor();
      const text = await diff.textContent();
      expect(text).toContain('+2 values / -1 value');
      expect(text).toContain('constraints › userId IN › values');
      if (shots) await app().screenshot('events-detail', { variants: true });
      expect(app().problems).toEqual([]);
    }, 90_000);

    it('shows the history of a segment and restores an old version as a normal, logged change', async () => {
      const backend = await app().core.connections.backend();
      const segment = (await backend.listSegments()).find((s) => s.name === 'e2e-audit-segment');
      await openEvents('?type=segment-updated&q=e2e-audit-segment');
      await firstRow().click();
      await page().getByRole('button', { name: 'History of this segment' }).click();
      const history = page().getByRole('region', { name: 'History of e2e-audit-segment' });
      await history.getByText(/\(2 events\)/).waitFor();
      if (shots) await app().screenshot('events-timeline');
      // the oldest version is the create: restore it
      await history.getByRole('button', { name: 'Restore this version' }).last().click();
      await page().getByRole('alertdialog').getByRole('button', { name: 'Restore' }).click();
      await page().getByRole('alertdialog').waitFor({ state: 'detached' });
      const restored = await backend.getSegment({ id: segment?.id ?? 0 });
      expect(restored.constraints[0]?.values).toEqual(['a', 'b']);
      const updates = await backend.queryEvents({ type: 'IS:segment-updated', query: 'e2e-audit-segment' });
      expect(updates.total).toBe(2);
      expect(app().problems).toEqual([]);
    }, 60_000);

    it('exports the whole filtered result to the file chosen in main’s dialog, and a cancelled export leaves no file', async () => {
      const exportDir = await mkdtemp(join(saves.dir, `${target}-`));
      const backend = await app().core.connections.backend();
      const filter = { type: 'IS:feature-environment-enabled' };
      const expected = (await backend.queryEvents({ ...filter, limit: '1' })).total;
      await openEvents('?type=feature-environment-enabled');
      saves.next = join(exportDir, 'enabled.csv');
      await page().getByRole('button', { name: 'Export…' }).click();
      const dialog = page().getByRole('dialog', { name: 'Export events' });
      await dialog.getByLabel('CSV (chosen columns)').check();
      if (shots) await app().screenshot('events-export');
      await dialog.getByRole('button', { name: 'Choose file and export' }).click();
      await dialog.waitFor({ state: 'detached' });
      const rows = (await readFile(saves.next, 'utf8')).trimEnd().split('\r\n');
      expect(rows[0]).toBe('id,createdAt,type,createdBy,project,featureName,environment,summary');
      expect(rows).toHaveLength(expected + 1);
      expect(rows.slice(1).every((row) => row.includes(',feature-environment-enabled,'))).toBe(true);

      let release: () => void = () => undefined;
      saves.hold = new Promise((resolve) => (release = resolve));
      saves.next = join(exportDir, 'cancelled.jsonl');
      await page().getByRole('button', { name: 'Export…' }).click();
      await dialog.getByRole('button', { name: 'Choose file and export' }).click();
      await dialog.getByRole('button', { name: 'Cancel export' }).click();
      release();
      await dialog.getByText('Export cancelled; no file was written.').waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
      saves.hold = null;
      expect(await readdir(exportDir)).toEqual(['enabled.csv']);
      expect(app().problems).toEqual([]);
    });

    it('follow mode shows new events without moving the list, and notifies for watched types', async () => {
      await openEvents();
      await page().getByRole('button', { name: 'Follow new events' }).click();
      await new Promise((resolve) => setTimeout(resolve, 500)); // the first poll sets the mark
      const backend = await app().core.connections.backend();
      await backend.setFrontendApiOrigins({ origins: ['https://e2e.example'] });
      await page().getByRole('button', { name: /1 new event/ }).waitFor({ timeout: 20_000 });
      expect(saves.notes.some((note) => note.includes('setting'))).toBe(true);
      if (shots) await app().screenshot('events-follow');
      await page().getByRole('button', { name: /1 new event/ }).click();
      await page().getByRole('button', { name: 'Following new events' }).click();
      expect(app().problems).toEqual([]);
    }, 60_000);
    });
  }

  it('against the demo-server as a remote: keeps a local copy, searches it, and keeps answering offline', async () => {
    server = await startDemoServer('e2e-events-token');
    const status = await app().core.connections.save({ name: 'Remote demo', baseUrl: server.url, token: server.token });
    const id = status.profiles.find((profile) => profile.kind === 'remote')?.id ?? '';
    await app().core.connections.activate({ id });
    await openEvents();
    await page().getByText(/from the server/).waitFor();
    // the unfiltered first page: from the server's plain newest list, labelled as its search labels
    await page().getByRole('listbox', { name: /^Events, / }).getByRole('option').first().waitFor();
    await app().screenshot('events-remote-first-page');
    await page().getByRole('button', { name: 'Keep a local copy' }).click();
    await page().getByText(/Local copy: [\d,]+ events, searched on this computer/).waitFor({ timeout: 20_000 });
    await openEvents('?type=segment-updated&q=beta');
    await page().getByText(/match, from the local copy/).waitFor();
    const localText = await page().getByText(/match, from the local copy/).textContent();
    await app().screenshot('events-local-copy', { variants: true });

    await server.stop();
    server = undefined;
    await page().getByRole('button', { name: 'Sync now' }).click();
    await page().getByText(/Server unreachable/).waitFor({ timeout: 20_000 });
    await openEvents('?type=segment-updated&q=beta');
    expect(await page().getByText(/match, from the local copy/).textContent()).toBe(localText);
    await app().screenshot('events-offline');
    // offline, the copy exports as well: each event's text as the copy keeps it, one a line
    saves.next = join(saves.dir, 'offline.jsonl');
    await page().getByRole('button', { name: 'Export…' }).click();
    const dialog = page().getByRole('dialog', { name: 'Export events' });
    await dialog.getByRole('button', { name: 'Choose file and export' }).click();
    await dialog.waitFor({ state: 'detached' });
    const exported = (await readFile(saves.next, 'utf8')).trimEnd().split('\n').map((line) => JSON.parse(line) as { type: string; data: unknown; preData: unknown; summary: string });
    expect(exported).toHaveLength(Number(/([\d,]+) events? match/.exec(localText ?? '')?.[1]?.replace(/,/g, '')));
    expect(exported.every((event) => event.type === 'segment-updated' && JSON.stringify([event.data, event.preData]).toLowerCase().includes('beta'))).toBe(true);
    expect(exported.every((event) => event.summary.includes('updated segment'))).toBe(true);
    await app().core.connections.activate({ id: 'demo' });
    await app().core.connections.remove({ id });
  }, 60_000);

  it('scrolling the history asks for each next page once, as the reader nears its end, not for the one after as a page lands', async () => {
    await openEvents();
    await firstRow().waitFor();
    // the page's own record: which list page was asked at which scroll step, and at which step it landed
    const pages = (await page().evaluate(`(async () => {
      const list = document.querySelector('[role=listbox]');
      const asked = [];
      let step = 0;
      const invoke = window.__flagdeskInvoke;
      window.__flagdeskInvoke = async (channel, input) => {
        const entry = { offset: Number(input && input.offset), asked: step, landed: -1 };
        if (channel === 'events.browse' && input && input.rows) asked.push(entry);
        const answer = await invoke(channel, input);
        entry.landed = step;
        return answer;
      };
      try {
        for (; step < 150; step++) {
          await new Promise((resolve) => requestAnimationFrame(resolve));
          list.scrollTop += 400;
        }
        await new Promise((resolve) => setTimeout(resolve, 300));
      } finally {
        window.__flagdeskInvoke = invoke;
      }
      return asked;
    })()`)) as { offset: number; asked: number; landed: number }[];
    expect(pages.length).toBeGreaterThanOrEqual(4);
    expect(pages.map((p) => p.offset)).toEqual(pages.map((_, k) => 50 + 200 * k));
    // each page is asked after the one before it has landed and the reader has scrolled on
    for (let k = 1; k < pages.length; k++) expect(pages[k]?.asked).toBeGreaterThan(pages[k - 1]?.landed ?? Infinity);
  });
});
