import { describe, expect, it } from 'vitest';
import { chromiumEndpoint, useApp } from '../harness/use-app';

describe.skipIf(!chromiumEndpoint)('app shell', () => {
  const app = useApp();

  it('loads under the strict CSP with no console errors', async () => {
    const csp = await app().page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'none'");
    expect(await app().page.locator('script:not([src])').count()).toBe(0);
    expect(await app().page.locator('style').count()).toBe(0);
    await expect.poll(() => app().page.getByRole('table', { name: 'Segments' }).count()).toBe(1);
    expect(app().problems).toEqual([]);
  });

  it('shows the demo as the active instance in the header, with its version', async () => {
    const header = app().page.locator('.topbar');
    await expect.poll(() => header.getByTestId('active-instance-name').textContent()).toBe('Demo');
    await expect.poll(() => header.getByTestId('active-instance-version').textContent()).toMatch(/^v\d+\.\d+/);
  });

  it('reaches every section from the keyboard-operable navigation, each a built screen with its own address', async () => {
    const nav = app().page.getByRole('navigation', { name: 'Sections' });
    for (const [label, file] of [
      ['Events', 'events'],
      ['Strategy types', 'strategy-types'],
      ['Archive check', 'archive'],
      ['CORS', 'cors'],
      ['Playground', 'playground'],
    ] as const) {
      await nav.getByRole('link', { name: label }).focus();
      await app().page.keyboard.press('Enter');
      await app().page.getByRole('heading', { level: 1, name: label }).waitFor();
      expect(await nav.getByRole('link', { name: label }).getAttribute('aria-current')).toBe('page');
      expect(await app().page.getByText('Coming in a later release').count()).toBe(0);
      expect(await app().page.evaluate('location.hash')).toMatch(new RegExp(`^#/${file}`));
    }
    expect(app().problems).toEqual([]);
  });

  it('goes back and forward with Alt+arrows and reopens on the last screen', async () => {
    const page = app().page;
    const nav = page.getByRole('navigation', { name: 'Sections' });
    await nav.getByRole('link', { name: 'Segments' }).click();
    await page.getByRole('heading', { level: 1, name: 'Segments' }).waitFor();
    await nav.getByRole('link', { name: 'CORS' }).click();
    await page.getByRole('heading', { level: 1, name: 'CORS' }).waitFor();
    await page.keyboard.press('Alt+ArrowLeft');
    await page.getByRole('heading', { level: 1, name: 'Segments' }).waitFor();
    await page.keyboard.press('Alt+ArrowRight');
    await page.getByRole('heading', { level: 1, name: 'CORS' }).waitFor();
    // Reopening the app (same storage, no hash) lands on the last screen.
    await page.goto(page.url().split('#')[0] ?? page.url());
    await page.getByRole('heading', { level: 1, name: 'CORS' }).waitFor();
    expect(await page.evaluate('location.hash')).toBe('#/cors');
    expect(app().problems).toEqual([]);
  });

  it('gives the page only the contract bridge, frozen, refusing unknown channels', async () => {
    const answer = await app().page.evaluate(`(async () => ({
      keys: Object.keys(window.flagdesk).sort(),
      frozen: Object.isFrozen(window.flagdesk),
      unknown: await window.flagdesk.invoke('fs.readFile', { path: '/etc/passwd' }),
      require: typeof window.require,
    }))()`);
    expect(answer).toEqual({
      keys: ['invoke', 'on'],
      frozen: true,
      unknown: { ok: false, error: expect.objectContaining({ status: 404, name: 'UnknownChannelError' }) },
      require: 'undefined',
    });
  });

  it('follows the OS dark theme', async () => {
    const background = () => app().page.evaluate('getComputedStyle(document.body).backgroundColor');
    await app().page.emulateMedia({ colorScheme: 'light' });
    const light = await background();
    await app().page.emulateMedia({ colorScheme: 'dark' });
    expect(await background()).not.toBe(light);
    await app().page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Segments' }).click();
    await app().page.getByRole('table', { name: 'Segments' }).waitFor();
    await app().screenshot('segments-dark');
    await app().page.emulateMedia({ colorScheme: 'light' });
  });
});
