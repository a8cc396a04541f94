import { describe, expect, it } from 'vitest';
import { chromiumEndpoint, useApp } from '../harness/use-app';

describe.skipIf(!chromiumEndpoint)('a screen never takes the window down', () => {
  const app = useApp();

  it('a CSV row with one cell more than the header is a row error; the navigation and the typed CSV stay', async () => {
    const page = app().page;
    const nav = page.getByRole('navigation', { name: 'Sections' });
    await nav.getByRole('link', { name: 'Playground' }).click();
    const panel = page.getByRole('region', { name: 'Many contexts' });
    const csv = panel.getByRole('textbox', { name: /Contexts/ });
    await csv.fill('userId\nu1,');

    const problems = panel.getByRole('list', { name: 'Rows with problems' });
    await problems.waitFor();
    expect(await problems.textContent()).toBe('row 2: 2 cells, but the header has 1 column; the row is left out');
    expect(await nav.isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 1, name: 'Playground' }).isVisible()).toBe(true);
    expect(await page.getByText('a fault in Flagdesk').count()).toBe(0);
    await problems.scrollIntoViewIfNeeded();
    await app().screenshot('screen-errors-csv-row', { variants: true });

    // What was typed is still there after a visit to another screen.
    await nav.getByRole('link', { name: 'Segments' }).click();
    await page.getByRole('heading', { level: 1, name: 'Segments' }).waitFor();
    await nav.getByRole('link', { name: 'Playground' }).click();
    expect(await page.getByRole('region', { name: 'Many contexts' }).getByRole('textbox', { name: /Contexts/ }).inputValue()).toBe('userId\nu1,');
    expect(app().problems).toEqual([]);
  });
});
