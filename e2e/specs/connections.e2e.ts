import type { Browser, Locator } from 'playwright-core';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startApp, type AppHarness } from '../harness/app-harness';
import { connectChromium } from '../harness/chromium';
import { startDemoServer, type RunningDemoServer as DemoServer } from '../../scripts/demo-server/spawn';

const endpoint = inject('chromiumEndpoint');
const TOKEN = 'e2e-admin-token';

describe.skipIf(!endpoint)('connections', () => {
  let browser: Browser;
  let app: AppHarness;
  let server: DemoServer;

  beforeAll(async () => {
    // The demo server (a separate tsx process) starts while we connect.
    [browser, server] = await Promise.all([
      connectChromium(endpoint),
      startDemoServer(TOKEN),
    ]);
    app = await startApp(browser);
    await app.open();
    await app.page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Connections' }).click();
    await app.page.getByRole('heading', { level: 1, name: 'Connections' }).waitFor();
  });

  afterAll(async () => {
    await app?.close();
    await browser?.close();
    await server?.stop();
  });

  const form = () => app.page.getByRole('form');
  const fill = async (scope: Locator, values: { name?: string; baseUrl?: string; token?: string }) => {
    if (values.name !== undefined) await scope.getByLabel('Name').fill(values.name);
    if (values.baseUrl !== undefined) await scope.getByLabel('Base URL').fill(values.baseUrl);
    if (values.token !== undefined) await scope.getByLabel('API token').fill(values.token);
  };

  it('lists the demo as the active connection', async () => {
    const list = app.page.getByRole('list', { name: 'All connections' });
    expect(await list.getByRole('listitem').count()).toBe(1);
    expect(await list.getByRole('listitem', { name: 'Demo (active)' }).count()).toBe(1);
    await app.screenshot('connections');
    expect(app.problems).toEqual([]);
  });

  it('refuses an invalid URL next to the field and saves nothing', async () => {
    await app.page.getByRole('button', { name: 'Add remote connection' }).click();
    await fill(form(), { name: 'Broken', baseUrl: 'unleash.example.com', token: 'x' });
    await form().getByRole('button', { name: 'Save connection' }).click();
    const field = form().getByLabel('Base URL');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await form().getByText(/not a valid URL/).isVisible()).toBe(true);
    await app.screenshot('connections-invalid-url');
    expect((await app.core.connections.status()).profiles).toHaveLength(1);
    await form().getByRole('button', { name: 'Cancel' }).click();
  });

  it('shows the 401 sentence for a wrong token', async () => {
    await app.page.getByRole('button', { name: 'Add remote connection' }).click();
    await fill(form(), { name: 'Wrong token', baseUrl: server.url, token: 'not-the-token' });
    await form().getByRole('button', { name: 'Test connection' }).click();
    const report = form().getByTestId('test-report');
    await report.waitFor();
    expect(await report.getAttribute('class')).toContain('test-report-fail');
    expect(await report.textContent()).toMatch(/401|token|authori[sz]/i);
    await app.screenshot('connections-wrong-token');
    await form().getByRole('button', { name: 'Cancel' }).click();
  });

  it('adds a remote profile, tests it, activates it, and Segments come from it', async () => {
    await app.page.getByRole('button', { name: 'Add remote connection' }).click();
    await fill(form(), { name: 'Staging', baseUrl: server.url, token: TOKEN });
    await form().getByRole('button', { name: 'Test connection' }).click();
    await form().getByTestId('report-version').waitFor();
    expect(await form().getByTestId('report-version').textContent()).toBe('6.10.1');
    await app.screenshot('connections-test-ok');
    await form().getByRole('button', { name: 'Save connection' }).click();
    await form().waitFor({ state: 'detached' });

    const row = app.page.getByRole('listitem', { name: 'Staging' });
    expect(await row.textContent()).toContain('Token stored encrypted');
    await row.getByRole('button', { name: 'Activate' }).click();
    await app.page.getByRole('listitem', { name: 'Staging (active)' }).waitFor();
    await expect.poll(() => app.page.locator('.topbar').getByTestId('active-instance-name').textContent()).toBe('Staging');
    await expect.poll(() => app.page.locator('.topbar').getByTestId('active-instance-version').textContent()).toBe('v6.10.1');
    await app.screenshot('connections-remote-active');

    // Make the remote instance distinguishable from the in-process demo: it gets a segment the demo lacks.
    const remote = await app.core.connections.backend();
    await remote.createSegment({ name: 'only-on-staging', description: 'made over HTTP', constraints: [] });
    await app.page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Segments' }).click();
    const table = app.page.getByRole('table', { name: 'Segments' });
    await table.getByText('only-on-staging', { exact: true }).waitFor();
    expect(await table.locator('tbody tr').count()).toBe((await remote.listSegments()).length);
    await app.screenshot('segments-remote');
    expect(app.problems).toEqual([]);
  });

  it('follows a switch made by the main process (connections.changed push)', async () => {
    await app.core.connections.activate({ id: 'demo' });
    const header = app.page.locator('.topbar');
    await expect.poll(() => header.getByTestId('active-instance-name').textContent()).toBe('Demo');
    expect(app.problems).toEqual([]);
  });

  it('warns at once, with a Retry, when an activated profile points at a closed port', async () => {
    // A loopback port that was free a moment ago: connecting to it is refused.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 9));
      });
    });
    await app.page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Connections' }).click();
    await app.page.getByRole('button', { name: 'Add remote connection' }).click({ timeout: 5000 });
    await fill(form(), { name: 'Closed port', baseUrl: `http://127.0.0.1:${port}`, token: TOKEN });
    await form().getByRole('button', { name: 'Save connection' }).click();
    await form().waitFor({ state: 'detached', timeout: 5000 });

    const started = Date.now();
    await app.page.getByRole('listitem', { name: 'Closed port' }).getByRole('button', { name: 'Activate' }).click();
    const row = app.page.getByRole('listitem', { name: 'Closed port (active)' });
    const warning = row.getByRole('alert');
    await warning.getByText('Closed port cannot be reached').waitFor({ timeout: 3000 });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await warning.getByRole('button', { name: 'Retry' }).isVisible()).toBe(true);
    // The header says so too, rather than "version …" until the screens' own retries give up.
    expect(await app.page.getByTestId('active-instance-version').textContent()).toBe('unreachable');
    await app.screenshot('connections-unreachable');
    await warning.getByRole('button', { name: 'Retry' }).click();
    await warning.getByRole('button', { name: 'Retry' }).waitFor();
    await app.core.connections.activate({ id: 'demo' });
    await app.page.getByRole('listitem', { name: 'Demo (active)' }).waitFor();
  });
});
