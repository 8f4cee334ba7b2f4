import { es, errorMessage } from '@cartera/domain/i18n';
import { MAX_UPLOAD_BYTES } from '@cartera/domain/files';

/** A file stored through the upload flow, as interactions keep it (03 §3 File). */
export interface UploadedFile {
  name: string;
  /**
   * The file's permanent address (`/api/files/<key>` on Cartera, which checks the reader's
   * session): the upload URL without its query, or the server's `fileUrl` when the upload goes
   * elsewhere (S3).
   */
  url: string;
  mimeType: string;
  size: number;
  /** The storage key (`<tenant>/<via>/<uuid>/<name>`). */
  path: string;
}

export interface UploadOptions {
  /** What the file is for ('note', 'logo'…): part of its storage path. */
  via: string;
  /** Called with the share of bytes sent, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  /** Aborting stops the upload; the promise then rejects with an AbortError. */
  signal?: AbortSignal;
}

/** Why an upload failed, in Spanish for the user. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

interface SignedUpload {
  url: string;
  key: string;
  headers: Record<string, string>;
  maxBytes: number;
  fileUrl?: string;
}

/** What the user reads when an upload failed: the upload's own Spanish text, else the general one. */
export function uploadFailureText(failure: unknown): string {
  return failure instanceof UploadError ? failure.message : es.files.uploadFailedTitle;
}

const abortError = () => new DOMException('Upload aborted', 'AbortError');

/** The text of a failed answer: the server's Spanish message when it sent one. */
async function failureOf(response: Response): Promise<UploadError> {
  const body = (await response.json().catch(() => null)) as {
    code?: string;
    message?: string;
  } | null;
  if (body?.code) return new UploadError(body.message ?? errorMessage(body.code), body.code);
  return new UploadError(es.files.uploadFailedTitle);
}

/**
 * The upload flow of the files module (docs/ARCHITECTURE.md "Files"): asks for a signed URL,
 * PUTs the bytes there with the returned headers (XMLHttpRequest, for upload progress), and
 * answers where the file now lives. A file over the limit is refused before any request.
 */
export async function uploadFile(file: File, options: UploadOptions): Promise<UploadedFile> {
  if (file.size > MAX_UPLOAD_BYTES) {
    throw new UploadError(es.files.tooLarge, 'FILE_TOO_LARGE');
  }
  if (options.signal?.aborted) throw abortError();
  const mimeType = file.type || 'application/octet-stream';
  let response: Response;
  try {
    response = await fetch('/api/aws/documents', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: file.name, mimeType, via: options.via, size: file.size }),
      signal: options.signal ?? null,
    });
  } catch {
    if (options.signal?.aborted) throw abortError();
    throw new UploadError(errorMessage('SERVICE_UNAVAILABLE'), 'SERVICE_UNAVAILABLE');
  }
  if (!response.ok) throw await failureOf(response);
  const target = (await response.json()) as SignedUpload;
  if (file.size > target.maxBytes) throw new UploadError(es.files.tooLarge, 'FILE_TOO_LARGE');

  await put(file, target, options);
  return {
    name: file.name,
    url: target.fileUrl ?? target.url.split('?')[0]!,
    mimeType,
    size: file.size,
    path: target.key,
  };
}

/**
 * The PUT to the storage: when it cannot be reached (S3 down, the connection cut) or answers a
 * server error without a message of ours, the user reads STORAGE_UNAVAILABLE's text.
 */
function put(file: File, target: SignedUpload, options: UploadOptions): Promise<void> {
  return send('PUT', target.url, file, target.headers, options, 'STORAGE_UNAVAILABLE').then(
    () => undefined,
  );
}

/**
 * Posts one file as multipart/form-data (field `file`) to a REST path of the app, with upload
 * progress, and answers the JSON the server sent back (the goals spreadsheet's report).
 */
export async function postFile<T>(
  url: string,
  file: File,
  options: Pick<UploadOptions, 'onProgress' | 'signal'> = {},
): Promise<T> {
  const form = new FormData();
  form.append('file', file, file.name);
  return JSON.parse(await send('POST', url, form, {}, options)) as T;
}

/** One request through XMLHttpRequest (for upload progress); answers the response's text. */
function send(
  method: 'PUT' | 'POST',
  url: string,
  body: XMLHttpRequestBodyInit,
  headers: Record<string, string>,
  options: Pick<UploadOptions, 'onProgress' | 'signal'>,
  /** The error code a failure to reach the target is reported with. */
  unreachable = 'SERVICE_UNAVAILABLE',
): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const onAbort = () => request.abort();
    const done = () => options.signal?.removeEventListener('abort', onAbort);
    request.open(method, url);
    for (const [name, value] of Object.entries(headers)) {
      request.setRequestHeader(name, value);
    }
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress?.(Math.min(1, event.loaded / event.total));
      }
    };
    request.onload = () => {
      done();
      if (request.status >= 200 && request.status < 300) {
        options.onProgress?.(1);
        resolve(request.responseText);
        return;
      }
      reject(
        request.status >= 500 && !hasCode(request.responseText)
          ? new UploadError(errorMessage(unreachable), unreachable)
          : failureOfText(request.responseText),
      );
    };
    request.onerror = () => {
      done();
      reject(new UploadError(errorMessage(unreachable), unreachable));
    };
    request.onabort = () => {
      done();
      reject(abortError());
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    request.send(body);
  });
}

function hasCode(text: string): boolean {
  try {
    return !!(JSON.parse(text) as { code?: string }).code;
  } catch {
    return false;
  }
}

function failureOfText(text: string): UploadError {
  try {
    const body = JSON.parse(text) as { code?: string; message?: string };
    if (body.code) return new UploadError(body.message ?? errorMessage(body.code), body.code);
  } catch {
    // Not JSON (S3 answers XML): the generic text below.
  }
  return new UploadError(es.files.uploadFailedTitle);
}
