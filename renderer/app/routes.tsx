import { Navigate, type RouteObject } from 'react-router';
import { archiveRoutes } from '../features/archive/routes';
import { compareRoutes } from '../features/compare/routes';
import { connectionsRoutes } from '../features/connections/routes';
import { contextFieldsRoutes } from '../features/context-fields/routes';
import { corsRoutes } from '../features/cors/routes';
import { eventsRoutes } from '../features/events/routes';
import { flagsRoutes } from '../features/flags/routes';
import { playgroundRoutes } from '../features/playground/routes';
import { segmentsRoutes } from '../features/segments/routes';
import { strategyTypesRoutes } from '../features/strategy-types/routes';
import { HOME } from './last-location';
import { NotFound } from './not-found';
import { RouteError } from './route-error';
import { Shell } from './shell';

/**
 * The whole URL space. Each feature owns its routes.tsx (screens load lazily: the entry holds only the shell);
 * this file only puts them under the shell.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Shell />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to={HOME} replace /> },
      ...segmentsRoutes,
      ...contextFieldsRoutes,
      ...flagsRoutes,
      ...eventsRoutes,
      ...strategyTypesRoutes,
      ...archiveRoutes,
      ...corsRoutes,
      ...playgroundRoutes,
      ...compareRoutes,
      ...connectionsRoutes,
      { path: '*', element: <NotFound /> },
    ],
  },
];
