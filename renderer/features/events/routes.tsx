import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const EventsScreen = lazy(() => import('./events-screen'));

/** Events's URL: filters and the selected event (`?event=ID`) live in the query string. */
export const eventsRoutes: RouteObject[] = [{ path: 'events', element: <EventsScreen /> }];
