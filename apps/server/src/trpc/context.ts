import type { IncomingHttpHeaders } from 'node:http';
import type { Database } from '@cartera/db/client';
import {
  resolveSession,
  SESSION_COOKIE,
  type AuthSession,
} from '../modules/sessions/session.service';
import type { AppDeps } from '../deps';

export interface Context {
  deps: AppDeps;
  db: Database;
  session: AuthSession | null;
  ip: string | null;
  userAgent: string | null;
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

/** The session token of a request: Bearer header, then the session cookie, then ws params. */
export function tokenOf(
  headers: IncomingHttpHeaders,
  connectionParams?: Record<string, string | undefined> | null,
): string | undefined {
  const authorization = headers.authorization;
  if (authorization?.startsWith('Bearer ')) return authorization.slice(7).trim() || undefined;
  return readCookie(headers.cookie, SESSION_COOKIE) ?? connectionParams?.token ?? undefined;
}

export async function createContextFor(
  deps: AppDeps,
  req: RequestLike,
  connectionParams?: Record<string, string | undefined> | null,
): Promise<Context> {
  const token = tokenOf(req.headers, connectionParams);
  const session = token ? await resolveSession(deps.db, token) : null;
  return {
    deps,
    db: deps.db,
    session,
    ip: req.ip ?? req.socket?.remoteAddress ?? null,
    userAgent: req.headers['user-agent'] ?? null,
  };
}
