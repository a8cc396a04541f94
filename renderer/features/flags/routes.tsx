import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen';

const flagsScreen = lazyScreen(() => import('./flags-screen'));
const bulkAssignScreen = lazyScreen(() => import('./bulk-assign-screen'));

/** Flags' URLs: projects -> flags -> a flag (its environments and strategies); bulk segment assignment. */
export const flagsRoutes: RouteObject[] = [
  { path: 'flags', lazy: flagsScreen },
  { path: 'flags/:projectId', lazy: flagsScreen },
  { path: 'flags/:projectId/:featureName', lazy: flagsScreen },
  { path: 'bulk-assign', lazy: bulkAssignScreen },
];
