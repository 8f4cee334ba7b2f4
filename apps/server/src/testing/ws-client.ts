import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import superjson from 'superjson';
import WebSocket from 'ws';
import type { AppRouter } from '../router';
import type { EventEnvelope } from '../realtime/stream';

/** A tRPC websocket client as a Node API client would open one (Node 20 has no WebSocket). */
export function connectWs(baseUrl: string, token?: string) {
  const opened: number[] = [];
  const wsClient = createWSClient({
    url: `${baseUrl.replace(/^http/, 'ws')}/api/trpc`,
    WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
    connectionParams: token ? { token } : null,
    retryDelayMs: () => 100,
    onOpen: () => opened.push(Date.now()),
  });
  const client = createTRPCClient<AppRouter>({
    links: [wsLink({ client: wsClient, transformer: superjson })],
  });
  return {
    client,
    /** How many times the socket opened (1 + reconnects). */
    get openCount() {
      return opened.length;
    },
    close: () => wsClient.close(),
  };
}

/** Resolves once `check` holds, polling; fails after `timeoutMs` (generous: a loaded CI machine is slow, a passing check returns at once). */
export async function waitFor(check: () => boolean, timeoutMs = 15_000, what = 'condition') {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Subscribes to one topic of the event stream (every topic the user may receive when none is
 * given) with a session token and collects what arrives.
 */
export async function watchTopic(baseUrl: string, token: string, topic?: string) {
  const connection = connectWs(baseUrl, token);
  const received: EventEnvelope[] = [];
  let started = false;
  const subscription = connection.client.realtime.events.subscribe(
    { lastEventId: null, topics: topic === undefined ? undefined : [topic] },
    {
      onStarted: () => (started = true),
      onData: (item) => received.push((item as { data: EventEnvelope }).data),
    },
  );
  await waitFor(() => started, 15_000, 'subscription start');
  return {
    received,
    stop() {
      subscription.unsubscribe();
      connection.close();
    },
  };
}
