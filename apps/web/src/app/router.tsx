import { createHashRouter, type RouteObject } from 'react-router';
import type { AppRoute } from '../api/route-types';
import { ErrorScreen } from '../features/errors';
import { RouteGuard, RouteScreen } from './route-guard';
import { ROUTES } from './route-table';

export function buildRouteObjects(routes: readonly AppRoute[] = ROUTES): RouteObject[] {
  return [
    {
      element: <RouteGuard />,
      // A screen that crashes shows the 500 page instead of a blank app.
      errorElement: <ErrorScreen code="500" />,
      children: [
        ...routes.map((route) => ({ path: route.path, element: <RouteScreen route={route} /> })),
        // Unknown paths: the guard redirects them to /404 before anything renders.
        { path: '*', element: null },
      ],
    },
  ];
}

export function createAppRouter() {
  return createHashRouter(buildRouteObjects());
}
