import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '@cartera/domain/errors';
import { SESSION_COOKIE } from '../modules/sessions/session.service';
import { readCookie } from '../trpc/context';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether a browser request comes from the app's own pages: its Origin is the public URL's or
 * the one the request was addressed to (same host), and Sec-Fetch-Site, when sent, is not
 * 'cross-site' or 'same-site'. Requests without either header (API clients, curl) are not
 * browser requests and pass.
 */
export function fromOwnPages(headers: IncomingHttpHeaders, publicOrigin: string): boolean {
  const fetchSite = headers['sec-fetch-site'];
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return false;
  const origin = headers.origin;
  if (!origin) return true;
  if (origin === publicOrigin) return true;
  const host = headers.host;
  try {
    return !!host && new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * Refuses what a page on another site could make a signed-in browser send (issue #19 §8):
 * - the websocket upgrade of /api/trpc from another origin (it would carry the session cookie):
 *   `verifyWebsocketOrigin`, which the websocket server runs on the handshake;
 * - state-changing requests carrying the session cookie from another origin;
 * - tRPC calls in any encoding but JSON (HTML forms can post urlencoded, multipart or text
 *   without a preflight; no procedure takes files).
 */
export function registerOriginGuard(server: FastifyInstance, publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  server.addHook('onRequest', async (request) => {
    const path = request.url;
    if (!path.startsWith('/api/')) return;
    if (!STATE_CHANGING.has(request.method)) return;
    if (path.startsWith('/api/trpc')) {
      const type = request.headers['content-type'] ?? '';
      if (!/^application\/json\b/i.test(type)) throw new DomainError('UNSUPPORTED_MEDIA_TYPE');
    }
    const bearer = request.headers.authorization?.startsWith('Bearer ');
    const cookie = readCookie(request.headers.cookie, SESSION_COOKIE);
    if (!bearer && cookie && !fromOwnPages(request.headers, publicOrigin)) {
      throw new DomainError('CROSS_SITE_REQUEST');
    }
  });
}

/**
 * The websocket server's handshake check (ws `verifyClient`): an upgrade from another site's
 * page is answered 403 and its socket closed before anything runs on it.
 */
export function verifyWebsocketOrigin(publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  return (
    info: { req: { headers: IncomingHttpHeaders } },
    done: (ok: boolean, status?: number) => void,
  ) => done(fromOwnPages(info.req.headers, publicOrigin), 403);
}

/**
 * The origin a request reached the app at, for addresses handed back to that client (a signed
 * upload URL): a browser's Origin when it is the public URL's or this very host's (the pages the
 * guard above trusts), or, without an Origin (API clients), the public URL when the request was
 * addressed to its host and the scheme and Host it came with otherwise. Undefined (the caller
 * answers a relative address) when the Origin is another site's or there is no Host.
 */
export function requestOrigin(
  request: { headers: IncomingHttpHeaders; protocol: string },
  publicUrl: string,
): string | undefined {
  const publicOrigin = new URL(publicUrl).origin;
  const { host, origin } = request.headers;
  if (origin) {
    if (origin === publicOrigin) return publicOrigin;
    try {
      const parsed = new URL(origin);
      return host && parsed.host === host && /^https?:$/.test(parsed.protocol)
        ? parsed.origin
        : undefined;
    } catch {
      return undefined;
    }
  }
  if (!host) return undefined;
  if (new URL(publicOrigin).host === host) return publicOrigin;
  try {
    return new URL(`${request.protocol}://${host}`).origin;
  } catch {
    return undefined;
  }
}
