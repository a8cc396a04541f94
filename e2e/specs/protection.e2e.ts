import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ProtectionLevel } from '../../shared/domain/protection';
import { chromiumEndpoint, useApp } from '../harness/use-app';

const SENDER = { webContentsId: 1, isMainFrame: true };

const go = async (page: Page, hash: string) => page.goto(page.url().replace(/#.*$/, `#${hash}`));

describe.skipIf(!chromiumEndpoint)('protection levels, as a user sees them (demo)', () => {
  const app = useApp();
  const backend = async () => app().core.connections.backend();
  const setLevel = async (protection: ProtectionLevel) => {
    const page = app().page;
    await app().core.dispatch('connections.setProtection', { id: 'demo', protection }, { ...SENDER, frameUrl: page.url() });
  };

  it('a read-only profile: every screen that writes says so once, and its write controls are off', { timeout: 180_000 }, async () => {
    const page = app().page;
    const segment = (await (await backend()).listSegments()).find((s) => (s.usedInFeatures ?? 0) === 0) ?? (await (await backend()).listSegments())[0]!;
    const [project] = await (await backend()).listProjects();
    const [flag] = await (await backend()).listProjectFeatures({ projectId: project!.id });
    await setLevel('read-only');
    try {
      await page.reload();
      await page.getByTestId('protection-badge').getByText('Read-only').waitFor();
      const notice = page.getByTestId('read-only-notice');

      await go(page, '/segments');
      await page.getByRole('table', { name: 'Segments' }).waitFor();
      await notice.waitFor();
      expect(await notice.count()).toBe(1);
      expect(await page.getByRole('button', { name: 'New segment' }).isDisabled()).toBe(true);
      await app().screenshot('read-only-segments', { variants: true });

      await go(page, `/segments/${segment.id}`);
      await page.getByRole('heading', { level: 1, name: `Edit “${segment.name}”` }).waitFor();
      await notice.waitFor();
      for (const name of ['Delete', 'Duplicate', 'Add constraint', 'Save segment']) {
        expect(await page.getByRole('button', { name, exact: true }).isDisabled(), name).toBe(true);
      }
      expect(await page.getByLabel('Name').isDisabled()).toBe(true);
      expect(await page.getByLabel('Description').isDisabled()).toBe(true);
      await app().screenshot('read-only-segment-editor', { variants: true });

      await go(page, `/flags/${project!.id}/${flag!.name}`);
      await notice.waitFor();
      const change = page.getByRole('button', { name: /^Change segments of / }).first();
      await change.waitFor();
      expect(await change.isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Assign segments in bulk' }).isDisabled()).toBe(true);
      await app().screenshot('read-only-flag', { variants: true });

      await go(page, '/bulk-assign');
      await notice.waitFor();
      expect(await page.getByRole('button', { name: /^Apply to/ }).isDisabled()).toBe(true);

      await go(page, '/strategy-types/betaCohort');
      await page.getByRole('form', { name: 'Edit strategy type' }).waitFor();
      await notice.waitFor();
      expect(await page.getByRole('button', { name: 'Add parameter' }).isDisabled()).toBe(true);
      expect(await page.getByRole('textbox').first().isDisabled()).toBe(true);
      await app().screenshot('read-only-strategy-type', { variants: true });

      await go(page, '/cors');
      await page.getByRole('list', { name: 'Allowed origins' }).waitFor();
      await notice.waitFor();
      for (const name of ['Add origin', 'Paste lines', 'Sort', 'Save origins']) {
        expect(await page.getByRole('button', { name, exact: true }).isDisabled(), name).toBe(true);
      }
      await app().screenshot('read-only-cors', { variants: true });

      await go(page, `/archive?project=${project!.id}&flags=${flag!.name}`);
      await notice.waitFor();
      expect(await page.getByRole('button', { name: 'Archive 1 flag' }).isDisabled()).toBe(true);
      await app().screenshot('read-only-archive', { variants: true });

      await go(page, '/connections');
      const reset = page.getByRole('button', { name: 'Reset demo data' });
      await reset.waitFor();
      expect(await reset.isDisabled()).toBe(true);

      // the notice's link leads to where the level is changed
      await go(page, '/segments');
      await notice.getByRole('link', { name: 'Connections' }).click();
      await page.getByRole('heading', { level: 1, name: 'Connections' }).waitFor();
      expect(app().problems).toEqual([]);
    } finally {
      await setLevel('none');
    }
  });

  it('without protection, deleting a segment offers Undo, and Undo brings it back with the same constraints', { timeout: 180_000 }, async () => {
    const page = app().page;
    const original = await (await backend()).createSegment({
      name: 'e2e-undo-me',
      description: 'Brought back by Undo',
      constraints: [
        { contextName: 'userId', operator: 'IN', values: ['u1', 'u2'] },
        { contextName: 'appName', operator: 'STR_STARTS_WITH', values: ['web'], caseInsensitive: true, inverted: true },
      ],
    });
    await page.reload();
    await go(page, `/segments/${original.id}`);
    await page.getByText('No strategy uses this segment.').waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Segments' }).waitFor();
    const undo = page.getByRole('button', { name: 'Undo' });
    await undo.waitFor();
    await app().screenshot('segment-deleted-undo', { variants: true });
    expect((await (await backend()).listSegments()).some((s) => s.name === 'e2e-undo-me')).toBe(false);
    await undo.click();
    await page.getByText('Segment “e2e-undo-me” is back').waitFor();
    const back = (await (await backend()).listSegments()).find((s) => s.name === 'e2e-undo-me');
    expect(back).toBeDefined();
    const restored = await (await backend()).getSegment({ id: back!.id });
    expect({ description: restored.description, project: restored.project ?? null, constraints: restored.constraints }).toEqual({
      description: original.description,
      project: original.project ?? null,
      constraints: original.constraints,
    });
    await page.getByRole('link', { name: 'e2e-undo-me' }).waitFor();
    expect(app().problems).toEqual([]);
  });

  it('Confirm changes: removing * from the CORS origins asks first', { timeout: 180_000 }, async () => {
    const page = app().page;
    await setLevel('confirm');
    try {
      await page.reload();
      await page.getByTestId('protection-badge').getByText('Confirms changes').waitFor();
      await go(page, '/cors');
      await page.getByRole('list', { name: 'Allowed origins' }).waitFor();
      const rows = page.getByRole('textbox', { name: /^Origin \d+$/ });
      const values = await rows.evaluateAll((inputs) => inputs.map((input) => (input as unknown as { value: string }).value));
      if (!values.includes('*')) {
        await page.getByRole('button', { name: 'Add origin' }).click();
        await rows.last().fill('*');
        await page.getByRole('button', { name: 'Save origins' }).click();
        const allow = page.getByRole('alertdialog', { name: 'Allow every origin?' });
        await allow.getByRole('button', { name: 'Save and allow every origin' }).click();
        await page.getByText('Saved', { exact: true }).waitFor();
      }
      // take * away, keep one listed origin
      const count = await rows.count();
      for (let index = count; index >= 1; index -= 1) {
        await page.getByRole('button', { name: `Remove origin ${index}`, exact: true }).click();
      }
      await page.getByRole('button', { name: 'Add origin' }).click();
      await rows.last().fill('https://app.example.com');
      await page.getByRole('button', { name: 'Save origins' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Stop allowing every origin?' });
      await dialog.waitFor();
      await app().screenshot('cors-remove-star-confirm', { variants: true });
      await dialog.getByRole('button', { name: 'Save and allow only these origins' }).click();
      await page.getByText('Saved', { exact: true }).waitFor();
      expect((await (await backend()).getUiConfig()).frontendApiOrigins).toEqual(['https://app.example.com']);
      expect(app().problems).toEqual([]);
    } finally {
      await setLevel('none');
    }
  });
});
