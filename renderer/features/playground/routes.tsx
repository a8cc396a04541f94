import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen';

const playgroundScreen = lazyScreen(() => import('./playground-screen'));

/** Playground's URLs (children of the shell). Add selections as nested paths, e.g. 'playground/:id'. */
export const playgroundRoutes: RouteObject[] = [{ path: 'playground', lazy: playgroundScreen }];
