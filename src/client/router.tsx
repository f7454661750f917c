/**
 * The app's one route: every path renders the react-admin app, which routes on its own. No
 * errorElement, so an error nothing else catches shows react-router's default error page
 * ("Unexpected Application Error!", spec §2). main.tsx mounts it in a browser router; tests in a
 * memory router.
 */
import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';

export function appRoutes(app: ReactNode): RouteObject[] {
  return [{ path: '*', element: app }];
}
