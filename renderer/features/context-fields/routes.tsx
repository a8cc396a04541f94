import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen';

const contextFieldsScreen = lazyScreen(() => import('./context-fields-screen'));
const contextFieldEditor = lazyScreen(() => import('./context-field-editor'));

/** Context fields' URLs: the list (search and sort in the query string), a new one, one field. */
export const contextFieldsRoutes: RouteObject[] = [
  { path: 'context-fields', lazy: contextFieldsScreen },
  { path: 'context-fields/new', lazy: contextFieldEditor },
  { path: 'context-fields/:fieldName', lazy: contextFieldEditor },
];
