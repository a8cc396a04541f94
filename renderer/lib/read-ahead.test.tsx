import { screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, resetAfterEach, statusWith } from '../test/render';
import { connectionKeys } from './active-profile';
import { readAheadOnNavigation, type ReadAheadHandle } from './read-ahead';

resetAfterEach();

describe('reading a screen’s data as the navigation starts', () => {
  it('asks for the segments list when Segments is opened, before its screen has rendered', async () => {
    const { bridge, router } = renderApp('/cors', { 'uiConfig.get': () => ({ version: '6.10.1', frontendApiOrigins: ['*'] }), 'segments.list': () => [] });
    await screen.findByRole('heading', { level: 1, name: 'CORS' }, { timeout: 10_000 });
    expect(bridge.inputsOf('segments.list')).toHaveLength(0);
    await router.navigate('/segments');
    // the router has moved; React has not yet rendered the screen (its code loads lazily)
    expect(screen.queryByRole('heading', { level: 1, name: 'Segments' })).toBeNull();
    expect(bridge.inputsOf('segments.list')).toHaveLength(1);
    await screen.findByRole('heading', { level: 1, name: 'Segments' }, { timeout: 10_000 });
    // the screen's own query took the answer read ahead: one call in all
    expect(bridge.inputsOf('segments.list')).toHaveLength(1);
  });

  it('reads once per path, only with a connection known, with the route’s parameters', async () => {
    const readAhead = vi.fn<ReadAheadHandle['readAhead']>();
    const router = createMemoryRouter(
      [{ path: '/', element: null, children: [{ path: 'things/:id', element: null, handle: { readAhead } }, { path: 'other', element: null }] }],
      { initialEntries: ['/other'] },
    );
    const client = new QueryClient();
    readAheadOnNavigation(router, client);

    await router.navigate('/things/7');
    expect(readAhead).not.toHaveBeenCalled(); // no active connection yet

    client.setQueryData(connectionKeys.status, statusWith());
    await router.navigate('/other');
    await router.navigate('/things/7');
    expect(readAhead).toHaveBeenCalledTimes(1);
    expect(readAhead).toHaveBeenLastCalledWith(client, 'demo', { id: '7' });

    // a query string change (a list's search) is the same screen: nothing is read again
    await router.navigate('/things/7?q=beta');
    expect(readAhead).toHaveBeenCalledTimes(1);
    await router.navigate('/things/8');
    expect(readAhead).toHaveBeenCalledTimes(2);
    expect(readAhead).toHaveBeenLastCalledWith(client, 'demo', { id: '8' });
  });
});
