import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startApp, type AppHarness } from '../harness/app-harness';
import { connectChromium } from '../harness/chromium';

const endpoint = inject('chromiumEndpoint');

// A machine without an OS keychain (Linux 'basic_text'): tokens live for the session only, and the user is told.
describe.skipIf(!endpoint)('token storage without encryption', () => {
  let browser: Browser;
  let app: AppHarness;

  beforeAll(async () => {
    browser = await connectChromium(endpoint);
    app = await startApp(browser, { encryptionAvailable: false });
    await app.open();
    await app.page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Connections' }).click();
  });

  afterAll(async () => {
    await app?.close();
    await browser?.close();
  });

  it('warns that the token is kept in memory only, and says so on the saved profile', async () => {
    const warning = app.page.getByRole('alert').filter({ hasText: 'kept in memory only and will be asked for again next launch' });
    await warning.waitFor();

    await app.page.getByRole('button', { name: 'Add remote connection' }).click();
    const form = app.page.getByRole('form');
    expect(await form.getByText('It is kept in memory only, until Flagdesk quits.').isVisible()).toBe(true);
    await form.getByLabel('Name').fill('Production');
    await form.getByLabel('Base URL').fill('https://unleash.example.com');
    await form.getByLabel('API token').fill('secret-token');
    await form.getByRole('button', { name: 'Save connection' }).click();
    await form.waitFor({ state: 'detached' });

    const row = app.page.getByRole('listitem', { name: 'Production' });
    expect(await row.textContent()).toContain('Token in memory only');
    expect(await app.page.content()).not.toContain('secret-token');
    await app.screenshot('connections-no-encryption');
    expect(app.problems).toEqual([]);
  });
});
