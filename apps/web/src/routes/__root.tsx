import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { guardNavigation } from '../features/auth/route-guard';
import type { RouterContext } from '../lib/router-context';
import { NotFoundPage } from '../shell/not-found-page';
import { RouteErrorPage } from '../shell/route-error-page';

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ context, location }) => guardNavigation(context, location),
  component: Outlet,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteErrorPage,
});
