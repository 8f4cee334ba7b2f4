import { createRouter } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { routeTree } from './routeTree.gen';
import { RouteErrorView } from './shell/route-error-page';
import type { AppRouter, trpcClient } from './lib/trpc';

/** What every route's `beforeLoad` and `loader` receive: prefetch with `context.trpc`. */
export interface RouterContext {
  queryClient: QueryClient;
  trpc: TRPCOptionsProxy<AppRouter>;
  /** For the few calls made outside React Query (the guard's token exchange). */
  trpcClient: typeof trpcClient;
}

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
