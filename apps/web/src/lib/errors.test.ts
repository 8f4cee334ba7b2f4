import { describe, expect, it } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { errorMessage } from '@cartera/domain/i18n';
import { userMessageOf } from './errors';
import { shouldRetry } from './query-client';

/** A client error as the server's error formatter shapes it. */
function serverError(httpStatus: number, domainCode: string, message: string) {
  return TRPCClientError.from({
    error: {
      code: -32600,
      message,
      data: { code: 'BAD_REQUEST', httpStatus, path: 'system.info', domainCode },
    },
  });
}

describe('shouldRetry', () => {
  it('never retries a 4xx answer', () => {
    expect(shouldRetry(0, serverError(401, 'UNAUTHENTICATED', 'x'))).toBe(false);
    expect(shouldRetry(0, serverError(404, 'NOT_FOUND', 'x'))).toBe(false);
  });

  it('retries server and network failures twice', () => {
    const unavailable = serverError(503, 'SERVICE_UNAVAILABLE', 'x');
    expect(shouldRetry(0, unavailable)).toBe(true);
    expect(shouldRetry(1, unavailable)).toBe(true);
    expect(shouldRetry(2, unavailable)).toBe(false);
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
  });
});

describe('userMessageOf', () => {
  it("shows the server's Spanish message", () => {
    const text = errorMessage('PERMISSION_DENIED');
    expect(userMessageOf(serverError(403, 'PERMISSION_DENIED', text))).toBe(text);
  });

  it('shows the catalogue text when the server could not be reached', () => {
    const offline = TRPCClientError.from(new TypeError('Failed to fetch'));
    expect(userMessageOf(offline)).toBe(errorMessage('SERVICE_UNAVAILABLE'));
  });

  it('shows the generic text for anything else', () => {
    expect(userMessageOf(new Error('boom'))).toBe(errorMessage('INTERNAL_SERVER_ERROR'));
  });
});
