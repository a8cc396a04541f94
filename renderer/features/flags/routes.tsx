import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const FlagsScreen = lazy(() => import('./flags-screen'));
const BulkAssignScreen = lazy(() => import('./bulk-assign-screen'));

/** Flags' URLs: projects -> flags -> a flag (its environments and strategies); bulk segment assignment. */
export const flagsRoutes: RouteObject[] = [
  { path: 'flags', element: <FlagsScreen /> },
  { path: 'flags/:projectId', element: <FlagsScreen /> },
  { path: 'flags/:projectId/:featureName', element: <FlagsScreen /> },
  { path: 'bulk-assign', element: <BulkAssignScreen /> },
];
