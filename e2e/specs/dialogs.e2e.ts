import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { FixturedBackend } from '../../electron/backend/instance-fixtures';
import { chromiumEndpoint, useApp } from '../harness/use-app';

/** Whether the element's box lies wholly inside the window. */
async function inWindow(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const size = page.viewportSize();
  if (!box || !size) return false;
  return box.y >= 0 && box.x >= 0 && box.y + box.height <= size.height && box.x + box.width <= size.width;
}

/** A dialog opens at its top: its heading in view and focused, its buttons in view, however long its content. */
async function expectOpensAtTop(page: Page, dialog: Locator, buttons: string[]): Promise<void> {
  const heading = dialog.getByRole('heading').first();
  expect(await inWindow(page, heading)).toBe(true);
  expect(await heading.evaluate((node) => node === node.ownerDocument.activeElement)).toBe(true);
  for (const name of buttons) expect(await inWindow(page, dialog.getByRole('button', { name }))).toBe(true);
}

describe.skipIf(!chromiumEndpoint)('dialogs at 800 px high', () => {
  const app = useApp();
  const backend = async () => (await app().core.connections.backend()) as FixturedBackend;

  for (const width of [1280, 820]) {
    it(`a long "is in use" dialog opens at its top, its Close in view (${width} px)`, async () => {
      const page = app().page;
      await page.setViewportSize({ width, height: 800 });
      const segment = await (await backend()).createSegment({ name: `e2e-busy-${width}`, constraints: [] });
      // Enough strategies that the list is much taller than the window.
      for (let i = 0; i < 24; i++) {
        const name = `e2e-busy-${width}-${i}`;
        await (await backend()).fixtures.createFeature('default', { name });
        await (await backend()).fixtures.addFeatureStrategy('default', name, 'development', { name: 'default', segments: [segment.id] });
      }
      await page.evaluate(`window.location.hash = '#/segments/${segment.id}'`);
      await page.getByRole('region', { name: 'Usage' }).getByRole('link').first().waitFor();
      await page.getByRole('button', { name: 'Delete' }).click();
      const dialog = page.getByRole('alertdialog', { name: `“${segment.name}” is in use` });
      await dialog.waitFor();
      await expectOpensAtTop(page, dialog, ['Close']);
      await app().screenshot(`dialog-in-use-${width}`);
      // The body scrolls inside the dialog, and the actions stay put while it does.
      await page.mouse.move(width / 2, 400);
      await page.mouse.wheel(0, 2000);
      expect(await inWindow(page, dialog.getByRole('button', { name: 'Close' }))).toBe(true);
      expect(await inWindow(page, dialog.getByRole('heading').first())).toBe(true);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(app().problems).toEqual([]);
    });

    it(`the strategy type's "breaks N flag strategies" review opens at its top (${width} px)`, async () => {
      const page = app().page;
      await page.setViewportSize({ width, height: 800 });
      const type = `e2e-wide-${width}`;
      await (await backend()).fixtures.createStrategyType({ name: type, parameters: [{ name: 'tenant', type: 'string', required: false }] });
      for (let i = 0; i < 14; i++) {
        const name = `${type}-flag-${i}`;
        await (await backend()).fixtures.createFeature('default', { name });
        await (await backend()).fixtures.addFeatureStrategy('default', name, 'production', { name: type, parameters: { tenant: `t${i}` } });
      }
      // Fixtures bypass the app's cache: reload so the new type is read.
      await page.evaluate(`window.location.hash = '#/strategy-types/${type}'`);
      await page.reload();
      const form = page.getByRole('form', { name: 'Edit strategy type' });
      await form.getByText('Used by 14 flag strategies', { exact: false }).waitFor();
      const parameterName = form.getByRole('listitem', { name: 'Parameter 1' }).getByRole('textbox', { name: 'Name' });
      await parameterName.fill('tenantId');
      await form.getByRole('button', { name: 'Review and save' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'This change breaks 14 flag strategies' });
      await dialog.waitFor();
      await expectOpensAtTop(page, dialog, ['Cancel', 'Save anyway']);
      await app().screenshot(`dialog-breaking-${width}`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await parameterName.fill('tenant');
      expect(app().problems).toEqual([]);
    });
  }
});
