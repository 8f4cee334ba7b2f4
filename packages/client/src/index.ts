import {
  createTRPCClient,
  createWSClient,
  httpBatchLink,
  splitLink,
  wsLink,
  type TRPCClient,
} from '@trpc/client';
import superjson from 'superjson';
// Types only: the server's code never reaches a program that uses this package.
import type { AppRouter, RouterInputs, RouterOutputs } from '@cartera/server/router';

export type { AppRouter, RouterInputs, RouterOutputs };

/** One item `realtime.events` delivers: `{ id, data }` where `data` is the event (type, topic…). */
export type LiveEvent =
  RouterOutputs['realtime']['events'] extends AsyncIterable<infer Item>
    ? Item
    : RouterOutputs['realtime']['events'];

/** The most calls one HTTP batch carries (the server refuses larger batches). */
const MAX_BATCH_SIZE = 50;

/** A WebSocket class: the runtime's own or `ws`'s default export, without a cast. */
export type WebSocketClass = new (url: string, protocols?: string | string[]) => object;

export interface CarteraClientOptions {
  /** The server's base URL, e.g. 'https://cartera.example' or 'http://localhost:3000'. */
  baseUrl?: string;
  /** The same as `baseUrl` (its earlier name). */
  url?: string;
  /**
   * A personal API token ('Mi cuenta' › tokens, or `account.apiToken.create`), sent as
   * `Authorization: Bearer` and on the websocket's connection.
   */
  token: string;
  /**
   * The WebSocket class for subscriptions where the runtime has none (Node 20: pass `ws`'s
   * default export). Browsers and Node 22+ have a global one.
   */
  WebSocket?: WebSocketClass;
  /** Milliseconds before reconnect attempt `n` (default: 0.5 s doubling up to 10 s). */
  retryDelayMs?: (attempt: number) => number;
}

export interface CarteraClient {
  /** The typed procedures: `api.contact.list.query({})`, `api.realtime.events.subscribe(…)`. */
  api: TRPCClient<AppRouter>;
  /** Closes the websocket (subscriptions end). */
  close(): void;
}

/**
 * A typed client of Cartera's API. Queries and mutations travel batched over HTTP; subscriptions
 * over one websocket that reconnects by itself and resumes each subscription from the last event
 * it delivered (the server replays what was missed, nothing twice). Answers are decoded with
 * superjson, so dates arrive as Date.
 */
export function createCarteraClient(options: CarteraClientOptions): CarteraClient {
  const given = options.baseUrl ?? options.url;
  if (!given) throw new TypeError('createCarteraClient: baseUrl is required');
  const base = given.replace(/\/+$/, '');
  const ws = createWSClient({
    url: `${base.replace(/^http/, 'ws')}/api/trpc`,
    connectionParams: { token: options.token },
    retryDelayMs: options.retryDelayMs ?? ((attempt) => Math.min(500 * 2 ** attempt, 10_000)),
    lazy: { enabled: true, closeMs: 10_000 },
    // ws's class and the runtime's differ only in what the client does not use.
    ...(options.WebSocket
      ? { WebSocket: options.WebSocket as unknown as typeof globalThis.WebSocket }
      : {}),
  });
  const api = createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (operation) => operation.type === 'subscription',
        true: wsLink<AppRouter>({ client: ws, transformer: superjson }),
        false: httpBatchLink({
          url: `${base}/api/trpc`,
          transformer: superjson,
          maxItems: MAX_BATCH_SIZE,
          headers: () => ({ authorization: `Bearer ${options.token}` }),
        }),
      }),
    ],
  });
  return { api, close: () => ws.close() };
}

export {
  verifyWebhook,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  type WebhookEvent,
  type WebhookVerification,
} from './webhooks';

export { newItemId, itemIdTime } from './ids';
export {
  CARTERA_ERROR_CODES,
  CARTERA_ERROR_STATUS,
  CARTERA_ERROR_TEXTS,
  carteraErrorCode,
  carteraErrorText,
  isCarteraErrorCode,
  type CarteraErrorCode,
} from './errors';
