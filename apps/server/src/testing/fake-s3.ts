import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';

/**
 * A small stand-in for S3 on 127.0.0.1, enough for the browser upload flow: path-style presigned
 * PUT /{bucket}/{key}?X-Amz-… (AWS Signature Version 4 in the query string, verified with the
 * known test credentials) and anonymous GET /{bucket}/{key}, as from a public bucket or CDN.
 * Objects live in memory. It refuses what S3 refuses for these requests: a wrong signature,
 * unsigned x-amz-* headers, an expired URL, a missing content-length, a body that does not
 * match a checksum carried in the URL.
 */
export interface FakeS3Options {
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region?: string;
  /** Largest body accepted, as a guard for the test process (default 64 MiB). */
  maxBodyBytes?: number;
}

export interface FakeS3Object {
  body: Buffer;
  contentType: string | undefined;
  contentDisposition: string | undefined;
}

export interface FakeS3 {
  /** http://127.0.0.1:PORT */
  url: string;
  /** Stored objects by key (without the bucket). */
  objects: Map<string, FakeS3Object>;
  /** Every answered request, newest last: method, path and status. */
  log: { method: string; path: string; status: number; code?: string }[];
  stop(): Promise<void>;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';
/** The longest a presigned URL may live in SigV4. */
const MAX_EXPIRES_SECONDS = 7 * 24 * 60 * 60;

class S3Failure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export async function startFakeS3(options: FakeS3Options): Promise<FakeS3> {
  const region = options.region ?? 'us-east-1';
  const maxBodyBytes = options.maxBodyBytes ?? 64 * 1024 * 1024;
  const objects = new Map<string, FakeS3Object>();
  const log: FakeS3['log'] = [];

  const server = createServer((request, response) => {
    const rawPath = (request.url ?? '/').split('?')[0] ?? '/';
    handle(request, response)
      .then((status) => log.push({ method: request.method ?? '', path: rawPath, status }))
      .catch((error: unknown) => {
        const failure =
          error instanceof S3Failure
            ? error
            : new S3Failure(500, 'InternalError', error instanceof Error ? error.message : '');
        log.push({
          method: request.method ?? '',
          path: rawPath,
          status: failure.status,
          code: failure.code,
        });
        sendError(request, response, failure);
      });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<number> {
    const { pathname, query } = splitUrl(request.url ?? '/');
    const segments = pathname.split('/').slice(1).map(decodePathSegment);
    const [bucket, ...keyParts] = segments;
    const key = keyParts.join('/');
    if (bucket !== options.bucket) {
      throw new S3Failure(404, 'NoSuchBucket', 'The specified bucket does not exist');
    }
    if (!key) throw new S3Failure(405, 'MethodNotAllowed', 'Only objects are served here');

    if (request.method === 'GET' || request.method === 'HEAD') {
      const object = objects.get(key);
      if (!object) throw new S3Failure(404, 'NoSuchKey', 'The specified key does not exist.');
      response.statusCode = 200;
      response.setHeader('content-length', object.body.length);
      response.setHeader('etag', etagOf(object.body));
      if (object.contentType) response.setHeader('content-type', object.contentType);
      if (object.contentDisposition) {
        response.setHeader('content-disposition', object.contentDisposition);
      }
      response.end(request.method === 'GET' ? object.body : undefined);
      return 200;
    }

    if (request.method !== 'PUT') {
      throw new S3Failure(405, 'MethodNotAllowed', 'The specified method is not allowed');
    }
    verifyPresignedRequest(request, pathname, query);
    const lengthHeader = request.headers['content-length'];
    if (lengthHeader === undefined) {
      throw new S3Failure(411, 'MissingContentLength', 'You must provide the Content-Length');
    }
    if (Number(lengthHeader) > maxBodyBytes) {
      throw new S3Failure(400, 'EntityTooLarge', 'Your proposed upload is too large');
    }
    // Node's parser delivers exactly content-length bytes, or fails if the body is cut short.
    const body = await readBody(request);
    const checksum = firstValue(query, 'x-amz-checksum-crc32');
    if (checksum !== undefined && checksum !== crc32Base64(body)) {
      throw new S3Failure(
        400,
        'BadDigest',
        'The CRC32 you specified did not match the calculated checksum.',
      );
    }
    objects.set(key, {
      body,
      contentType: request.headers['content-type'],
      contentDisposition: request.headers['content-disposition'],
    });
    response.statusCode = 200;
    response.setHeader('etag', etagOf(body));
    response.end();
    return 200;
  }

  /** The SigV4 query-string check, recomputed from the request as it arrived. */
  function verifyPresignedRequest(
    request: IncomingMessage,
    rawPath: string,
    query: [string, string][],
  ) {
    const param = (name: string) => {
      const value = firstValue(query, name);
      if (value === undefined) {
        throw new S3Failure(403, 'AccessDenied', `Query-string authentication requires ${name}`);
      }
      return value;
    };
    if (param('X-Amz-Algorithm') !== ALGORITHM) {
      throw new S3Failure(400, 'AuthorizationQueryParametersError', 'Unsupported algorithm');
    }
    const amzDate = param('X-Amz-Date');
    const expires = Number(param('X-Amz-Expires'));
    const signedHeaders = param('X-Amz-SignedHeaders').split(';');
    const signature = param('X-Amz-Signature');
    const [accessKeyId, day, scopeRegion, service, terminator, ...rest] =
      param('X-Amz-Credential').split('/');

    if (
      rest.length > 0 ||
      service !== 's3' ||
      terminator !== 'aws4_request' ||
      !/^\d{8}T\d{6}Z$/.test(amzDate) ||
      day !== amzDate.slice(0, 8) ||
      !Number.isInteger(expires) ||
      expires < 1 ||
      expires > MAX_EXPIRES_SECONDS
    ) {
      throw new S3Failure(400, 'AuthorizationQueryParametersError', 'Malformed credentials');
    }
    if (accessKeyId !== options.accessKeyId) {
      throw new S3Failure(403, 'InvalidAccessKeyId', 'The AWS Access Key Id does not exist');
    }
    if (scopeRegion !== region) {
      throw new S3Failure(400, 'AuthorizationQueryParametersError', 'Wrong region');
    }
    if (!signedHeaders.includes('host')) {
      throw new S3Failure(403, 'AccessDenied', 'The host header must be signed');
    }
    const unsigned = Object.keys(request.headers).filter(
      (name) => name.startsWith('x-amz-') && !signedHeaders.includes(name),
    );
    if (unsigned.length > 0) {
      throw new S3Failure(
        403,
        'AccessDenied',
        `There were headers present in the request which were not signed: ${unsigned.join(', ')}`,
      );
    }

    const canonicalHeaders = signedHeaders
      .map((name) => `${name}:${headerValue(request, name)}\n`)
      .join('');
    const canonicalQuery = query
      .filter(([name]) => name !== 'X-Amz-Signature')
      .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
      .sort(([a, av], [b, bv]) => (a === b ? compare(av, bv) : compare(a, b)))
      .map(([name, value]) => `${name}=${value}`)
      .join('&');
    const canonicalUri = rawPath
      .split('/')
      .map((segment) => uriEncode(decodePathSegment(segment)))
      .join('/');
    const canonicalRequest = [
      request.method,
      canonicalUri,
      canonicalQuery,
      canonicalHeaders,
      signedHeaders.join(';'),
      firstValue(query, 'X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD',
    ].join('\n');
    const scope = `${day}/${region}/s3/aws4_request`;
    const stringToSign = [ALGORITHM, amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
    let key: Buffer = hmac(`AWS4${options.secretAccessKey}`, day);
    for (const part of [region, 's3', 'aws4_request']) key = hmac(key, part);
    const expected = createHmac('sha256', key).update(stringToSign).digest('hex');
    if (!sameText(expected, signature)) {
      throw new S3Failure(
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided.',
      );
    }

    const signedAt = Date.parse(
      `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T` +
        `${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
    );
    if (Date.now() > signedAt + expires * 1000) {
      throw new S3Failure(403, 'AccessDenied', 'Request has expired');
    }
    if (signedAt > Date.now() + 15 * 60 * 1000) {
      throw new S3Failure(403, 'AccessDenied', 'Request is not valid yet');
    }
  }

  function readBody(request: IncomingMessage): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => resolve(Buffer.concat(chunks)));
      request.on('error', reject);
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    log,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}

function sendError(request: IncomingMessage, response: ServerResponse, failure: S3Failure) {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const body =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Error><Code>${failure.code}</Code><Message>${escapeXml(failure.message)}</Message></Error>`;
  response.statusCode = failure.status;
  response.setHeader('content-type', 'application/xml');
  response.setHeader('content-length', Buffer.byteLength(body));
  // The body of a refused upload is not read: close rather than drain it.
  if (!request.complete) response.setHeader('connection', 'close');
  response.end(request.method === 'HEAD' ? undefined : body);
}

/** Path and query pairs exactly as sent, query names and values percent-decoded. */
function splitUrl(url: string) {
  const mark = url.indexOf('?');
  const pathname = mark === -1 ? url : url.slice(0, mark);
  const search = mark === -1 ? '' : url.slice(mark + 1);
  const query = search
    .split('&')
    .filter(Boolean)
    .map((pair): [string, string] => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      const value = equals === -1 ? '' : pair.slice(equals + 1);
      return [decodeQueryPart(name), decodeQueryPart(value)];
    });
  return { pathname, query };
}

function decodeQueryPart(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new S3Failure(400, 'InvalidArgument', 'Malformed query string');
  }
}

function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new S3Failure(400, 'InvalidURI', "Couldn't parse the specified URI.");
  }
}

function firstValue(query: [string, string][], name: string): string | undefined {
  return query.find(([each]) => each === name)?.[1];
}

/** SigV4 URI encoding: everything but A-Z a-z 0-9 - _ . ~ is percent-encoded. */
function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

function headerValue(request: IncomingMessage, name: string): string {
  const value = request.headers[name];
  const text = Array.isArray(value) ? value.join(',') : (value ?? '');
  return text.trim().replace(/\s+/g, ' ');
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

function sha256Hex(data: string): string {
  return createHash('sha256').update(data).digest('hex');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function crc32Base64(body: Buffer): string {
  const value = Buffer.alloc(4);
  value.writeUInt32BE(crc32(body));
  return value.toString('base64');
}

function etagOf(body: Buffer): string {
  return `"${createHash('md5').update(body).digest('hex')}"`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}
