import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FlagEvent, StrategyUsageRow } from '../../../shared/schemas';
import { renderApp, resetBridge } from '../../test/render';

// jsdom has no CSS.escape, which React Aria's modal uses
if (typeof globalThis.CSS === 'undefined') {
  Object.assign(globalThis, { CSS: { escape: (value: string) => value.replace(/[^\w-]/g, (char) => `\\${char}`) } });
}

afterEach(resetBridge);

const event = (id: number, type: string, createdAt: string, parameters: { name: string; type: string }[]): FlagEvent => ({
  id,
  type,
  createdBy: 'ann',
  createdAt,
  data: { name: 'geo', description: 'Regions', parameters },
  preData: null,
});
const events = [
  event(12, 'strategy-updated', '2026-05-02T10:00:00.000Z', [{ name: 'zone', type: 'string' }]),
  event(10, 'strategy-created', '2026-05-01T10:00:00.000Z', [{ name: 'region', type: 'string' }]),
];
const usage = (): StrategyUsageRow[] => [
  { strategyName: 'geo', projectId: 'default', featureName: 'checkout', environment: 'production', strategyId: 's1', parameters: { zone: 'eu-1' } },
];

describe('the entity timeline in the event browser', () => {
  it("restoring an old strategy type version shows the breaking-change guard first, wherever the timeline is", async () => {
    const { bridge } = renderApp('/events?event=12', {
      'events.browse': () => ({ events, total: events.length, source: 'server' as const, syncedAt: null }),
      'events.histogram': () => ({ days: 1, buckets: [] }),
      'eventIndex.status': () => ({ enabled: false, state: 'off' as const, count: 0, total: 0, syncedAt: null, lastError: null }),
      'instance.projects': () => [],
      'instance.environments': () => [],
      'segments.list': () => [],
      'strategyTypes.list': () => [
        { name: 'geo', displayName: null, description: 'Regions', editable: true, deprecated: false, title: null, parameters: [{ name: 'zone', type: 'string', description: '', required: false }] },
      ],
      'strategyTypes.usage': usage,
      'strategyTypes.update': () => null,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'History of this strategy type' }, { timeout: 5000 }));
    const history = await screen.findByRole('region', { name: 'History of geo' });
    await within(history).findByText(/\(2 events\)/);
    fireEvent.click(within(history).getAllByRole('button', { name: 'Restore this version' })[1]!);

    const dialog = await screen.findByRole('alertdialog', { name: 'Restore geo?' });
    const broken = await within(dialog).findByRole('list', { name: 'Broken flag strategies' });
    expect(broken.textContent).toContain('checkout');
    expect(broken.textContent).toContain('"eu-1"');
    expect(bridge.inputsOf('strategyTypes.update')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() =>
      expect(bridge.inputsOf('strategyTypes.update')).toEqual([{ name: 'geo', update: { description: 'Regions', parameters: [{ name: 'region', type: 'string' }] } }]),
    );
  });
});

describe('a deleted strategy type', () => {
  it('comes back from its history: restoring a version creates it again with that version', async () => {
    const deleted: FlagEvent = { id: 14, type: 'strategy-deleted', createdBy: 'ann', createdAt: '2026-05-03T10:00:00.000Z', data: { name: 'geo' }, preData: null };
    const { bridge } = renderApp('/strategy-types/geo', {
      'events.browse': () => ({ events: [deleted, ...events], total: events.length + 1, source: 'server' as const, syncedAt: null }),
      'events.histogram': () => ({ days: 1, buckets: [] }),
      'eventIndex.status': () => ({ enabled: false, state: 'off' as const, count: 0, total: 0, syncedAt: null, lastError: null }),
      'instance.projects': () => [],
      'instance.environments': () => [],
      'segments.list': () => [],
      'strategyTypes.list': () => [],
      'strategyTypes.usage': () => [],
      'strategyTypes.create': (input) => ({ displayName: null, editable: true, deprecated: false, title: null, description: null, ...input }),
    });
    await screen.findByText('No strategy type named geo', undefined, { timeout: 10_000 });
    const history = await screen.findByRole('region', { name: 'History of geo' });
    await within(history).findByText(/\(3 events\)/);
    fireEvent.click(within(history).getAllByRole('button', { name: 'Restore this version' }).find((button) => !(button as HTMLButtonElement).disabled)!);
    const dialog = await screen.findByRole('alertdialog', { name: 'Restore geo?' });
    await within(dialog).findByText(/no longer exists on the server: restoring creates it again/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() =>
      expect(bridge.inputsOf('strategyTypes.create')).toEqual([{ name: 'geo', description: 'Regions', parameters: [{ name: 'zone', type: 'string' }] }]),
    );
  }, 30_000);
});
