import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const StrategyTypesScreen = lazy(() => import('./strategy-types-screen'));
const StrategyTypeEditorScreen = lazy(() => import('./strategy-type-editor'));

/** Strategy types's URLs (children of the shell). Add selections as nested paths, e.g. 'strategy-types/:id'. */
export const strategyTypesRoutes: RouteObject[] = [
  { path: 'strategy-types', element: <StrategyTypesScreen /> },
  { path: 'strategy-types/:name', element: <StrategyTypeEditorScreen /> },
];
