import { describe, expect, it } from 'vitest';
import { chromiumEndpoint, useApp } from '../harness/use-app';

describe.skipIf(!chromiumEndpoint)('segments list', () => {
  const app = useApp();

  it('opens on Segments with the demo active and lists every seeded segment', async () => {
    const seeded = await (await app().core.connections.backend()).listSegments();
    expect(seeded.length).toBeGreaterThan(0);
    const table = app().page.getByRole('table', { name: 'Segments' });
    await table.waitFor();
    expect(await table.locator('tbody tr').count()).toBe(seeded.length);
    for (const segment of seeded) {
      const row = table.locator('tbody tr', { has: app().page.getByText(segment.name, { exact: true }) });
      expect(await row.count()).toBe(1);
      const cells = await row.locator('td').allTextContents();
      for (const constraint of segment.constraints.slice(0, 2)) expect(cells[2]).toContain(constraint.contextName);
    }
    expect(await app().page.getByText(`${seeded.length} segments on this instance`).isVisible()).toBe(true);
    await app().screenshot('segments');
    expect(app().problems).toEqual([]);
  });

  it('resetting the demo from Connections brings back the sample segments', async () => {
    const backend = await app().core.connections.backend();
    const seeded = (await backend.listSegments()).length;
    await backend.createSegment({ name: 'made-during-e2e', constraints: [] });
    const page = app().page;
    const nav = page.getByRole('navigation', { name: 'Sections' });
    await nav.getByRole('link', { name: 'Segments' }).click();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByText('made-during-e2e', { exact: true }).waitFor();

    await nav.getByRole('link', { name: 'Connections' }).click();
    const demoRow = page.getByRole('listitem', { name: 'Demo (active)' });
    await demoRow.getByRole('button', { name: 'Reset demo data' }).click();
    await app().page.getByRole('alertdialog', { name: 'Reset the demo to its sample data?' }).getByRole('button', { name: 'Reset the demo' }).click();
    await demoRow.getByText('The demo is back to its sample data.').waitFor();

    await nav.getByRole('link', { name: 'Segments' }).click();
    await page.getByText(`${seeded} segments on this instance`).waitFor();
    expect(await page.getByText('made-during-e2e', { exact: true }).count()).toBe(0);
    expect(app().problems).toEqual([]);
  });
});
