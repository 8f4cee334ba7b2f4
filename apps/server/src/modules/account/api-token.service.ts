import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Database, Executor } from '@cartera/db/client';
import { DomainError } from '@cartera/domain/errors';
import { newId } from '@cartera/domain/ids';
import { es } from '@cartera/domain/i18n';
import { recordAudit, type AuditBy } from '../audit/audit.service';
import {
  API_TOKEN_PREFIX,
  API_TOKEN_SCOPES,
  revokeLiveApiTokens,
} from '../sessions/api-token.service';
import { hashToken } from '../sessions/session.service';
import type { ApiTokenScope, AuthUser } from '../sessions/session.types';
import { findApiTokens, insertApiToken } from './api-token.repository';

/*
 * A user's own personal API tokens (/settings 'Tokens de API', issue #19 §2): listed, created
 * (shown once) and revoked by a signed-in session. What a token is and how a request's token is
 * resolved and limited is the sessions module's (sessions/api-token.service.ts).
 */

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
    const [revoked] = await revokeLiveApiTokens(tx, user.tenantId, user.id, { id });
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
