import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const StrategyTypesScreen = lazy(() => import('./strategy-types-screen'));
const StrategyTypeEditorScreen = lazy(() => import('./strategy-type-editor'));
const StrategyTypeCreateScreen = lazy(() => import('./strategy-type-create'));

/** Strategy types's URLs (children of the shell). Add selections as nested paths, e.g. 'strategy-types/:id'. */
export const strategyTypesRoutes: RouteObject[] = [
  { path: 'strategy-types', element: <StrategyTypesScreen /> },
  // "+" is never in a type's name (not URL friendly), so no type's address is shadowed by this one ("new" is a name)
  { path: 'strategy-types/+new', element: <StrategyTypeCreateScreen /> },
  { path: 'strategy-types/:name', element: <StrategyTypeEditorScreen /> },
];
