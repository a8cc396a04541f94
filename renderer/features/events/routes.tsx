import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const EventsScreen = lazy(() => import('./events-screen'));

/** Events's URLs (children of the shell). Add selections as nested paths, e.g. 'events/:id'. */
export const eventsRoutes: RouteObject[] = [{ path: 'events', element: <EventsScreen /> }];
