// The error codes the API answers with (`error.data.code` on tRPC, `code` on REST) and the
// Spanish text a user reads for each, taken from the domain at build time.
import { ERROR_CODES, ERROR_HTTP_STATUS, type ErrorCode } from '@cartera/domain/errors';
import { errorMessage, errorMessages } from '@cartera/domain/i18n';

export type CarteraErrorCode = ErrorCode;

/** Every code the API may answer. */
export const CARTERA_ERROR_CODES: readonly CarteraErrorCode[] = ERROR_CODES;

/** The HTTP status REST answers with for each code. */
export const CARTERA_ERROR_STATUS: Readonly<Record<CarteraErrorCode, number>> = ERROR_HTTP_STATUS;

/** The Spanish text of each code (some carry `{name}` placeholders). */
export const CARTERA_ERROR_TEXTS: Readonly<Record<CarteraErrorCode, string>> = errorMessages;

/** Whether a value is one of the API's error codes. */
export function isCarteraErrorCode(value: unknown): value is CarteraErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_HTTP_STATUS, value);
}

/** The Spanish text for a code (the generic server error for an unknown one). */
export function carteraErrorText(
  code: string | undefined,
  values?: Record<string, string | number>,
): string {
  return errorMessage(code, values);
}

/** The domain code of an error a call threw (a TRPCClientError's `data.domainCode`), if any. */
export function carteraErrorCode(error: unknown): CarteraErrorCode | undefined {
  const code = (error as { data?: { domainCode?: unknown } } | null)?.data?.domainCode;
  return isCarteraErrorCode(code) ? code : undefined;
}
