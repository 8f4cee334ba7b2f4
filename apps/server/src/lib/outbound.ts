import { lookup as dnsLookup, promises as dnsPromises, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { DomainError } from '@cartera/domain/errors';

/**
 * The outbound-URL guard: the one way the server calls an address a tenant configured (an
 * external contact system, a request template's search endpoint, a webhook). Without it a
 * tenant could make the server call its own private network (the database, a cloud metadata
 * service, another instance's admin port) and read the answer.
 *
 * - Only http and https, without credentials in the URL.
 * - Every address the host name resolves to must be public; the connection is made to the
 *   addresses checked (the check runs in the socket's own lookup), so a name that resolves to a
 *   public address when checked and to a private one when connecting (DNS rebinding) is refused.
 * - Redirects are not followed: the answer is the 3xx itself.
 * - Bounded: a timeout and a maximum answer size.
 *
 * The operator may list host names that are exempt (`OUTBOUND_ALLOWED_HOSTS`: a system on the
 * company's private network, the fakes on 127.0.0.1 in tests and the demo).
 */
export interface OutboundPolicy {
  /** Host names (lower case, no port) called whatever they resolve to. */
  allowedHosts: readonly string[];
  /**
   * Exact origins (scheme, host and port) called whatever they resolve to: what the server
   * itself started on this machine (the demo's fake of the AI endpoint), never a whole host.
   */
  allowedOrigins?: readonly string[];
}

let policy: OutboundPolicy = { allowedHosts: [], allowedOrigins: [] };

/** Set once by the app from its environment (`OUTBOUND_ALLOWED_HOSTS`). */
export function configureOutbound(next: OutboundPolicy): void {
  policy = {
    allowedHosts: next.allowedHosts.map((host) => host.toLowerCase()),
    allowedOrigins: (next.allowedOrigins ?? []).map((origin) => new URL(origin).origin),
  };
}

/** Networks that are not the public internet: private, loopback, link-local, reserved. */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  // NAT64 addresses carry an IPv4 address: refused rather than unwrapped. (IPv4-mapped ones,
  // ::ffff:a.b.c.d, are checked by BlockList against the IPv4 networks above.)
  ['64:ff9b::', 96],
  ['100::', 64],
  // IPv4-compatible (deprecated), Teredo and 6to4 addresses carry an IPv4 address too; their
  // relays may reach it, whatever network it is in.
  ['::', 96],
  ['2001::', 32],
  ['2002::', 16],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  // Site-local (deprecated, still routed inside some networks).
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const refused = (reason: string) => new DomainError('OUTBOUND_URL_NOT_ALLOWED', { reason });

/** The socket's lookup: resolves as usual, then refuses any address that is not public. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 4);
    const blocked = addresses.find((each) => !isPublicAddress(each.address));
    if (blocked || addresses.length === 0) {
      return callback(refused(`${hostname} resolves to ${blocked?.address ?? 'nothing'}`), '', 4);
    }
    if (options.all)
      return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/**
 * The URL if the guard lets the server call it (and whether its host is exempt, so resolving it
 * is not checked); a DomainError otherwise.
 */
export function checkOutboundUrl(raw: string): { url: URL; exempt: boolean } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused('not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refused(url.protocol);
  if (url.username || url.password) throw refused('credentials in the URL');
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (policy.allowedHosts.includes(host) || policy.allowedOrigins?.includes(url.origin)) {
    return { url, exempt: true };
  }
  if (isIP(host) !== 0 && !isPublicAddress(host)) throw refused(host);
  return { url, exempt: false };
}

/**
 * Checks an address when it is saved (a channel's gateway), not only when it is called: the URL
 * as checkOutboundUrl does and, unless its host is exempt, every address its name resolves to
 * now. A name that does not resolve yet is left to the check of each call.
 */
export async function checkOutboundTarget(raw: string): Promise<void> {
  const { url, exempt } = checkOutboundUrl(raw);
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (exempt || isIP(host) !== 0) return;
  const addresses = await dnsPromises.lookup(host, { all: true }).catch(() => []);
  const blocked = addresses.find((each) => !isPublicAddress(each.address));
  if (blocked) throw refused(`${host} resolves to ${blocked.address}`);
}

/**
 * The address to open a TCP connection to a configured host (a mailbox's IMAP or SMTP server):
 * the guard's rule for a host rather than a URL. An exempt host is resolved as usual; any other
 * must resolve only to public addresses, and the connection goes to the address checked (the
 * caller keeps the name for TLS), so DNS rebinding cannot reach a private one. A name that does
 * not resolve throws the resolver's error (ENOTFOUND), for the caller to explain.
 */
export async function resolveOutboundHost(host: string): Promise<string> {
  const name = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (!name || /[\s/@?#]/.test(name)) throw refused('not a host name');
  const exempt = policy.allowedHosts.includes(name);
  if (isIP(name) !== 0) {
    if (!exempt && !isPublicAddress(name)) throw refused(name);
    return name;
  }
  const addresses = await dnsPromises.lookup(name, { all: true });
  const blocked = addresses.find((each) => !isPublicAddress(each.address));
  if (!exempt && (blocked || addresses.length === 0)) {
    throw refused(`${name} resolves to ${blocked?.address ?? 'nothing'}`);
  }
  return addresses[0]!.address;
}

export interface OutboundRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  body?: string | Buffer;
  timeoutMs?: number;
  /** The longest answer read, in bytes (default 1 MiB); a longer one fails. */
  maxBytes?: number;
}

export interface OutboundResponse {
  status: number;
  ok: boolean;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The answer's bytes (a downloaded file). */
  bytes: Buffer;
}

/** The answer was longer than the caller's `maxBytes`: nothing of it is kept. */
export class AnswerTooLongError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the answer is longer than ${maxBytes} bytes`);
    this.name = 'AnswerTooLongError';
  }
}

const DEFAULT_TIMEOUT_MS = 5_000;
const DEFAULT_MAX_BYTES = 1024 * 1024;

/**
 * Calls a tenant-configured URL through the guard. Rejects with OUTBOUND_URL_NOT_ALLOWED when
 * the guard refuses it, and with the transport's error (timeout, reset, too long an answer)
 * otherwise; any HTTP status is an answer.
 */
export async function outboundRequest(
  raw: string,
  request: OutboundRequest = {},
): Promise<OutboundResponse> {
  const { url, exempt } = checkOutboundUrl(raw);
  const maxBytes = request.maxBytes ?? DEFAULT_MAX_BYTES;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      url,
      {
        method: request.method ?? 'GET',
        headers: {
          ...request.headers,
          ...(request.body === undefined
            ? {}
            : { 'content-length': String(Buffer.byteLength(request.body)) }),
        },
        ...(exempt ? {} : { lookup: publicOnlyLookup }),
        signal: AbortSignal.timeout(request.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            response.destroy(new AnswerTooLongError(maxBytes));
            return;
          }
          chunks.push(chunk);
        });
        response.on('error', reject);
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          const bytes = Buffer.concat(chunks);
          resolve({
            status,
            ok: status >= 200 && status < 300,
            headers: response.headers,
            text: bytes.toString('utf8'),
            bytes,
          });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/** An answer whose body is read as it arrives (a stream of server-sent events). */
export interface OutboundStream {
  status: number;
  ok: boolean;
  headers: http.IncomingHttpHeaders;
  /** The body's chunks as they arrive; fails with AnswerTooLongError past `maxBytes`. */
  body: AsyncIterable<Buffer>;
}

/**
 * Calls a URL through the guard like outboundRequest, but hands the answer over as soon as its
 * head arrives and its body as it streams. `timeoutMs` bounds the whole exchange (head and
 * body); `signal` ends it early (the caller went away).
 */
export async function outboundStream(
  raw: string,
  request: OutboundRequest & { signal?: AbortSignal },
): Promise<OutboundStream> {
  const { url, exempt } = checkOutboundUrl(raw);
  const maxBytes = request.maxBytes ?? DEFAULT_MAX_BYTES;
  const client = url.protocol === 'https:' ? https : http;
  const timeout = AbortSignal.timeout(request.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = request.signal ? AbortSignal.any([timeout, request.signal]) : timeout;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      url,
      {
        method: request.method ?? 'GET',
        headers: {
          ...request.headers,
          ...(request.body === undefined
            ? {}
            : { 'content-length': String(Buffer.byteLength(request.body)) }),
        },
        ...(exempt ? {} : { lookup: publicOnlyLookup }),
        signal,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        async function* body(): AsyncGenerator<Buffer> {
          let size = 0;
          try {
            for await (const chunk of response as AsyncIterable<Buffer>) {
              size += chunk.length;
              if (size > maxBytes) throw new AnswerTooLongError(maxBytes);
              yield chunk;
            }
          } finally {
            // Left early (an error, the caller stopped reading): the connection goes too.
            if (!response.complete) response.destroy();
          }
        }
        resolve({
          status,
          ok: status >= 200 && status < 300,
          headers: response.headers,
          body: body(),
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}
