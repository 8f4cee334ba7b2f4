import { z } from 'zod';
import type { Database, Executor } from '@cartera/db/client';
import { DUPLICATE_TRACING_WINDOW_MS, type ZMoveCompanyInput } from '@cartera/domain/admin';
import { DomainError } from '@cartera/domain/errors';
import { es, format } from '@cartera/domain/i18n';
import { newId } from '@cartera/domain/ids';
import { FOLLOW_UP_ITEM_TYPES, followsUp } from '@cartera/domain/metrics';
import { CLOSED_STATUS_TYPES } from '@cartera/domain/request-sales';
import { recountUserFigures } from '../metrics/metrics.service';
import { deleteUserSessions } from '../sessions/session.service';
import type { AuthSession } from '../sessions/session.types';
import {
  countUserHoldings,
  deleteItems,
  findAdminUser,
  findAnyGroup,
  findRepeatedItems,
  findUserRow,
  insertUser,
  updateUser as updateUserRow,
} from './admin.repository';
import { ZAdminUser } from './admin-users.service';
import { recordAudit, recordUserAudit, type RequestOrigin } from '../audit/audit.service';

/*
 * The three user operations of 01 §7 'Account administration' (admins only):
 * regenerateTracings recounts a seller's follow-up figures from the timelines,
 * removeduplicatetracing merges follow-up items entered twice, movecompany takes a user to
 * another company. 'Tracings' are the follow-up metrics of 'Rendimiento' (tracing,
 * singleTracing and the rest of the seller's rollups; docs/decisions.md).
 */

const ZTotals = z.record(z.string(), z.number());

export const ZRegenerateTracingsResult = z.object({
  userId: z.string(),
  /** The seller's figures per metric, every day added up, before and after the recount. */
  before: ZTotals,
  after: ZTotals,
});

export const ZRemoveDuplicateTracingResult = z.object({
  userId: z.string(),
  removed: z.number(),
  before: ZTotals,
  after: ZTotals,
});

export const ZMoveCompanyResult = z.object({
  user: ZAdminUser.omit({ groupName: true }).extend({ tenantId: z.string() }),
  company: z.object({ id: z.string(), name: z.string() }),
});

async function requireUser(db: Executor, tenantId: string, id: string) {
  const user = await findAdminUser(db, tenantId, id, true);
  if (!user) throw new DomainError('USER_NOT_FOUND');
  return user;
}

/**
 * Counts a user's figures again from the timelines and replaces what their rollups hold: exactly
 * what the live writer would have kept. Answers the totals per metric before and after.
 */
export async function regenerateTracings(
  db: Database,
  session: AuthSession,
  userId: string,
  from: RequestOrigin,
) {
  const tenantId = session.user.tenantId;
  return db.transaction(async (tx) => {
    const user = await requireUser(tx, tenantId, userId);
    const { before, after } = await recountUserFigures(tx, tenantId, user.id);
    await recordUserAudit(tx, { actor: session, from }, 'user.regenerateTracings', user, {
      before: { tracing: before.tracing ?? 0 },
      after: { tracing: after.tracing ?? 0 },
    });
    return { userId: user.id, before, after };
  });
}

/**
 * Follow-up items of a user entered twice (same contact, type, status and content, each within
 * 60 seconds of the one before it: a double submit) are merged: the oldest stays, the rest are
 * deleted, and the user's figures are counted again. Messages a channel carried are never
 * touched (the customer received each of them). Audited with the number removed.
 */
export async function removeDuplicateTracing(
  db: Database,
  session: AuthSession,
  userId: string,
  from: RequestOrigin,
) {
  const tenantId = session.user.tenantId;
  return db.transaction(async (tx) => {
    const user = await requireUser(tx, tenantId, userId);
    const repeated = await findRepeatedItems(
      tx,
      tenantId,
      user.id,
      FOLLOW_UP_ITEM_TYPES,
      DUPLICATE_TRACING_WINDOW_MS / 1000,
    );
    const ids = repeated
      .filter((item) =>
        followsUp({
          type: item.type,
          content: item.content,
          actorId: item.agentId,
          createdBySystem: item.createdBySystem,
        }),
      )
      .map((item) => item.id);
    await deleteItems(tx, tenantId, ids);
    const { before, after } = await recountUserFigures(tx, tenantId, user.id);
    if (ids.length > 0) {
      await recordUserAudit(tx, { actor: session, from }, 'user.removeDuplicateTracing', user, {
        before: { tracing: before.tracing ?? 0 },
        after: { tracing: after.tracing ?? 0, removed: ids.length },
      });
    }
    return { userId: user.id, removed: ids.length, before, after };
  });
}

function plural(count: number, one: string, many: string) {
  return format(count === 1 ? one : many, { n: count });
}

/** 'a, b y c'. */
function spanishList(parts: string[]) {
  return parts.length <= 1
    ? (parts[0] ?? '')
    : `${parts.slice(0, -1).join(', ')}${es.admin.users.move.listAnd}${parts[parts.length - 1]}`;
}

/**
 * Moves a user to a group of another company. Only a user who holds nothing in their company
 * moves: no contact assigned, no open request sale, no pending scheduled message, not the
 * company's coach (else USER_MOVE_BLOCKED naming what to transfer first). What the source
 * company keeps of them (timelines, sales, requests, figures, goals, activity, audit) stays
 * there under their account, which is deactivated and gives its e-mail up; the person goes on
 * with a new account in the target company (same e-mail, password, roles and preferences).
 * Every session of theirs ends at once; both companies' audit logs record the move.
 */
export async function moveCompany(
  db: Database,
  session: AuthSession,
  input: z.infer<typeof ZMoveCompanyInput>,
  from: RequestOrigin,
) {
  const tenantId = session.user.tenantId;
  return db.transaction(async (tx) => {
    const user = await findUserRow(tx, tenantId, input.id);
    if (!user) throw new DomainError('USER_NOT_FOUND');
    if (user.id === session.user.id || user.id === session.realUserId) {
      throw new DomainError('USER_SELF_CHANGE');
    }
    const target = await findAnyGroup(tx, input.targetGroupId);
    if (!target || !target.active) throw new DomainError('GROUP_NOT_FOUND');
    if (target.tenantId === tenantId) throw new DomainError('USER_MOVE_SAME_COMPANY');
    const company = await findAnyGroup(tx, target.tenantId);
    if (!company?.active) throw new DomainError('GROUP_NOT_FOUND');

    const held = await countUserHoldings(tx, tenantId, user.id, CLOSED_STATUS_TYPES);
    const pending: string[] = [];
    const texts = es.admin.users.move;
    if (held.contacts) {
      pending.push(plural(held.contacts, texts.pendingContactsOne, texts.pendingContactsMany));
    }
    if (held.requests) {
      pending.push(plural(held.requests, texts.pendingRequestsOne, texts.pendingRequestsMany));
    }
    if (held.scheduled) {
      pending.push(plural(held.scheduled, texts.pendingScheduledOne, texts.pendingScheduledMany));
    }
    if (held.coach) pending.push(texts.pendingCoach);
    if (pending.length > 0) {
      throw new DomainError('USER_MOVE_BLOCKED', { pending: spanishList(pending), ...held });
    }

    const newUserId = newId();
    // The e-mail is unique on the platform: the account left behind gives it up first.
    const formerEmail = `movido-${newUserId.slice(-8)}.${user.email}`;
    await updateUserRow(tx, tenantId, user.id, {
      active: false,
      email: formerEmail,
      linkedAccountKey: null,
    });
    await deleteUserSessions(tx, tenantId, user.id);
    const moved = await insertUser(tx, {
      tenantId: target.tenantId,
      id: newUserId,
      groupId: target.id,
      name: user.name,
      lastname: user.lastname,
      email: user.email,
      passwordHash: user.passwordHash,
      photo: user.photo,
      roles: user.roles,
      userType: user.userType,
      active: true,
      linkedAccountsActive: user.linkedAccountsActive,
      linkedAccountKey: user.linkedAccountKey,
      phoneProviders: user.phoneProviders,
      forcePasswordChange: user.forcePasswordChange,
      requirePasswordChangeByPolicy: user.requirePasswordChangeByPolicy,
      showNewVersionPresentation: user.showNewVersionPresentation,
      jailUrl: user.jailUrl,
      productType: user.productType,
      color: user.color,
      phoneWork: user.phoneWork,
      country: user.country,
      appearanceConfig: user.appearanceConfig,
      personalConfig: user.personalConfig,
    });
    const companyName = company.displayName || company.name;
    await recordUserAudit(tx, { actor: session, from }, 'user.moveCompanyOut', user, {
      before: { active: true, email: user.email, groupId: user.groupId },
      after: { active: false, email: formerEmail, tenantId: target.tenantId, groupId: target.id },
    });
    await recordAudit(
      tx,
      { actor: session, from },
      {
        tenantId: target.tenantId,
        action: 'user.moveCompanyIn',
        targetType: 'user',
        targetId: moved.id,
        groupId: target.id,
        before: { tenantId, userId: user.id },
        after: { email: moved.email, groupId: target.id },
      },
    );
    return {
      user: { ...moved, tenantId: target.tenantId },
      company: { id: company.id, name: companyName },
    };
  });
}
