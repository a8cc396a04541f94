import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ShellPort } from '../../electron/shell/shell-port';
import { startDemoServer, type RunningDemoServer as DemoServer } from '../../scripts/demo-server/spawn';
import { chromiumEndpoint, useApp } from '../harness/use-app';

const TOKEN = 'e2e-playground-token';

/** The open dialog, as the user answers it: the prepared CSV's path (main reads it; the page never sees it). */
const dialog: { next: string | null; dir: string } = { next: null, dir: '' };
const shell: ShellPort = {
  chooseSaveFile: async () => null,
  chooseOpenFile: async () => dialog.next,
  notify: () => undefined,
};

describe.skipIf(!chromiumEndpoint)('playground', () => {
  const app = useApp({ shell });
  let server: DemoServer | undefined;

  afterAll(async () => {
    await server?.stop();
    if (dialog.dir) await rm(dialog.dir, { recursive: true, force: true });
  });

  const open = async () => {
    const page = app().page;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Playground' }).click();
    await page.getByRole('table', { name: 'Flags evaluated in development' }).waitFor();
    return page;
  };

  it("evaluates the project's flags for a context and explains one", async () => {
    const page = await open();
    const backend = await app().core.connections.backend();
    const flags = await backend.listProjectFeatures({ projectId: 'default' });
    const table = page.getByRole('table', { name: 'Flags evaluated in development' });
    // Every flag of the project gets a row (two when explained).
    expect(await table.locator('tbody tr').count()).toBe(flags.length);
    await table.getByRole('button', { name: 'Explain' }).first().click();
    await page.getByLabel(/^Why /).waitFor();
    await app().screenshot('playground-explained', { variants: true });
    expect(app().problems).toEqual([]);
  });

  it('tests many contexts from CSV against a segment', async () => {
    const page = app().page;
    const segments = await (await app().core.connections.backend()).listSegments();
    const panel = page.getByRole('region', { name: 'Many contexts' });
    const rows = ['userId,tier,country', ...Array.from({ length: 50 }, (_, i) => `user-${i},${i % 3 === 0 ? 'gold' : 'free'},${i % 2 ? 'NO' : 'SE'}`)];
    await panel.getByRole('textbox').fill(rows.join('\n'));
    await panel.getByRole('combobox', { name: 'Test against' }).selectOption(`segment:${segments[0]!.id}`);
    await panel.getByRole('button', { name: 'Test 50 contexts' }).click();
    const status = panel.getByRole('status', { name: 'Batch result' });
    await status.waitFor();
    const text = (await status.textContent()) ?? '';
    const [matched, unmatched] = [...text.matchAll(/(\d+)/g)].map((m) => Number(m[1]));
    expect((matched ?? 0) + (unmatched ?? 0)).toBe(50);
    await app().screenshot('playground-csv');
  });

  it('opens a CSV of contexts through the file dialog and counts the matches', async () => {
    const page = app().page;
    const segments = await (await app().core.connections.backend()).listSegments();
    dialog.dir = await mkdtemp(join(tmpdir(), 'flagdesk-e2e-contexts-'));
    dialog.next = join(dialog.dir, 'customers.csv');
    const rows = ['userId,tier', ...Array.from({ length: 120 }, (_, i) => `customer-${i},${i % 4 === 0 ? 'gold' : 'free'}`)];
    await writeFile(dialog.next, rows.join('\n'));
    const panel = page.getByRole('region', { name: 'Many contexts' });
    await panel.getByRole('button', { name: 'Open CSV…' }).click();
    await expect.poll(() => panel.getByLabel('Opened file').textContent()).toBe('customers.csv');
    await panel.getByRole('combobox', { name: 'Test against' }).selectOption(`segment:${segments[0]!.id}`);
    await panel.getByRole('button', { name: 'Test 120 contexts' }).click();
    const status = panel.getByRole('status', { name: 'Batch result' });
    await status.waitFor();
    const [matched, unmatched] = [...((await status.textContent()) ?? '').matchAll(/(\d+)/g)].map((m) => Number(m[1]));
    expect((matched ?? 0) + (unmatched ?? 0)).toBe(120);

    // A cancelled dialog leaves the opened contexts as they were.
    dialog.next = null;
    await panel.getByRole('button', { name: 'Open CSV…' }).click();
    await panel.getByRole('button', { name: 'Test 120 contexts' }).waitFor();
    await app().screenshot('playground-csv-opened');
    expect(app().problems).toEqual([]);
  });

  it('evaluates several projects in several environments, grouped per environment, kept in the URL', async () => {
    const page = await open();
    const backend = await app().core.connections.backend();
    const [defaults, checkout] = await Promise.all([backend.listProjectFeatures({ projectId: 'default' }), backend.listProjectFeatures({ projectId: 'checkout' })]);
    await page.getByRole('group', { name: 'Projects' }).getByRole('checkbox', { name: 'Checkout & Payments' }).click();
    await page.getByRole('group', { name: 'Environments' }).getByRole('checkbox', { name: 'production' }).click();
    const production = page.getByRole('table', { name: 'Flags evaluated in production' });
    await production.waitFor();
    const development = page.getByRole('table', { name: 'Flags evaluated in development' });
    await expect.poll(() => development.locator('tbody tr').count()).toBe(defaults.length + checkout.length);
    expect(await production.locator('tbody tr').count()).toBe(defaults.length + checkout.length);
    expect(await production.getByRole('cell', { name: 'Checkout & Payments' }).count()).toBe(checkout.length);
    const hash = String(await page.evaluate('window.location.hash'));
    const query = new URLSearchParams(hash.slice(hash.indexOf('?') + 1));
    expect(query.getAll('project').sort()).toEqual(['checkout', 'default']);
    expect(query.getAll('environment')).toEqual(['development', 'production']);

    // The URL alone brings the same choice back.
    await page.reload();
    await page.getByRole('table', { name: 'Flags evaluated in production' }).waitFor();
    expect(await page.getByRole('group', { name: 'Projects' }).getByRole('checkbox', { name: 'Checkout & Payments' }).isChecked()).toBe(true);
    await app().screenshot('playground-several', { variants: true });
    expect(app().problems).toEqual([]);
  });

  it('compares with the playground of the demo-server as a remote', async () => {
    server = await startDemoServer(TOKEN);
    const { core } = app();
    const saved = await core.connections.save({ name: 'Demo server', baseUrl: server.url, token: TOKEN });
    const profile = saved.profiles.find((p) => p.name === 'Demo server')!;
    await core.connections.activate({ id: profile.id });
    const page = app().page;
    await page.reload();
    await open();
    await page.getByRole('group', { name: 'Environments' }).getByRole('checkbox', { name: 'production' }).click();
    await page.getByRole('table', { name: 'Flags evaluated in production' }).waitFor();
    await page.getByRole('button', { name: 'Compare with the server' }).click();
    const verdict = page.getByRole('status').filter({ hasText: /^The server agrees on \d+ flags?, differs on \d+ flags?, \d+ flags? unknown/ });
    await verdict.first().waitFor();
    // One comparison per environment.
    expect(await verdict.count()).toBe(2);
    // A flag a custom strategy decides is unknown on both sides, counted apart, never as agreement.
    const development = page.getByRole('region', { name: 'Environment development' });
    const summary = (await development.getByRole('status').textContent()) ?? '';
    const unknown = Number(/(\d+) flags? unknown/.exec(summary)?.[1]);
    expect(unknown).toBeGreaterThan(0);
    expect(await development.locator('tbody tr', { hasText: 'not compared: unknown is no agreement' }).count()).toBe(unknown);
    expect(await development.locator('tbody tr', { hasText: 'a custom strategy' }).count()).toBeGreaterThan(0);
    await app().screenshot('playground-compare', { variants: true });
    expect(app().problems).toEqual([]);
  }, 90_000);
});
