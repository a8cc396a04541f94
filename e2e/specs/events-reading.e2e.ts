import { describe, expect, it } from 'vitest';
import type { FixturedBackend } from '../../electron/backend/instance-fixtures';
import { chromiumEndpoint, useApp } from '../harness/use-app';

/**
 * Reading the history as an admin does, in the demo: the type filter gets out of the way, the history of an entity
 * comes into view, times move on, every summary names its thing, and the text search says what it covers. The
 * harness counts every console error and CSP violation (an inline style, an eval) as a problem: none on Events,
 * Strategy types or CORS.
 */
describe.skipIf(!chromiumEndpoint)('reading the event history', { timeout: 90_000 }, () => {
  const app = useApp();
  const page = () => app().page;
  const list = () => page().getByRole('listbox', { name: /^Events, / });
  const openEvents = async (query = '') => {
    await page().goto(`${new URL(page().url()).origin}/#/events${query}`);
    await page().getByRole('heading', { level: 1, name: 'Events' }).waitFor();
    await page().getByText(/events? match/).first().waitFor();
  };
  const typeChips = () => page().getByRole('search', { name: 'Filter events' }).getByRole('button', { name: /^Remove type / });

  it('closes the type suggestions after a pick, and adds a type typed in full on Enter', async () => {
    await openEvents();
    const picker = page().getByRole('combobox', { name: 'Add a type' });
    await picker.fill('segment-upd');
    const suggestions = page().getByRole('listbox', { name: /Add a type$/ });
    await suggestions.getByRole('option', { name: 'segment-updated', exact: true }).click();
    await page().getByText(/events? match/).first().waitFor();
    await expect.poll(() => typeChips().count()).toBe(1);
    // the list no longer covers the first rows, and the field is empty for the next type
    await suggestions.waitFor({ state: 'detached' });
    expect(await picker.getAttribute('aria-expanded')).not.toBe('true');
    expect(await picker.inputValue()).toBe('');
    await list().getByRole('option').first().click({ trial: true });

    await picker.fill('segment-created');
    await picker.press('Enter');
    await expect.poll(() => typeChips().count()).toBe(2);
    expect(await picker.inputValue()).toBe('');
    expect(await page().evaluate('location.hash')).toContain('segment-created');
    await suggestions.waitFor({ state: 'detached' });
    await app().screenshot('events-type-picked');
    expect(app().problems).toEqual([]);
  });

  it("names the strategy type in its creation's summary, and brings a segment's history into view", async () => {
    const backend = (await app().core.connections.backend()) as FixturedBackend;
    await backend.fixtures.createStrategyType({ name: 'e2e-reading-type', parameters: [] });
    await openEvents('?type=strategy-created');
    await list().getByText(/ created strategy type e2e-reading-type$/).waitFor();

    const segment = await backend.createSegment({ name: 'e2e-reading-segment', constraints: [{ contextName: 'userId', operator: 'IN', values: ['a'] }] });
    await backend.updateSegment({ id: segment.id, segment: { name: 'e2e-reading-segment', constraints: [{ contextName: 'userId', operator: 'IN', values: ['b'] }] } });
    // a short window: the detail pane scrolls, and the history opens below the diff
    await page().setViewportSize({ width: 1280, height: 600 });
    try {
      await openEvents('?type=segment-updated&q=e2e-reading-segment');
      await list().getByRole('option').first().click();
      await page().getByRole('button', { name: 'History of this segment' }).click();
      const history = page().getByRole('region', { name: 'History of e2e-reading-segment' });
      await history.getByText(/\(2 events\)/).waitFor();
      const heading = history.getByRole('heading', { name: /^History of e2e-reading-segment/ });
      await expect.poll(() => heading.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= element.ownerDocument.defaultView!.innerHeight;
      })).toBe(true);
      expect(await page().evaluate(`document.activeElement?.contains(document.querySelector('[aria-label="History of e2e-reading-segment"]')) ?? false`)).toBe(true);
      await app().screenshot('events-history-in-view');
    } finally {
      await page().setViewportSize({ width: 1280, height: 800 });
    }
    expect(app().problems).toEqual([]);
  });

  it('says what the text search covers and offers the environment filter for an environment name', async () => {
    await openEvents('?type=feature-environment-enabled');
    await page().getByLabel('Search').fill('production');
    const scope = page().getByText('The search looks in what changed');
    await scope.waitFor();
    await page().getByRole('button', { name: 'Show events in environment production' }).click();
    await expect.poll(() => page().evaluate('location.hash')).toContain('environment=production');
    expect(await page().evaluate('location.hash')).not.toContain('q=');
    expect(await page().getByLabel('Search').inputValue()).toBe('');
    await app().screenshot('events-text-scope');
    expect(app().problems).toEqual([]);
  });

  it('logs no CSP violation or console error on Strategy types and CORS', async () => {
    const nav = page().getByRole('navigation', { name: 'Sections' });
    await openEvents();
    await list().getByRole('option').first().click();
    await page().getByRole('region', { name: /^Event \d+$/ }).waitFor();
    await nav.getByRole('link', { name: 'Strategy types' }).click();
    await page().getByRole('table', { name: 'Strategy types' }).getByRole('link', { name: 'e2e-reading-type' }).click();
    const form = page().getByRole('form', { name: 'Edit strategy type' });
    await form.getByRole('button', { name: 'Add parameter' }).click();
    await form.getByRole('listitem', { name: 'Parameter 1' }).getByRole('textbox', { name: 'Name' }).fill('tier');
    await form.getByRole('button', { name: 'Review and save' }).click();
    await page().getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

    await nav.getByRole('link', { name: /CORS/ }).click();
    await page().getByRole('button', { name: 'Paste lines' }).click();
    await page().getByRole('textbox', { name: 'One origin per line' }).fill('https://a.example');
    await page().getByRole('button', { name: 'Add these lines' }).click();
    await page().getByRole('list', { name: 'Allowed origins', exact: true }).getByRole('listitem', { name: 'Origin 2' }).waitFor();
    expect(app().problems).toEqual([]);
  });
});
