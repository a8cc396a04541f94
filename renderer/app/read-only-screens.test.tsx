import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Feature, FlagEvent } from '../../shared/schemas';
import type { FakeHandlers } from '../test/fake-bridge';
import { isDisabled, liveControls } from '../test/live-controls';
import { demoProfile, renderApp, resetAfterEach, statusWith } from '../test/render';

resetAfterEach();

/*
 * Every screen that writes, on a read-only profile: its one notice says why and where to change it, and no write
 * control is live from the first paint. Each test lists what stays live (reading: filters, testers, history views).
 */

const CHECKOUT: Feature = {
  name: 'checkout',
  project: 'default',
  environments: [{ name: 'production', enabled: true, type: 'production', strategies: [{ id: 's-prod', name: 'default', segments: [1] }] }],
};

const corsEvent: FlagEvent = {
  id: 31,
  type: 'setting-updated',
  createdBy: 'ann',
  createdAt: '2026-05-03T10:00:00.000Z',
  data: { id: 'unleash.frontend', frontendApiOrigins: ['https://app.example.com'] },
  preData: { frontendApiOrigins: [] },
};

const handlers: FakeHandlers = {
  'connections.status': () => statusWith([{ ...demoProfile, name: 'Prod', protection: 'read-only' }]),
  'uiConfig.get': () => ({ version: '6.10.1', frontendApiOrigins: ['*', 'https://app.example.com'] }),
  'events.browse': () => ({ events: [corsEvent], total: 1, source: 'server' as const, syncedAt: null }),
  'instance.projects': () => [{ id: 'default', name: 'Default' }],
  'instance.environments': () => [{ name: 'production', type: 'production' }],
  'instance.features': () => [{ name: 'checkout', project: 'default', environments: [{ name: 'production', enabled: true }] }],
  'instance.feature': () => CHECKOUT,
  'segments.list': () => [{ id: 1, name: 'beta', constraints: [], createdAt: '' }],
  'strategyTypes.list': () => [
    { name: 'tenant', displayName: null, description: 'Tenants', editable: true, deprecated: false, title: null, parameters: [{ name: 'id', type: 'string', description: '', required: false }] },
  ],
  'strategyTypes.usage': () => [],
  'archive.validate': () => ({ parentsWithChildFeatures: [], hasDeletedDependencies: false }),
};

const notice = () => screen.getByTestId('read-only-notice');
const main = () => screen.getByRole('main');
const disabled = (name: string | RegExp) => isDisabled(screen.getByRole('button', { name }));

describe('every write control is off on a read-only profile', { timeout: 20_000 }, () => {
  it('CORS: no row, toolbar or save control is live, nor the history restore; the preflight tester is', async () => {
    renderApp('/cors', handlers);
    await screen.findByRole('list', { name: 'Allowed origins' }, { timeout: 10_000 });
    expect(notice().textContent).toContain('protection level');
    for (const name of ['Add origin', 'Paste lines', 'Sort', 'Remove origin 1', 'Save origins']) expect(disabled(name)).toBe(true);
    expect(isDisabled(screen.getByRole('textbox', { name: 'Origin 1' }))).toBe(true);
    const history = await screen.findByRole('region', { name: 'History of Front-end API origins (CORS)' });
    expect(isDisabled(within(history).getByRole('button', { name: 'Restore this version' }))).toBe(true);
    const live = liveControls(main());
    expect(live).toContain('input:Origin');
    expect(live.filter((name) => /Add origin|Paste|Sort|Remove|Save|Discard|Fix|Restore|input:Origin \d/.test(name))).toEqual([]);
  });

  it('strategy type editor: the form renders read-only', async () => {
    renderApp('/strategy-types/tenant', handlers);
    const form = await screen.findByRole('form', { name: 'Edit strategy type' }, { timeout: 10_000 });
    expect(notice()).toBeTruthy();
    expect(liveControls(form)).toEqual([]);
  });

  it('a flag: Change segments is off; Assign segments in bulk is no link', async () => {
    renderApp('/flags/default/checkout', handlers);
    const strategy = await screen.findByRole('listitem', { name: 'Strategy default in production' }, { timeout: 10_000 });
    expect(notice()).toBeTruthy();
    const change = within(strategy).getByRole('button', { name: 'Change segments of default in production' }) as HTMLButtonElement;
    expect(change.disabled).toBe(true);
    expect(change.title).toContain('read-only');
    expect(screen.queryByRole('link', { name: 'Assign segments in bulk' })).toBeNull();
    expect(disabled('Assign segments in bulk')).toBe(true);
  });

  it('bulk assign: Apply is off and the notice says why', async () => {
    renderApp('/bulk-assign', handlers);
    await screen.findByRole('table', { name: 'Strategies' }, { timeout: 10_000 });
    expect(notice()).toBeTruthy();
    expect(disabled(/^Apply to/)).toBe(true);
  });

  it('archive check: Archive is off; the dry-run report (a local file) is not', async () => {
    renderApp('/archive?project=default&flags=checkout', handlers);
    await screen.findByRole('region', { name: 'Impact' }, { timeout: 10_000 });
    expect(notice()).toBeTruthy();
    expect(disabled('Archive 1 flag')).toBe(true);
    expect(disabled('Export dry-run report (Markdown)')).toBe(false);
  });

  it('connections: the read-only demo cannot be reset, but its protection level can be changed', async () => {
    renderApp('/connections', handlers);
    const reset = (await screen.findByRole('button', { name: 'Reset demo data' }, { timeout: 10_000 })) as HTMLButtonElement;
    expect(reset.disabled).toBe(true);
    expect(reset.title).toContain('protection level');
    expect((screen.getByLabelText('Protection') as HTMLSelectElement).disabled).toBe(false);
  });
});
