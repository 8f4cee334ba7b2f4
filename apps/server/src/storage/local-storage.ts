import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DomainError } from '@cartera/domain/errors';
import { MAX_UPLOAD_BYTES } from '@cartera/domain/files';
import {
  encodeKeyPath,
  keyUnder,
  type FileStorage,
  type SignedUpload,
  type StoredObject,
  type UploadRequest,
} from './storage';

/** Files are served from and uploaded to this path of the server. */
export const LOCAL_FILES_PATH = '/api/files';

export interface StoredFileMeta {
  contentType: string;
  contentDisposition?: string | undefined;
  size: number;
}

interface SignedFields {
  key: string;
  expires: number;
  contentType: string;
  contentDisposition: string;
  size: number;
}

/**
 * Files on the server's disk, under the data folder. Upload URLs are HMAC-signed over the key,
 * the expiry, the declared size and the headers the client must send, so a URL cannot be used
 * for another file, another type or size, or after it expires; a key is written once. Read URLs
 * (for readers without a session) are signed over the key and their expiry.
 */
export class LocalStorage implements FileStorage {
  readonly kind = 'local' as const;
  private readonly root: string;

  constructor(
    root: string,
    /** Read on each use: a test instance learns its port only after it listens. */
    private readonly publicBaseUrl: () => string,
    private readonly secret: string,
    private readonly maxBytes = MAX_UPLOAD_BYTES,
  ) {
    this.root = resolve(root);
  }

  async createUpload(request: UploadRequest): Promise<SignedUpload> {
    // Never hand out a URL for a key that could not be stored.
    this.pathOf(request.key);
    const expires = Math.floor(Date.now() / 1000) + request.expiresInSeconds;
    const fields: SignedFields = {
      key: request.key,
      expires,
      contentType: request.contentType,
      contentDisposition: request.contentDisposition ?? '',
      size: request.size,
    };
    const url = new URL(this.publicUrl(request.key));
    url.searchParams.set('expires', String(expires));
    url.searchParams.set('size', String(request.size));
    url.searchParams.set('signature', this.sign(fields));
    const headers: Record<string, string> = { 'content-type': request.contentType };
    if (request.contentDisposition) headers['content-disposition'] = request.contentDisposition;
    // The signature covers the key, not the host: the same URL works on any host we answer on.
    const address =
      request.origin === undefined
        ? url.toString()
        : `${request.origin}${url.pathname}${url.search}`;
    return { url: address, headers };
  }

  publicUrl(key: string): string {
    return `${this.publicBaseUrl()}${LOCAL_FILES_PATH}/${encodeKeyPath(key)}`;
  }

  keyOf(url: string): string | undefined {
    return keyUnder(`${this.publicBaseUrl()}${LOCAL_FILES_PATH}`, url);
  }

  signedReadUrl(key: string, expiresInSeconds: number): Promise<string> {
    const expires = Math.floor(Date.now() / 1000) + expiresInSeconds;
    const url = new URL(this.publicUrl(key));
    url.searchParams.set('expires', String(expires));
    url.searchParams.set('signature', this.signRead(key, expires));
    return Promise.resolve(url.toString());
  }

  /** Whether a read URL's signature is ours for this key; FILE_LINK_EXPIRED once it expired. */
  verifyRead(key: string, expires: string | undefined, signature: string | undefined): boolean {
    const at = Number(expires);
    if (!signature || !Number.isInteger(at)) return false;
    if (!safeEqual(this.signRead(key, at), signature)) return false;
    if (at < Date.now() / 1000) throw new DomainError('FILE_LINK_EXPIRED');
    return true;
  }

  /**
   * Checks an upload against its signature and stores it, refusing (and discarding) a body that
   * is not exactly the declared size (cut as soon as it passes it), or a key already written.
   * `claim` runs once the signature is good and before any byte is read (the single use of the
   * URL is kept in the database by the caller).
   */
  async receive(
    input: {
      key: string;
      expires: string | undefined;
      size: string | undefined;
      signature: string | undefined;
      contentType: string | undefined;
      contentDisposition: string | undefined;
      contentLength: number | undefined;
      body: Readable;
    },
    claim: () => Promise<void> = () => Promise.resolve(),
  ): Promise<StoredFileMeta> {
    const target = this.pathOf(input.key);
    const expires = Number(input.expires);
    const declared = Number(input.size);
    if (
      !input.signature ||
      !Number.isInteger(expires) ||
      !Number.isInteger(declared) ||
      declared < 0
    ) {
      throw new DomainError('UPLOAD_URL_INVALID');
    }
    const expected = this.sign({
      key: input.key,
      expires,
      contentType: input.contentType ?? '',
      contentDisposition: input.contentDisposition ?? '',
      size: declared,
    });
    if (!safeEqual(expected, input.signature)) throw new DomainError('UPLOAD_URL_INVALID');
    if (expires < Date.now() / 1000) throw new DomainError('UPLOAD_URL_EXPIRED');
    const limit = Math.min(declared, this.maxBytes);
    if (input.contentLength !== undefined && input.contentLength > limit) {
      throw new DomainError('FILE_TOO_LARGE', { limit });
    }
    if (input.contentLength !== undefined && input.contentLength !== declared) {
      throw new DomainError('UPLOAD_SIZE_MISMATCH');
    }
    await claim();

    // A client that hangs up while the folder is made errors the body before pipeline() listens:
    // the error is held by the stream (pipeline reports it) instead of escaping unhandled.
    const held = () => undefined;
    input.body.on('error', held);
    try {
      await mkdir(dirname(target), { recursive: true });
    } catch (error) {
      input.body.off('error', held);
      throw storageError(error);
    }
    // Unique per upload: two uploads to the same key never share a partial file.
    const partial = `${target}.${randomBytes(8).toString('hex')}.partial`;
    const written = createWriteStream(partial);
    let size = 0;
    try {
      // On failure pipeline() destroys the request stream, but Node detaches a server request
      // from its socket first: the connection stays up to carry the 413.
      await pipeline(
        input.body,
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            size += chunk.length;
            if (size > limit) throw new DomainError('FILE_TOO_LARGE', { limit });
            yield chunk;
          }
        },
        written,
      );
      if (size !== declared) throw new DomainError('UPLOAD_SIZE_MISMATCH');
      const meta: StoredFileMeta = {
        contentType: input.contentType ?? 'application/octet-stream',
        contentDisposition: input.contentDisposition || undefined,
        size,
      };
      // A key is written once: link() refuses an existing file, where rename() would replace it.
      try {
        await link(partial, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
          throw new DomainError('UPLOAD_URL_USED');
        }
        throw error;
      }
      await writeFile(`${target}.meta.json`, JSON.stringify(meta));
      return meta;
    } catch (error) {
      throw storageError(error);
    } finally {
      // A write stream destroyed while its file is still opening creates the file afterwards:
      // removing it before the stream has closed would leave it behind.
      if (!written.closed)
        await new Promise<void>((resolve) => written.once('close', () => resolve()));
      await rm(partial, { force: true });
      input.body.off('error', held);
    }
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    const partial = `${target}.${randomBytes(8).toString('hex')}.partial`;
    const meta: StoredFileMeta = { contentType, size: bytes.length };
    await writeFile(partial, bytes);
    await writeFile(`${target}.meta.json`, JSON.stringify(meta));
    await rename(partial, target);
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    try {
      const path = this.pathOf(key);
      const [info, meta] = await Promise.all([stat(path), readFile(`${path}.meta.json`, 'utf8')]);
      if (!info.isFile()) return undefined;
      return { size: info.size, contentType: (JSON.parse(meta) as StoredFileMeta).contentType };
    } catch {
      return undefined;
    }
  }

  async read(key: string): Promise<Buffer | undefined> {
    const file = await this.open(key);
    if (!file) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async remove(key: string): Promise<void> {
    const path = this.pathOf(key);
    await rm(path, { force: true });
    await rm(`${path}.meta.json`, { force: true });
  }

  /** A stored file and its metadata, or nothing (also for keys that can never be stored). */
  async open(key: string) {
    try {
      const path = this.pathOf(key);
      const [info, meta] = await Promise.all([stat(path), readFile(`${path}.meta.json`, 'utf8')]);
      if (!info.isFile()) return undefined;
      // The size on disk is the truth; the metadata only adds the headers.
      const stored = { ...(JSON.parse(meta) as StoredFileMeta), size: info.size };
      return { meta: stored, stream: createReadStream(path) };
    } catch {
      return undefined;
    }
  }

  /** Where a key lives on disk; refuses keys that leave the root or name our own files. */
  private pathOf(key: string): string {
    const path = resolve(join(this.root, key));
    const segments = key.split('/');
    if (
      // One key, one file: no empty, '.' or '..' segments that would alias another key.
      segments.some((segment) => segment === '' || segment === '.' || segment === '..') ||
      key.includes('\0') ||
      !path.startsWith(this.root + sep) ||
      key.endsWith('.meta.json') ||
      key.endsWith('.partial')
    ) {
      throw new DomainError('UPLOAD_URL_INVALID');
    }
    return path;
  }

  private sign(fields: SignedFields): string {
    return createHmac('sha256', this.secret)
      .update(
        [
          'PUT',
          fields.key,
          fields.expires,
          fields.contentType,
          fields.contentDisposition,
          fields.size,
        ].join('\n'),
      )
      .digest('base64url');
  }

  private signRead(key: string, expires: number): string {
    return createHmac('sha256', this.secret)
      .update(['GET', key, expires].join('\n'))
      .digest('base64url');
  }
}

/**
 * A failure of the disk itself (full, unwritable, a path that cannot be made) becomes
 * STORAGE_UNAVAILABLE, with its Spanish message; refusals and a client that hung up stay as
 * they are.
 */
function storageError(error: unknown): unknown {
  if (error instanceof DomainError) return error;
  const failure = error as NodeJS.ErrnoException | undefined;
  if (
    typeof failure?.syscall === 'string' &&
    failure.code !== 'ECONNRESET' &&
    failure.code !== 'EPIPE'
  ) {
    return new DomainError('STORAGE_UNAVAILABLE');
  }
  return error;
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
