import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';
// Brings setCookie/clearCookie onto FastifyReply wherever this file is type-checked.
import type {} from '@fastify/cookie';
import type { Database } from '@cartera/db/client';
import { SESSION_COOKIE } from '../modules/sessions/session.service';
import { isApiToken, resolveCredential } from '../modules/sessions/api-token.service';
import type { AuthSession } from '../modules/sessions/session.types';
import type { AppDeps } from '../deps';

/** Sets and clears the session cookie of the HTTP answer (absent over websocket). */
export interface SessionCookie {
  set(token: string, expiresAt: Date): void;
  clear(): void;
}

export interface Context {
  deps: AppDeps;
  db: Database;
  session: AuthSession | null;
  /** The session token this request or websocket came with, when it was valid then. */
  token?: string | undefined;
  /** It came with a personal API token that is unknown or revoked (API_TOKEN_INVALID). */
  refusedApiToken?: boolean | undefined;
  /**
   * 'ws': one context serves a websocket's every call, so each call re-checks the session (a
   * logout, password change or deactivation refuses the next call) and subscriptions watch it.
   */
  transport: 'http' | 'ws';
  ip: string | null;
  userAgent: string | null;
  cookie?: SessionCookie | undefined;
}

interface RequestLike {
  headers: IncomingHttpHeaders;
  ip?: string;
  socket?: { remoteAddress?: string | undefined } | null;
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      return decodeURIComponent(part.slice(index + 1).trim());
    }
  }
  return undefined;
}

/**
 * The credential of a request: the Bearer header, then the session cookie, then the websocket's
 * connection params. An API token counts only as Bearer or connection param, never as a cookie.
 */
export function tokenOf(
  headers: IncomingHttpHeaders,
  connectionParams?: Record<string, string | undefined> | null,
): string | undefined {
  const authorization = headers.authorization;
  if (authorization?.startsWith('Bearer ')) return authorization.slice(7).trim() || undefined;
  const cookie = readCookie(headers.cookie, SESSION_COOKIE);
  if (cookie && !isApiToken(cookie)) return cookie;
  return connectionParams?.token ?? undefined;
}

/** The session cookie: httpOnly, same-site lax, secure when the public URL is https. */
export function sessionCookieFor(deps: AppDeps, reply: FastifyReply): SessionCookie {
  const secure = deps.env.publicUrl.startsWith('https://');
  return {
    set(token, expiresAt) {
      void reply.setCookie(SESSION_COOKIE, token, {
        httpOnly: true,
        sameSite: 'lax',
        secure,
        path: '/',
        expires: expiresAt,
      });
    },
    clear() {
      void reply.clearCookie(SESSION_COOKIE, { path: '/' });
    },
  };
}

export async function createContextFor(
  deps: AppDeps,
  req: RequestLike,
  options: {
    connectionParams?: Record<string, string | undefined> | null;
    reply?: FastifyReply | undefined;
    transport?: 'http' | 'ws';
  } = {},
): Promise<Context> {
  const token = tokenOf(req.headers, options.connectionParams);
  const session = token ? await resolveCredential(deps.db, token) : null;
  return {
    deps,
    db: deps.db,
    session,
    token: session ? token : undefined,
    refusedApiToken: !session && token !== undefined && isApiToken(token),
    transport: options.transport ?? 'http',
    ip: req.ip ?? req.socket?.remoteAddress ?? null,
    userAgent: req.headers['user-agent'] ?? null,
    cookie: options.reply ? sessionCookieFor(deps, options.reply) : undefined,
  };
}
