import { errorMessage, es } from '@cartera/domain/i18n';

/** 03 §9: a contact fetch is retried 3 times, waiting min(1000·2^n, 10000) ms. */
export const FETCH_RETRIES = 3;

export function fetchRetryDelay(failureCount: number): number {
  return Math.min(1000 * 2 ** failureCount, 10_000);
}

/** Codes that answer the same however often one asks: never retried. */
const FINAL_CODES = new Set([
  'CONTACT_NOT_FOUND',
  'PERMISSION_DENIED',
  'INVALID_CONTACT_ID',
  'INVALID_REQUEST_BODY',
  'UNAUTHENTICATED',
]);

/** TanStack Query's `retry`: up to 3 more tries, only for failures another try may fix. */
export function shouldRetryFetch(failureCount: number, code: string | undefined): boolean {
  return failureCount < FETCH_RETRIES && !(code && FINAL_CODES.has(code));
}

export interface FetchFailure {
  /** The contact is not there for this user (or the address names none). */
  notFound: boolean;
  message: string;
  /** 'Volver a reintentar' only for an internal or unknown error (03 §2.1, §8). */
  retry: boolean;
}

/** 03 §8 'Contact fetch': the text of a failed contact fetch from its domain code. */
export function contactFetchFailure(code: string | undefined): FetchFailure {
  switch (code) {
    case 'CONTACT_NOT_FOUND':
      return { notFound: true, message: errorMessage('CONTACT_NOT_FOUND'), retry: false };
    case 'INVALID_CONTACT_ID':
    case 'INVALID_REQUEST_BODY':
      return { notFound: true, message: es.conversation.fetchInvalidId, retry: false };
    case 'PERMISSION_DENIED':
      return { notFound: false, message: errorMessage('PERMISSION_DENIED'), retry: false };
    case 'INTERNAL_SERVER_ERROR':
      return { notFound: false, message: es.conversation.fetchInternalError, retry: true };
    default:
      return { notFound: false, message: es.conversation.fetchOther, retry: true };
  }
}
