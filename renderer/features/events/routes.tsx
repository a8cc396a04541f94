import type { RouteObject } from 'react-router';
import { lazyScreen } from '../../lib/lazy-screen';

const eventsScreen = lazyScreen(() => import('./events-screen'));

/** Events's URL: filters and the selected event (`?event=ID`) live in the query string. */
export const eventsRoutes: RouteObject[] = [{ path: 'events', lazy: eventsScreen }];
