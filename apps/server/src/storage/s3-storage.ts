import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { DomainError } from '@cartera/domain/errors';
import { MAX_UPLOAD_BYTES } from '@cartera/domain/files';
import type { S3Config } from '../env';
import { LOCAL_FILES_PATH } from './local-storage';
import {
  encodeKeyPath,
  keyUnder,
  type FileStorage,
  type ServedHeaders,
  type SignedUpload,
  type StoredObject,
  type UploadRequest,
} from './storage';

/**
 * S3-compatible object storage (AWS, MinIO…). The browser PUTs straight to the bucket with a
 * presigned URL. S3 cannot count bytes for us, so the declared size is signed into the URL
 * (content-length is a signed header) and refused up front when over the limit. The bucket is
 * private: a file's permanent address is the app's own `/api/files/<key>`, which checks the
 * caller and redirects to a presigned GET.
 */
export class S3Storage implements FileStorage {
  readonly kind = 's3' as const;
  private readonly signer: S3Client;
  /** The server's own calls (HEAD), to the internal endpoint. */
  private readonly client: S3Client;

  constructor(
    private readonly config: S3Config,
    /** The app's public address (read on each use: a test instance learns it once it listens). */
    private readonly appBaseUrl: () => string,
  ) {
    // URLs are signed for the address browsers use, which may differ from the internal one.
    const publicOrigin = config.publicUrl ? new URL(config.publicUrl).origin : undefined;
    const common = {
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      // By default the SDK adds a CRC32 of the body to PutObject; when presigning there is no
      // body yet, so the URL would carry the checksum of an empty file and S3 would refuse
      // every real upload to it.
      requestChecksumCalculation: 'WHEN_REQUIRED' as const,
      ...(config.accessKeyId && config.secretAccessKey
        ? {
            credentials: {
              accessKeyId: config.accessKeyId,
              secretAccessKey: config.secretAccessKey,
            },
          }
        : {}),
    };
    this.signer = new S3Client({ ...common, endpoint: publicOrigin ?? config.endpoint });
    this.client = new S3Client({ ...common, endpoint: config.endpoint });
  }

  async createUpload(request: UploadRequest): Promise<SignedUpload> {
    if (request.size === undefined) throw new DomainError('FILE_SIZE_REQUIRED');
    if (request.size > MAX_UPLOAD_BYTES) {
      throw new DomainError('FILE_TOO_LARGE', { limit: MAX_UPLOAD_BYTES });
    }
    const command = new PutObjectCommand({
      Bucket: this.config.bucket,
      Key: request.key,
      ContentType: request.contentType,
      ContentLength: request.size,
      ...(request.contentDisposition ? { ContentDisposition: request.contentDisposition } : {}),
    });
    const url = await getSignedUrl(this.signer, command, {
      expiresIn: request.expiresInSeconds,
      signableHeaders: new Set(['content-type', 'content-length', 'content-disposition']),
    });
    const headers: Record<string, string> = { 'content-type': request.contentType };
    if (request.contentDisposition) headers['content-disposition'] = request.contentDisposition;
    return { url, headers };
  }

  /** Through a presigned PUT, as a browser uploads: one signing path for every write. */
  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const upload = await this.createUpload({
      key,
      contentType,
      size: bytes.length,
      expiresInSeconds: 300,
    });
    const response = await fetch(upload.url, {
      method: 'PUT',
      headers: { ...upload.headers, 'content-length': String(bytes.length) },
      body: bytes,
    });
    if (!response.ok) throw new Error(`S3 refused the file (${response.status})`);
  }

  publicUrl(key: string): string {
    return `${this.appBaseUrl()}${LOCAL_FILES_PATH}/${encodeKeyPath(key)}`;
  }

  keyOf(url: string): string | undefined {
    return (
      keyUnder(`${this.appBaseUrl()}${LOCAL_FILES_PATH}`, url) ?? keyUnder(this.bucketUrl(''), url)
    );
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.config.bucket, Key: key }),
      );
      return {
        size: head.ContentLength ?? 0,
        contentType: head.ContentType ?? 'application/octet-stream',
      };
    } catch (error) {
      if (
        error instanceof NotFound ||
        (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
      ) {
        return undefined;
      }
      throw error;
    }
  }

  async read(key: string): Promise<Buffer | undefined> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({ Bucket: this.config.bucket, Key: key }),
      );
      return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : undefined;
    } catch (error) {
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) {
        return undefined;
      }
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    // S3 answers a delete of a missing object with success too.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
  }

  signedReadUrl(key: string, expiresInSeconds: number, served: ServedHeaders): Promise<string> {
    return getSignedUrl(
      this.signer,
      new GetObjectCommand({
        Bucket: this.config.bucket,
        Key: key,
        ResponseContentType: served.contentType,
        ResponseContentDisposition: served.contentDisposition,
      }),
      { expiresIn: expiresInSeconds },
    );
  }

  /** The object's address in the bucket (what a presigned URL is without its query). */
  bucketUrl(key: string): string {
    const path = encodeKeyPath(key);
    if (this.config.publicUrl) return `${this.config.publicUrl.replace(/\/$/, '')}/${path}`;
    const endpoint = (
      this.config.endpoint ?? `https://s3.${this.config.region}.amazonaws.com`
    ).replace(/\/$/, '');
    return this.config.forcePathStyle
      ? `${endpoint}/${this.config.bucket}/${path}`
      : `${endpoint.replace('://', `://${this.config.bucket}.`)}/${path}`;
  }
}
