import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { guardNavigation, isForbidden } from '../features/auth/route-guard';
import type { RouterContext } from '../lib/router-context';
import { ForbiddenPage } from '../shell/forbidden-page';
import { NotFoundPage } from '../shell/not-found-page';
import { RouteErrorPage } from '../shell/route-error-page';

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: ({ context, location }) => guardNavigation(context, location),
  component: Outlet,
  // The guard's refusal of a screen travels as a not-found with its data (route-guard.ts).
  notFoundComponent: ({ data }) =>
    isForbidden(data) ? <ForbiddenPage home={data.home} /> : <NotFoundPage />,
  errorComponent: RouteErrorPage,
});
