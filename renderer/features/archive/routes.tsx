import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen';

const archiveScreen = lazyScreen(() => import('./archive-screen'));
const archivedScreen = lazyScreen(() => import('./archived-screen'));

/**
 * The archive's URLs (children of the shell): the archive check (`/archive`) and the archived flags (`/archived`,
 * search, sort, selection and an open dialog in the query string).
 */
export const archiveRoutes: RouteObject[] = [
  { path: 'archive', lazy: archiveScreen },
  { path: 'archived', lazy: archivedScreen },
];
