import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen';

const strategyTypesScreen = lazyScreen(() => import('./strategy-types-screen'));
const strategyTypeEditorScreen = lazyScreen(() => import('./strategy-type-editor'));
const strategyTypeCreateScreen = lazyScreen(() => import('./strategy-type-create'));

/** Strategy types's URLs (children of the shell). Add selections as nested paths, e.g. 'strategy-types/:id'. */
export const strategyTypesRoutes: RouteObject[] = [
  { path: 'strategy-types', lazy: strategyTypesScreen },
  // "+" is never in a type's name (not URL friendly), so no type's address is shadowed by this one ("new" is a name)
  { path: 'strategy-types/+new', lazy: strategyTypeCreateScreen },
  { path: 'strategy-types/:name', lazy: strategyTypeEditorScreen },
];
