import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const CorsScreen = lazy(() => import('./cors-screen'));

/** CORS's URLs (children of the shell). Add selections as nested paths, e.g. 'cors/:id'. */
export const corsRoutes: RouteObject[] = [{ path: 'cors', element: <CorsScreen /> }];
