import type { QueryClient } from '@tanstack/react-query';
import type { Params, RouterState } from 'react-router';
import type { ConnectionStatus } from '../../shared/schemas';
import { connectionKeys } from './active-profile';

/**
 * What a route reads as soon as it is navigated to (its `handle`): the screen's first call starts with the
 * navigation instead of once the screen's code is loaded and rendered (on a cold open of the segments list, 110-160
 * ms later). The screen's own query then finds the answer in flight or in the cache.
 */
export interface ReadAheadHandle {
  readAhead(client: QueryClient, profileId: string, params: Params): void;
}

/** The part of a data router read here (createHashRouter's, createMemoryRouter's). */
interface Routed {
  readonly state: RouterState;
  subscribe(listener: (state: RouterState) => void): () => void;
}

const hasReadAhead = (handle: unknown): handle is ReadAheadHandle =>
  typeof handle === 'object' && handle !== null && typeof (handle as Partial<ReadAheadHandle>).readAhead === 'function';

/**
 * Runs the read-ahead of every route matched on each change of path (a query string change, such as a list's
 * search, is not one). Nothing is read before the active connection is known: its id scopes every instance query.
 * Returns the unsubscribe.
 */
export function readAheadOnNavigation(router: Routed, client: QueryClient): () => void {
  let path = router.state.location.pathname;
  return router.subscribe((state) => {
    if (state.location.pathname === path) return;
    path = state.location.pathname;
    const profileId = client.getQueryData<ConnectionStatus>(connectionKeys.status)?.activeProfileId;
    if (!profileId) return;
    for (const match of state.matches) {
      if (hasReadAhead(match.route.handle)) match.route.handle.readAhead(client, profileId, match.params);
    }
  });
}
