import type { ErrorCode } from '@cartera/domain/errors';

/**
 * The error codes address search throws. They stand in for PLACES_NOT_CONFIGURED (503) and
 * PLACES_UNAVAILABLE (502) until packages/domain defines them; switching is a change here only.
 */
export const PLACES_NOT_CONFIGURED = 'PLACES_NOT_CONFIGURED' satisfies ErrorCode;
export const PLACES_UNAVAILABLE = 'PLACES_UNAVAILABLE' satisfies ErrorCode;
