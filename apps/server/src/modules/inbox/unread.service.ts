import { z } from 'zod';
import type { Database, Executor, Transaction } from '@cartera/db/client';
import { DomainError } from '@cartera/domain/errors';
import { canOpen, flagOn } from '@cartera/domain/policy';
import { appendEvent } from '../../realtime/event-store';
import { contactAudience, memberSharedInboxes, visibleContact } from '../access/contacts';
import type { AuthUser } from '../sessions/session.types';
import { countUnreadByHolder, countUnreadUnassigned, setUnreadMark } from './unread.repository';

/*
 * Unread conversations (issue #33 item 1): a customer's message adds one to its contact's
 * unread count (the timeline writers do it in the message's own statement); the holder opening
 * the chat clears it, 'Marcar como no leído' sets it back. The marks are the holder's: a
 * supervisor or a shared inbox's member opening the chat leaves them, and sees them on the rows.
 */

/** The live event of a changed unread mark, on the contact's topic, to whoever sees it. */
export const UNREAD_EVENT = 'contact.read';

export const ZUnreadInput = z.object({ contactId: z.string().uuid() });

export const ZUnreadCounts = z.object({
  /** The caller's own unread conversations (the menu's 'Conversaciones' and the tab title). */
  conversations: z.number().int(),
  /** Unread conversations nobody holds ('Inbox'); null when the caller may not open it. */
  unassigned: z.number().int().nullable(),
  /** The unread conversations of each shared inbox the caller is a member of. */
  shared: z.array(z.object({ sharedInboxId: z.string(), count: z.number().int() })),
});

async function announce(
  tx: Transaction,
  user: AuthUser,
  row: NonNullable<Awaited<ReturnType<typeof setUnreadMark>>>,
) {
  await appendEvent(tx, {
    tenantId: row.tenantId,
    type: UNREAD_EVENT,
    topic: `contact:${row.id}`,
    payload: { contactId: row.id, unreadCount: row.unreadCount },
    audience: await contactAudience(tx, row),
    actorUserId: user.id,
  });
}

/**
 * The holder opened the chat: its unread mark is cleared. Anyone else who may see the contact
 * (a supervisor, a shared inbox's member) changes nothing.
 */
export async function markRead(db: Database, user: AuthUser, input: z.infer<typeof ZUnreadInput>) {
  const contact = await visibleContact(db, user, input.contactId);
  if (contact.agentId !== user.id) return { unreadCount: contact.unreadCount };
  await db.transaction(async (tx) => {
    const row = await setUnreadMark(tx, user.tenantId, contact.id, user.id, 'read');
    if (row) await announce(tx, user, row);
  });
  return { unreadCount: 0 };
}

/** 'Marcar como no leído': only the holder marks their conversation unread again. */
export async function markUnread(
  db: Database,
  user: AuthUser,
  input: z.infer<typeof ZUnreadInput>,
) {
  const contact = await visibleContact(db, user, input.contactId);
  if (contact.agentId !== user.id) throw new DomainError('PERMISSION_DENIED');
  return db.transaction(async (tx) => {
    const row = await setUnreadMark(tx, user.tenantId, contact.id, user.id, 'unread');
    if (row) await announce(tx, user, row);
    return { unreadCount: row?.unreadCount ?? contact.unreadCount };
  });
}

/** The menu's and the title's counts: the caller's own inboxes only, never their teams'. */
export async function unreadCounts(db: Executor, user: AuthUser) {
  const mayOpenShared = flagOn(user, 'inbox') && canOpen(user, '/contact/sharedinbox');
  const shared = mayOpenShared ? await memberSharedInboxes(db, user) : [];
  const [byHolder, unassigned] = await Promise.all([
    countUnreadByHolder(db, user.tenantId, [user.id, ...shared.map((inbox) => inbox.ownerId)]),
    canOpen(user, '/contact/unassigned')
      ? countUnreadUnassigned(db, user.tenantId, user.id)
      : Promise.resolve(null),
  ]);
  return {
    conversations: byHolder.get(user.id) ?? 0,
    unassigned,
    shared: shared.map((inbox) => ({
      sharedInboxId: inbox.id,
      count: byHolder.get(inbox.ownerId) ?? 0,
    })),
  };
}
