import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type RunningDemoServer as DemoServer } from '../../scripts/demo-server/spawn';
import type { FixturedBackend } from '../../electron/backend/instance-fixtures';
import { chromiumEndpoint, useApp } from '../harness/use-app';

describe.skipIf(!chromiumEndpoint)('archive impact', () => {
  const app = useApp();
  let server: DemoServer | undefined;
  beforeAll(async () => {
    server = await startDemoServer('e2e-archive-token');
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function family(): Promise<FixturedBackend> {
    const backend = (await app().core.connections.backend()) as FixturedBackend;
    for (const name of ['e2e-parent', 'e2e-child-a', 'e2e-child-b']) await backend.fixtures.createFeature('default', { name });
    await backend.fixtures.addDependency('default', 'e2e-child-a', { feature: 'e2e-parent' });
    await backend.fixtures.addDependency('default', 'e2e-child-b', { feature: 'e2e-parent', enabled: false });
    await backend.setFeatureEnvironmentEnabled({ projectId: 'default', featureName: 'e2e-child-a', environment: 'development', enabled: true });
    return backend;
  }

  it('names the children a parent would leave behind, adds them in one click, archives, and revive offers the dependencies back', async () => {
    const backend = await family();
    const page = app().page;
    await page.evaluate("window.location.hash = '#/archive?project=default&flags=e2e-parent,ghost-flag'");
    const impact = page.getByRole('region', { name: 'Impact' });
    await impact.getByText('The server will refuse this archive', { exact: false }).waitFor();
    const text = await impact.textContent();
    expect(text).toContain('these 2 children behind');
    expect(text).toContain('e2e-child-a (on in development)');
    expect(text).toContain('e2e-child-b (off everywhere)');
    expect(text).toContain('ghost-flag');
    expect(await page.getByRole('button', { name: /^Archive \d/ }).isDisabled()).toBe(true);
    await app().screenshot('archive-blocked', { variants: true });

    await impact.getByRole('button', { name: 'Add these 2 children to the selection' }).click();
    await impact.getByText('Can be archived. Archiving deletes', { exact: false }).waitFor();
    const deletes = page.getByRole('list', { name: 'Dependencies archiving deletes' });
    expect(await deletes.textContent()).toContain('e2e-child-a → e2e-parent');
    expect(await deletes.textContent()).toContain('e2e-child-b → e2e-parent');
    await app().screenshot('archive-fixed', { variants: true });

    await page.getByRole('button', { name: 'Clear selection' }).click();
    await page.getByRole('heading', { name: 'Nothing selected' }).waitFor();
    for (const [count, name] of ['e2e-parent', 'e2e-child-a', 'e2e-child-b'].entries()) {
      // The selection lives in the URL: the box turns checked after the route updates, which check()'s immediate
      // re-read can miss on a loaded machine. Click, then wait for what the user sees.
      await page.getByLabel(name, { exact: false }).first().click();
      await page.getByRole('heading', { name: new RegExp(`^${count + 1} selected`) }).waitFor();
    }
    await page.getByRole('button', { name: 'Archive 3 flags' }).click();
    await page.getByRole('alertdialog', { name: 'Archive 3 flags?' }).getByRole('button', { name: 'Archive' }).click();
    const result = page.getByRole('region', { name: 'Archive result' });
    await result.getByText('Archived 3 flags').waitFor();
    expect(await result.textContent()).toContain('e2e-child-a → e2e-parent');
    expect((await backend.listProjectFeatures({ projectId: 'default' })).map((f) => f.name)).not.toContain('e2e-parent');
    await app().screenshot('archive-done');

    await result.getByRole('button', { name: 'Revive these 3' }).click();
    const restoreList = page.getByRole('list', { name: 'Dependencies to restore' });
    await restoreList.waitFor();
    expect(await restoreList.textContent()).toContain('e2e-child-b → e2e-parent (when the parent is off)');
    await app().screenshot('archive-revived');
    await page.getByRole('button', { name: 'Restore these 2 dependencies' }).click();
    await page.getByText('Restored: e2e-child-a → e2e-parent, e2e-child-b → e2e-parent.', { exact: false }).waitFor();
    expect((await backend.getFeature({ projectId: 'default', featureName: 'e2e-child-b' })).dependencies).toEqual([
      { feature: 'e2e-parent', enabled: false, variants: [] },
    ]);
    await app().screenshot('archive-restored');
    expect(app().problems).toEqual([]);
  });

  it('against the demo server as a remote (level "confirm"): archive is confirmed by a click, and revive restores the dependency', async () => {
    const core = app().core;
    const status = await core.connections.save({ name: 'Demo server', baseUrl: server!.url, token: server!.token });
    await core.connections.activate({ id: status.profiles.find((p) => p.kind === 'remote')!.id });
    const backend = (await core.connections.backend()) as FixturedBackend;
    await backend.fixtures.createFeature('default', { name: 'r-parent' });
    await backend.fixtures.createFeature('default', { name: 'r-child' });
    await backend.fixtures.addDependency('default', 'r-child', { feature: 'r-parent' });
    const page = app().page;
    await page.reload();
    await page.evaluate("window.location.hash = '#/archive?project=default&flags=r-parent'");
    const impact = page.getByRole('region', { name: 'Impact' });
    await impact.getByRole('button', { name: 'Add this child to the selection' }).click();
    await impact.getByText('Can be archived. Archiving deletes', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Archive 2 flags' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Archive 2 flags?' });
    expect(await dialog.getByRole('textbox').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Archive' }).click();
    const result = page.getByRole('region', { name: 'Archive result' });
    await result.getByText('Archived 2 flags').waitFor();
    await result.getByRole('button', { name: 'Revive these 2' }).click();
    // "Confirm changes" asks before a revive too, with a click
    const reviveDialog = page.getByRole('alertdialog', { name: /^Revive / });
    expect(await reviveDialog.getByRole('textbox').count()).toBe(0);
    await reviveDialog.getByRole('button', { name: 'Revive' }).click();
    await page.getByRole('button', { name: 'Restore this dependency' }).click();
    await page.getByText('Restored: r-child → r-parent.', { exact: false }).waitFor();
    expect((await backend.getFeature({ projectId: 'default', featureName: 'r-child' })).dependencies?.[0]?.feature).toBe('r-parent');
    await app().screenshot('archive-remote-restored');
    expect(app().problems).toEqual([]);
  });
});
