import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { httpStatusOf } from './errors';

const MAX_RETRIES = 2;

/** Retries only what may succeed on a second try: network failures and 5xx answers, not 4xx. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = httpStatusOf(error);
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export interface QueryClientOptions {
  /** Sees every failed query and mutation (the app uses it to notice a lost session). */
  onError?: (error: unknown) => void;
}

export function createQueryClient({ onError }: QueryClientOptions = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error) => onError?.(error) }),
    mutationCache: new MutationCache({ onError: (error) => onError?.(error) }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetry,
      },
      mutations: {
        // A mutation is never repeated behind the user's back.
        retry: false,
      },
    },
  });
}

/** Tags and origins change rarely: one load serves the list, the filters and the contact page. */
export const CATALOG_STALE_MS = 5 * 60_000;
