import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Segment } from '../../../shared/schemas';
import { toastQueue } from '../../components/toast';
import type { FakeHandlers } from '../../test/fake-bridge';
import { renderApp, resetBridge } from '../../test/render';

afterEach(() => {
  cleanup();
  resetBridge();
  toastQueue.clear();
});

const EU: Segment = {
  id: 7,
  name: 'eu-customers',
  description: 'Customers in the EU',
  project: 'default',
  constraints: [
    { contextName: 'country', operator: 'IN', values: ['DE', 'FR'], inverted: false, caseInsensitive: true },
    { contextName: 'age', operator: 'NUM_GTE', value: '18', inverted: true, caseInsensitive: false },
  ],
  createdAt: '2024-01-01T00:00:00.000Z',
};

function handlers(): FakeHandlers {
  let stored: Segment[] = [EU];
  return {
    'instance.projects': () => [{ id: 'default', name: 'Default' }],
    'instance.contextFields': () => [{ name: 'country' }, { name: 'age' }],
    'instance.environments': () => [{ name: 'production', type: 'production' }],
    'segments.list': () => stored,
    'segments.get': ({ id }) => stored.find((s) => s.id === id) ?? EU,
    'segments.strategies': () => ({ strategies: [] }),
    'segments.delete': ({ id }) => {
      stored = stored.filter((s) => s.id !== id);
      return null;
    },
    'segments.create': (input) => {
      const created: Segment = { ...input, id: 12, description: input.description ?? null, project: input.project ?? null, createdAt: 'now' };
      stored = [...stored, created];
      return created;
    },
  };
}

describe('deleting a segment on a profile without protection', { timeout: 20_000 }, () => {
  it('offers Undo in its toast, and Undo re-creates it as it was, saying its new id', async () => {
    const { bridge, router } = renderApp('/segments/7', handlers());
    await screen.findByRole('heading', { level: 1, name: 'Edit “eu-customers”' }, { timeout: 10_000 });
    await screen.findByText('No strategy uses this segment.');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    // no confirmation on this level: it is gone at once, and the toast offers the way back
    await waitFor(() => expect(bridge.inputsOf('segments.delete')).toEqual([{ id: 7 }]));
    await waitFor(() => expect(router.state.location.pathname).toBe('/segments'));
    const undo = await screen.findByRole('button', { name: 'Undo' });
    expect(screen.getByText('Segment “eu-customers” deleted')).toBeTruthy();
    fireEvent.click(undo);
    await waitFor(() => expect(bridge.inputsOf('segments.create')).toHaveLength(1));
    expect(bridge.inputsOf('segments.create')[0]).toEqual({
      name: 'eu-customers',
      description: 'Customers in the EU',
      project: 'default',
      constraints: EU.constraints,
    });
    expect(await screen.findByText('Segment “eu-customers” is back')).toBeTruthy();
    expect(screen.getByText(/Re-created as #12 \(it was #7\)/)).toBeTruthy();
    // the list shows it again
    expect(await screen.findByRole('link', { name: 'eu-customers' }, { timeout: 5000 })).toBeTruthy();
  });
});
