import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const ConnectionsScreen = lazy(() => import('./connections-screen'));

/** Connections' URLs: the list, adding a profile, editing one. */
export const connectionsRoutes: RouteObject[] = [
  { path: 'connections', element: <ConnectionsScreen /> },
  { path: 'connections/new', element: <ConnectionsScreen /> },
  { path: 'connections/:profileId/edit', element: <ConnectionsScreen /> },
];
