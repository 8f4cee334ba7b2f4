import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Database, Executor } from '@cartera/db/client';
import { DomainError } from '@cartera/domain/errors';
import { newId } from '@cartera/domain/ids';
import {
  findApiTokens,
  findLiveApiToken,
  insertApiToken,
  revokeApiTokenRows,
  touchApiToken,
} from './api-token.repository';
import { recordAudit, type AuditBy } from '../audit/audit.service';
import { authUserOf, hashToken, resolveSession } from './session.service';
import type { ApiTokenScope, AuthSession, AuthUser } from './session.types';
import { es } from '@cartera/domain/i18n';

/*
 * Personal API tokens for integrations (issue #19 §2). A token is shown once, kept as its
 * SHA-256, sent as `Authorization: Bearer cart_…` on tRPC (HTTP and websocket) and REST, never
 * as the session cookie. Its scope bounds it: 'read' calls queries and subscriptions only,
 * 'write' also mutations, 'admin' also the company's configuration; no token manages accounts,
 * passwords or tokens (those need a signed-in session).
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

export const ZCreateApiTokenInput = z.object({
  name: z.string().trim().min(1, es.validation.required).max(80),
  scope: z.enum(API_TOKEN_SCOPES),
});

export const ZApiTokenView = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  createdAt: z.date(),
  lastUsedAt: z.date().nullable(),
  revokedAt: z.date().nullable(),
});

function viewOf(row: Awaited<ReturnType<typeof findApiTokens>>[number]) {
  return { ...row, scope: row.scope as ApiTokenScope };
}

export async function listApiTokens(db: Executor, user: AuthUser) {
  return (await findApiTokens(db, user.tenantId, user.id)).map(viewOf);
}

/**
 * Creates a token; the answer holds it in clear: the only time it exists so. Audited (its name
 * and scope, never the token).
 */
export async function createApiToken(
  db: Database,
  user: AuthUser,
  input: z.infer<typeof ZCreateApiTokenInput>,
  by: AuditBy,
) {
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await db.transaction(async (tx) => {
    const created = await insertApiToken(tx, {
      tenantId: user.tenantId,
      id: newId(),
      userId: user.id,
      name: input.name,
      scope: input.scope,
      tokenHash: hashToken(token),
    });
    await recordAudit(tx, by, {
      action: 'apiToken.create',
      targetType: 'apiToken',
      targetId: created.id,
      groupId: user.groupId,
      tenantId: user.tenantId,
      before: null,
      after: { name: created.name, scope: created.scope },
    });
    return created;
  });
  return { ...viewOf(row), token };
}

export async function revokeApiToken(db: Database, user: AuthUser, id: string, by: AuditBy) {
  await db.transaction(async (tx) => {
    const [revoked] = await revokeApiTokenRows(tx, user.tenantId, user.id, new Date(), { id });
    if (!revoked) throw new DomainError('NOT_FOUND');
    await recordAudit(tx, by, {
      action: 'apiToken.revoke',
      targetType: 'apiToken',
      targetId: revoked.id,
      groupId: user.groupId,
      tenantId: user.tenantId,
      before: { name: revoked.name, scope: revoked.scope },
      after: null,
    });
  });
  return { ok: true as const };
}

/**
 * Revokes every live token of a user, in the caller's transaction: what an administrator's reset
 * of their password or their deactivation does. The owner's own password change keeps them, so
 * integrations keep working.
 */
export async function revokeUserApiTokens(db: Executor, tenantId: string, userId: string) {
  return (await revokeApiTokenRows(db, tenantId, userId, new Date())).length;
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
