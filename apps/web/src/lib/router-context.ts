import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from './api-types';
import type { trpcClient } from './trpc';

/**
 * What every route's `beforeLoad` and `loader` receive: prefetch with `context.trpc`. It lives
 * apart from router.ts (which imports the route tree) so the guard and the screens' loaders can
 * name it without importing every route.
 */
export interface RouterContext {
  queryClient: QueryClient;
  trpc: TRPCOptionsProxy<AppRouter>;
  /** For the few calls made outside React Query (the guard's token exchange). */
  trpcClient: typeof trpcClient;
}

/** The part of the app's router that code outside router.ts and main.tsx uses. */
export type AppRouterHandle = Pick<AnyRouter, 'invalidate'>;
