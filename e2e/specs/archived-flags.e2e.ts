import { describe, expect, it } from 'vitest';
import type { FixturedBackend } from '../../electron/backend/instance-fixtures';
import { chromiumEndpoint, useApp } from '../harness/use-app';

describe.skipIf(!chromiumEndpoint)('archived flags', () => {
  const app = useApp();

  /** A parent and its child archived through Flagdesk (so the child's dependency is recorded), and a flag on its own. */
  async function archivedFamily(): Promise<FixturedBackend> {
    const backend = (await app().core.connections.backend()) as FixturedBackend;
    for (const name of ['e2e-x-parent', 'e2e-x-child', 'e2e-x-old']) await backend.fixtures.createFeature('default', { name });
    await backend.fixtures.addDependency('default', 'e2e-x-child', { feature: 'e2e-x-parent' });
    const page = app().page;
    // the page's own channel, as the Archive check screen archives
    const outcome = await page.evaluate(async () => {
      const bridge = (globalThis as unknown as { flagdesk: { invoke(c: string, i: unknown): Promise<{ ok: boolean; data?: { outcome: string } }> } }).flagdesk;
      const family = await bridge.invoke('archive.run', { projectId: 'default', features: ['e2e-x-parent', 'e2e-x-child'] });
      const lone = await bridge.invoke('archive.run', { projectId: 'default', features: ['e2e-x-old'] });
      return [family.data?.outcome, lone.data?.outcome];
    });
    expect(outcome).toEqual(['archived', 'archived']);
    return backend;
  }

  it('lists archived flags with what Flagdesk recorded, revives a child with its dependency (and its archived parent) in one step, deletes for good', async () => {
    const backend = await archivedFamily();
    const page = app().page;
    await page.evaluate("window.location.hash = '#/archived'");
    const list = page.getByRole('list', { name: /^Archived flags/ });
    const childRow = list.getByRole('listitem').filter({ hasText: 'e2e-x-child' });
    await childRow.getByText('depended on e2e-x-parent').waitFor();
    expect(await childRow.textContent()).toContain('by admin');
    await app().screenshot('archived-list', { variants: true });

    await childRow.getByRole('checkbox').click();
    await page.getByText('1 flag selected').waitFor();
    await page.getByRole('button', { name: 'Revive 1 flag' }).click();
    let dialog = page.getByRole('alertdialog', { name: 'Revive “e2e-x-child”?' });
    await dialog.getByText('Its parent e2e-x-parent is archived too', { exact: false }).waitFor();
    expect(await dialog.getByRole('checkbox', { name: /Add back: e2e-x-child depends on e2e-x-parent/ }).isChecked()).toBe(true);
    await app().screenshot('archived-revive-dialog', { variants: true });
    await dialog.getByRole('button', { name: 'Revive e2e-x-parent too' }).click();
    dialog = page.getByRole('alertdialog', { name: 'Revive 2 flags?' });
    await dialog.getByRole('button', { name: 'Revive 2 flags' }).click();
    await page.getByText('Dependencies added back: e2e-x-child → e2e-x-parent.').waitFor();
    expect((await backend.getFeature({ projectId: 'default', featureName: 'e2e-x-child' })).dependencies?.map((d) => d.feature)).toEqual(['e2e-x-parent']);
    await app().screenshot('archived-revived');

    const oldRow = list.getByRole('listitem').filter({ hasText: 'e2e-x-old' });
    await oldRow.getByRole('checkbox').click();
    await page.getByText('1 flag selected').waitFor();
    await page.getByRole('button', { name: 'Delete 1 flag for good' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete “e2e-x-old” for good?' });
    // the demo profile asks nothing, yet deleting for good asks for the name
    await confirm.getByRole('textbox').fill('e2e-x-old');
    await app().screenshot('archived-delete-dialog', { variants: true });
    await confirm.getByRole('button', { name: 'Delete flag for good' }).click();
    await page.getByText('Deleted 1 flag for good').waitFor();
    expect((await backend.listArchivedFeatures()).map((f) => f.name)).not.toContain('e2e-x-old');
    await app().screenshot('archived-deleted');
    expect(app().problems).toEqual([]);
  }, 120_000);
  it('a long archive renders only the rows near the view, scrolls to its end, and keeps the focused row while it is scrolled away', async () => {
    const backend = (await app().core.connections.backend()) as FixturedBackend;
    const names = Array.from({ length: 170 }, (_, i) => `e2e-long-${String(i).padStart(3, '0')}`);
    for (const name of names) await backend.fixtures.createFeature('default', { name });
    const page = app().page;
    const outcome = await page.evaluate(async (features) => {
      const bridge = (globalThis as unknown as { flagdesk: { invoke(c: string, i: unknown): Promise<{ ok: boolean; data?: { outcome: string } }> } }).flagdesk;
      return (await bridge.invoke('archive.run', { projectId: 'default', features })).data?.outcome;
    }, names);
    expect(outcome).toBe('archived');
    const total = (await backend.listArchivedFeatures()).length;
    // archived behind the screen's back (by the bridge): read afresh
    await page.evaluate("window.location.hash = '#/archived'");
    await page.reload();
    const list = page.getByRole('list', { name: `Archived flags, ${total} shown` });
    await list.waitFor();
    const rendered = await list.getByRole('listitem').count();
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(60);

    // the first row's checkbox, by keyboard
    const first = list.getByRole('listitem').first().getByRole('checkbox');
    await first.focus();
    const focusedId = await first.getAttribute('id');
    await page.keyboard.press('Space');
    await page.getByText('1 flag selected').waitFor();
    // scrolled to the end by hand: the last rows come in, the focused first row stays where the focus is
    const scroller = list.locator('xpath=..');
    await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await expect.poll(() => list.locator(`li[data-index="${total - 1}"]`).count()).toBe(1);
    expect(await list.getByRole('listitem').count()).toBeLessThan(60);
    expect(await page.evaluate('document.activeElement?.id')).toBe(focusedId);
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByText('1 flag selected').count()).toBe(0);
    const last = await list.locator(`li[data-index="${total - 1}"]`).boundingBox();
    const box = await scroller.boundingBox();
    expect(last && box && last.y + last.height <= box.y + box.height + 1).toBe(true);
    await app().screenshot('archived-long-list-end', { variants: true });
    expect(app().problems).toEqual([]);
  }, 120_000);
});
