import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { z, ZodError } from 'zod';
import { DomainError, ERROR_HTTP_STATUS, type ErrorCode } from '@cartera/domain/errors';
import { errorMessage } from '@cartera/domain/i18n';
import { zodIssueText } from '@cartera/domain/input';

// zod's own issues speak Spanish on tRPC and REST alike (a schema's own text still wins).
z.config({ customError: zodIssueText });

/** The one map from an HTTP status to the tRPC code that carries it. */
const TRPC_CODE_BY_STATUS: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  422: 'UNPROCESSABLE_CONTENT',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
};

/** tRPC's own failures, named in our vocabulary. */
const DOMAIN_CODE_BY_TRPC: Partial<Record<TRPC_ERROR_CODE_KEY, ErrorCode>> = {
  BAD_REQUEST: 'INVALID_REQUEST_BODY',
  PARSE_ERROR: 'INVALID_REQUEST_BODY',
  UNAUTHORIZED: 'UNAUTHENTICATED',
  FORBIDDEN: 'PERMISSION_DENIED',
  NOT_FOUND: 'NOT_FOUND',
  METHOD_NOT_SUPPORTED: 'NOT_FOUND',
  PAYLOAD_TOO_LARGE: 'FILE_TOO_LARGE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
};

const DOMAIN_CODE_BY_STATUS: Record<number, ErrorCode> = {
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  413: 'FILE_TOO_LARGE',
  429: 'TOO_MANY_REQUESTS',
};

export function trpcCodeFor(code: ErrorCode): TRPC_ERROR_CODE_KEY {
  return TRPC_CODE_BY_STATUS[ERROR_HTTP_STATUS[code]] ?? 'INTERNAL_SERVER_ERROR';
}

export interface DescribedError {
  domainCode: ErrorCode;
  httpStatus: number;
  trpcCode: TRPC_ERROR_CODE_KEY;
  /** Spanish text for the user; internals never reach it. */
  message: string;
  details: Record<string, unknown> | undefined;
  fieldErrors: Record<string, string[]> | undefined;
}

/** Turns anything thrown by a procedure or route into what the caller may see. */
export function describeError(error: unknown): DescribedError {
  const cause = error instanceof TRPCError ? (error.cause ?? error) : error;
  if (cause instanceof DomainError) {
    return {
      domainCode: cause.code,
      httpStatus: cause.httpStatus,
      trpcCode: trpcCodeFor(cause.code),
      message: errorMessage(cause.code, stringValues(cause.details)),
      details: cause.details,
      fieldErrors: detailFieldErrors(cause.details),
    };
  }
  if (cause instanceof ZodError) {
    return {
      domainCode: 'INVALID_REQUEST_BODY',
      httpStatus: 400,
      trpcCode: 'BAD_REQUEST',
      message: errorMessage('INVALID_REQUEST_BODY'),
      details: undefined,
      fieldErrors: fieldErrorsOf(cause),
    };
  }
  if (error instanceof TRPCError && error.code !== 'INTERNAL_SERVER_ERROR') {
    const domainCode = DOMAIN_CODE_BY_TRPC[error.code] ?? 'INVALID_REQUEST_BODY';
    return {
      domainCode,
      httpStatus: ERROR_HTTP_STATUS[domainCode],
      trpcCode: error.code,
      message: errorMessage(domainCode),
      details: undefined,
      fieldErrors: undefined,
    };
  }
  // Transport failures (malformed JSON, body too large…) carry a 4xx statusCode of their own.
  const statusCode = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    const domainCode = DOMAIN_CODE_BY_STATUS[statusCode] ?? 'INVALID_REQUEST_BODY';
    return {
      domainCode,
      httpStatus: statusCode,
      trpcCode: TRPC_CODE_BY_STATUS[statusCode] ?? 'BAD_REQUEST',
      message: errorMessage(domainCode),
      details: undefined,
      fieldErrors: undefined,
    };
  }
  return {
    domainCode: 'INTERNAL_SERVER_ERROR',
    httpStatus: 500,
    trpcCode: 'INTERNAL_SERVER_ERROR',
    message: errorMessage('INTERNAL_SERVER_ERROR'),
    details: undefined,
    fieldErrors: undefined,
  };
}

export function fieldErrorsOf(error: ZodError): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    (result[key] ??= []).push(issue.message);
  }
  return result;
}

/** `details.fields` of a domain error (path → text or texts) in the shape of zod's field errors. */
function detailFieldErrors(details: Record<string, unknown> | undefined) {
  const fields = details?.fields;
  if (!fields || typeof fields !== 'object') return undefined;
  const result: Record<string, string[]> = {};
  for (const [path, value] of Object.entries(fields as Record<string, unknown>)) {
    const texts = (Array.isArray(value) ? value : [value]).filter(
      (text): text is string => typeof text === 'string',
    );
    if (texts.length) result[path] = texts;
  }
  return result;
}

function stringValues(details: Record<string, unknown> | undefined) {
  if (!details) return undefined;
  const values: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(details)) {
    if (typeof value === 'string' || typeof value === 'number') values[key] = value;
  }
  return values;
}
