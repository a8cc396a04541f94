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
  it('a value longer than its column breaks inside the column instead of running into the next', async () => {
    const backend = await app().core.connections.backend();
    const long = `tenant-${'x'.repeat(160)}`;
    await backend.createSegment({ name: 'one-long-value', constraints: [{ contextName: 'tenantId', operator: 'IN', values: [long, 'short'] }] });
    const page = app().page;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Segments' }).click();
    await page.getByRole('button', { name: 'Refresh' }).click();
    const row = page.getByRole('table', { name: 'Segments' }).locator('tbody tr', { has: page.getByText('one-long-value', { exact: true }) });
    await row.waitFor();
    for (const width of [1280, 820]) {
      await page.setViewportSize({ width, height: 720 });
      const cell = await row.locator('td').nth(2).boundingBox();
      const value = await row.getByText(`"${long}"`).boundingBox();
      expect(cell && value && value.x + value.width <= cell.x + cell.width + 0.5).toBe(true);
      // the short value stays whole on one line
      const short = await row.getByText('"short"').boundingBox();
      expect(short && short.height < 30).toBe(true);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await row.scrollIntoViewIfNeeded();
    await app().screenshot('segments-long-value', { variants: true });
    expect(app().problems).toEqual([]);
  });

  it('a long list keeps only the rows near the view in the page, scrolls through all of them, and Home/End reach both ends by keyboard', async () => {
    const backend = await app().core.connections.backend();
    const seeded = (await backend.listSegments()).length;
    const total = 160;
    for (let i = seeded; i < total; i += 1) {
      await backend.createSegment({
        name: `long-list-${String(i).padStart(3, '0')}`,
        description: 'One of many',
        constraints: [{ contextName: 'userId', operator: 'IN', values: [`user-${i}-a`, `user-${i}-b`, `user-${i}-c`, `user-${i}-d`] }],
      });
    }
    const page = app().page;
    // a step that waits too long fails as itself, inside the test's 30 s (a CI once saw only the test's timeout)
    page.setDefaultTimeout(10_000);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Segments' }).click();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByText(`${total} segments on this instance`).waitFor();
    const table = page.getByRole('table', { name: 'Segments' });
    // the table says how many rows it has, while only those near the view are in the page
    expect(await table.getAttribute('aria-rowcount')).toBe(String(total + 1));
    const rendered = await table.locator('tbody tr[aria-rowindex]').count();
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(40);
    const row = (index: number) => table.locator(`tbody tr[aria-rowindex="${index}"]`);
    const focusedRow = () => page.evaluate<string | null>("document.activeElement?.closest('tr')?.getAttribute('aria-rowindex') ?? null");

    // keyboard: the first link, one down, then End to the last row (not in the page until scrolled to) and Home back
    await row(2).locator('a').focus();
    await page.keyboard.press('ArrowDown');
    expect(await focusedRow()).toBe('3');
    await page.keyboard.press('End');
    await expect.poll(focusedRow).toBe(String(total + 1));
    const lastLink = row(total + 1).locator('a');
    const box = await lastLink.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && box.y >= 0 && box.y + box.height <= viewport.height).toBe(true);
    expect(await table.locator('tbody tr[aria-rowindex]').count()).toBeLessThan(40);
    await app().screenshot('segments-long-list-end', { variants: true });
    await page.keyboard.press('Home');
    await expect.poll(focusedRow).toBe('2');

    // one row's values opened, another's link focused: scrolling both far out of view keeps the focus where it was,
    // and the opened values when the row comes back
    const withMore = table.locator('tbody tr[aria-rowindex]').filter({ has: page.getByRole('button', { name: /more$/ }) });
    const opened = Number(await withMore.nth(1).getAttribute('aria-rowindex'));
    expect(opened).toBeGreaterThan(2);
    await row(opened).getByRole('button', { name: /more$/ }).click();
    await row(opened - 1).locator('a').focus();
    // scrolling the screen to its end by hand brings the last rows in, their names as the server gave them
    await page.locator('main').evaluate((main) => main.scrollTo({ top: main.scrollHeight }));
    await row(total + 1).waitFor();
    const names = (await backend.listSegments()).map((segment) => segment.name);
    expect(names).toContain((await row(total + 1).locator('a').textContent()) ?? '');
    expect(await row(opened).count()).toBe(0);
    expect(await focusedRow()).toBe(String(opened - 1));
    await page.keyboard.press('ArrowDown');
    await expect.poll(focusedRow).toBe(String(opened));
    expect(await row(opened).getByRole('button', { name: 'show fewer' }).count()).toBe(1);
    expect(app().problems).toEqual([]);
  });

});
