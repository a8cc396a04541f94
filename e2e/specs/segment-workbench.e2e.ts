import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumEndpoint, useApp } from '../harness/use-app';

const SENDER = { webContentsId: 1, isMainFrame: true };

async function openNew(page: Page) {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Segments' }).click();
  await page.getByRole('link', { name: 'New segment' }).click();
  await page.getByRole('heading', { level: 1, name: 'New segment' }).waitFor();
}

async function constraint(page: Page, index: number): Promise<Locator> {
  await page.getByRole('button', { name: 'Add constraint' }).click();
  const row = page.getByRole('listitem', { name: `Constraint ${index}` });
  await row.waitFor();
  return row;
}

async function setUp(row: Locator, context: string, operator: string) {
  await row.getByRole('combobox', { name: 'Context field' }).fill(context);
  await row.getByRole('combobox', { name: 'Context field' }).press('Escape');
  await row.getByLabel('Operator').selectOption(operator);
}

describe.skipIf(!chromiumEndpoint)('segments workbench (demo)', () => {
  const app = useApp();
  const backend = async () => app().core.connections.backend();

  it('creates a segment with five kinds of constraint, checking values as typed', async () => {
    const page = app().page;
    await openNew(page);
    await page.getByLabel('Name').fill('e2e-paying-adults');
    await page.getByLabel('Description').fill('Made by the e2e suite');

    const list = await constraint(page, 1);
    await setUp(list, 'userId', 'IN');
    await list.getByLabel(/^Values/).focus();
    await page.evaluate(`(() => {
      const data = new DataTransfer();
      data.setData('text', 'u-1\\nu-2, u-3\\tu-2\\n  ');
      document.activeElement.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    })()`);
    await list.getByText('3 added, 1 already there').waitFor();

    const text = await constraint(page, 2);
    await setUp(text, 'email', 'STR_ENDS_WITH');
    await text.getByLabel('Ignore case').check();
    await text.getByLabel(/^Values/).fill('@acme.com');
    await text.getByLabel(/^Values/).press('Enter');

    const number = await constraint(page, 3);
    await setUp(number, 'age', 'NUM_GT');
    await number.getByLabel('Value').fill('thirty');
    await number.getByText('“thirty” is not a number (use a dot for decimals, e.g. 2.5)').waitFor();
    await app().screenshot('segment-editor-invalid-number');
    await number.getByLabel('Value').fill('30');

    const date = await constraint(page, 4);
    await setUp(date, 'currentTime', 'DATE_AFTER');
    await date.getByLabel('Value').fill('2026-01-31T09:00:00Z');
    await date.getByText(/in your time zone/).waitFor();

    const version = await constraint(page, 5);
    await setUp(version, 'appVersion', 'SEMVER_GT');
    await version.getByLabel('Value').fill('v4.2');
    await version.getByText(/not a version like 1.2.3/).waitFor();
    await version.getByLabel('Value').fill('4.2.0');
    expect(await page.getByTestId('values-count').textContent()).toBe('7 of 1,000 values used');

    // The tester judges a typed context against the unsaved constraints and names the one that fails.
    const tester = page.getByRole('region', { name: 'Segment tester' });
    await tester.getByLabel('userId', { exact: true }).fill('u-2');
    await tester.getByLabel('email', { exact: true }).fill('ann@ACME.com');
    await tester.getByLabel('age', { exact: true }).fill('25');
    await tester.getByLabel('currentTime', { exact: true }).fill('2030-01-01T00:00:00Z');
    await tester.getByLabel('appVersion', { exact: true }).fill('5.0.0');
    // The live region carries the verdict alone; the reason is on the page, read on demand.
    const verdict = tester.getByRole('status');
    await tester.getByText('Not in the segment: constraint 3 fails (age 25 > 30 is false).').waitFor();
    await expect.poll(() => verdict.textContent()).toBe('This context is not in the segment.');
    await app().screenshot('segment-editor-tester');
    await tester.getByLabel('age', { exact: true }).fill('31');
    await expect.poll(() => verdict.textContent()).toBe('This context is in the segment.');
    await app().screenshot('segment-editor-new', { variants: true });

    await page.getByRole('button', { name: 'Create segment' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit “e2e-paying-adults”' }).waitFor();
    const created = (await (await backend()).listSegments()).find((s) => s.name === 'e2e-paying-adults');
    expect(created?.constraints.map((c) => [c.contextName, c.operator, c.values ?? c.value, c.caseInsensitive ?? false])).toEqual([
      ['userId', 'IN', ['u-1', 'u-2', 'u-3'], false],
      ['email', 'STR_ENDS_WITH', ['@acme.com'], true],
      ['age', 'NUM_GT', expect.anything(), false],
      ['currentTime', 'DATE_AFTER', expect.anything(), false],
      ['appVersion', 'SEMVER_GT', expect.anything(), false],
    ]);
    expect(app().problems).toEqual([]);
  }, 90_000);

  it('edits it, then deletes it (unused, demo: no confirmation needed)', async () => {
    const page = app().page;
    await page.getByLabel('Description').fill('Edited by the e2e suite');
    await page.getByRole('button', { name: 'Save segment' }).click();
    await page.getByText('Segment “e2e-paying-adults” saved').waitFor();
    const segment = (await (await backend()).listSegments()).find((s) => s.name === 'e2e-paying-adults');
    expect(segment?.description).toBe('Edited by the e2e suite');
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('heading', { level: 1, name: 'Segments' }).waitFor();
    expect((await (await backend()).listSegments()).some((s) => s.name === 'e2e-paying-adults')).toBe(false);
  });

  it('shows where a segment is used and refuses to delete it', async () => {
    const page = app().page;
    const all = await (await backend()).listSegments();
    let used: (typeof all)[number] | undefined;
    for (const segment of all) {
      if ((await (await backend()).getStrategiesUsingSegment({ id: segment.id })).strategies.length > 0) {
        used = segment;
        break;
      }
    }
    expect(used).toBeDefined();
    await page.getByRole('link', { name: used!.name, exact: true }).click();
    const usage = page.getByRole('region', { name: 'Usage' });
    await usage.getByRole('link').first().waitFor();
    await app().screenshot('segment-editor-usage', { variants: true });
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: `“${used!.name}” is in use` });
    await dialog.waitFor();
    await app().screenshot('segment-delete-in-use', { variants: true });
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect((await (await backend()).listSegments()).some((s) => s.id === used!.id)).toBe(true);
    expect(app().problems).toEqual([]);
  });

  it('reviews what an edit changes before saving a segment strategies use', async () => {
    const page = app().page;
    const all = await (await backend()).listSegments();
    let used: (typeof all)[number] | undefined;
    for (const segment of all) {
      if ((await (await backend()).getStrategiesUsingSegment({ id: segment.id })).strategies.length > 0) {
        used = segment;
        break;
      }
    }
    await page.goto(page.url().replace(/#.*$/, `#/segments/${used!.id}`));
    await page.getByRole('region', { name: 'Usage' }).getByRole('link').first().waitFor();
    await page.getByRole('button', { name: 'Add constraint' }).click();
    const index = used!.constraints.length + 1;
    const row = page.getByRole('listitem', { name: `Constraint ${index}` });
    await row.getByRole('combobox', { name: 'Context field' }).fill('userId');
    await row.getByRole('combobox', { name: 'Context field' }).press('Escape');
    await row.getByLabel(/^Values/).fill('e2e-user');
    await row.getByLabel(/^Values/).press('Enter');
    await page.getByRole('button', { name: 'Save segment' }).click();
    const review = page.getByRole('alertdialog', { name: new RegExp(`^Save “${used!.name}”\\? It changes`) });
    await review.waitFor();
    const changes = review.getByRole('region', { name: 'What this save changes' });
    await changes.getByText(`Added constraint ${index}:`).waitFor();
    expect(await changes.getByRole('listitem').allTextContents()).toEqual([`Added constraint ${index}: userId is one of "e2e-user"`]);
    await app().screenshot('segment-save-review', { variants: true });
    await review.getByRole('button', { name: 'Cancel' }).click();
    expect((await (await backend()).getSegment({ id: used!.id })).constraints).toEqual(used!.constraints);
    await page.getByRole('button', { name: `Remove constraint ${index}` }).click();
    expect(app().problems).toEqual([]);
  });

  it('asks before leaving unsaved changes, and detects a concurrent edit', async () => {
    const page = app().page;
    const target = await (await backend()).createSegment({ name: 'e2e-concurrent', constraints: [] });
    await page.goto(page.url().replace(/#.*$/, `#/segments/${target.id}`));
    await page.getByRole('heading', { level: 1, name: 'Edit “e2e-concurrent”' }).waitFor();
    await page.getByLabel('Description').fill('mine');
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'CORS' }).click();
    const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await leave.waitFor();
    await app().screenshot('segment-unsaved-guard');
    await leave.getByRole('button', { name: 'Stay and keep editing' }).click();
    expect(await page.getByLabel('Description').inputValue()).toBe('mine');

    await (await backend()).updateSegment({ id: target.id, segment: { name: 'e2e-concurrent', description: 'theirs', constraints: [] } });
    await page.getByRole('button', { name: 'Save segment' }).click();
    const conflict = page.getByRole('dialog', { name: 'This segment changed on the server' });
    await conflict.waitFor();
    await app().screenshot('segment-conflict', { variants: true });
    await conflict.getByRole('button', { name: 'Discard mine, load theirs' }).click();
    expect(await page.getByLabel('Description').inputValue()).toBe('theirs');
    expect(app().problems).toEqual([]);
  });

  it('honours protection levels: type-to-confirm asks for the name, read-only refuses', async () => {
    const page = app().page;
    const target = await (await backend()).createSegment({ name: 'e2e-protected', constraints: [] });
    await app().core.dispatch('connections.setProtection', { id: 'demo', protection: 'type-name' }, { ...SENDER, frameUrl: page.url() });
    await page.goto(page.url().replace(/#.*$/, `#/segments/${target.id}`));
    await page.getByTestId('protection-badge').getByText('Type to confirm').waitFor();
    await page.getByText('No strategy uses this segment.').waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete segment “e2e-protected”?' });
    await confirm.waitFor();
    expect(await confirm.getByRole('button', { name: 'Delete segment' }).isDisabled()).toBe(true);
    await app().screenshot('segment-delete-type-name', { variants: true });
    await confirm.getByLabel('Type e2e-protected to confirm').fill('e2e-protected');
    await confirm.getByRole('button', { name: 'Delete segment' }).click();
    await page.getByRole('heading', { level: 1, name: 'Segments' }).waitFor();

    await app().core.dispatch('connections.setProtection', { id: 'demo', protection: 'read-only' }, { ...SENDER, frameUrl: page.url() });
    await page.reload();
    await page.getByTestId('protection-badge').getByText('Read-only').waitFor();
    // Nothing invites a write: New segment is a disabled button, and the form itself renders read-only.
    expect(await page.getByRole('button', { name: 'New segment' }).isDisabled()).toBe(true);
    await page.goto(page.url().replace(/#.*$/, '#/segments/new'));
    await page.getByTestId('read-only-notice').waitFor();
    expect(await page.getByLabel('Name').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Create segment' }).isDisabled()).toBe(true);
    // Whatever the page sends, main refuses it.
    const refused = await page.evaluate(`window.flagdesk.invoke('segments.create', { name: 'e2e-never', constraints: [] })`);
    expect(refused).toMatchObject({ ok: false, error: { status: 403, name: 'ReadOnlyProfileError' } });
    await app().screenshot('segment-editor-read-only', { variants: true });
    await app().core.dispatch('connections.setProtection', { id: 'demo', protection: 'none' }, { ...SENDER, frameUrl: page.url() });
    expect((await (await backend()).listSegments()).some((s) => s.name === 'e2e-never')).toBe(false);
  });

  it('lists segments readably at 1280 and 820 px, light and dark', async () => {
    const page = app().page;
    await page.goto(page.url().replace(/#.*$/, '#/segments'));
    await page.getByRole('table', { name: 'Segments' }).waitFor();
    await app().screenshot('segments-list', { variants: true });
    await page.getByLabel('Search').fill('user');
    await app().screenshot('segments-list-search');
  });
});
