import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/errors';
import type { ContextField, ContextFieldUsage } from '../../../shared/schemas';
import { toastQueue } from '../../components/toast';
import type { FakeHandlers } from '../../test/fake-bridge';
import { demoProfile, renderApp, resetBridge, statusWith } from '../../test/render';

afterEach(() => {
  cleanup();
  resetBridge();
  toastQueue.clear();
});

const PLAN: ContextField = { name: 'plan', description: 'Subscription plan', stickiness: false, sortOrder: 0, legalValues: [{ value: 'free', description: 'no charge' }, { value: 'pro' }] };
const REGION: ContextField = { name: 'region', description: null, stickiness: true, sortOrder: 3, legalValues: [] };
const USAGE: ContextFieldUsage[] = [
  {
    contextName: 'plan',
    strategies: [{ id: 's1', projectId: 'default', featureName: 'checkout', environment: 'production', strategyName: 'flexibleRollout' }],
    segments: [{ id: 4, name: 'paying', project: null }],
  },
];

function handlers(overrides: FakeHandlers = {}): FakeHandlers {
  let stored = [PLAN, REGION];
  return {
    'instance.projects': () => [{ id: 'default', name: 'Default project' }],
    'instance.environments': () => [{ name: 'production', type: 'production' }],
    'instance.contextFields': () => stored,
    'contextFields.usage': () => USAGE,
    'contextFields.create': (input) => {
      const created = { sortOrder: 0, stickiness: false, description: null, legalValues: [], ...input };
      stored = [...stored, created];
      return created;
    },
    'contextFields.update': () => null,
    'contextFields.delete': ({ name }) => {
      stored = stored.filter((field) => field.name !== name);
      return null;
    },
    ...overrides,
  };
}

describe('the context fields list', { timeout: 20_000 }, () => {
  it('shows each field with its legal values, stickiness and what uses it', async () => {
    renderApp('/context-fields', handlers());
    const table = await screen.findByRole('table', { name: 'Context fields' }, { timeout: 10_000 });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('plan');
    expect(within(rows[1]!).getByRole('list', { name: 'Legal values of plan: 2' }).textContent).toBe('freepro');
    expect(await within(rows[1]!).findByText('1 strategy in 1 flag')).toBeTruthy();
    expect(within(rows[1]!).getByRole('link', { name: 'paying' }).getAttribute('href')).toBe('/segments/4');
    expect(rows[2]!.textContent).toContain('Any value');
    expect(rows[2]!.textContent).toContain('Yes');
    expect(rows[2]!.textContent).toContain('Unused');
  });

  it('searches by legal value, in the URL', async () => {
    const { router } = renderApp('/context-fields', handlers());
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Search' }, { timeout: 10_000 }), { target: { value: 'pro' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=pro'));
    expect(screen.getAllByRole('row')).toHaveLength(2);
    expect(screen.getByText('1 of 2 context fields on this instance')).toBeTruthy();
  });
});

describe('creating and editing a context field', { timeout: 20_000 }, () => {
  it('creates one with pasted legal values, de-duplicated and counted, and their descriptions', async () => {
    const { bridge, router } = renderApp('/context-fields/new', handlers());
    const name = await screen.findByRole('textbox', { name: 'Name' }, { timeout: 10_000 });
    fireEvent.change(name, { target: { value: 'plan' } });
    fireEvent.blur(name);
    expect(await screen.findByText('A context field with this name already exists')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'tier' } });
    const values = screen.getByRole('textbox', { name: /Legal values/ });
    fireEvent.paste(values, { clipboardData: { getData: () => 'gold\nsilver\ngold\nbronze' } });
    expect(screen.getByRole('status').textContent).toBe('3 added, 1 already there');
    expect(screen.getByText('(3)')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Description of gold' }), { target: { value: 'top tier' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Custom stickiness' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create context field' }));
    await waitFor(() => expect(bridge.inputsOf('contextFields.create')).toHaveLength(1));
    expect(bridge.inputsOf('contextFields.create')[0]).toEqual({
      name: 'tier',
      stickiness: true,
      legalValues: [{ value: 'gold', description: 'top tier' }, { value: 'silver' }, { value: 'bronze' }],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/context-fields/tier'));
  });

  it('saves description, stickiness and every legal value (a server empties those left out)', async () => {
    const { bridge } = renderApp('/context-fields/region', handlers());
    const description = await screen.findByRole('textbox', { name: 'Description' }, { timeout: 10_000 });
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).readOnly).toBe(true);
    fireEvent.change(description, { target: { value: 'Where the user is' } });
    const values = screen.getByRole('textbox', { name: /Legal values/ });
    fireEvent.change(values, { target: { value: 'eu, us' } });
    fireEvent.keyDown(values, { key: 'Enter' });
    fireEvent.click(screen.getByRole('button', { name: 'Save context field' }));
    await waitFor(() => expect(bridge.inputsOf('contextFields.update')).toHaveLength(1));
    expect(bridge.inputsOf('contextFields.update')[0]).toEqual({
      name: 'region',
      update: { description: 'Where the user is', stickiness: true, legalValues: [{ value: 'eu' }, { value: 'us' }] },
    });
  });

  it('asks before leaving with unsaved changes: stay keeps the edit, discard leaves', async () => {
    const { router, bridge } = renderApp('/context-fields/region', handlers());
    const description = await screen.findByRole('textbox', { name: 'Description' }, { timeout: 10_000 });
    fireEvent.change(description, { target: { value: 'half-typed' } });
    const leave = () => fireEvent.click(within(screen.getByRole('navigation', { name: 'Sections' })).getByRole('link', { name: 'CORS' }));
    leave();
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(dialog.textContent).toContain('Your changes to this context field are not saved');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay and keep editing' }));
    expect(router.state.location.pathname).toBe('/context-fields/region');
    expect((screen.getByRole('textbox', { name: 'Description' }) as HTMLInputElement).value).toBe('half-typed');
    leave();
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Leave without saving?' })).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cors'));
    expect(bridge.inputsOf('contextFields.update')).toEqual([]);
  });
});

describe('deleting a context field', { timeout: 20_000 }, () => {
  it('is refused while constraints use it, with where (production marked) and links to change them', async () => {
    const { bridge } = renderApp('/context-fields/plan', handlers());
    const usage = await screen.findByRole('complementary', { name: 'Usage' }, { timeout: 10_000 });
    await within(usage).findByRole('link', { name: 'checkout' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: '“plan” is in use' });
    expect(within(dialog).getByRole('link', { name: 'paying' }).getAttribute('href')).toBe('/segments/4');
    expect(within(dialog).getByRole('link', { name: 'checkout' }).getAttribute('href')).toBe('/flags/default/checkout');
    expect(within(dialog).getByText('Default project')).toBeTruthy();
    expect(within(dialog).getByText('production')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(bridge.inputsOf('contextFields.delete')).toEqual([]);
  });

  it('deletes an unused one at once on an unprotected profile, and Undo creates it again as it was', async () => {
    const { bridge, router } = renderApp('/context-fields/region', handlers());
    await screen.findByText('No strategy or segment constraint uses this field.', undefined, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(bridge.inputsOf('contextFields.delete')).toEqual([{ name: 'region' }]));
    await waitFor(() => expect(router.state.location.pathname).toBe('/context-fields'));
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(bridge.inputsOf('contextFields.create')).toEqual([{ name: 'region', stickiness: true, sortOrder: 3, legalValues: [] }]));
    expect(await screen.findByText('Context field “region” is back')).toBeTruthy();
  });

  it('shows where it is used when the server refuses the delete (8.x: a flag started using it meanwhile)', async () => {
    let reads = 0;
    const later: ContextFieldUsage[] = [{ contextName: 'region', strategies: [{ id: 's9', projectId: 'default', featureName: 'geo', environment: 'production', strategyName: 'default' }], segments: [] }];
    const { bridge } = renderApp(
      '/context-fields/region',
      handlers({
        'contextFields.usage': () => (reads++ === 0 ? [] : later),
        'contextFields.delete': () => {
          throw new ApiError(409, 'ConflictError', 'This context field is in use by existing flags. To delete it, first remove its usage from all flags.');
        },
      }),
    );
    await screen.findByText('No strategy or segment constraint uses this field.', undefined, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: '“region” is in use' });
    expect(within(dialog).getByRole('link', { name: 'geo' })).toBeTruthy();
    expect(bridge.inputsOf('contextFields.delete')).toEqual([{ name: 'region' }]);
    expect(screen.queryByText('Context field “region” deleted')).toBeNull();
  });

  it('asks for the typed name on a type-name profile', async () => {
    const status = statusWith([{ ...demoProfile, name: 'Prod', protection: 'type-name' }]);
    const { bridge } = renderApp('/context-fields/region', handlers({ 'connections.status': () => status }));
    await screen.findByText('No strategy or segment constraint uses this field.', undefined, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    const confirm = within(dialog).getByRole('button', { name: 'Delete context field' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'region' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(bridge.inputsOf('contextFields.delete')).toEqual([{ name: 'region' }]));
  });
});

describe('context fields on a read-only profile', { timeout: 20_000 }, () => {
  it('turns every write off and says why', async () => {
    const status = statusWith([{ ...demoProfile, name: 'Prod', protection: 'read-only' }]);
    renderApp('/context-fields/region', handlers({ 'connections.status': () => status }));
    await screen.findByTestId('read-only-notice', undefined, { timeout: 10_000 });
    const remove = screen.getByRole('button', { name: 'Delete' }) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    expect(remove.title).toContain('read-only');
    expect((screen.getByRole('button', { name: 'Save context field' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement).closest('fieldset')?.disabled).toBe(true);
  });
});

describe('the segment editor', { timeout: 20_000 }, () => {
  it('links its field picker to the context fields', async () => {
    const { router } = renderApp('/segments/new', handlers());
    fireEvent.click(await screen.findByRole('link', { name: 'Manage context fields' }, { timeout: 10_000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/context-fields'));
  });
});
