import { z } from 'zod';
import type { Executor } from '@cartera/db/client';
import { DomainError } from '@cartera/domain/errors';
import { es } from '@cartera/domain/i18n';
import { flagOn } from '@cartera/domain/policy';
import type { AuthUser } from '../sessions/session.types';
import { contactScope, sharedInboxOwner } from '../access/contacts';
import { inboxPage, ZInboxPage } from '../inbox/inbox.service';
import {
  deleteInbox,
  findActiveUserIds,
  findInbox,
  findInboxesOfMember,
  findTenantInboxes,
  insertInbox,
  updateInbox,
  type SharedInboxRow,
} from './shared-inboxes.repository';

const text = es.sharedInboxes;

/** A shared inbox as a member sees it in the picker. */
export const ZSharedInbox = z.object({
  id: z.string(),
  name: z.string(),
  ownerId: z.string(),
  ownerName: z.string(),
  contactCount: z.number(),
});

/** A shared inbox as admin and comercial manage it. */
export const ZManagedSharedInbox = ZSharedInbox.extend({
  memberIds: z.array(z.string()),
  createdAt: z.date(),
});

export const ZSharedInboxValues = z.object({
  name: z.string().trim().min(1, text.nameRequired).max(100),
  ownerId: z.string().uuid(text.ownerRequired),
  memberIds: z.array(z.string().uuid()).min(1, text.membersRequired).max(200),
});

export const ZSharedInboxContactsInput = z.object({
  sharedInboxId: z.string().uuid(),
  cursor: z.object({ at: z.date(), id: z.string().uuid() }).nullish(),
});

export { ZInboxPage as ZSharedInboxPage };

function summary(row: SharedInboxRow) {
  return {
    id: row.id,
    name: row.name,
    ownerId: row.ownerId,
    ownerName: `${row.ownerName} ${row.ownerLastname}`.trim(),
    contactCount: row.contactCount,
  };
}

/** 'Carteras compartidas' lives in the inbox feature (01 §6: slug sharedContactInbox). */
function requireInboxFeature(user: AuthUser) {
  if (!flagOn(user, 'inbox')) throw new DomainError('DISABLED_FEATURE');
}

/** The picker of '/contact/sharedinbox': the shared inboxes the user is a member of. */
export async function myInboxes(db: Executor, user: AuthUser) {
  const rows = await findInboxesOfMember(db, user.tenantId, user.id);
  return rows.map(summary);
}

/**
 * The contacts of a shared inbox: its owner's, most recent interaction first, as in
 * 'Conversaciones'. Only its members open it; anyone else is told it does not exist.
 */
export async function sharedInboxContacts(
  db: Executor,
  user: AuthUser,
  input: z.infer<typeof ZSharedInboxContactsInput>,
  now = new Date(),
) {
  const ownerId = await sharedInboxOwner(db, user, input.sharedInboxId);
  const scope = await contactScope(db, user);
  return inboxPage(db, user, { agentId: ownerId, scope }, input.cursor, now);
}

export async function listSharedInboxes(db: Executor, user: AuthUser) {
  requireInboxFeature(user);
  const rows = await findTenantInboxes(db, user.tenantId);
  return rows.map((row) => ({
    ...summary(row),
    memberIds: row.memberIds,
    createdAt: row.createdAt,
  }));
}

/** Owner and members must be active users of the caller's company, the owner not a member. */
async function checkedValues(
  db: Executor,
  user: AuthUser,
  values: z.infer<typeof ZSharedInboxValues>,
) {
  const memberIds = [...new Set(values.memberIds)];
  const active = await findActiveUserIds(db, user.tenantId, [values.ownerId, ...memberIds]);
  const fields: Record<string, string[]> = {};
  if (!active.has(values.ownerId)) fields.ownerId = [text.ownerInvalid];
  if (memberIds.some((id) => !active.has(id))) fields.memberIds = [text.membersInvalid];
  else if (memberIds.includes(values.ownerId)) fields.memberIds = [text.ownerAmongMembers];
  if (Object.keys(fields).length) throw new DomainError('INVALID_REQUEST_BODY', { fields });
  return { name: values.name, ownerId: values.ownerId, memberIds };
}

async function managed(db: Executor, user: AuthUser, id: string) {
  const row = await findInbox(db, user.tenantId, id);
  if (!row) throw new DomainError('SHARED_INBOX_NOT_FOUND');
  return { ...summary(row), memberIds: row.memberIds, createdAt: row.createdAt };
}

export async function createSharedInbox(
  db: Executor,
  user: AuthUser,
  values: z.infer<typeof ZSharedInboxValues>,
) {
  requireInboxFeature(user);
  const id = await insertInbox(db, user.tenantId, await checkedValues(db, user, values));
  return managed(db, user, id);
}

export async function updateSharedInbox(
  db: Executor,
  user: AuthUser,
  id: string,
  values: z.infer<typeof ZSharedInboxValues>,
) {
  requireInboxFeature(user);
  const checked = await checkedValues(db, user, values);
  if (!(await updateInbox(db, user.tenantId, id, checked))) {
    throw new DomainError('SHARED_INBOX_NOT_FOUND');
  }
  return managed(db, user, id);
}

export async function removeSharedInbox(db: Executor, user: AuthUser, id: string) {
  requireInboxFeature(user);
  if (!(await deleteInbox(db, user.tenantId, id))) throw new DomainError('SHARED_INBOX_NOT_FOUND');
}
