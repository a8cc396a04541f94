import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const PlaygroundScreen = lazy(() => import('./playground-screen'));

/** Playground's URLs (children of the shell). Add selections as nested paths, e.g. 'playground/:id'. */
export const playgroundRoutes: RouteObject[] = [{ path: 'playground', element: <PlaygroundScreen /> }];
