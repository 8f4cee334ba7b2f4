import { z } from 'zod';
import { DomainError } from '@cartera/domain/errors';
import { attachmentTypeAllowed, MAX_UPLOAD_BYTES, mimeTypeOfName } from '@cartera/domain/files';
import type { AppDeps } from '../../deps';
import { AnswerTooLongError, outboundRequest } from '../../lib/outbound';
import type { AuthUser } from '../sessions/session.types';
import { safeFileName, storageKey } from './files.service';
import { insertUpload } from './uploads.repository';
import { es } from '@cartera/domain/i18n';

/** How long the server waits for a pasted URL's file (a large video on a slow host). */
const DOWNLOAD_TIMEOUT_MS = 30_000;

export const ZDownloadInput = z.object({
  url: z.string().trim().min(1).max(2048),
  /** What the file is for: part of its storage path, as in the upload flow. */
  via: z
    .string()
    .trim()
    .regex(/^[\w-]{1,40}$/, es.validation.originInvalid)
    .default('channel'),
});
export type TDownloadInput = z.infer<typeof ZDownloadInput>;

/** A stored file as the upload flow answers it (the web's `UploadedFile`). */
export const ZStoredFile = z.object({
  name: z.string(),
  url: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  path: z.string(),
});

const failed = (reason: string) => new DomainError('FILE_DOWNLOAD_FAILED', { reason });

/** The name a downloaded file keeps: its URL's last path segment, else 'archivo'. */
function nameOf(url: URL): string {
  const last = url.pathname.split('/').filter(Boolean).at(-1) ?? '';
  let decoded = last;
  try {
    decoded = decodeURIComponent(last);
  } catch {
    // A stray '%': the segment as it is.
  }
  return safeFileName(decoded);
}

/**
 * 02 §8 URL paste: the server fetches the file a seller pasted the address of (the browser could
 * not: most hosts send no CORS headers) through the outbound-URL guard, so no address of the
 * private network is reachable; only a 2xx answer of an attachment type (03 §6) up to
 * 55,777,216 bytes is stored, with the same layout and permanent address as an upload.
 * Redirects are not followed (the guard answers the 3xx itself, a failure here).
 */
export async function downloadToStorage(
  deps: Pick<AppDeps, 'storage' | 'db'>,
  user: Pick<AuthUser, 'id' | 'tenantId'>,
  input: TDownloadInput,
) {
  const tenantId = user.tenantId;
  let answer;
  try {
    answer = await outboundRequest(input.url, {
      timeoutMs: DOWNLOAD_TIMEOUT_MS,
      maxBytes: MAX_UPLOAD_BYTES,
    });
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if (error instanceof AnswerTooLongError) {
      throw new DomainError('FILE_TOO_LARGE', { limit: MAX_UPLOAD_BYTES });
    }
    throw failed(error instanceof Error ? error.message : 'network');
  }
  if (!answer.ok) throw failed(`status ${answer.status}`);
  const url = new URL(input.url);
  const name = nameOf(url);
  const declared = String(answer.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  const mimeType =
    declared && declared !== 'application/octet-stream'
      ? declared
      : (mimeTypeOfName(name) ?? 'application/octet-stream');
  if (!attachmentTypeAllowed(mimeType)) throw failed(`type ${mimeType}`);
  if (answer.bytes.length === 0) throw failed('empty');
  const key = storageKey(tenantId, input.via, name);
  await deps.storage.put(key, answer.bytes, mimeType);
  // Stored by the server itself, and the uploader's until it is sent. It is 'checked' only when
  // a record takes it, so one never taken is purged like any upload.
  await insertUpload(deps.db, {
    tenantId,
    key,
    uploaderId: user.id,
    via: input.via,
    size: answer.bytes.length,
    contentType: mimeType,
    state: 'uploaded',
  });
  return {
    name,
    url: deps.storage.publicUrl(key),
    mimeType,
    size: answer.bytes.length,
    path: key,
  };
}
