import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const SegmentsScreen = lazy(() => import('./segments-screen'));

/** Segments' URLs: the list (its search/filter/sort in the query string). */
export const segmentsRoutes: RouteObject[] = [{ path: 'segments', element: <SegmentsScreen /> }];
