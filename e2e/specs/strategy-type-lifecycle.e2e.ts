import { describe, expect, it } from 'vitest';
import type { FixturedBackend } from '../../electron/backend/instance-fixtures';
import { chromiumEndpoint, useApp } from '../harness/use-app';

const SENDER = { webContentsId: 1, isMainFrame: true };

describe.skipIf(!chromiumEndpoint)('a strategy type’s life: create, deprecate, refused delete, delete', { timeout: 180_000 }, () => {
  const app = useApp();
  const backend = async () => (await app().core.connections.backend()) as FixturedBackend;
  const stored = async (name: string) => (await (await backend()).listStrategyTypes()).find((t) => t.name === name);

  it('creates a type with its name checked as typed, deprecates it, is refused deleting it while a flag uses it, then deletes it with Undo', async () => {
    const page = app().page;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Strategy types' }).click();
    await page.getByRole('link', { name: 'New strategy type' }).click();
    const form = page.getByRole('form', { name: 'New strategy type' });
    const name = form.getByRole('textbox', { name: 'Name' });
    await name.fill('e2e zone');
    await form.getByText('Not URL friendly: space.', { exact: false }).waitFor();
    await name.fill('flexibleRollout');
    await form.getByText('A strategy type named “flexibleRollout” already exists.').waitFor();
    await name.fill('e2e-zone');
    await form.getByRole('textbox', { name: 'Title' }).fill('Zone');
    await form.getByRole('textbox', { name: 'Description' }).first().fill('By data-centre zone');
    await form.getByRole('button', { name: 'Add parameter' }).click();
    const row = form.getByRole('listitem', { name: 'Parameter 1' });
    await row.getByRole('textbox', { name: 'Name' }).fill('zones');
    await row.getByRole('combobox', { name: 'Type' }).selectOption('list');
    await row.getByRole('checkbox', { name: 'Required' }).check();
    await page.getByRole('region', { name: 'Preview of the strategy form' }).getByLabel('zones *').waitFor();
    await app().screenshot('strategy-type-create', { variants: true });
    await form.getByRole('button', { name: 'Create strategy type' }).click();
    await page.getByRole('form', { name: 'Edit strategy type' }).waitFor();
    expect(await stored('e2e-zone')).toMatchObject({
      title: 'Zone',
      description: 'By data-centre zone',
      deprecated: false,
      parameters: [{ name: 'zones', type: 'list', required: true }],
    });

    // deprecate: the window says what it means (Unleash's UI hides it from new strategies)
    await page.getByRole('button', { name: 'Deprecate' }).click();
    await page.getByText("Unleash's UI no longer offers a deprecated type for new strategies", { exact: false }).first().waitFor();
    await page.getByRole('button', { name: 'Reactivate' }).waitFor();
    expect((await stored('e2e-zone'))?.deprecated).toBe(true);
    await app().screenshot('strategy-type-deprecated', { variants: true });

    // a flag strategy uses it: delete is refused, with where it is used and a way out
    const b = await backend();
    await b.fixtures.createFeature('default', { name: 'e2e-zone-flag' });
    const strategy = await b.fixtures.addFeatureStrategy('default', 'e2e-zone-flag', 'production', { name: 'e2e-zone', parameters: { zones: 'eu-1' } });
    await page.reload();
    await page.getByRole('form', { name: 'Edit strategy type' }).getByText('Used by 1 flag strategy', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    const inUse = page.getByRole('alertdialog', { name: '“e2e-zone” is in use' });
    await inUse.getByRole('link', { name: 'e2e-zone-flag' }).waitFor();
    expect(await inUse.textContent()).toContain('production');
    await app().screenshot('strategy-type-delete-refused', { variants: true });
    await inUse.getByRole('button', { name: 'Close' }).click();
    expect(await stored('e2e-zone')).toBeDefined();

    // the flag moves to another type; now the delete goes through, and Undo brings the type back as it was
    await b.fixtures.updateFeatureStrategy('default', 'e2e-zone-flag', 'production', strategy.id!, { name: 'default', parameters: {} });
    await page.reload();
    await page.getByRole('form', { name: 'Edit strategy type' }).getByText('Used by 0 flag strategies', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('table', { name: 'Strategy types' }).waitFor();
    await page.getByText('Strategy type “e2e-zone” deleted').waitFor();
    expect(await stored('e2e-zone')).toBeUndefined();
    await app().screenshot('strategy-type-deleted', { variants: true });
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(async () => (await stored('e2e-zone'))?.deprecated).toBe(true);
    expect(await stored('e2e-zone')).toMatchObject({ title: 'Zone', parameters: [{ name: 'zones', type: 'list', required: true }] });
    expect(app().problems).toEqual([]);
  });

  it('a deleted type comes back from its history: its page offers the versions, and restoring one creates it again', async () => {
    const page = app().page;
    const b = await backend();
    await b.createStrategyType({ name: 'e2e-gone', description: 'By shop', parameters: [{ name: 'shops', type: 'list', description: '', required: false }] });
    await b.deleteStrategyType({ name: 'e2e-gone' });
    await page.evaluate("window.location.hash = '#/strategy-types/e2e-gone'");
    await page.getByText('No strategy type named e2e-gone').waitFor();
    const history = page.getByRole('region', { name: 'History of e2e-gone' });
    await history.getByRole('button', { name: 'Restore this version' }).first().click();
    const dialog = page.getByRole('alertdialog', { name: 'Restore e2e-gone?' });
    await dialog.getByText('no longer exists on the server: restoring creates it again', { exact: false }).waitFor();
    await app().screenshot('strategy-type-restore-deleted');
    await dialog.getByRole('button', { name: 'Restore' }).click();
    await page.getByRole('form', { name: 'Edit strategy type' }).waitFor();
    expect(await stored('e2e-gone')).toMatchObject({ description: 'By shop', parameters: [{ name: 'shops', type: 'list' }] });
    expect(app().problems).toEqual([]);
  });

  it('a read-only profile shows the lifecycle controls disabled', async () => {
    const page = app().page;
    await (await backend()).createStrategyType({ name: 'e2e-ro', parameters: [] });
    await app().core.dispatch('connections.setProtection', { id: 'demo', protection: 'read-only' }, { ...SENDER, frameUrl: page.url() });
    try {
      await page.reload();
      await page.evaluate("window.location.hash = '#/strategy-types'");
      await page.getByTestId('read-only-notice').waitFor();
      expect(await page.getByRole('button', { name: 'New strategy type' }).isDisabled()).toBe(true);
      await page.evaluate("window.location.hash = '#/strategy-types/e2e-ro'");
      await page.getByRole('form', { name: 'Edit strategy type' }).waitFor();
      expect(await page.getByRole('button', { name: 'Deprecate' }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
      await app().screenshot('strategy-type-read-only', { variants: true });
      // main refuses whatever the page sends
      const refused = await app().core.dispatch('strategyTypes.delete', { name: 'e2e-ro' }, { ...SENDER, frameUrl: page.url() });
      expect(refused).toMatchObject({ ok: false, error: { name: 'ReadOnlyProfileError' } });
      expect(await stored('e2e-ro')).toBeDefined();
    } finally {
      await app().core.dispatch('connections.setProtection', { id: 'demo', protection: 'none' }, { ...SENDER, frameUrl: page.url() });
    }
    expect(app().problems).toEqual([]);
  });
});
