import { afterAll, describe, expect, it } from 'vitest';
import { spawnDemoServer, type DemoServerProcess } from '../../scripts/demo-server/spawn';
import { startGatedProxy, type GatedProxy } from '../harness/gated-proxy';
import { chromiumEndpoint, useApp } from '../harness/use-app';

const TOKEN = '*:*.e2e-local-copy-token';
const EVENTS = 30_000;
const number = (text: string) => Number(text.replaceAll(',', ''));

describe.skipIf(!chromiumEndpoint)('local copy of a remote event log', () => {
  const app = useApp();
  let server: DemoServerProcess | undefined;
  let proxy: GatedProxy | undefined;
  afterAll(async () => {
    await proxy?.close();
    await server?.stop();
  });

  const page = () => app().page;
  const copy = () => page().getByRole('region', { name: 'Local copy of the event log' });
  const openEvents = async (query = '') => {
    await page().goto(`${new URL(page().url()).origin}/#/events${query}`);
    await page().getByRole('heading', { level: 1, name: 'Events' }).waitFor();
    await page().getByText(/events? match/).first().waitFor();
  };

  it('syncs from the demo-server in many pages, stops midway, resumes to the whole count, and searches it offline', async () => {
    server = spawnDemoServer(['--port', '0', '--token', TOKEN, '--events', String(EVENTS)]);
    const { url } = await server.ready;
    // the sync's date-window pages (a `from` and pages of 1,000; the histogram's counts ask for 1) pass a gate that
    // holds them on demand
    proxy = await startGatedProxy(
      url,
      (request) => request.pathname === '/api/admin/search/events' && request.searchParams.has('from') && request.searchParams.get('limit') === '1000',
    );
    const status = await app().core.connections.save({ name: 'Remote demo', baseUrl: proxy.url, token: TOKEN });
    const id = status.profiles.find((profile) => profile.kind === 'remote')?.id ?? '';
    await app().core.connections.activate({ id });
    const backend = await app().core.connections.backend();
    const total = (await backend.queryEvents({ limit: '1' })).total;
    expect(total).toBeGreaterThanOrEqual(EVENTS);
    const filter = { type: 'IS:segment-updated', query: 'beta' };
    const expected = (await backend.queryEvents({ ...filter, limit: '1' })).total;
    expect(expected).toBeGreaterThan(0);

    await openEvents();
    await page().getByText(`${total.toLocaleString('en-US')} events match, from the server`).waitFor();
    page().setDefaultTimeout(20_000);

    // start, and catch it midway: after 8 windows' pages the gate holds the next request
    proxy.hold(8);
    await copy().getByRole('button', { name: 'Keep a local copy' }).click();
    const syncing = copy().getByText(/Copying the event log: [1-9][\d,]* of [\d,]+…/);
    await syncing.waitFor();
    await app().screenshot('events-local-copy-syncing');
    const copying = /Copying the event log: ([\d,]+) of ([\d,]+)/.exec((await syncing.textContent()) ?? '');
    expect(number(copying?.[2] ?? '')).toBe(total);

    await copy().getByRole('button', { name: 'Stop sync' }).click();
    const paused = copy().getByText(/Local copy paused at [\d,]+ of [\d,]+ events/);
    await paused.waitFor();
    const [, held, of] = /paused at ([\d,]+) of ([\d,]+)/.exec((await paused.textContent()) ?? '') ?? [];
    expect(number(held ?? '')).toBeGreaterThan(0);
    expect(number(held ?? '')).toBeLessThan(total);
    expect(number(of ?? '')).toBe(total);
    // while the copy is partial, the server answers the list
    await openEvents();
    await page().getByText(`${total.toLocaleString('en-US')} events match, from the server`).waitFor();
    await copy().getByText(/Local copy paused at/).waitFor();
    await app().screenshot('events-local-copy-paused', { variants: true });

    proxy.release();
    const firstRun = proxy.seen.length;
    await copy().getByRole('button', { name: 'Resume sync' }).click();
    await copy().getByText(new RegExp(`Local copy: ${total.toLocaleString('en-US')} events, searched on this computer, as of `)).waitFor({ timeout: 60_000 });
    // it resumed rather than start over: no window of the second run begins as early as the first run's first one
    const fromOf = (url: URL) => url.searchParams.get('from') ?? '';
    const oldestFetched = fromOf(proxy.seen[0] as URL);
    const resumed = proxy.seen.slice(firstRun);
    expect(resumed.length).toBeGreaterThan(0);
    expect(resumed.every((url) => fromOf(url) > oldestFetched)).toBe(true);
    await openEvents('?type=segment-updated&q=beta');
    const answer = page().getByText(/match, from the local copy \(as of /);
    await answer.waitFor();
    expect(await answer.textContent()).toContain(`${expected.toLocaleString('en-US')} ${expected === 1 ? 'event' : 'events'} match`);
    await app().screenshot('events-local-copy-complete', { variants: true });

    // the server goes away: the copy still answers, says how fresh it is, and a sync attempt says the server is gone
    await proxy.close();
    proxy = undefined;
    await server.stop();
    server = undefined;
    await openEvents('?q=beta');
    const offline = page().getByText(/match, from the local copy \(as of /);
    await offline.waitFor();
    await copy().getByRole('button', { name: 'Sync now' }).click();
    await copy().getByRole('status').getByText(/^Server unreachable: .*connection refused\. The local copy still answers every search\.$/).waitFor();
    await openEvents('?type=segment-updated&q=beta');
    expect(await page().getByText(/match, from the local copy \(as of /).textContent()).toContain(`${expected.toLocaleString('en-US')} `);
    await app().screenshot('events-local-copy-offline', { variants: true });
    expect(app().problems).toEqual([]);

    await app().core.connections.activate({ id: 'demo' });
    await app().core.connections.remove({ id });
  }, 180_000);
});
