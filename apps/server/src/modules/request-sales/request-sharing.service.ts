import { z } from 'zod';
import type { Database, Transaction } from '@cartera/db/client';
import { DomainError } from '@cartera/domain/errors';
import { SHARE_PERMISSIONS } from '@cartera/domain/request-sales';
import type { AuthUser } from '../sessions/session.types';
import { deleteShare, upsertShare } from './request-sharing.repository';
import { requestUseCase, requireTemplate, rulesOf } from './request-templates.service';
import { getRequest, permissionsOf, requireRequest, viewerOf } from './request-sales.service';
import { validShares } from './request-saving.service';
import { ZId } from '@cartera/domain/ids';

/** Sharing a request sale (02 §6: creator, super, comercial, or users with write/all). */

export const ZShareInput = z.object({
  requestId: ZId,
  userId: ZId,
  permission: z.enum(SHARE_PERMISSIONS).default('read'),
});

export const ZUnshareInput = z.object({ requestId: ZId, userId: ZId });

async function requireSharer(tx: Transaction, user: AuthUser, requestId: string) {
  const access = await requireRequest(tx, user, requestId, true);
  const template = await requireTemplate(tx, user, access.row.request.templateId);
  const viewer = await viewerOf(tx, user);
  if (!permissionsOf(rulesOf(template), access, viewer, user).share) {
    throw new DomainError('PERMISSION_DENIED');
  }
  return access;
}

export const shareRequest = requestUseCase(ZShareInput, async (db: Database, user, input) => {
  await db.transaction(async (tx) => {
    const access = await requireSharer(tx, user, input.requestId);
    await validShares(tx, user, [input], access.row.request.creatorId);
    await upsertShare(tx, { tenantId: user.tenantId, ...input });
  });
  return getRequest(db, user, input.requestId);
});

export const unshareRequest = requestUseCase(ZUnshareInput, async (db: Database, user, input) => {
  await db.transaction(async (tx) => {
    await requireSharer(tx, user, input.requestId);
    await deleteShare(tx, user.tenantId, input.requestId, input.userId);
  });
  // Who removed themself no longer sees it: answer what is left without reading it again.
  return { requestId: input.requestId, userId: input.userId };
});

// Inline new client (02 §3 New client, §5).
