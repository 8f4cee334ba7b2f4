import type { Executor } from '@cartera/db/client';
import { DomainError } from '@cartera/domain/errors';
import { attachmentTypeAllowed } from '@cartera/domain/files';
import { LOCAL_FILES_PATH } from '../../storage/local-storage';
import { keyUnder, type FileStorage, type ServedHeaders } from '../../storage/storage';
import { readContact } from '../access/contacts';
import type { AuthUser } from '../sessions/session.types';
import { dispositionHeader } from './files.service';
import { addUploadContact, findItemContact, findUpload, markChecked } from './uploads.repository';

/**
 * Who may read a stored file, and when a record may point at one (issue #30 §5; the rule per
 * `via` is in docs/decisions.md 'Files'). A file is always its company's: another company's
 * user never reads it. Files of a conversation (`note`, `channel`, and the customers' files the
 * channels fetch) belong to the contacts whose timeline items carry them, so only who may read
 * one of those contacts reads them (until it is sent, its uploader alone); the rest (profile
 * photos, logos, training material, settings) are shown to the whole company.
 */
export const CONTACT_VIAS: ReadonlySet<string> = new Set(['note', 'channel']);

/**
 * The upload `via` of a notification's picture (issue #41): once a shipment or template took it
 * (its upload checked), every signed-in user reads it, of any company, as the shipment reaches
 * users of many companies (docs/decisions.md 'Notification shipments').
 */
export const PLATFORM_NOTICE_VIA = 'notification';

async function platformNotice(deps: Pick<FileDeps, 'db'>, tenantId: string, key: string) {
  const upload = await findUpload(deps.db, tenantId, key);
  return upload?.state === 'checked';
}

/** How long the GET of a file on S3 redirects to a signed URL for (issue #30: at most 5 minutes). */
export const S3_REDIRECT_SECONDS = 300;

/** What the checks read: the database (a transaction's too) and the storage. */
export interface FileDeps {
  db: Executor;
  storage: FileStorage;
}

type KeyOwner =
  | { kind: 'inbound'; tenantId: string; interactionId: string; type: 'channelMessage' | 'email' }
  | { kind: 'upload'; tenantId: string; via: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The item type whose files live under each prefix of inbound files. */
const INBOUND_PREFIXES = { channels: 'channelMessage', email: 'email' } as const;

/**
 * What a key says of its file: `<tenant>/<via>/<uuid>/<name>` (uploads, pasted links, profile
 * photos…), `channels/<tenant>/<interaction>/<random>/<name>` (a customer's file, fetched
 * from the provider for that channel message) or `email/<tenant>/<interaction>/<random>/<name>`
 * (an attachment of that e-mail item).
 */
export function ownerOfKey(key: string): KeyOwner | undefined {
  const segments = key.split('/');
  const prefix = segments[0];
  if (prefix === 'channels' || prefix === 'email') {
    const [, tenantId, interactionId] = segments;
    if (segments.length < 5 || !UUID.test(tenantId ?? '') || !UUID.test(interactionId ?? '')) {
      return undefined;
    }
    return {
      kind: 'inbound',
      tenantId: tenantId!,
      interactionId: interactionId!,
      type: INBOUND_PREFIXES[prefix],
    };
  }
  const [tenantId, via] = segments;
  if (segments.length < 4 || !UUID.test(tenantId ?? '') || !via) return undefined;
  return { kind: 'upload', tenantId: tenantId!, via };
}

async function canReadContact(deps: Pick<FileDeps, 'db'>, user: AuthUser, contactId: string) {
  try {
    await readContact(deps.db, user, contactId);
    return true;
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
}

/**
 * Whether the user may read the file: NOT_FOUND otherwise (the same answer whether the file
 * exists or not, so ids of others' files are not confirmed).
 */
export async function assertMayRead(deps: Pick<FileDeps, 'db'>, user: AuthUser, key: string) {
  const owner = ownerOfKey(key);
  if (
    owner?.kind === 'upload' &&
    owner.via === PLATFORM_NOTICE_VIA &&
    (await platformNotice(deps, owner.tenantId, key))
  ) {
    return;
  }
  if (!owner || owner.tenantId !== user.tenantId) throw new DomainError('NOT_FOUND');
  if (owner.kind === 'inbound') {
    const contactId = await findItemContact(
      deps.db,
      owner.tenantId,
      owner.interactionId,
      owner.type,
    );
    if (contactId && (await canReadContact(deps, user, contactId))) return;
    throw new DomainError('NOT_FOUND');
  }
  const upload = await findUpload(deps.db, owner.tenantId, key);
  // Stored before uploads were recorded: the company's, as every file was then.
  if (!upload) return;
  if (upload.uploaderId === user.id) return;
  if (!CONTACT_VIAS.has(upload.via) && upload.contactIds.length === 0) return;
  for (const contactId of upload.contactIds) {
    if (await canReadContact(deps, user, contactId)) return;
  }
  throw new DomainError('NOT_FOUND');
}

/**
 * Before a record points at a file of ours: the caller may read it, and the stored file is the
 * size and type its upload declared (checked once: local storage reads its own file, S3 answers a
 * HEAD). With `contactId`, the file now belongs to that contact's timeline too. Answers the
 * file's permanent address (an S3 bucket address becomes Cartera's own); an address elsewhere is
 * answered as it is.
 */
export async function checkFileForRecord(
  deps: FileDeps,
  user: AuthUser,
  url: string,
  contactId?: string,
): Promise<string> {
  const key = deps.storage.keyOf(url) ?? relativeFileKey(url);
  if (!key) return url;
  await checkKeyForRecord(deps, user, key, contactId);
  return deps.storage.publicUrl(key);
}

/**
 * The key of a file named by this server's own path (`/api/files/…`) without the host or on any
 * host: a page opened on another host name than PUBLIC_URL sees its files there. The record
 * then keeps the permanent address (checkFileForRecord answers `publicUrl`).
 */
function relativeFileKey(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://cartera.invalid');
  } catch {
    return undefined;
  }
  if (!/^https?:$/.test(parsed.protocol)) return undefined;
  return keyUnder(`${parsed.origin}${LOCAL_FILES_PATH}`, parsed.href);
}

/** checkFileForRecord for a storage key (the profile photo sends its key). */
export async function checkKeyForRecord(
  deps: FileDeps,
  user: AuthUser,
  key: string,
  contactId?: string,
) {
  try {
    await assertMayRead(deps, user, key);
  } catch (error) {
    if (error instanceof DomainError) throw new DomainError('FILE_NOT_UPLOADED');
    throw error;
  }
  const owner = ownerOfKey(key)!;
  // A customer's file is the server's own copy: nothing to check.
  if (owner.kind === 'inbound') return;
  const upload = await findUpload(deps.db, owner.tenantId, key);
  if (!upload) throw new DomainError('FILE_NOT_UPLOADED');
  if (upload.state !== 'checked') {
    const stored = await deps.storage.stat(key);
    if (
      !stored ||
      stored.size !== upload.size ||
      baseType(stored.contentType) !== baseType(upload.contentType)
    ) {
      throw new DomainError('FILE_NOT_UPLOADED');
    }
    // An upload being purged (too old, never attached) may no longer be attached.
    if (!(await markChecked(deps.db, owner.tenantId, key))) {
      throw new DomainError('FILE_NOT_UPLOADED');
    }
  }
  if (contactId) await addUploadContact(deps.db, owner.tenantId, key, contactId);
}

/**
 * A profile photo's path from the upload flow (the user's own in /settings, or one an
 * administrator sets in 'Administración'): a file of the caller's company that the server found
 * uploaded as declared; its permanent address, or PROFILE_PHOTO_INVALID.
 */
export async function checkedPhotoUrl(
  deps: FileDeps,
  user: AuthUser,
  path: string,
): Promise<string> {
  if (!path.startsWith(`${user.tenantId}/`)) {
    throw new DomainError('PROFILE_PHOTO_INVALID', { field: 'photoPath' });
  }
  try {
    await checkKeyForRecord(deps, user, path);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'FILE_NOT_UPLOADED') {
      throw new DomainError('PROFILE_PHOTO_INVALID', { field: 'photoPath' });
    }
    throw error;
  }
  return deps.storage.publicUrl(path);
}

const baseType = (type: string) => type.split(';')[0]!.trim().toLowerCase();

/** Pictures, audio and video a page shows in place; svg is a document (it may run scripts). */
const INLINE_TYPES = /^(image\/(png|jpeg|gif|webp|avif|bmp)|audio\/[\w.+-]+|video\/[\w.+-]+)$/;

/**
 * The headers a file is answered with: media inline with their type; anything else as an
 * attachment, with its type only when it is a document type a conversation carries (03 §6: pdf,
 * Word, Excel, PowerPoint, plain text), else application/octet-stream, so html, svg, xml or
 * scripts an uploader declared never run as Cartera.
 */
export function servedHeaders(contentType: string, key: string): ServedHeaders {
  const type = baseType(contentType);
  const name = key.split('/').at(-1) ?? 'archivo';
  if (INLINE_TYPES.test(type)) {
    return { contentType: type, contentDisposition: dispositionHeader('inline', name) };
  }
  return {
    contentType:
      attachmentTypeAllowed(type) && !/^(image|audio|video)\//.test(type)
        ? type
        : 'application/octet-stream',
    contentDisposition: dispositionHeader('attachment', name),
  };
}
