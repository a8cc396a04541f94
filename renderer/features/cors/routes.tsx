import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen';

const corsScreen = lazyScreen(() => import('./cors-screen'));

/** CORS's URLs (children of the shell). Add selections as nested paths, e.g. 'cors/:id'. */
export const corsRoutes: RouteObject[] = [{ path: 'cors', lazy: corsScreen }];
