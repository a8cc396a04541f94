import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const ContextFieldsScreen = lazy(() => import('./context-fields-screen'));
const ContextFieldEditor = lazy(() => import('./context-field-editor'));

/** Context fields' URLs: the list (search and sort in the query string), a new one, one field. */
export const contextFieldsRoutes: RouteObject[] = [
  { path: 'context-fields', element: <ContextFieldsScreen /> },
  { path: 'context-fields/new', element: <ContextFieldEditor /> },
  { path: 'context-fields/:fieldName', element: <ContextFieldEditor /> },
];
