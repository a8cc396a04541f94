import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen';

const compareScreen = lazyScreen(() => import('./compare-screen'));

/** Compare's URL: the two sides, the status filter and the open item live in the query string (compare-url.ts). */
export const compareRoutes: RouteObject[] = [{ path: 'compare', lazy: compareScreen }];
