import { describe, expect, it } from 'vitest';
import { chromiumEndpoint, useApp } from '../harness/use-app';

describe.skipIf(!chromiumEndpoint)('Add constraint (demo)', { timeout: 90_000 }, () => {
  const app = useApp();

  it('focuses the new constraint’s context field and leaves the page in the accessibility tree', async () => {
    const page = app().page;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Segments' }).click();
    await page.getByRole('link', { name: 'New segment' }).click();
    await page.getByRole('heading', { level: 1, name: 'New segment' }).waitFor();
    await page.getByRole('button', { name: 'Add constraint' }).click();
    const field = page.getByRole('listitem', { name: 'Constraint 1' }).getByRole('combobox', { name: 'Context field' });
    await field.waitFor();
    await expect.poll(() => field.evaluate((node) => node === node.ownerDocument.activeElement)).toBe(true);
    // nothing hidden from assistive technology: role queries skip aria-hidden and inert content
    expect(await page.locator('[aria-hidden="true"] form, [inert] form').count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1, name: 'New segment' }).count()).toBe(1);
    expect(await page.getByRole('navigation', { name: 'Sections' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Create segment' }).count()).toBe(1);
    // and axe finds nothing serious in that state, at 1280 and 820 px, light and dark
    await app().screenshot('segment-add-constraint-focus', { variants: true });
    expect(app().problems).toEqual([]);
  });
});
