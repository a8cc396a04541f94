import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventIndexStatus, ProfileView } from '../../../shared/schemas';
import { demoProfile, renderApp, resetBridge, statusWith } from '../../test/render';

afterEach(resetBridge);

// jsdom draws no canvas: the chart is not what this file looks at
vi.mock('./activity-chart', () => ({ default: () => null }));

const remote: ProfileView = { ...demoProfile, id: 'p1', name: 'Prod', kind: 'remote', baseUrl: 'https://u.example.com', hasToken: true, tokenStorage: 'encrypted' };
const copy = (state: EventIndexStatus['state']): EventIndexStatus => ({ enabled: state !== 'off', state, count: 0, total: 0, syncedAt: null, lastError: null });

function open(profile: ProfileView, index: EventIndexStatus) {
  return renderApp('/events', {
    'connections.status': () => statusWith([profile]),
    'events.browse': () => ({ events: [], total: 0, source: 'server' as const, syncedAt: null }),
    'events.histogram': () => ({ days: 1, buckets: [] }),
    'eventIndex.status': () => index,
    'eventIndex.sync': () => copy('syncing'),
    'events.creators': () => [],
    'instance.environments': () => [{ name: 'production', enabled: true, type: 'production', sortOrder: 1 }],
    'instance.projects': () => [],
    'segments.list': () => [],
  });
}

describe('what "Text in the change" searches', { timeout: 20_000 }, () => {
  it('on a remote, says the server searches the change, not the row’s environment, and offers the local copy', async () => {
    const { bridge } = open(remote, copy('off'));
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Search' }, { timeout: 15_000 }), { target: { value: 'production' } });
    const note = await screen.findByText(/^The server looks in what changed/);
    expect(note.textContent).toContain('not in the environment or project a row names');
    screen.getByRole('button', { name: 'Show events in environment production' });
    fireEvent.click(screen.getByRole('button', { name: /^Keep a local copy \(the same search on this computer/ }));
    await waitFor(() => expect(bridge.inputsOf('eventIndex.sync')).toHaveLength(1));
  });

  it('with a complete local copy, says the copy answers and offers nothing more', async () => {
    open(remote, copy('complete'));
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Search' }, { timeout: 15_000 }), { target: { value: 'acme' } });
    await screen.findByText(/^The local copy, searched as the server would, looks in what changed/);
    expect(screen.queryByRole('button', { name: /local copy \(the same search/ })).toBeNull();
  });

  it('on the demo, has no local copy to offer', async () => {
    open(demoProfile, copy('off'));
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Search' }, { timeout: 15_000 }), { target: { value: 'acme' } });
    await screen.findByText(/^The search looks in what changed/);
    expect(screen.queryByRole('button', { name: /the same search on this computer/ })).toBeNull();
  });
});
