import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type RunningDemoServer as DemoServer } from '../../scripts/demo-server/spawn';
import { chromiumEndpoint, useApp } from '../harness/use-app';

describe.skipIf(!chromiumEndpoint)('CORS origins', { timeout: 90_000 }, () => {
  const app = useApp();
  let server: DemoServer | undefined;
  beforeAll(async () => {
    server = await startDemoServer('e2e-cors-token');
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function openCors(): Promise<void> {
    const page = app().page;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: /CORS/ }).click();
    await page.getByRole('list', { name: 'Allowed origins', exact: true }).waitFor();
  }

  it('marks invalid origins per line with fixes, flags duplicates, and saves the fixed list (demo)', async () => {
    const page = app().page;
    await openCors();
    await page.getByRole('button', { name: 'Paste lines' }).click();
    await page
      .getByRole('textbox', { name: /One origin per line/ })
      .fill('https://App.example.com/\nhttps://shop.example.com:443\nhttps://*.example.com\nhttps://shop.example.com');
    await page.getByRole('button', { name: 'Add these lines' }).click();
    const list = page.getByRole('list', { name: 'Allowed origins', exact: true });
    await list.getByRole('listitem', { name: 'Origin 2' }).getByText('no path, query or trailing slash').waitFor();
    expect(await list.getByRole('listitem', { name: 'Origin 3' }).textContent()).toContain('default port');
    expect(await list.getByRole('listitem', { name: 'Origin 4' }).textContent()).toContain('Wildcards are not supported');
    expect(await page.getByRole('button', { name: 'Save origins' }).isDisabled()).toBe(true);
    // the seeded '*' is still there: every origin allowed, said plainly
    await page.getByText('Every origin is allowed').waitFor();
    await app().screenshot('cors-invalid', { variants: true });

    await page.getByRole('button', { name: 'Remove origin 1' }).click(); // the '*'
    await page.getByRole('button', { name: 'Change to https://app.example.com (origin 1)' }).click();
    await page.getByRole('button', { name: 'Change to https://shop.example.com (origin 2)' }).click();
    await page.getByRole('button', { name: 'Remove origin 3' }).click(); // the wildcard
    await list.getByRole('listitem', { name: 'Origin 3' }).getByText('Same as origin 2').waitFor();
    await app().screenshot('cors-duplicate');
    await page.getByRole('button', { name: 'Remove origin 3' }).click();
    await page.getByRole('button', { name: 'Save origins' }).click();
    await page.getByText('The demo applies it at once.').waitFor();
    const stored = await (await app().core.connections.backend()).getUiConfig();
    expect(stored.frontendApiOrigins).toEqual(['https://app.example.com', 'https://shop.example.com']);

    // the setting's history (the event browser's timeline) shows the change, newest first
    const history = page.getByRole('region', { name: 'History of Front-end API origins (CORS)' });
    const newest = history.getByRole('listitem').first();
    await newest.locator('summary').getByText(/setting-(created|updated)/).waitFor();
    await newest.locator('summary').click();
    await newest.getByText('https://shop.example.com').first().waitFor();
    await app().screenshot('cors-saved', { variants: true });
    expect(app().problems).toEqual([]);
  });

  it('the preflight tester reports an allowed and a refused origin (demo)', async () => {
    const page = app().page;
    const origin = page.getByRole('textbox', { name: 'Origin', exact: true });
    await origin.fill('https://app.example.com');
    await page.getByRole('button', { name: 'Send preflight' }).click();
    const result = page.getByRole('status', { name: 'Preflight result' });
    await result.getByText(/^Allowed ·/).waitFor();
    expect(await result.textContent()).toContain('access-control-allow-origin: https://app.example.com');
    await origin.fill('https://evil.example');
    await page.getByRole('button', { name: 'Send preflight' }).click();
    await result.getByText(/^Refused ·/).waitFor();
    expect(await result.textContent()).toContain('https://evil.example is not in the allowed origins');
    await app().screenshot('cors-preflight-refused');
    expect(app().problems).toEqual([]);
  });

  it('against the demo server as a remote (level "confirm"): an empty list is confirmed by a click, and the preflight then allows anyone', async () => {
    const page = app().page;
    const core = app().core;
    const status = await core.connections.save({ name: 'Demo server', baseUrl: server!.url, token: server!.token });
    const remote = status.profiles.find((p) => p.kind === 'remote')!;
    await core.connections.activate({ id: remote.id });
    await page.reload();
    await openCors();
    await page.getByRole('button', { name: 'Remove origin 1' }).click();
    await page.getByText('An empty list allows every origin').first().waitFor();
    await page.getByRole('button', { name: 'Save origins' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Allow every origin?' });
    const confirm = dialog.getByRole('button', { name: 'Save and allow every origin' });
    await dialog.getByText('Any web site will be able to call', { exact: false }).waitFor();
    expect(await dialog.getByRole('textbox').count()).toBe(0);
    await app().screenshot('cors-confirm-empty');
    await confirm.click();
    await page.getByText('The server applies it within about 2 minutes', { exact: false }).waitFor();

    await page.getByRole('textbox', { name: 'Origin', exact: true }).fill('https://anyone.example');
    await page.getByRole('button', { name: 'Send preflight' }).click();
    const result = page.getByRole('status', { name: 'Preflight result' });
    await result.getByText(/^Allowed ·/).waitFor();
    expect(await result.textContent()).toContain(`${server!.url}/api/frontend`);
    expect(await result.textContent()).toContain('access-control-allow-origin: *');
    await app().screenshot('cors-remote-preflight');

    // the history restores an older list after a click (level "confirm"), saying first what the list becomes; the
    // server then holds exactly that, and the rows show it
    const history = page.getByRole('region', { name: 'History of Front-end API origins (CORS)' });
    await history.getByRole('listitem').nth(1).getByRole('button', { name: 'Restore this version' }).click();
    const restore = page.getByRole('alertdialog', { name: 'Restore Front-end API origins (CORS)?' });
    const announced = /The list becomes: (.*)\./.exec((await restore.getByText(/^The list becomes:/).textContent()) ?? '')?.[1] ?? '';
    const restored = announced === '(empty)' ? [] : announced.split(', ');
    expect(restored).not.toEqual([]);
    await app().screenshot('cors-remote-restore');
    await restore.getByRole('button', { name: 'Restore' }).click();
    await expect.poll(async () => (await (await core.connections.backend()).getUiConfig()).frontendApiOrigins).toEqual(restored);
    const rows = page.getByRole('list', { name: 'Allowed origins', exact: true });
    await rows.getByRole('listitem', { name: 'Origin 1' }).waitFor();
    expect(await rows.getByRole('listitem').count()).toBe(restored.length);
    expect(app().problems).toEqual([]);
  });
});
