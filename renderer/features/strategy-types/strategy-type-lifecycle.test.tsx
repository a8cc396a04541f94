import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StrategyType, StrategyUsageRow } from '../../../shared/schemas';
import { ApiError } from '../../../shared/errors';
import { demoProfile, renderApp, resetAfterEach, resetBridge, statusWith } from '../../test/render';

// jsdom has no CSS.escape, which React Aria's modal uses
if (typeof globalThis.CSS === 'undefined') {
  Object.assign(globalThis, { CSS: { escape: (value: string) => value.replace(/[^\w-]/g, (char) => `\\${char}`) } });
}

resetAfterEach();

const tenant: StrategyType = {
  name: 'tenant',
  displayName: null,
  description: 'Tenants',
  editable: true,
  deprecated: false,
  parameters: [{ name: 'ids', type: 'list', description: 'Tenant ids', required: true }],
  title: 'By tenant',
};
const builtIn: StrategyType = { name: 'default', displayName: 'Standard', description: 'On', editable: false, deprecated: false, parameters: [], title: null };
const used = (): StrategyUsageRow[] => [
  { strategyName: 'tenant', projectId: 'default', featureName: 'checkout', environment: 'production', strategyId: 's1', parameters: { ids: 'a' } },
  { strategyName: 'tenant', projectId: 'growth', featureName: 'banner', environment: 'development', strategyId: 's2', parameters: {} },
];
const reads = (list: () => StrategyType[], usage: () => StrategyUsageRow[] = () => []) => ({
  'strategyTypes.list': list,
  'strategyTypes.usage': usage,
  'instance.environments': () => [
    { name: 'development', type: 'development', enabled: true, sortOrder: 1 },
    { name: 'production', type: 'production', enabled: true, sortOrder: 2 },
  ],
  'events.browse': () => ({ events: [], total: 0, source: 'server' as const, syncedAt: null }),
});

describe('creating a strategy type', { timeout: 20_000 }, () => {
  it('checks the name as it is typed by the server’s rules, then creates the type with its parameters', async () => {
    const { bridge } = renderApp('/strategy-types/+new', {
      ...reads(() => [builtIn, tenant]),
      'strategyTypes.create': (input) => ({ displayName: null, editable: true, deprecated: false, title: null, description: null, ...input }),
    });
    const form = await screen.findByRole('form', { name: 'New strategy type' });
    await waitFor(() => expect((within(form).getByRole('button', { name: 'Create strategy type' }) as HTMLButtonElement).disabled).toBe(false));
    const name = within(form).getByLabelText('Name');
    fireEvent.change(name, { target: { value: 'by tenant' } });
    expect(within(form).getByText(/Not URL friendly: space/)).toBeTruthy();
    fireEvent.change(name, { target: { value: 'default' } });
    expect(within(form).getByText('A strategy type named “default” already exists.')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'region(eu)' } });
    expect(within(form).queryByText(/already exists|URL friendly/)).toBeNull();
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'EU region' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add parameter' }));
    fireEvent.change(within(within(form).getByRole('listitem', { name: 'Parameter 1' })).getAllByLabelText('Name')[0]!, { target: { value: 'zones' } });
    // the strategy form's preview follows the rows
    expect(await within(screen.getByRole('region', { name: 'Preview of the strategy form' })).findByLabelText('zones')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Create strategy type' }));
    await waitFor(() =>
      expect(bridge.inputsOf('strategyTypes.create')).toEqual([
        { name: 'region(eu)', title: 'EU region', parameters: [{ name: 'zones', type: 'string', description: '', required: false }] },
      ]),
    );
    await screen.findByRole('heading', { name: 'region(eu)' });
  });

  it('says a name the server refused meanwhile next to the name', async () => {
    renderApp('/strategy-types/+new', {
      ...reads(() => [builtIn]),
      'strategyTypes.create': () => {
        throw new ApiError(409, 'NameExistsError', 'Strategy with name late already exist!', [{ message: 'Strategy with name late already exist!' }]);
      },
    });
    const form = await screen.findByRole('form', { name: 'New strategy type' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'late' } });
    const create = within(form).getByRole('button', { name: 'Create strategy type' }) as HTMLButtonElement;
    await waitFor(() => expect(create.disabled).toBe(false));
    fireEvent.click(create);
    expect(await within(form).findByText('Strategy with name late already exist!')).toBeTruthy();
  });
});

describe('deprecating and deleting a strategy type', { timeout: 20_000 }, () => {
  it('refuses to delete a type in use, lists where (production marked, flags linked) and offers deprecating instead', async () => {
    const { bridge } = renderApp('/strategy-types/tenant', {
      ...reads(() => [tenant], used),
      'strategyTypes.deprecate': () => null,
      'strategyTypes.delete': () => null,
    });
    await screen.findByRole('form', { name: 'Edit strategy type' });
    const del = await screen.findByRole('button', { name: 'Delete' });
    await waitFor(() => expect((del as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(del);
    const dialog = await screen.findByRole('alertdialog', { name: '“tenant” is in use' });
    expect(within(dialog).getByRole('link', { name: 'checkout' }).getAttribute('href')).toContain('/flags/default/checkout');
    expect(within(dialog).getByRole('link', { name: 'banner' })).toBeTruthy();
    expect(within(dialog).getByText('production')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deprecate instead' }));
    await waitFor(() => expect(bridge.inputsOf('strategyTypes.deprecate')).toEqual([{ name: 'tenant' }]));
    expect(bridge.inputsOf('strategyTypes.delete')).toEqual([]);
  });

  it('deletes an unused type without asking on an unprotected profile, and Undo creates it again as it was', async () => {
    // the list the app refetches after the delete no longer has the type, as the server's would not
    let deleted = false;
    const { bridge } = renderApp('/strategy-types/tenant', {
      ...reads(() => (deleted ? [] : [tenant])),
      'strategyTypes.delete': () => {
        deleted = true;
        return null;
      },
      'strategyTypes.create': (input) => ({ ...tenant, ...input }),
    });
    const del = await screen.findByRole('button', { name: 'Delete' });
    await waitFor(() => expect((del as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(del);
    await waitFor(() => expect(bridge.inputsOf('strategyTypes.delete')).toEqual([{ name: 'tenant' }]));
    await screen.findByRole('heading', { name: 'Strategy types' });
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(bridge.inputsOf('strategyTypes.create')).toEqual([
        { name: 'tenant', title: 'By tenant', description: 'Tenants', parameters: [{ name: 'ids', type: 'list', description: 'Tenant ids', required: true }] },
      ]),
    );
  });

  it('asks for the typed name on a type-the-name profile, and then offers no Undo', async () => {
    const { bridge } = renderApp('/strategy-types/tenant', {
      ...reads(() => [tenant]),
      'connections.status': () => statusWith([{ ...demoProfile, protection: 'type-name' }]),
      'strategyTypes.delete': () => null,
    });
    const del = await screen.findByRole('button', { name: 'Delete' });
    await waitFor(() => expect((del as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(del);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete strategy type “tenant”?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete type' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Type/), { target: { value: 'tenant' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(bridge.inputsOf('strategyTypes.delete')).toEqual([{ name: 'tenant' }]));
    await screen.findByText('Strategy type “tenant” deleted');
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('reactivates a deprecated type and says what deprecated means', async () => {
    const { bridge } = renderApp('/strategy-types/tenant', { ...reads(() => [{ ...tenant, deprecated: true }]), 'strategyTypes.reactivate': () => null });
    expect(await screen.findByText(/no longer offers a deprecated type for new strategies/)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Reactivate' }));
    await waitFor(() => expect(bridge.inputsOf('strategyTypes.reactivate')).toEqual([{ name: 'tenant' }]));
  });

  it('shows no lifecycle controls for a built-in, and disables them on a read-only profile', async () => {
    renderApp('/strategy-types/default', reads(() => [builtIn]));
    await screen.findByText('Built-in type: read-only');
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Deprecate' })).toBeNull();
    cleanup();
    resetBridge();
    renderApp('/strategy-types/tenant', { ...reads(() => [tenant]), 'connections.status': () => statusWith([{ ...demoProfile, protection: 'read-only' }]) });
    await screen.findByTestId('read-only-notice');
    expect((screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Deprecate' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
