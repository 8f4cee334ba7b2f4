import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import { RouteErrorView } from './shell/route-error-page';
import type { RouterContext } from './lib/router-context';

// Only main.tsx imports this file: the route tree imports every screen, so a screen that imported
// it would close a circle. What screens need of the router is in lib/router-context.ts.

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    // React Query owns caching; the router always asks the loaders, which read from the cache.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    // A screen that fails (its code not fetched offline, say) fails inside the shell, which stays.
    defaultErrorComponent: RouteErrorView,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
