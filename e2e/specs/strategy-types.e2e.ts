import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type RunningDemoServer as DemoServer } from '../../scripts/demo-server/spawn';
import type { FixturedBackend } from '../../electron/backend/instance-fixtures';
import { chromiumEndpoint, useApp } from '../harness/use-app';

describe.skipIf(!chromiumEndpoint)('strategy types', { timeout: 90_000 }, () => {
  const app = useApp();
  let server: DemoServer | undefined;
  beforeAll(async () => {
    server = await startDemoServer('e2e-strategy-token');
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('lists types with usage, built-ins read-only; a breaking rename is caught, shown before -> after, and needs confirmation', async () => {
    const backend = (await app().core.connections.backend()) as FixturedBackend;
    await backend.fixtures.createStrategyType({
      name: 'e2e-tenant',
      description: 'Tenants',
      parameters: [
        { name: 'tenant', type: 'string', description: 'Tenant id', required: false },
        { name: 'share', type: 'percentage', required: false },
      ],
    });
    await backend.fixtures.createFeature('default', { name: 'e2e-tenant-flag' });
    await backend.fixtures.addFeatureStrategy('default', 'e2e-tenant-flag', 'production', {
      name: 'e2e-tenant',
      parameters: { tenant: 'acme', share: '50' },
    });
    const page = app().page;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Strategy types' }).click();
    const table = page.getByRole('table', { name: 'Strategy types' });
    const row = table.locator('tbody tr', { has: page.getByRole('link', { name: 'e2e-tenant' }) });
    await row.getByText('default · production').waitFor();
    expect(await row.locator('td').nth(2).textContent()).toBe('1');
    expect(await table.locator('tbody tr', { hasText: 'flexibleRollout' }).textContent()).toContain('built-in, read-only');
    await app().screenshot('strategy-types-list', { variants: true });

    await row.getByRole('link', { name: 'e2e-tenant' }).click();
    const form = page.getByRole('form', { name: 'Edit strategy type' });
    const first = form.getByRole('listitem', { name: 'Parameter 1' });
    await first.getByRole('textbox', { name: 'Name' }).fill('share');
    await first.getByText('Another parameter has this name', { exact: false }).waitFor();
    expect(await form.getByRole('button', { name: 'Review and save' }).isDisabled()).toBe(true);
    await app().screenshot('strategy-types-duplicate');

    await first.getByRole('textbox', { name: 'Name' }).fill('tenantId');
    await form.getByRole('button', { name: 'Review and save' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'This change breaks 1 flag strategy' });
    const diff = await dialog.getByRole('list', { name: 'Changes to the type' }).textContent();
    expect(diff).toContain('renamed tenant → tenantId');
    const broken = await dialog.getByRole('list', { name: 'Broken flag strategies' }).textContent();
    expect(broken).toContain('e2e-tenant-flag');
    expect(broken).toContain('"acme"');
    await app().screenshot('strategy-types-breaking', { variants: true });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await backend.listStrategyTypes()).find((t) => t.name === 'e2e-tenant')?.parameters[0]?.name).toBe('tenant');

    await form.getByRole('button', { name: 'Review and save' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Save anyway' }).click();
    await form.getByText('Saved', { exact: true }).waitFor();
    const savedType = (await backend.listStrategyTypes()).find((t) => t.name === 'e2e-tenant');
    expect(savedType?.parameters.map((p) => p.name)).toEqual(['tenantId', 'share']);
    // the admin left the title alone: the server's null stays null, not ""
    expect(savedType?.title ?? null).toBeNull();

    // the type's history (the event browser's timeline) lists the update; restoring the created version shows its
    // diff first, then writes it back as a normal change, and the form follows the server
    const history = page.getByRole('region', { name: 'History of e2e-tenant' });
    await history.getByText(/\(2 events\)/).waitFor();
    await history.getByRole('button', { name: 'Restore this version' }).last().click();
    const restore = page.getByRole('alertdialog', { name: 'Restore e2e-tenant?' });
    // an old version says no rename: paired by name, tenantId goes and tenant comes back
    expect(await restore.getByRole('list', { name: 'Changes to the type' }).getByRole('listitem').allTextContents()).toEqual([
      '− tenantId (string)',
      '+ tenant (string)',
    ]);
    await app().screenshot('strategy-types-restore-dialog');
    await restore.getByRole('button', { name: 'Restore' }).click();
    await expect.poll(async () => (await backend.listStrategyTypes()).find((t) => t.name === 'e2e-tenant')?.parameters.map((p) => p.name)).toEqual(['tenant', 'share']);
    await expect.poll(() => first.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('tenant');
    await app().screenshot('strategy-types-restored');
    expect(app().problems).toEqual([]);
  });

  it('pairs parameters by name: removing the first and renaming the next reads as that removal and that rename', async () => {
    const backend = (await app().core.connections.backend()) as FixturedBackend;
    await backend.fixtures.createStrategyType({
      name: 'e2e-regional',
      parameters: [
        { name: 'tenant', type: 'string', required: false },
        { name: 'region', type: 'string', required: false },
      ],
    });
    const page = app().page;
    // the fixture wrote behind the app's back: load the list afresh
    await page.reload();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Strategy types' }).click();
    await page.getByRole('table', { name: 'Strategy types' }).getByRole('link', { name: 'e2e-regional' }).click();
    await page.getByRole('region', { name: 'Strategy type e2e-regional' }).waitFor();
    const form = page.getByRole('form', { name: 'Edit strategy type' });
    await form.getByText('Used by 0 flag strategies', { exact: false }).waitFor();
    await form.getByRole('button', { name: 'Remove parameter 1' }).click();
    const first = form.getByRole('listitem', { name: 'Parameter 1' });
    await first.getByRole('textbox', { name: 'Name' }).fill('regionCodes');
    await first.getByText('Renamed from region', { exact: false }).waitFor();
    await form.getByRole('button', { name: 'Add parameter' }).click();
    await form.getByRole('listitem', { name: 'Parameter 2' }).getByRole('textbox', { name: 'Name' }).fill('tier');
    await form.getByRole('button', { name: 'Review and save' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Save e2e-regional?' });
    expect(await dialog.getByRole('list', { name: 'Changes to the type' }).getByRole('listitem').allTextContents()).toEqual([
      '− tenant (string)',
      'renamed region → regionCodes',
      '+ tier (string)',
    ]);
    await app().screenshot('strategy-types-rename-by-name');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await form.getByText('Saved', { exact: true }).waitFor();
    expect((await backend.listStrategyTypes()).find((t) => t.name === 'e2e-regional')?.parameters.map((p) => p.name)).toEqual(['regionCodes', 'tier']);
    expect(app().problems).toEqual([]);
  });

  it('against the demo server as a remote set to "type the name": a parameter made required is caught and needs the type name typed', async () => {
    const core = app().core;
    const status = await core.connections.save({ name: 'Demo server', baseUrl: server!.url, token: server!.token });
    const remoteId = status.profiles.find((p) => p.kind === 'remote')!.id;
    await core.connections.setProtection({ id: remoteId, protection: 'type-name' });
    await core.connections.activate({ id: remoteId });
    const backend = (await core.connections.backend()) as FixturedBackend;
    await backend.fixtures.createStrategyType({ name: 'r-region', parameters: [{ name: 'region', type: 'string', required: false }] });
    await backend.fixtures.createFeature('default', { name: 'r-region-flag' });
    await backend.fixtures.addFeatureStrategy('default', 'r-region-flag', 'development', { name: 'r-region', parameters: {} });
    const page = app().page;
    await page.reload();
    await page.evaluate("window.location.hash = '#/strategy-types/r-region'");
    const form = page.getByRole('form', { name: 'Edit strategy type' });
    await form.getByText('Used by 1 flag strategy', { exact: false }).waitFor();
    await form.getByRole('listitem', { name: 'Parameter 1' }).getByRole('checkbox', { name: 'Required' }).check();
    await form.getByRole('button', { name: 'Review and save' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'This change breaks 1 flag strategy' });
    expect(await dialog.textContent()).toContain('"region" becomes required, and this strategy has no value for it');
    const save = dialog.getByRole('button', { name: 'Save anyway' });
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByLabel('Type r-region to confirm').fill('r-region');
    await save.click();
    await form.getByText('Saved', { exact: true }).waitFor();
    expect((await backend.listStrategyTypes()).find((t) => t.name === 'r-region')?.parameters[0]?.required).toBe(true);
    await app().screenshot('strategy-types-remote-saved');
    expect(app().problems).toEqual([]);
  });
});
