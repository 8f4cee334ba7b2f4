import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DomainError } from '@cartera/domain/errors';
import { MAX_UPLOAD_BYTES } from '@cartera/domain/files';
import { encodeKeyPath, type FileStorage, type SignedUpload, type UploadRequest } from './storage';

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
}

/**
 * Files on the server's disk, under the data folder. Upload URLs are HMAC-signed over the key,
 * the expiry and the headers the client must send, so a URL cannot be reused for another file,
 * another type or after it expires.
 */
export class LocalStorage implements FileStorage {
  readonly kind = 'local' as const;
  readonly requiresDeclaredSize = false;
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
    };
    const url = new URL(this.publicUrl(request.key));
    url.searchParams.set('expires', String(expires));
    url.searchParams.set('signature', this.sign(fields));
    const headers: Record<string, string> = { 'content-type': request.contentType };
    if (request.contentDisposition) headers['content-disposition'] = request.contentDisposition;
    return { url: url.toString(), headers };
  }

  publicUrl(key: string): string {
    return `${this.publicBaseUrl()}${LOCAL_FILES_PATH}/${encodeKeyPath(key)}`;
  }

  /**
   * Checks an upload against its signature and stores it, refusing (and discarding) anything
   * over the limit while it streams in, whatever the client declared.
   */
  async receive(input: {
    key: string;
    expires: string | undefined;
    signature: string | undefined;
    contentType: string | undefined;
    contentDisposition: string | undefined;
    contentLength: number | undefined;
    body: Readable;
  }): Promise<StoredFileMeta> {
    const target = this.pathOf(input.key);
    const expires = Number(input.expires);
    if (!input.signature || !Number.isInteger(expires)) throw new DomainError('UPLOAD_URL_INVALID');
    const expected = this.sign({
      key: input.key,
      expires,
      contentType: input.contentType ?? '',
      contentDisposition: input.contentDisposition ?? '',
    });
    if (!safeEqual(expected, input.signature)) throw new DomainError('UPLOAD_URL_INVALID');
    if (expires < Date.now() / 1000) throw new DomainError('UPLOAD_URL_EXPIRED');
    if (input.contentLength !== undefined && input.contentLength > this.maxBytes) {
      throw new DomainError('FILE_TOO_LARGE', { limit: this.maxBytes });
    }

    // A client that hangs up while the folder is made errors the body before pipeline() listens:
    // the error is held by the stream (pipeline reports it) instead of escaping unhandled.
    const held = () => undefined;
    input.body.on('error', held);
    await mkdir(dirname(target), { recursive: true });
    // Unique per upload: two uploads to the same key never share a partial file.
    const partial = `${target}.${randomBytes(8).toString('hex')}.partial`;
    let size = 0;
    const limit = this.maxBytes;
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
        createWriteStream(partial),
      );
      const meta: StoredFileMeta = {
        contentType: input.contentType ?? 'application/octet-stream',
        contentDisposition: input.contentDisposition || undefined,
        size,
      };
      await writeFile(`${target}.meta.json`, JSON.stringify(meta));
      await rename(partial, target);
      return meta;
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    } finally {
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
        ['PUT', fields.key, fields.expires, fields.contentType, fields.contentDisposition].join(
          '\n',
        ),
      )
      .digest('base64url');
  }
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
