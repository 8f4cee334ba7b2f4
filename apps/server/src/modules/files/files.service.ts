import { z } from 'zod';
import { DomainError } from '@cartera/domain/errors';
import {
  DEFAULT_UPLOAD_URL_TTL_SECONDS,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_URL_TTL_SECONDS,
} from '@cartera/domain/files';
import { newId } from '@cartera/domain/ids';
import type { AppDeps } from '../../deps';
import type { FileStorage } from '../../storage/storage';
import type { AuthUser } from '../sessions/session.types';
import { insertUpload } from './uploads.repository';
import { es } from '@cartera/domain/i18n';

export const ZCreateUploadInput = z.object({
  name: z.string().trim().min(1).max(255),
  mimeType: z
    .string()
    .trim()
    .regex(/^[\w.+-]+\/[\w.+-]+$/, es.validation.fileTypeInvalid)
    .max(255),
  /** What the file is for (e.g. 'note', 'logo', 'settings'): becomes part of its path. */
  via: z
    .string()
    .trim()
    .regex(/^[\w-]{1,40}$/, es.validation.originInvalid),
  /**
   * 'inline', 'attachment' or a full content-disposition value. Header values are sent as bytes,
   * so only printable ASCII can be signed and sent back unchanged.
   */
  disposition: z
    .string()
    .trim()
    .max(500)
    .regex(/^[\x20-\x7e]*$/, es.validation.dispositionInvalid)
    .optional(),
  /** Seconds the upload URL stays valid. */
  expires: z.coerce.number().int().min(1).max(MAX_UPLOAD_URL_TTL_SECONDS).optional(),
  /**
   * Size in bytes, signed into the URL: the PUT must carry exactly this many (FILE_SIZE_REQUIRED
   * without it).
   */
  size: z.coerce.number().int().min(0).optional(),
});
export type TCreateUploadInput = z.infer<typeof ZCreateUploadInput>;

export const ZCreateUploadOutput = z.object({
  url: z.string(),
  key: z.string(),
  headers: z.record(z.string(), z.string()),
  maxBytes: z.number(),
  /**
   * The file's permanent address once uploaded, always on the public URL (records keep it). With
   * local storage `url` is the same path on the origin the request came to (or relative); with
   * S3 `url` is the bucket's and this is Cartera's own address, which checks the reader.
   */
  fileUrl: z.string(),
});

/**
 * Longest file name kept, in UTF-8 bytes: disks allow 255 bytes per name and local storage adds
 * suffixes of its own ('.meta.json', '.<random>.partial').
 */
export const MAX_FILE_NAME_BYTES = 150;

/** Halves of a surrogate pair standing alone: not text, and encodeURIComponent throws on them. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A name safe inside a path and a header: accents kept, separators and controls dropped. */
export function safeFileName(name: string): string {
  const cleaned = name
    .replace(LONE_SURROGATE, '_')
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are what must go
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f-\u009f]+/g, '_')
    .replace(/^\.+/, '');
  return truncateKeepingExtension(cleaned, MAX_FILE_NAME_BYTES) || 'archivo';
}

/** Cuts a name to `maxBytes` of UTF-8 on a character boundary, keeping a short extension. */
function truncateKeepingExtension(name: string, maxBytes: number): string {
  if (Buffer.byteLength(name) <= maxBytes) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
  let budget = maxBytes - Buffer.byteLength(extension);
  let kept = '';
  for (const char of name.slice(0, name.length - extension.length)) {
    budget -= Buffer.byteLength(char);
    if (budget < 0) break;
    kept += char;
  }
  return kept + extension;
}

/** RFC 8187 value characters: encodeURIComponent leaves ' ( ) * unescaped, which it forbids. */
function encodeExtValue(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** A content-disposition header with the file's name (ASCII fallback and RFC 8187 UTF-8). */
export function dispositionHeader(type: 'inline' | 'attachment', fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeExtValue(fileName)}`;
}

export function contentDispositionOf(disposition: string | undefined, fileName: string) {
  if (!disposition) return undefined;
  const type = disposition.toLowerCase();
  if (type === 'inline' || type === 'attachment') return dispositionHeader(type, fileName);
  return disposition;
}

/** Where a file of the tenant lives: `<tenant>/<via>/<uuid>/<name>` (the name already safe). */
export function storageKey(tenantId: string, via: string, fileName: string): string {
  return `${tenantId}/${via}/${newId()}/${fileName}`;
}

/**
 * Step one of the upload flow: a signed URL to PUT the file to, for one file of the declared
 * size and type (recorded in `uploads`, so the URL is used once). The key starts with the tenant
 * so files never mix between companies, then the purpose, then a unique folder.
 */
export async function createSignedUpload(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  user: Pick<AuthUser, 'id' | 'tenantId'>,
  input: TCreateUploadInput,
  /** Where the client reached the app (http/origin-guard `requestOrigin`; '' for relative). */
  origin?: string,
) {
  const signed = await signUpload(deps.storage, user.tenantId, input, origin);
  await insertUpload(deps.db, {
    tenantId: user.tenantId,
    key: signed.key,
    uploaderId: user.id,
    via: input.via,
    size: signed.size,
    contentType: input.mimeType,
  });
  const { size: _size, ...answer } = signed;
  return answer;
}

/** The storage's signature for an upload of the tenant (createSignedUpload records it). */
export async function signUpload(
  storage: FileStorage,
  tenantId: string,
  input: TCreateUploadInput,
  origin?: string,
) {
  if (input.size === undefined) throw new DomainError('FILE_SIZE_REQUIRED');
  if (input.size > MAX_UPLOAD_BYTES) {
    throw new DomainError('FILE_TOO_LARGE', { limit: MAX_UPLOAD_BYTES });
  }
  const fileName = safeFileName(input.name);
  const key = storageKey(tenantId, input.via, fileName);
  const signed = await storage.createUpload({
    key,
    contentType: input.mimeType,
    contentDisposition: contentDispositionOf(input.disposition, fileName),
    expiresInSeconds: input.expires ?? DEFAULT_UPLOAD_URL_TTL_SECONDS,
    size: input.size,
    origin,
  });
  return {
    url: signed.url,
    key,
    headers: signed.headers,
    maxBytes: MAX_UPLOAD_BYTES,
    fileUrl: storage.publicUrl(key),
    size: input.size,
  };
}
