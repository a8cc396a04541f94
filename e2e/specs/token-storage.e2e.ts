import { beforeAll, describe, expect, it } from 'vitest';
import { chromiumEndpoint, useApp } from '../harness/use-app';

// A machine without an OS keychain (Linux 'basic_text'): tokens live for the session only, and the user is told.
describe.skipIf(!chromiumEndpoint)('token storage without encryption', () => {
  const app = useApp({ encryptionAvailable: false });

  beforeAll(async () => {
    await app().page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Connections' }).click();
  });

  it('warns that the token is kept in memory only, and says so on the saved profile', async () => {
    const warning = app().page.getByRole('alert').filter({ hasText: 'kept in memory only and will be asked for again next launch' });
    await warning.waitFor();

    await app().page.getByRole('button', { name: 'Add remote connection' }).click();
    const form = app().page.getByRole('form');
    await form.getByText('It is kept in memory only, until Flagdesk quits.').waitFor();
    await form.getByLabel('Name').fill('Production');
    await form.getByLabel('Base URL').fill('https://unleash.example.com');
    await form.getByLabel('API token').fill('secret-token');
    await form.getByRole('button', { name: 'Save connection' }).click();
    await form.waitFor({ state: 'detached' });

    const row = app().page.getByRole('listitem', { name: 'Production' });
    expect(await row.textContent()).toContain('Token in memory only');
    expect(await app().page.content()).not.toContain('secret-token');
    await app().screenshot('connections-no-encryption');
    expect(app().problems).toEqual([]);
  });
});
