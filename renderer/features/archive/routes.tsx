import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const ArchiveScreen = lazy(() => import('./archive-screen'));

/** Archive check's URLs (children of the shell). Add selections as nested paths, e.g. 'archive/:id'. */
export const archiveRoutes: RouteObject[] = [{ path: 'archive', element: <ArchiveScreen /> }];
