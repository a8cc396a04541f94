import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const CompareScreen = lazy(() => import('./compare-screen'));

/** Compare's URL: the two sides, the status filter and the open item live in the query string (compare-url.ts). */
export const compareRoutes: RouteObject[] = [{ path: 'compare', element: <CompareScreen /> }];
