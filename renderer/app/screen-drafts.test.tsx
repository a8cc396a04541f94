import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Segment } from '../../shared/schemas';
import { renderApp, resetBridge } from '../test/render';

// jsdom has no CSS.escape, which React Aria's modal uses
if (typeof globalThis.CSS === 'undefined') {
  Object.assign(globalThis, { CSS: { escape: (value: string) => value.replace(/[^\w-]/g, (char) => `\\${char}`) } });
}

/**
 * A fault on demand inside the screen: every screen here draws its PageHeader, which throws while `fault.on` is set,
 * so the screen's own error boundary replaces the screen (as a parser that throws would) and Retry mounts it afresh.
 */
const fault = vi.hoisted(() => {
  const listeners = new Set<() => void>();
  const state = { on: false };
  return {
    state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(on: boolean) {
      state.on = on;
      listeners.forEach((listener) => listener());
    },
  };
});
vi.mock('../components/page-header', async (original) => {
  const { useSyncExternalStore } = await import('react');
  const actual = await original<typeof import('../components/page-header')>();
  return {
    PageHeader: (props: Parameters<typeof actual.PageHeader>[0]) => {
      if (useSyncExternalStore(fault.subscribe, () => fault.state.on)) throw new TypeError('a fault on purpose');
      return actual.PageHeader(props);
    },
  };
});
vi.mock('../features/events/activity-chart', () => ({ default: () => null }));

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  fault.set(false);
  cleanup();
  resetBridge();
  vi.restoreAllMocks();
});

/** Make the screen throw, see its boundary say so, then press Retry with the fault gone. */
async function failAndRetry() {
  act(() => fault.set(true));
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain('a fault in Flagdesk');
  fault.state.on = false;
  fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
}

const noEvents = () => ({ events: [], total: 0, source: 'server' as const, syncedAt: null });
const drafts = () => Object.keys(sessionStorage).filter((key) => key.startsWith('flagdesk.draft.'));

const BETA: Segment = {
  id: 3,
  name: 'beta-users',
  description: 'Opted in',
  constraints: [{ contextName: 'userId', operator: 'IN', values: ['1', '2'] }],
  createdAt: '2024-01-01T00:00:00.000Z',
};

describe('what the user typed survives a retry of the screen', () => {
  it('segment editor: name, description and constraint values come back; a save forgets the draft', async () => {
    const { bridge } = renderApp('/segments/3', {
      'instance.projects': () => [{ id: 'default', name: 'Default' }],
      'instance.contextFields': () => [{ name: 'userId' }],
      'instance.environments': () => [],
      'segments.list': () => [BETA],
      'segments.get': () => BETA,
      'segments.strategies': () => ({ strategies: [] }),
      'segments.update': () => null,
    });
    const form = await screen.findByRole('form', { name: 'Segment' }, { timeout: 10_000 });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'beta-testers' } });
    fireEvent.change(within(form).getByLabelText('Description'), { target: { value: 'Opted in, typed again' } });
    const values = within(form).getByPlaceholderText('Type a value and press Enter, or paste a list');
    fireEvent.paste(values, { clipboardData: { getData: () => '3\n4' } });
    expect(screen.getByTestId('values-count').textContent).toBe('4 of 1,000 values used');

    await failAndRetry();

    const again = await screen.findByRole('form', { name: 'Segment' }, { timeout: 10_000 });
    await waitFor(() => expect(within(again).getByLabelText<HTMLInputElement>('Name').value).toBe('beta-testers'));
    expect(within(again).getByLabelText<HTMLTextAreaElement>('Description').value).toBe('Opted in, typed again');
    expect(screen.getByTestId('values-count').textContent).toBe('4 of 1,000 values used');

    fireEvent.click(within(again).getByRole('button', { name: 'Save segment' }));
    await waitFor(() => expect(bridge.inputsOf('segments.update')).toHaveLength(1));
    expect(bridge.inputsOf('segments.update')[0]?.segment).toMatchObject({ name: 'beta-testers', description: 'Opted in, typed again' });
    await waitFor(() => expect(drafts()).toEqual([]));
  }, 30_000);

  it('CORS: the unsaved rows and the paste box come back; a save forgets the draft', async () => {
    const { bridge } = renderApp('/cors', {
      'uiConfig.get': () => ({ version: '6.10.1', frontendApiOrigins: ['https://app.example.com'] }),
      'events.browse': noEvents,
      'uiConfig.setOrigins': () => null,
    });
    await screen.findByRole('list', { name: 'Allowed origins' }, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Add origin' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Origin 2' }), { target: { value: 'https://shop.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Paste lines' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'One origin per line' }), { target: { value: 'https://half.typed' } });

    await failAndRetry();

    await screen.findByRole('list', { name: 'Allowed origins' }, { timeout: 10_000 });
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Origin 2' }).value).toBe('https://shop.example.com');
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'One origin per line' }).value).toBe('https://half.typed');

    fireEvent.click(screen.getByRole('button', { name: 'Save origins' }));
    await waitFor(() => expect(bridge.inputsOf('uiConfig.setOrigins')).toEqual([{ origins: ['https://app.example.com', 'https://shop.example.com'] }]));
    await waitFor(() => expect(drafts()).toEqual([]));
  }, 30_000);

  it('strategy type editor: the unsaved description and parameters come back; a save forgets the draft', async () => {
    const tenant = { name: 'tenant', displayName: null, description: 'Tenants', editable: true, deprecated: false, parameters: [{ name: 'id', type: 'string', description: '', required: false }], title: null };
    const { bridge } = renderApp('/strategy-types/tenant', {
      'strategyTypes.list': () => [tenant],
      'strategyTypes.usage': () => [],
      'events.browse': noEvents,
      'strategyTypes.update': () => null,
    });
    const form = await screen.findByRole('form', { name: 'Edit strategy type' }, { timeout: 10_000 });
    await within(form).findByText(/Used by 0 flag strategies/);
    fireEvent.change(within(form).getAllByLabelText('Description')[0]!, { target: { value: 'Tenants, by id' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Remove parameter 1' }));

    await failAndRetry();

    const again = await screen.findByRole('form', { name: 'Edit strategy type' }, { timeout: 10_000 });
    await waitFor(() => expect(within(again).getAllByLabelText<HTMLInputElement>('Description')[0]?.value).toBe('Tenants, by id'));
    expect(within(again).queryByRole('button', { name: 'Remove parameter 1' })).toBeNull();

    await within(again).findByText(/Used by 0 flag strategies/);
    fireEvent.click(await within(again).findByRole('button', { name: 'Review and save' }));
    const confirm = await screen.findByRole('button', { name: /^Save/ });
    fireEvent.click(confirm);
    await waitFor(() => expect(bridge.inputsOf('strategyTypes.update')).toEqual([{ name: 'tenant', update: { description: 'Tenants, by id', parameters: [] } }]));
    await waitFor(() => expect(drafts()).toEqual([]));
  }, 30_000);

  it('events: the search text typed just before the fault comes back, and once applied the URL holds it', async () => {
    const { router } = renderApp('/events', {
      'events.browse': noEvents,
      'events.histogram': () => ({ days: 1, buckets: [] }),
      'eventIndex.status': () => ({ enabled: false, state: 'off' as const, count: 0, total: 0, syncedAt: null, lastError: null }),
      'instance.projects': () => [],
      'events.creators': () => [],
      'instance.environments': () => [],
      'segments.list': () => [],
    });
    const search = await screen.findByRole('searchbox', { name: 'Search' }, { timeout: 10_000 });
    fireEvent.change(search, { target: { value: 'checkout' } });

    await failAndRetry();

    const again = await screen.findByRole('searchbox', { name: 'Search' }, { timeout: 10_000 });
    expect((again as HTMLInputElement).value).toBe('checkout');
    await waitFor(() => expect(router.state.location.search).toContain('checkout'));
    expect(drafts()).toEqual([]);
  }, 30_000);
});
