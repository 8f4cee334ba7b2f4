import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Values remembered for the length of one HTTP request (a tRPC batch counts as one), so a request
 * that needs the same thing in several services reads it once. Outside a request (jobs, tests
 * calling services, websocket messages) nothing is remembered and every read goes to the source.
 */
const storage = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/** Runs the rest of a request with its own, empty cache (app.ts's onRequest hook). */
export function withRequestCache(next: () => void) {
  storage.run(new Map(), next);
}

/** The value under `key` for this request, loaded once; a failed load is not remembered. */
export function requestCached<T>(key: string, load: () => Promise<T>): Promise<T> {
  const cache = storage.getStore();
  if (!cache) return load();
  const known = cache.get(key) as Promise<T> | undefined;
  if (known) return known;
  const loading = load();
  cache.set(key, loading);
  loading.catch(() => cache.delete(key));
  return loading;
}

/** Forgets what this request remembered under keys starting with `prefix` (after a write). */
export function forgetRequestCached(prefix: string) {
  const cache = storage.getStore();
  if (!cache) return;
  for (const key of cache.keys()) if (key.startsWith(prefix)) cache.delete(key);
}
