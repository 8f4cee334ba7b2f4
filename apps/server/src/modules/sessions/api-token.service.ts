import type { Executor } from '@cartera/db/client';
import { findLiveApiToken, revokeApiTokenRows, touchApiToken } from './api-token.repository';
import { authUserOf, hashToken, resolveSession } from './session.service';
import type { ApiTokenScope, AuthSession } from './session.types';

/*
 * Personal API tokens for integrations (issue #19 §2). A token is shown once, kept as its
 * SHA-256, sent as `Authorization: Bearer cart_…` on tRPC (HTTP and websocket) and REST, never
 * as the session cookie. Its scope bounds it: 'read' calls queries and subscriptions only,
 * 'write' also mutations, 'admin' also the company's configuration; no token manages accounts,
 * passwords or tokens (those need a signed-in session). A user manages their own tokens in the
 * account module (account/api-token.service.ts); this file is what a token is, how a request's
 * token resolves to a session and how tokens end.
 */

export const API_TOKEN_PREFIX = 'cart_';
export const API_TOKEN_SCOPES = ['read', 'write', 'admin'] as const satisfies ApiTokenScope[];
/** Recording every use would write on every call; once a minute is enough. */
const TOUCH_INTERVAL_MS = 60_000;

export function isApiToken(token: string): boolean {
  return token.startsWith(API_TOKEN_PREFIX);
}

/** The API token a request carries as Bearer, if any. */
export function apiTokenOf(headers: { authorization?: string | undefined }) {
  const bearer = headers.authorization?.startsWith('Bearer ') ? headers.authorization.slice(7) : '';
  return isApiToken(bearer.trim()) ? bearer.trim() : undefined;
}

/**
 * Revokes a user's live tokens in the caller's transaction: the one `only` names (the owner
 * revoking it, account/api-token.service.ts), or every one. Answers each with its name and scope.
 */
export function revokeLiveApiTokens(
  db: Executor,
  tenantId: string,
  userId: string,
  only?: { id: string },
) {
  return revokeApiTokenRows(db, tenantId, userId, new Date(), only);
}

/**
 * Revokes every live token of a user, in the caller's transaction: what an administrator's reset
 * of their password or their deactivation does. The owner's own password change keeps them, so
 * integrations keep working.
 */
export async function revokeUserApiTokens(db: Executor, tenantId: string, userId: string) {
  return (await revokeLiveApiTokens(db, tenantId, userId)).length;
}

/** The credential of a live API token as a session of its user, or null. */
export async function resolveApiToken(db: Executor, token: string, now = new Date()) {
  const tokenHash = hashToken(token);
  const row = await findLiveApiToken(db, tokenHash);
  if (!row || !row.user.active) return null;
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await touchApiToken(db, tokenHash, now);
  }
  const session: AuthSession = {
    tokenHash,
    realUserId: null,
    realTenantId: null,
    // A token lives until revoked; the answer's expiry is only the day's horizon.
    expiresAt: new Date(now.getTime() + 24 * 60 * 60 * 1000),
    user: authUserOf(row.user, row.pathFlags),
    apiToken: { id: row.id, scope: row.scope as ApiTokenScope },
  };
  return session;
}

/** A Bearer credential: a personal API token or a session token. */
export function resolveCredential(db: Executor, token: string): Promise<AuthSession | null> {
  return isApiToken(token) ? resolveApiToken(db, token) : resolveSession(db, token);
}
