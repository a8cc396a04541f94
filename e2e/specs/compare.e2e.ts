import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixturedBackend } from '../../electron/backend/instance-fixtures';
import type { ShellPort } from '../../electron/shell/shell-port';
import { BUNDLE_FORMAT, BUNDLE_VERSION, type BundleFile } from '../../shared/schemas';
import { startDemoServer, type RunningDemoServer as DemoServer } from '../../scripts/demo-server/spawn';
import { chromiumEndpoint, useApp } from '../harness/use-app';

/** The open dialog, as the user answers it: the bundle file's path (main reads it; the page never sees it). */
const dialog: { next: string | null; dir: string } = { next: null, dir: '' };
const shell: ShellPort = {
  chooseSaveFile: async () => null,
  chooseOpenFile: async () => dialog.next,
  notify: () => undefined,
};

const N = {
  field: 'e2e-cmp-tier',
  newSegment: 'e2e-cmp-pro-users',
  changed: 'e2e-cmp-beta',
  type: 'e2e-cmp-tenant',
  origin: 'https://left-e2e.example.org',
  flag: 'e2e-cmp-checkout',
  scoped: 'e2e-cmp-emea',
};

/** The status filter: a radio whose state follows the URL (it is checked once the navigation lands). */
async function show(page: Page, label: RegExp): Promise<void> {
  const radio = page.getByRole('radio', { name: label });
  await radio.click();
  await expect.poll(() => radio.isChecked()).toBe(true);
}

const row = (table: Locator, name: string) => table.locator('tbody tr', { has: table.page().getByRole('button', { name, exact: true }) });

describe.skipIf(!chromiumEndpoint)('compare instances', { timeout: 120_000 }, () => {
  const app = useApp({ shell });
  let server: DemoServer | undefined;
  let remoteId = '';

  /** The right server, read afresh (a second backend of its profile; the active demo stays untouched). */
  const onRight = async <T>(read: (backend: FixturedBackend) => Promise<T>): Promise<T> => {
    const opened = await app().core.connections.openProfile(remoteId);
    try {
      return await read(opened.backend as FixturedBackend);
    } finally {
      await opened.release();
    }
  };

  beforeAll(async () => {
    server = await startDemoServer('e2e-compare-token');
    const core = app().core;
    const status = await core.connections.save({ name: 'Staging', baseUrl: server.url, token: server.token });
    remoteId = status.profiles.find((p) => p.kind === 'remote')!.id;
    await core.connections.setProtection({ id: remoteId, protection: 'type-name' });
    // The right: a segment that differs, live on a production strategy there, and its own origin list.
    await onRight(async (right) => {
      const segment = await right.createSegment({ name: N.changed, description: 'right', constraints: [{ contextName: 'userId', operator: 'IN', values: ['a'] }] });
      await right.fixtures.createFeature('default', { name: N.flag });
      await right.fixtures.addFeatureStrategy('default', N.flag, 'production', { name: 'default', constraints: [], segments: [segment.id] });
      await right.setFrontendApiOrigins({ origins: ['https://right-e2e.example.org'] });
    });
    // The left (the active demo): a new segment needing a new context field, the changed one, a type, an origin.
    const left = (await core.connections.backend()) as FixturedBackend;
    await left.createContextField({ name: N.field, description: 'plan tier', legalValues: [{ value: 'free' }, { value: 'pro' }] });
    await left.createSegment({ name: N.newSegment, description: 'paying users', constraints: [{ contextName: N.field, operator: 'IN', values: ['pro'] }] });
    await left.createSegment({ name: N.changed, description: 'left', constraints: [{ contextName: 'userId', operator: 'IN', values: ['a', 'b', 'c'] }] });
    await left.fixtures.createStrategyType({ name: N.type, description: 'Tenants', parameters: [{ name: 'tenants', type: 'list', description: 'who', required: true }] });
    await left.setFrontendApiOrigins({ origins: [N.origin] });
    await app().page.reload();
  });

  afterAll(async () => {
    await server?.stop();
    if (dialog.dir) await rm(dialog.dir, { recursive: true, force: true });
  });

  const openCompare = async (): Promise<Page> => {
    const page = app().page;
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Compare' }).click();
    await page.getByRole('heading', { level: 1, name: 'Compare instances' }).waitFor();
    return page;
  };

  it('compares the demo with a demo server, plans every kind of line, applies under "type the name" and reverts', async () => {
    const page = await openCompare();
    await expect.poll(() => page.evaluate('location.hash')).toBe(`#/compare?left=demo&right=${remoteId}`);
    const segments = page.getByRole('region', { name: 'Segments' });
    const segmentTable = segments.getByRole('table', { name: 'Segments' });
    await row(segmentTable, N.changed).waitFor();
    expect(await row(segmentTable, N.changed).textContent()).toContain('Differs');
    expect(await row(segmentTable, N.changed).textContent()).toContain('live on right');
    expect(await row(segmentTable, N.newSegment).textContent()).toContain('Only left');
    const types = page.getByRole('table', { name: 'Custom strategy types' });
    expect(await row(types, N.type).textContent()).toContain('Only left');
    const origins = page.getByRole('region', { name: 'Front-end origins (CORS)' });
    expect(await row(origins.getByRole('table'), N.origin).textContent()).toContain('Only left');
    expect(await row(origins.getByRole('table'), 'https://right-e2e.example.org').textContent()).toContain('Only right');
    await app().screenshot('compare-list', { variants: true });
    await origins.scrollIntoViewIfNeeded();
    await app().screenshot('compare-origins', { variants: true });

    // the changed segment: its diff, where it is used on each side, and the live behaviour it changes on the right
    await segmentTable.getByRole('button', { name: N.changed, exact: true }).click();
    const detail = segments.getByRole('region', { name: `segment ${N.changed}` });
    expect(await detail.getByRole('table', { name: `Differences in ${N.changed}` }).textContent()).toContain('"right"');
    await detail.getByText('Used by 1 strategy on Staging (right), 1 in production.').waitFor();
    expect(await detail.getByRole('note').textContent()).toContain('Promoting it changes live behaviour on Staging');
    expect(await page.evaluate('location.hash')).toContain(`item=segments%3A${N.changed}`);
    // the screenshot shows the viewport of the app's scrolling main area: bring the detail into it
    await detail.scrollIntoViewIfNeeded();
    await app().screenshot('compare-item', { variants: true });

    // one segment that is the same on both sides, so the plan leaves one
    await show(page, /^Same/);
    const same = (await segmentTable.locator('tbody tr').first().getByRole('button').textContent())!.replace(/^[▸▾]/, '');
    await show(page, /^Not the same/);

    for (const name of [N.newSegment, N.changed]) await segmentTable.getByRole('checkbox', { name: `Select ${name}` }).check();
    await types.getByRole('checkbox', { name: `Select ${N.type}` }).check();
    await origins.getByRole('checkbox', { name: `Select ${N.origin}` }).check();
    await show(page, /^Same/);
    await segmentTable.getByRole('checkbox', { name: `Select ${same}` }).check();
    await page.getByText('5 items selected').waitFor();
    await page.getByRole('button', { name: 'Plan promotion to Staging' }).click();

    const plan = page.getByRole('list', { name: 'Items in the plan' });
    await plan.waitFor();
    const prerequisite = plan.getByRole('listitem', { name: `Create context field ${N.field}` });
    expect(await prerequisite.textContent()).toContain(`Added because ${N.newSegment} needs it.`);
    await plan.getByRole('listitem', { name: `Create segment ${N.newSegment}` }).waitFor();
    const update = plan.getByRole('listitem', { name: `Update segment ${N.changed}` });
    expect(await update.getByRole('table', { name: `Changes to ${N.changed}` }).textContent()).toContain('"left"');
    expect(await update.getByRole('note').textContent()).toContain('Promoting it changes live behaviour on Staging');
    await plan.getByRole('listitem', { name: `Leave segment ${same}` }).waitFor();
    await plan.getByRole('listitem', { name: `Create strategy type ${N.type}` }).waitFor();
    await plan.getByRole('listitem', { name: `Create origin ${N.origin}` }).waitFor();
    await app().screenshot('compare-plan', { variants: true });
    await update.scrollIntoViewIfNeeded();
    await app().screenshot('compare-plan-update', { variants: true });

    const writes = await page.getByRole('button', { name: /^Apply to Staging/ }).textContent();
    expect(writes).toBe('Apply to Staging (5 writes)');
    await page.getByRole('button', { name: /^Apply to Staging/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Promote to Staging?' });
    const promote = confirm.getByRole('button', { name: 'Promote (5 writes)' });
    expect(await promote.isDisabled()).toBe(true);
    await confirm.getByLabel('Type Staging to confirm').fill('Staging');
    await app().screenshot('compare-confirm');
    await promote.click();

    const result = page.getByRole('region', { name: 'Promotion done' });
    await result.waitFor();
    expect(await result.getByRole('list', { name: 'Result counts' }).textContent()).toContain('5 done');
    await app().screenshot('compare-result', { variants: true });
    // on the right server itself
    const promoted = await onRight(async (right) => ({
      segments: await right.listSegments(),
      fields: await right.listContextFields(),
      origins: (await right.getUiConfig()).frontendApiOrigins ?? [],
      events: (await right.listEvents()).events.map((event) => event.type),
    }));
    expect(promoted.segments.find((s) => s.name === N.changed)?.description).toBe('left');
    expect(promoted.segments.some((s) => s.name === N.newSegment)).toBe(true);
    expect(promoted.fields.some((f) => f.name === N.field)).toBe(true);
    expect(promoted.origins).toContain(N.origin);
    expect(promoted.events).toEqual(expect.arrayContaining(['segment-created', 'segment-updated', 'context-field-created', 'strategy-created']));

    // compare again: what was promoted is the same now
    await result.getByRole('button', { name: 'Compare again' }).click();
    await page.getByRole('region', { name: 'Last promotion' }).waitFor();
    await show(page, /^Same/);
    for (const name of [N.newSegment, N.changed]) expect(await row(segmentTable, name).textContent()).toContain('Same');
    expect(await row(types, N.type).textContent()).toContain('Same');

    // revert, under the same protection
    await page.getByRole('region', { name: 'Last promotion' }).getByRole('button', { name: 'Revert this promotion' }).click();
    const revert = page.getByRole('alertdialog', { name: 'Revert the promotion on Staging?' });
    await revert.getByLabel('Type Staging to confirm').fill('Staging');
    await revert.getByRole('button', { name: 'Revert promotion' }).click();
    const reverted = page.getByRole('region', { name: 'Revert done' });
    await reverted.waitFor();
    await app().screenshot('compare-reverted');
    const after = await onRight(async (right) => ({ segments: await right.listSegments(), fields: await right.listContextFields() }));
    expect(after.segments.find((s) => s.name === N.changed)?.description).toBe('right');
    expect(after.segments.some((s) => s.name === N.newSegment)).toBe(false);
    expect(after.fields.some((f) => f.name === N.field)).toBe(false);
    await reverted.getByRole('button', { name: 'Compare again' }).click();
    await show(page, /^Not the same/);
    expect(await row(segmentTable, N.newSegment).textContent()).toContain('Only left');
    expect(app().problems).toEqual([]);
  });

  it('from a bundle file: a segment of a project the right lacks is skipped until promoted as global', async () => {
    dialog.dir = await mkdtemp(join(tmpdir(), 'flagdesk-e2e-bundle-'));
    const bundle: BundleFile = {
      format: BUNDLE_FORMAT,
      version: BUNDLE_VERSION,
      exportedAt: '2026-11-20T10:00:00.000Z',
      source: { name: 'Production EU', serverVersion: '7.6.5' },
      content: {
        segments: [{ name: N.scoped, description: 'EMEA customers', project: 'emea', constraints: [] }],
        strategyTypes: null,
        contextFields: null,
        corsOrigins: null,
        projects: ['default', 'emea'],
      },
    };
    dialog.next = join(dialog.dir, 'production-eu.json');
    await writeFile(dialog.next, JSON.stringify(bundle));

    const page = await openCompare();
    await page.getByRole('button', { name: 'Open a bundle file as the left side…' }).click();
    await expect.poll(() => page.evaluate('location.hash')).toMatch(/left=bundle%3Abundle-/);
    const segmentTable = page.getByRole('table', { name: 'Segments' });
    await row(segmentTable, N.scoped).waitFor();
    expect(await page.getByText('Bundle file production-eu.json, exported from Production EU (Unleash 7.6.5) on 2026-11-20').count()).toBe(1);
    await segmentTable.getByRole('checkbox', { name: `Select ${N.scoped}` }).check();
    await page.getByRole('button', { name: 'Plan promotion to Staging' }).click();
    const skipped = page.getByRole('list', { name: 'Items in the plan' }).getByRole('listitem', { name: `Skip segment ${N.scoped}` });
    await skipped.waitFor();
    expect(await page.getByRole('button', { name: 'Nothing to apply' }).isDisabled()).toBe(true);
    await app().screenshot('compare-plan-project-missing', { variants: true });
    await skipped.getByRole('radio', { name: 'Promote it as a global segment' }).check();
    const created = page.getByRole('list', { name: 'Items in the plan' }).getByRole('listitem', { name: `Create segment ${N.scoped}` });
    await created.waitFor();
    await page.getByRole('button', { name: 'Apply to Staging (1 write)' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Promote to Staging?' });
    await confirm.getByLabel('Type Staging to confirm').fill('Staging');
    await confirm.getByRole('button', { name: 'Promote (1 write)' }).click();
    await page.getByRole('region', { name: 'Promotion done' }).waitFor();
    const stored = await onRight(async (right) => (await right.listSegments()).find((s) => s.name === N.scoped));
    expect(stored?.project ?? null).toBeNull();
    expect(app().problems).toEqual([]);
  });

  it('says which side cannot be reached, next to its picker, and compares once it answers again', async () => {
    // a port nothing listens on: the server of "Offline" refuses at once
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const status = await app().core.connections.save({ name: 'Offline', baseUrl: `http://127.0.0.1:${closed}`, token: 'e2e-offline-token' });
    const offline = status.profiles.find((p) => p.name === 'Offline')!.id;
    const page = app().page;
    await page.evaluate(`window.location.hash = '#/compare?left=demo&right=${offline}'`);
    const alert = page.getByRole('alert').filter({ hasText: 'Comparing Demo with Offline failed' });
    await alert.waitFor({ timeout: 20_000 });
    const right = page.getByRole('combobox', { name: 'Right (to)' });
    expect(await right.getAttribute('aria-invalid')).toBe('true');
    const hint = await page.locator(`#${(await right.getAttribute('aria-describedby'))!.replace(/:/g, '\\:')}`).textContent();
    expect(hint).toContain('Offline');
    expect(hint).toContain('cannot be reached');
    expect(await page.getByRole('combobox', { name: 'Left (from)' }).getAttribute('aria-invalid')).toBeNull();
    await app().screenshot('compare-unreachable', { variants: true });
    // back to a side that answers
    await right.selectOption({ label: 'Staging' });
    await page.getByRole('region', { name: 'Segments' }).waitFor();
    expect(await right.getAttribute('aria-invalid')).toBeNull();
    await app().core.connections.remove({ id: offline });
    expect(app().problems).toEqual([]);
  });
});
