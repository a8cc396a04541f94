import { describe, expect, it } from 'vitest';
import { chromiumEndpoint, useApp } from '../harness/use-app';

describe.skipIf(!chromiumEndpoint)('event browser: activity chart and filter bar', () => {
  const app = useApp();
  const page = () => app().page;
  const list = () => page().getByRole('listbox', { name: /^Events, / });
  const matchCount = async (): Promise<number> => {
    const text = (await page().getByText(/events? match/).first().textContent()) ?? '';
    return Number(/^([\d,]+)/.exec(text)?.[1]?.replace(/,/g, '') ?? NaN);
  };

  it('dragging across the activity chart narrows the date range in the URL and the list', async () => {
    page().setDefaultTimeout(10_000);
    await page().goto(`${new URL(page().url()).origin}/#/events`);
    await list().getByRole('option').first().waitFor();
    const chart = page().getByRole('img', { name: /^Events per (day|\d+ days): [\d,]+ events from / });
    const label = (await chart.getAttribute('aria-label')) ?? '';
    const [, first, last] = /from (\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})/.exec(label) ?? [];
    const before = await matchCount();
    await chart.locator('canvas').waitFor();
    await app().screenshot('events-browser', { variants: true });
    const plot = chart.locator('.u-over');
    await plot.waitFor();
    const box = await plot.boundingBox();
    if (!box || !first || !last) throw new Error(`no chart to drag across (${label})`);

    await page().mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
    await page().mouse.down();
    await page().mouse.move(box.x + box.width * 0.5, box.y + box.height / 2, { steps: 5 });
    await page().mouse.move(box.x + box.width * 0.7, box.y + box.height / 2, { steps: 5 });
    await page().mouse.up();

    await page().waitForFunction('/[?&]from=.*&to=|[?&]to=.*&from=/.test(location.hash)');
    const params = new URLSearchParams(((await page().evaluate('location.hash')) as string).split('?')[1]);
    const from = params.get('from') ?? '';
    const to = params.get('to') ?? '';
    // a middle stretch of the history: inside what the chart showed, and neither of its ends
    expect(from > first && to < last && from <= to).toBe(true);
    await expect.poll(() => page().getByLabel('From', { exact: true }).inputValue()).toBe(from);
    await page().getByText(/events? match/).first().waitFor();
    await expect.poll(matchCount).toBeLessThan(before);
    await page().getByRole('button', { name: `Remove filter From ${from}` }).waitFor();

    // a click without a drag picks the one bar under the pointer
    const narrowed = page().getByRole('img', { name: new RegExp(`^Events per (day|\\d+ days): [\\d,]+ events? from ${from} to ${to}`) });
    const narrowBox = await narrowed.locator('.u-over').boundingBox();
    if (!narrowBox) throw new Error('no narrowed chart');
    await page().mouse.click(narrowBox.x + narrowBox.width * 0.5, narrowBox.y + narrowBox.height / 2);
    await page().waitForFunction(`!location.hash.includes('from=${from}&') || !location.hash.includes('to=${to}')`);
    const picked = new URLSearchParams(((await page().evaluate('location.hash')) as string).split('?')[1]);
    expect((picked.get('from') ?? '') >= from && (picked.get('to') ?? '') <= to && (picked.get('from') ?? '') <= (picked.get('to') ?? '')).toBe(true);
    expect(app().problems).toEqual([]);
  }, 60_000);

  it('keeps the filter bar to one row at 1280x800, the rest under "More filters", every filter a chip and in the URL', async () => {
    await page().goto(`${new URL(page().url()).origin}/#/events?type=segment-updated`);
    await list().getByRole('option').first().waitFor();
    const listBox = await list().boundingBox();
    // the list, not the filters, takes most of the window
    expect(listBox?.height ?? 0).toBeGreaterThan(800 * 0.5);
    expect(await page().getByLabel('Flag', { exact: true }).isVisible()).toBe(false);

    const more = page().getByRole('button', { name: /^More filters/ });
    await more.focus();
    await page().keyboard.press('Enter');
    await page().getByLabel('Flag', { exact: true }).fill('checkout-v2');
    await page().waitForFunction("location.hash.includes('feature=checkout-v2')");
    await page().getByRole('button', { name: 'Remove filter Flag checkout-v2' }).waitFor();
    await app().screenshot('events-more-filters', { variants: true });

    await page().keyboard.press('Shift+Tab'); // from Flag back to "More filters"
    await page().keyboard.press('Enter');
    await expect.poll(() => more.getAttribute('aria-expanded')).toBe('false');
    await page().getByRole('button', { name: 'Remove filter Flag checkout-v2' }).click();
    await page().waitForFunction("!location.hash.includes('feature=')");
    expect(await page().evaluate('location.hash')).toContain('type=segment-updated');
    expect(app().problems).toEqual([]);
  }, 60_000);
});
