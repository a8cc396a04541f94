import { describe, expect, it } from 'vitest';
import { chromiumEndpoint, useApp } from '../harness/use-app';

const SENDER = { webContentsId: 1, isMainFrame: true };

describe.skipIf(!chromiumEndpoint)('a context field’s life: create, edit, refused delete, delete', { timeout: 180_000 }, () => {
  const app = useApp();
  const backend = async () => app().core.connections.backend();
  const stored = async (name: string) => (await (await backend()).listContextFields()).find((field) => field.name === name);

  it('creates a field with its legal values, edits it, is refused deleting it while a segment uses it, then deletes it with Undo', async () => {
    const page = app().page;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Context fields' }).click();
    await page.getByRole('table', { name: 'Context fields' }).waitFor();
    await app().screenshot('context-fields', { variants: true });
    await page.getByRole('link', { name: 'New context field' }).click();

    const form = page.getByRole('form', { name: 'Context field' });
    const name = form.getByRole('textbox', { name: 'Name' });
    await name.fill('userId');
    await name.blur();
    await form.getByText('A context field with this name already exists').waitFor();
    await name.fill('e2e-tier');
    const values = form.getByRole('textbox', { name: /Legal values/ });
    await values.fill('gold, silver, gold');
    await values.press('Enter');
    await form.getByRole('list', { name: 'Legal values: 2' }).waitFor();
    await form.getByRole('textbox', { name: 'Description of gold' }).fill('top tier');
    await app().screenshot('context-field-new', { variants: true });
    await form.getByRole('button', { name: 'Create context field' }).click();
    await page.getByRole('heading', { level: 1, name: 'Context field “e2e-tier”' }).waitFor();
    expect(await stored('e2e-tier')).toMatchObject({ legalValues: [{ value: 'gold', description: 'top tier' }, { value: 'silver' }] });

    // edit: the name stays, the description and legal values change
    await form.getByRole('textbox', { name: 'Description', exact: true }).fill('Customer tier');
    await values.fill('bronze');
    await values.press('Enter');
    await form.getByRole('button', { name: 'Save context field' }).click();
    await expect.poll(async () => (await stored('e2e-tier'))?.description).toBe('Customer tier');
    expect((await stored('e2e-tier'))?.legalValues?.map((legal) => legal.value)).toEqual(['gold', 'silver', 'bronze']);

    // a segment's constraint asks about it: the delete is refused, with where it is used
    const segment = await (await backend()).createSegment({ name: 'e2e-gold-customers', constraints: [{ contextName: 'e2e-tier', operator: 'IN', values: ['gold'] }] });
    await page.reload();
    const usage = page.getByRole('complementary', { name: 'Usage' });
    await usage.getByRole('link', { name: 'e2e-gold-customers' }).waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    const inUse = page.getByRole('alertdialog', { name: '“e2e-tier” is in use' });
    await inUse.getByRole('link', { name: 'e2e-gold-customers' }).waitFor();
    await app().screenshot('context-field-delete-refused', { variants: true });
    await inUse.getByRole('button', { name: 'Close' }).click();
    expect(await stored('e2e-tier')).toBeDefined();

    // once nothing uses it, the delete goes through at once (no protection) and Undo brings it back as it was
    await (await backend()).deleteSegment({ id: segment.id });
    await page.reload();
    await page.getByText('No strategy or segment constraint uses this field.').waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Context field “e2e-tier” deleted').waitFor();
    expect(await stored('e2e-tier')).toBeUndefined();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(async () => (await stored('e2e-tier'))?.description).toBe('Customer tier');
    expect((await stored('e2e-tier'))?.legalValues?.map((legal) => legal.value)).toEqual(['gold', 'silver', 'bronze']);
    expect(app().problems).toEqual([]);
  });

  it('a read-only profile shows every write control disabled, and main refuses the write', async () => {
    const page = app().page;
    await app().core.dispatch('connections.setProtection', { id: 'demo', protection: 'read-only' }, { ...SENDER, frameUrl: page.url() });
    try {
      await page.reload();
      await page.evaluate("window.location.hash = '#/context-fields/userId'");
      await page.getByTestId('read-only-notice').waitFor();
      expect(await page.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Save context field' }).isDisabled()).toBe(true);
      await app().screenshot('context-field-read-only');
      const refused = await app().core.dispatch('contextFields.delete', { name: 'userId' }, { ...SENDER, frameUrl: page.url() });
      expect(refused).toMatchObject({ ok: false, error: { name: 'ReadOnlyProfileError' } });
      expect(await stored('userId')).toBeDefined();
    } finally {
      await app().core.dispatch('connections.setProtection', { id: 'demo', protection: 'none' }, { ...SENDER, frameUrl: page.url() });
    }
    expect(app().problems).toEqual([]);
  });
});
