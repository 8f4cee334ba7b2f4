/** Where uploaded files live. Both implementations follow the same upload flow (01 §7 Uploads). */
export interface UploadRequest {
  key: string;
  contentType: string;
  /** The content-disposition header the client must send with the PUT, if any. */
  contentDisposition?: string | undefined;
  expiresInSeconds: number;
  /** Declared size in bytes; S3 signs it so the upload cannot exceed it. */
  size?: number | undefined;
}

export interface SignedUpload {
  /** Where the client PUTs the file (signed, expiring). */
  url: string;
  /** Headers the PUT must carry exactly. */
  headers: Record<string, string>;
}

export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Whether uploads need a declared size up front (the server cannot watch the bytes). */
  readonly requiresDeclaredSize: boolean;
  createUpload(request: UploadRequest): Promise<SignedUpload>;
  /**
   * Stores a file the server itself fetched (a customer's WhatsApp photo): the same layout and
   * the same permanent address as an upload.
   */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The permanent address of a stored file: the upload URL without its query. */
  publicUrl(key: string): string;
}

/**
 * The path of a key inside a URL: each segment percent-encoded as RFC 3986 wants (as the AWS SDK
 * does), so the address we hand out is exactly the signed URL without its query.
 */
export function encodeKeyPath(key: string): string {
  return key
    .split('/')
    .map((segment) =>
      encodeURIComponent(segment).replace(
        /[!'()*]/g,
        (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
      ),
    )
    .join('/');
}
