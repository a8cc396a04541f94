import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FlagEvent, StrategyUsageRow } from '../../../shared/schemas';
import { demoProfile, renderApp, resetAfterEach, statusWith } from '../../test/render';

// jsdom has no CSS.escape, which React Aria's modal uses
if (typeof globalThis.CSS === 'undefined') {
  Object.assign(globalThis, { CSS: { escape: (value: string) => value.replace(/[^\w-]/g, (char) => `\\${char}`) } });
}

resetAfterEach();

const types = () => [
  { name: 'flexibleRollout', displayName: 'Gradual rollout', description: 'Roll out', editable: false, deprecated: false, parameters: [], title: null },
  {
    name: 'tenant',
    displayName: null,
    description: 'Tenants',
    editable: true,
    deprecated: true,
    parameters: [{ name: 'id', type: 'string', description: '', required: false }],
    title: null,
  },
];
const usage = (): StrategyUsageRow[] => [
  { strategyName: 'tenant', projectId: 'default', featureName: 'a', environment: 'production', strategyId: 's1', parameters: { id: 'acme' } },
  { strategyName: 'tenant', projectId: 'growth', featureName: 'b', environment: 'development', strategyId: 's2', parameters: {} },
];

describe('strategy types', () => {
  it('lists usage per type, marks built-ins read-only and deprecated ones', async () => {
    renderApp('/strategy-types', { 'strategyTypes.list': types, 'strategyTypes.usage': usage });
    const table = await screen.findByRole('table', { name: 'Strategy types' });
    const tenant = within(table).getByRole('link', { name: 'tenant' }).closest('tr')!;
    await within(tenant).findByText('2');
    expect(tenant.textContent).toContain('default, growth');
    expect(tenant.textContent).toContain('deprecated');
    expect(within(table).getByText('Gradual rollout').closest('tr')!.textContent).toContain('built-in, read-only');
  });

  it('a removed parameter with stored values needs confirmation, and the values are shown', async () => {
    const { bridge } = renderApp('/strategy-types/tenant', {
      'strategyTypes.list': types,
      'strategyTypes.usage': usage,
      'events.browse': () => ({ events: [], total: 0, source: 'server' as const, syncedAt: null }),
      'strategyTypes.update': () => null,
    });
    const form = await screen.findByRole('form', { name: 'Edit strategy type' });
    await within(form).findByText(/Used by 2 flag strategies/);
    fireEvent.click(within(form).getByRole('button', { name: 'Remove parameter 1' }));
    fireEvent.click(await within(form).findByRole('button', { name: 'Review and save' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'This change breaks 1 flag strategy' });
    expect(dialog.textContent).toContain('"id" is removed: the stored value "acme" is orphaned');
    expect(bridge.inputsOf('strategyTypes.update')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save anyway' }));
    await screen.findByText('Saved');
    // only what the admin changed: the untouched title stays the server's null, the description as it is
    expect(bridge.inputsOf('strategyTypes.update')).toEqual([{ name: 'tenant', update: { parameters: [] } }]);
  });

  it('pairs parameters by name: removing one and renaming the next reads as a removal and that rename', async () => {
    const regional = {
      name: 'regional',
      displayName: null,
      description: null,
      editable: true,
      deprecated: false,
      parameters: [
        { name: 'tenant', type: 'string' },
        { name: 'region', type: 'string', description: 'Region' },
      ],
      title: null,
    };
    const { bridge } = renderApp('/strategy-types/regional', {
      'strategyTypes.list': () => [regional],
      'strategyTypes.usage': () => [
        { strategyName: 'regional', projectId: 'default', featureName: 'a', environment: 'production', strategyId: 's1', parameters: { tenant: 'acme', region: 'eu' } },
      ],
      'events.browse': () => ({ events: [], total: 0, source: 'server' as const, syncedAt: null }),
      'strategyTypes.update': () => null,
    });
    const form = await screen.findByRole('form', { name: 'Edit strategy type' });
    await within(form).findByText(/Used by 1 flag strategy/);
    fireEvent.click(within(form).getByRole('button', { name: 'Remove parameter 1' }));
    const first = within(form).getByRole('listitem', { name: 'Parameter 1' });
    fireEvent.change(within(first).getByRole('textbox', { name: 'Name' }), { target: { value: 'regionCodes' } });
    expect((await within(first).findByText(/Renamed from/)).textContent).toContain('region');
    fireEvent.click(within(form).getByRole('button', { name: 'Add parameter' }));
    const second = await within(form).findByRole('listitem', { name: 'Parameter 2' });
    fireEvent.change(within(second).getByRole('textbox', { name: /^Name/ }), { target: { value: 'tier' } });
    expect(within(second).queryByText(/Renamed from/)).toBeNull();

    const review = await within(form).findByRole('button', { name: 'Review and save' });
    await waitFor(() => expect((review as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(review);
    const dialog = await screen.findByRole('alertdialog', { name: 'This change breaks 1 flag strategy' });
    const changes = within(dialog).getByRole('list', { name: 'Changes to the type' });
    expect(within(changes).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '− tenant (string)',
      'renamed region → regionCodes',
      '+ tier (string)',
    ]);
    expect(dialog.textContent).toContain('"region" is renamed to "regionCodes": the stored value "eu"');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save anyway' }));
    await screen.findByText('Saved');
    // the stored parameter keeps its description; nothing the admin left alone is written over
    expect(bridge.inputsOf('strategyTypes.update')).toEqual([
      {
        name: 'regional',
        update: { parameters: [{ name: 'regionCodes', type: 'string', description: 'Region' }, { name: 'tier', type: 'string', description: '', required: false }] },
      },
    ]);
  });

  it('the history restores an old version through the protection level, showing the flag strategies it breaks', async () => {
    // the type's events, newest first: it was created with "region" and "id", then "region" was removed
    const event = (id: number, type: string, at: string, parameters: { name: string; type: string }[]): FlagEvent => ({
      id,
      type,
      createdBy: 'ann',
      createdAt: at,
      data: { name: 'tenant', description: 'Tenants', parameters },
      preData: null,
    });
    const events = [
      event(21, 'strategy-updated', '2026-05-02T10:00:00.000Z', [{ name: 'id', type: 'string' }]),
      // another type's event: not part of this history
      { ...event(20, 'strategy-updated', '2026-05-01T12:00:00.000Z', []), data: { name: 'other', parameters: [] } },
      event(19, 'strategy-created', '2026-05-01T10:00:00.000Z', [{ name: 'region', type: 'string' }]),
    ];
    const { bridge } = renderApp('/strategy-types/tenant', {
      'connections.status': () => statusWith([{ ...demoProfile, protection: 'type-name' }]),
      'strategyTypes.list': types,
      'strategyTypes.usage': usage,
      'events.browse': () => ({ events, total: events.length, source: 'server' as const, syncedAt: null }),
      'strategyTypes.update': () => null,
    });
    const history = await screen.findByRole('region', { name: 'History of tenant' });
    await within(history).findByText(/\(2 events\)/);
    const restores = within(history).getAllByRole('button', { name: 'Restore this version' });
    expect(restores).toHaveLength(2);
    fireEvent.click(restores[1]!);

    // the dialog shows the diff and the strategy whose stored "id" the old version orphans, and wants the typed name
    const dialog = await screen.findByRole('alertdialog', { name: 'Restore tenant?' });
    // an old version names no rename: "id" goes and "region" comes, paired by name
    const changes = within(dialog).getByRole('list', { name: 'Changes to the type' });
    expect(within(changes).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['− id (string)', '+ region (string)']);
    expect(within(dialog).getByRole('list', { name: 'Broken flag strategies' }).textContent).toContain(
      '"id" is removed: the stored value "acme" is orphaned',
    );
    const confirm = within(dialog).getByRole('button', { name: 'Restore' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'tenant' } });
    expect(bridge.inputsOf('strategyTypes.update')).toEqual([]);
    fireEvent.click(confirm);
    await waitFor(() =>
      expect(bridge.inputsOf('strategyTypes.update')).toEqual([
        { name: 'tenant', update: { description: 'Tenants', parameters: [{ name: 'region', type: 'string' }] } },
      ]),
    );
  });

  it('after a save, restoring an older version shows that version in the form (no stale draft laid over it)', async () => {
    let parameters = [{ name: 'tenant', type: 'string', description: 'Tenant id', required: false }];
    const current = () => [{ name: 'e-tenant', displayName: null, description: 'Tenants', editable: true, deprecated: false, parameters, title: null }];
    const created: FlagEvent = {
      id: 30,
      type: 'strategy-created',
      createdBy: 'ann',
      createdAt: '2026-05-01T10:00:00.000Z',
      data: { name: 'e-tenant', description: 'Tenants', parameters: [{ name: 'tenant', type: 'string', description: 'Tenant id', required: false }] },
      preData: null,
    };
    renderApp('/strategy-types/e-tenant', {
      'strategyTypes.list': current,
      'strategyTypes.usage': () => [],
      'events.browse': () => ({ events: [created], total: 1, source: 'server' as const, syncedAt: null }),
      'strategyTypes.update': (input) => {
        parameters = (input as { update: { parameters: typeof parameters } }).update.parameters;
        return null;
      },
    });
    const form = await screen.findByRole('form', { name: 'Edit strategy type' });
    await within(form).findByText(/Used by 0 flag strategies/);
    // the form is mounted afresh on each server version: look it up each time
    const name = () =>
      within(within(screen.getByRole('form', { name: 'Edit strategy type' })).getByRole('listitem', { name: 'Parameter 1' })).getByRole('textbox', {
        name: /^Name/,
      }) as HTMLInputElement;
    fireEvent.change(name(), { target: { value: 'tenantId' } });
    const review = within(form).getByRole('button', { name: 'Review and save' }) as HTMLButtonElement;
    await waitFor(() => expect(review.disabled).toBe(false));
    fireEvent.click(review);
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Save e-tenant?' })).getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved');
    await waitFor(() => expect(parameters.map((p) => p.name)).toEqual(['tenantId']));

    const history = await screen.findByRole('region', { name: 'History of e-tenant' });
    fireEvent.click(await within(history).findByRole('button', { name: 'Restore this version' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Restore e-tenant?' });
    const confirm = within(dialog).getByRole('button', { name: 'Restore' }) as HTMLButtonElement;
    await waitFor(() => expect(confirm.disabled).toBe(false));
    fireEvent.click(confirm);
    await waitFor(() => expect(parameters.map((p) => p.name)).toEqual(['tenant']));
    // the form follows the server: the saved rename is not laid back over the restored version
    await waitFor(() => expect(name().value).toBe('tenant'));
    expect(within(screen.getByRole('form', { name: 'Edit strategy type' })).queryByText(/Renamed from/)).toBeNull();
  }, 15_000);
});
