/** Where uploaded files live. Both implementations follow the same upload flow (01 §7 Uploads). */
export interface UploadRequest {
  key: string;
  contentType: string;
  /** The content-disposition header the client must send with the PUT, if any. */
  contentDisposition?: string | undefined;
  expiresInSeconds: number;
  /** Declared size in bytes, signed into the URL: the upload must be exactly this long. */
  size: number;
  /**
   * Where the client reached the app (local storage builds its upload URL there, so a page opened
   * on another host name uploads to its own origin): an origin, '' for a relative URL, or
   * undefined for the public URL. S3 answers its own upload URL whatever it is.
   */
  origin?: string | undefined;
}

export interface SignedUpload {
  /** Where the client PUTs the file (signed, expiring). */
  url: string;
  /** Headers the PUT must carry exactly. */
  headers: Record<string, string>;
}

/** What the storage holds for a key: the truth a record is checked against. */
export interface StoredObject {
  size: number;
  contentType: string;
}

/** The headers a file is answered with (the files module decides them from its type). */
export interface ServedHeaders {
  contentType: string;
  contentDisposition: string;
}

export interface FileStorage {
  readonly kind: 'local' | 's3';
  createUpload(request: UploadRequest): Promise<SignedUpload>;
  /**
   * Stores a file the server itself fetched (a customer's WhatsApp photo): the same layout and
   * the same permanent address as an upload.
   */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /**
   * The permanent address of a stored file, on the app's own origin (`/api/files/<key>`): a GET
   * there checks the caller's session and the record the file belongs to.
   */
  publicUrl(key: string): string;
  /** The key of one of our file addresses (the permanent one, or S3's bucket address), else undefined. */
  keyOf(url: string): string | undefined;
  /** The stored file's size and type (S3: a HEAD), or undefined when nothing is there. */
  stat(key: string): Promise<StoredObject | undefined>;
  /** A stored file's bytes (a mail's attachment), or undefined when nothing is there. */
  read(key: string): Promise<Buffer | undefined>;
  /** Deletes a stored file (nothing when it is not there): an upload no record ever took. */
  remove(key: string): Promise<void>;
  /**
   * A URL that reads the file without a session until it expires: for providers fetching what a
   * seller sends, for public pages, and (S3) for the redirect of a checked GET.
   */
  signedReadUrl(key: string, expiresInSeconds: number, served: ServedHeaders): Promise<string>;
}

/** The key of a file path under a base address, each segment decoded; undefined when not under it. */
export function keyUnder(base: string, url: string): string | undefined {
  let parsed: URL;
  let root: URL;
  try {
    parsed = new URL(url);
    root = new URL(base.endsWith('/') ? base : `${base}/`);
  } catch {
    return undefined;
  }
  if (parsed.origin !== root.origin || !parsed.pathname.startsWith(root.pathname)) return undefined;
  try {
    const key = parsed.pathname
      .slice(root.pathname.length)
      .split('/')
      .map((segment) => decodeURIComponent(segment))
      .join('/');
    return key || undefined;
  } catch {
    return undefined;
  }
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
