/** Upload limits shared by the web (drops the file early) and the server (refuses it). 01 §5, §9. */
export const MAX_UPLOAD_BYTES = 55_777_216;

/** How long a signed upload URL stays valid when the caller does not say (seconds). */
export const DEFAULT_UPLOAD_URL_TTL_SECONDS = 15 * 60;

/** Upper bound a caller may ask for with `expires` (seconds). */
export const MAX_UPLOAD_URL_TTL_SECONDS = 7 * 24 * 60 * 60;
