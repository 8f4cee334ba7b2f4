import { TRPCClientError } from '@trpc/client';
import { errorMessage } from '@cartera/domain/i18n/errors';
import type { AppRouter } from './api-types';

export type AppClientError = TRPCClientError<AppRouter>;

export function isAppClientError(error: unknown): error is AppClientError {
  return error instanceof TRPCClientError;
}

/** The HTTP status the server answered with, when the failure came from the server. */
export function httpStatusOf(error: unknown): number | undefined {
  return isAppClientError(error) ? error.data?.httpStatus : undefined;
}

/**
 * The Spanish text to show for a failed request. Server errors already carry it in `message`
 * (the server's error formatter translates every domain code); a request that never reached the
 * server (offline, server down) has no `data` and an English browser message, so it gets the
 * catalogue's "service unavailable" text instead.
 */
export function userMessageOf(error: unknown): string {
  if (isAppClientError(error)) {
    if (error.data) return error.message || errorMessage(error.data.domainCode);
    return errorMessage('SERVICE_UNAVAILABLE');
  }
  return errorMessage('INTERNAL_SERVER_ERROR');
}

/** The domain code of a server error (`PASSWORD_MISMATCH`, …); `undefined` for anything else. */
export function domainCodeOf(error: unknown): string | undefined {
  return isAppClientError(error) ? error.data?.domainCode : undefined;
}

/** The `details` a domain error carried (`legacyCode`, `field`, …). */
export function errorDetailsOf(error: unknown): Record<string, unknown> | undefined {
  return isAppClientError(error) ? (error.data?.details ?? undefined) : undefined;
}
