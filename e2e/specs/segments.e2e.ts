import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startApp, type AppHarness } from '../harness/app-harness';
import { connectChromium } from '../harness/chromium';

const endpoint = inject('chromiumEndpoint');

describe.skipIf(!endpoint)('segments list', () => {
  let browser: Browser;
  let app: AppHarness;

  beforeAll(async () => {
    browser = await connectChromium(endpoint);
    app = await startApp(browser);
    await app.open();
  });

  afterAll(async () => {
    await app?.close();
    await browser?.close();
  });

  it('opens on Segments with the demo active and lists every seeded segment', async () => {
    const seeded = await (await app.core.connections.backend()).listSegments();
    expect(seeded.length).toBeGreaterThan(0);
    const table = app.page.getByRole('table', { name: 'Segments' });
    await table.waitFor();
    expect(await table.locator('tbody tr').count()).toBe(seeded.length);
    for (const segment of seeded) {
      const row = table.locator('tbody tr', { has: app.page.getByText(segment.name, { exact: true }) });
      expect(await row.count()).toBe(1);
      const cells = await row.locator('td').allTextContents();
      for (const constraint of segment.constraints.slice(0, 2)) expect(cells[2]).toContain(constraint.contextName);
    }
    expect(await app.page.getByText(`${seeded.length} segments on this instance`).isVisible()).toBe(true);
    await app.screenshot('segments');
    expect(app.problems).toEqual([]);
  });
});
