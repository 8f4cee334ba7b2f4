import { createTRPCClient, createWSClient, httpBatchLink, splitLink, wsLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import superjson from 'superjson';
import { TRPC_MAX_BATCH_SIZE } from '@cartera/domain/limits';
// Type-only: the web never loads server code, it only borrows the shape of the API.
import type { AppRouter } from './api-types';

export type { AppRouter };

const API_PATH = '/api/trpc';
const OFFLINE_RECONNECT_MS = 2_000;

/** `ws://host/api/trpc` on http, `wss://host/api/trpc` on https: always the page's own origin. */
function websocketUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}${API_PATH}`;
}

/**
 * Subscriptions travel over one shared websocket. It is lazy: it opens with the first
 * subscription and closes a while after the last one ends. A signed-in tab always holds one:
 * the frame listens to its own session (features/auth/use-session-live).
 */
const wsClient = createWSClient({
  url: websocketUrl,
  lazy: { enabled: true, closeMs: 30_000 },
  // Offline a try fails at once and costs nothing: try every 2 s so the live stream (and the
  // shell's offline banner) come back soon after the network; online back off up to 10 s.
  retryDelayMs: (attempt) =>
    navigator.onLine ? Math.min(500 * 2 ** attempt, 10_000) : OFFLINE_RECONNECT_MS,
});

/** The shared websocket's state: lib/connection reads a lost connection from it. */
export const wsConnectionState = wsClient.connectionState;

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    splitLink({
      condition: (operation) => operation.type === 'subscription',
      true: wsLink<AppRouter>({ client: wsClient, transformer: superjson }),
      false: httpBatchLink({
        url: API_PATH,
        transformer: superjson,
        maxItems: TRPC_MAX_BATCH_SIZE,
      }),
    }),
  ],
});

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();
