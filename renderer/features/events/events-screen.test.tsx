import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FlagEvent } from '../../../shared/schemas';
import type { ChannelInput } from '../../../shared/contract';
import { demoProfile, renderApp, resetBridge, statusWith } from '../../test/render';

afterEach(resetBridge);

// jsdom draws no canvas: here the chart's text alternative is checked; dragging across the bars is in e2e (Chromium)
vi.mock('./activity-chart', () => ({ default: () => null }));

const strategyCreated: FlagEvent = {
  id: 10,
  type: 'strategy-created',
  createdBy: 'ann',
  createdAt: '2026-05-01T10:00:00.000Z',
  data: { name: 'custom-geo', parameters: [{ name: 'region', type: 'string' }] },
  preData: null,
  label: 'strategy-created',
  summary: '**ann** triggered **strategy-created**',
};
const strategyUpdated: FlagEvent = {
  id: 12,
  type: 'strategy-updated',
  createdBy: 'bob',
  createdAt: '2026-05-02T10:00:00.000Z',
  data: { name: 'custom-geo', parameters: [{ name: 'zone', type: 'string' }] },
  preData: null,
  label: 'strategy-updated',
  summary: '**bob** triggered **strategy-updated**',
};

const handlers = {
  // as main answers: list rows without bodies, an event asked for by id whole
  'events.browse': (input: ChannelInput<'events.browse'>) => {
    const matching = [strategyUpdated, strategyCreated].filter((event) => !input.id || input.id === `IS:${event.id}`);
    const events = input.rows ? matching.map(({ data: _data, preData: _preData, ...row }) => row) : matching;
    return { events, total: matching.length, source: 'server' as const, syncedAt: null };
  },
  'events.histogram': () => ({ days: 1, buckets: [{ from: '2026-05-01', to: '2026-05-01', count: 1 }, { from: '2026-05-02', to: '2026-05-02', count: 1 }] }),
  'eventIndex.status': () => ({ enabled: false, state: 'off' as const, count: 0, total: 0, syncedAt: null, lastError: null }),
  'instance.projects': () => [],
  'events.creators': () => [{ id: -42, name: 'admin' }, { id: 7, name: 'ana@shopwise.io' }],
  'instance.environments': () => [],
  'segments.list': () => [],
};

describe('the event browser', () => {
  it('reads filters from the URL and sends them to main as the server’s search parameters', async () => {
    const { bridge } = renderApp('/events?type=strategy-updated,strategy-created&q=geo&from=2020-01-01', handlers);
    await screen.findByText(/2 events match, from the server/, {}, { timeout: 5000 });
    expect(bridge.inputsOf('events.browse')[0]).toEqual({
      type: 'IS_ANY_OF:strategy-updated,strategy-created',
      query: 'geo',
      from: 'IS:2020-01-01',
      offset: '0',
      limit: '50',
      rows: true,
    });
    expect(screen.getByRole('button', { name: 'Remove type strategy-created' })).toBeTruthy();
  });

  it('Refresh reads the log again from its newest page: an event written elsewhere after the screen opened appears', async () => {
    const written: FlagEvent[] = [strategyUpdated, strategyCreated];
    renderApp('/events', {
      ...handlers,
      'events.browse': () => ({ events: written.map(({ data: _d, preData: _p, ...row }) => row), total: written.length, source: 'server' as const, syncedAt: null }),
    });
    await screen.findByText(/2 events match, from the server/, {}, { timeout: 5000 });
    written.unshift({ ...strategyUpdated, id: 13, createdBy: 'cy' });
    fireEvent.click(await screen.findByRole('button', { name: 'Refresh' }));
    await screen.findByText(/3 events match, from the server/, {}, { timeout: 5000 });
  });

  it('keeps Refresh off while the list is read again from its first page, so a second click asks nothing more', async () => {
    const written: FlagEvent[] = [strategyUpdated, strategyCreated];
    let answer: (() => void) | null = null;
    const { bridge } = renderApp('/events', {
      ...handlers,
      // the first read answers at once; after Refresh the newest page stays on its way until released
      'events.browse': () => {
        const page = { events: written.map(({ data: _d, preData: _p, ...row }) => row), total: written.length, source: 'server' as const, syncedAt: null };
        if (bridge.inputsOf('events.browse').length === 1) return page;
        return new Promise<typeof page>((resolve) => (answer = () => resolve(page)));
      },
    });
    await screen.findByText(/2 events match, from the server/, {}, { timeout: 5000 });
    // (the chart's counts are read once the rows are in: Refresh is free again after them)
    fireEvent.click(await screen.findByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(bridge.inputsOf('events.browse')).toHaveLength(2));
    const refresh = screen.getByRole('button', { name: /^Refresh/ });
    await waitFor(() => expect(refresh).toHaveProperty('disabled', true));
    fireEvent.click(refresh);
    expect(bridge.inputsOf('events.browse')).toHaveLength(2);
    answer!();
    await screen.findByText(/2 events match, from the server/, {}, { timeout: 5000 });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Refresh' })).toHaveProperty('disabled', false));
  });

  it('asks for the chart’s counts once the first rows have been painted, and the writers’ names only once “More filters” is approached', async () => {
    // frames are held until the test lets them run: the rows are committed, but no frame has been painted yet
    const frames: FrameRequestCallback[] = [];
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    try {
      const { bridge } = renderApp('/events', handlers);
      await screen.findByText(/2 events match, from the server/, {}, { timeout: 5000 });
      expect(screen.getAllByRole('option').length).toBeGreaterThan(0);
      expect(bridge.inputsOf('events.histogram')).toHaveLength(0);
      expect(bridge.inputsOf('events.creators')).toHaveLength(0);
      for (const frame of frames.splice(0)) frame(performance.now());
      await waitFor(() => expect(bridge.inputsOf('events.histogram')).toHaveLength(1));
      expect(bridge.inputsOf('events.creators')).toHaveLength(0);
      act(() => screen.getByRole('button', { name: /More filters/ }).focus());
      await waitFor(() => expect(bridge.inputsOf('events.creators')).toHaveLength(1));
    } finally {
      raf.mockRestore();
    }
  });

  it('on a remote, asks the server for the chart’s counts only once the filter has stayed put, and a search typed at once skips them', async () => {
    const remote = { ...demoProfile, id: 'p1', name: 'Prod', kind: 'remote' as const, baseUrl: 'https://u.example.com', hasToken: true };
    const { bridge } = renderApp('/events', { ...handlers, 'connections.status': () => statusWith([demoProfile, remote], 'p1') });
    await screen.findByText(/2 events match, from the server/, {}, { timeout: 5000 });
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'geo' } });
    await waitFor(() => expect(bridge.inputsOf('events.browse').some((input) => input.query === 'geo')).toBe(true));
    expect(bridge.inputsOf('events.histogram')).toHaveLength(0);
    // the search's chart, once it has stood a second; the unfiltered list's was never asked for
    await waitFor(() => expect(bridge.inputsOf('events.histogram')).toHaveLength(1), { timeout: 3000 });
    expect(bridge.inputsOf('events.histogram')[0]?.filter.query).toBe('geo');
  });

  it('gives the activity bars a text alternative: the totals in the label, every bar in a table', async () => {
    renderApp('/events', { ...handlers, 'events.histogram': () => ({ days: 1, buckets: [{ from: '2026-05-01', to: '2026-05-01', count: 3 }, { from: '2026-05-02', to: '2026-05-02', count: 1200 }] }) });
    const chart = await screen.findByRole('img', { name: /^Events per day/ }, { timeout: 5000 });
    expect(chart.getAttribute('aria-label')).toContain('1,203 events from 2026-05-01 to 2026-05-02, most in 2026-05-02 (1,200)');
    const table = screen.getByRole('table', { name: 'Events per day' });
    expect(table.textContent).toContain('2026-05-013');
    expect(table.textContent).toContain('2026-05-021200');
    expect(screen.getByText('1,203 events, per day')).toBeTruthy();
  });

  it('folds flag, environment and created by under "More filters", and shows every filter in force as a chip that removes it', async () => {
    const { router, bridge } = renderApp('/events?type=strategy-updated&feature=checkout&createdBy=7&from=2026-05-01', handlers);
    await screen.findByText(/2 events match/, {}, { timeout: 5000 });
    const more = screen.getByRole('button', { name: /^More filters \(2\)/ });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect((screen.getByLabelText('Flag') as HTMLInputElement).value).toBe('checkout');
    // the server filters by user id; the chip and the picker say who that is
    expect(screen.getByRole('list', { name: 'Active filters' }).textContent).toContain('Created by ana@shopwise.io');
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Created by' }) as HTMLInputElement).value).toBe('ana@shopwise.io'));

    fireEvent.click(screen.getByRole('button', { name: 'Remove filter Flag checkout' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('feature='));
    expect(router.state.location.search).toContain('createdBy=7');
    await waitFor(() => expect(bridge.inputsOf('events.browse').at(-1)).toEqual({ type: 'IS:strategy-updated', createdBy: 'IS:7', from: 'IS:2026-05-01', offset: '0', limit: '50', rows: true }));

  });

  it('shows a strategy-updated event as a diff against the previous event of the same strategy type, and says so', async () => {
    renderApp('/events?event=12', handlers);
    expect(await screen.findByLabelText('Event 12', {}, { timeout: 5000 })).toBeTruthy();
    await screen.findByText(/the state written by event #10/);
    const table = screen.getByRole('table', { name: 'Changes' });
    expect(table.textContent).toContain('parameters › zone');
    expect(table.textContent).toContain('parameters › region');
  });

  it('opens the history of the strategy type from the event', async () => {
    renderApp('/events?event=12', handlers);
    fireEvent.click(await screen.findByRole('button', { name: 'History of this strategy type' }));
    await waitFor(() => expect(screen.getByText(/History of custom-geo \(2 events\)/)).toBeTruthy());
    expect(screen.getAllByRole('button', { name: 'Restore this version' })).toHaveLength(2);
  });

  it('says so when the server has no event search of its own and the app filters its older search', async () => {
    const capabilities = {
      version: '5.12.8',
      eventSearch: 'events-search' as const,
      seedEventSearch: true,
      corsWrite: 'ui-config' as const,
      archive: true,
      revive: true,
      playground: true,
      advancedPlayground: false,
    };
    renderApp('/events', { ...handlers, 'connections.status': () => ({ ...statusWith(), capabilities }) });
    await screen.findByText("This server's event search is limited");
  });

  it('shows no such note where the server searches itself (the demo)', async () => {
    renderApp('/events', handlers);
    await screen.findAllByText(/2 events match/);
    expect(screen.queryByText("This server's event search is limited")).toBeNull();
  });
});
