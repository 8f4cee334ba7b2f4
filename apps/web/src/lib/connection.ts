import { useSyncExternalStore } from 'react';
import { wsConnectionState } from './trpc';

/**
 * Whether the app can reach its server (issue #33 item 7): the browser says it is online and the
 * shared websocket is not trying again after losing its connection. One store for the shell's
 * banner, the route error view and the timeline's waiting sends.
 */

type Listener = () => void;

const listeners = new Set<Listener>();
let browserOnline = typeof navigator === 'undefined' ? true : navigator.onLine;
let socketLost = false;
let connected = browserOnline && !socketLost;
/** When the browser last came online. */
let onlineSince = 0;

/** Every listener hears each change of either part (the browser's or the socket's). */
function update(next: { browserOnline?: boolean; socketLost?: boolean }) {
  const online = next.browserOnline ?? browserOnline;
  const lost = next.socketLost ?? socketLost;
  if (online === browserOnline && lost === socketLost) return;
  browserOnline = online;
  socketLost = lost;
  connected = browserOnline && !socketLost;
  for (const listener of [...listeners]) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    onlineSince = Date.now();
    update({ browserOnline: true });
  });
  window.addEventListener('offline', () => update({ browserOnline: false }));
  // 'connecting' with an error is a socket trying again after a drop; the first connection of
  // a fresh tab has none, and 'idle' (lazy, nothing to listen to) says nothing.
  wsConnectionState.subscribe({
    next: (state) => update({ socketLost: state.state === 'connecting' && state.error !== null }),
  });
}

/** Whether the server is reachable as far as the browser and the websocket know. */
export function isConnected(): boolean {
  return connected;
}

/** Calls `listener` each time the connection is lost or comes back; returns how to stop. */
export function onConnectionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

function when(ready: () => boolean): Promise<void> {
  if (ready()) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = onConnectionChange(() => {
      if (!ready()) return;
      stop();
      resolve();
    });
  });
}

/** Resolves now when connected, else when the connection comes back. */
export function whenConnected(): Promise<void> {
  return when(() => connected);
}

/**
 * Resolves now when the browser says it is online, else when it is again. What goes over HTTP
 * waits for this only: a websocket a proxy refuses must not hold back a message.
 */
export function whenOnline(): Promise<void> {
  return when(() => browserOnline);
}

/** A probe of the server that has no answer after this long failed. */
const PROBE_TIMEOUT_MS = 3_000;
/** Between two failed probes. */
const PROBE_PAUSE_MS = 1_000;
/** How long after coming online the browser may still drop requests in flight. */
const NETWORK_SETTLE_MS = 1_500;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Whether the server answered since the connection was last lost. Right when the network
// returns, the browser may drop a request without ever settling it: a message sent then would
// hang, so after a loss one probe answered comes first.
let verified = true;
onConnectionChange(() => {
  if (!connected) verified = false;
});

/** A request was lost on the way: the next `whenReachable` asks the server first. */
export function doubtConnection() {
  verified = false;
}

/**
 * `request` with a signal that aborts after `ms`; the promise rejects then even when the
 * request itself never settles (one the browser drops as the network comes back may not).
 */
export function withDeadline<T>(request: (signal: AbortSignal) => Promise<T>, ms: number) {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error('No answer in time'));
    }, ms);
  });
  return Promise.race([request(controller.signal), late]).finally(() => clearTimeout(timer));
}

async function probe(): Promise<boolean> {
  try {
    // Any answer will do (even 503: the server is there, the request reached it).
    await withDeadline(
      (signal) => fetch('/api/health', { cache: 'no-store', signal }),
      PROBE_TIMEOUT_MS,
    );
    return true;
  } catch {
    return false;
  }
}

/**
 * Resolves when the server is reachable: at once while nothing was lost; after a loss, once
 * the browser is online and the server answered a probe. The websocket is not waited for: a
 * proxy that refuses websockets must not hold back what goes over HTTP.
 */
export async function whenReachable(): Promise<void> {
  for (;;) {
    await whenOnline();
    if (verified) return;
    // As the network changes the browser drops the requests in flight: let it settle first.
    const settling = onlineSince + NETWORK_SETTLE_MS - Date.now();
    if (settling > 0) await pause(settling);
    if (await probe()) {
      if (browserOnline) verified = true;
      return;
    }
    await pause(PROBE_PAUSE_MS);
  }
}

/** The connection state for a component: re-renders when it changes. */
export function useConnected(): boolean {
  return useSyncExternalStore(onConnectionChange, isConnected);
}

/**
 * A screen's code that could not be fetched (a lazy route chunk): the browsers' messages for a
 * failed dynamic import, and Vite's for a stylesheet it preloads with it.
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return [
    'Failed to fetch dynamically imported module',
    'error loading dynamically imported module',
    'Importing a module script failed',
    'Unable to preload CSS',
  ].some((start) => message.startsWith(start));
}

/**
 * The router reloads the page once when a screen's chunk is missing (after a deploy the old
 * chunks are gone: the reload brings the new version). Offline that reload shows the browser's
 * error page and loses what was written, so a chunk that fails while disconnected is marked as
 * already reloaded for: the route's error view shows instead and tries again when the connection
 * returns (`allowNewVersionReload` gives the router its reload back for that try).
 */
const RELOAD_MARK = 'tanstack_router_reload:';
/** The marks set here (never one the router set itself before reloading). */
const marked = new Set<string>();

export function guardChunkReloadsWhileOffline() {
  window.addEventListener('vite:preloadError', (event) => {
    const error = (event as Event & { payload?: unknown }).payload;
    if (connected || !isChunkLoadError(error)) return;
    const key = RELOAD_MARK + (error as Error).message;
    try {
      if (sessionStorage.getItem(key)) return;
      sessionStorage.setItem(key, '1');
      marked.add(key);
    } catch {
      // No session storage: the router cannot reload either.
    }
  });
}

/** Before trying a failed chunk again while connected: still missing then means a new version. */
export function allowNewVersionReload(error: unknown) {
  const key = RELOAD_MARK + (error instanceof Error ? error.message : '');
  if (!marked.delete(key)) return;
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
