import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen';

const connectionsScreen = lazyScreen(() => import('./connections-screen'));

/** Connections' URLs: the list, adding a profile, editing one. */
export const connectionsRoutes: RouteObject[] = [
  { path: 'connections', lazy: connectionsScreen },
  { path: 'connections/new', lazy: connectionsScreen },
  { path: 'connections/:profileId/edit', lazy: connectionsScreen },
];
