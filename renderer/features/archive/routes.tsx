import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const ArchiveScreen = lazy(() => import('./archive-screen'));
const ArchivedScreen = lazy(() => import('./archived-screen'));

/**
 * The archive's URLs (children of the shell): the archive check (`/archive`) and the archived flags (`/archived`,
 * search, sort, selection and an open dialog in the query string).
 */
export const archiveRoutes: RouteObject[] = [
  { path: 'archive', element: <ArchiveScreen /> },
  { path: 'archived', element: <ArchivedScreen /> },
];
