import { z } from 'zod';
import type { Executor } from '@cartera/db/client';
import { RESERVATION_SECONDS } from '@cartera/domain/conversation';
import { DomainError } from '@cartera/domain/errors';
import { assertAllowed } from '../sessions/access';
import type { AuthUser } from '../sessions/session.types';
import { isUnassignedContact, portfolioOwner, sharedInboxOwner } from '../access/contacts';
import {
  countUnassigned,
  findInboxPage,
  releaseContact,
  reserveContact,
  type InboxCursor,
  type UnassignedOwner,
} from './inbox.repository';

/** 03 §9: a contact is unattended after 24 hours without interaction. */
export const UNATTENDED_AFTER_MS = 24 * 60 * 60 * 1000;
export const INBOX_PAGE_SIZE = 30;

export const ZInboxInput = z.object({
  /** super and comercial may look at another seller's inbox (03 §2.1). */
  agentId: z.string().uuid().optional(),
  cursor: z.object({ at: z.date(), id: z.string().uuid() }).nullish(),
});

export const ZInboxItem = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  statusTag: z.string().nullable(),
  archivingReason: z.string().nullable(),
  hasReminder: z.boolean(),
  isSubConversation: z.boolean(),
  lastInteractionAt: z.date().nullable(),
  unattended: z.boolean(),
  /** The customer's messages its holder has not opened yet (issue #33). */
  unreadCount: z.number().int(),
  /** The last message or note: who wrote it, its kind, its first words and when. */
  preview: z
    .object({
      at: z.date(),
      direction: z.enum(['in', 'out']),
      kind: z.string(),
      text: z.string(),
      senderName: z.string().nullable(),
    })
    .nullable(),
});

export const ZInboxPage = z.object({
  items: z.array(ZInboxItem),
  nextCursor: z.object({ at: z.date(), id: z.string() }).nullable(),
});

type Row = Awaited<ReturnType<typeof findInboxPage>>[number];

/** One page of an inbox, fetched with one extra row to know whether more follow. */
export async function inboxPage(
  db: Executor,
  tenantId: string,
  owner: Parameters<typeof findInboxPage>[2],
  cursor: InboxCursor | null | undefined,
  now: Date,
) {
  const rows = await findInboxPage(db, tenantId, owner, cursor ?? undefined, INBOX_PAGE_SIZE + 1);
  return toPage(rows, now);
}

function toPage(rows: Row[], now: Date) {
  const more = rows.length > INBOX_PAGE_SIZE;
  const page = rows.slice(0, INBOX_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      phone: row.phones[0] ?? null,
      statusTag: row.statusTag,
      archivingReason: row.archivingReason,
      hasReminder: row.reminder !== null,
      isSubConversation: row.parentContactId !== null,
      lastInteractionAt: row.lastInteractionAt,
      unattended: now.getTime() - row.sortAt.getTime() > UNATTENDED_AFTER_MS,
      unreadCount: row.unreadCount,
      preview: row.lastMessage ? { ...row.lastMessage, at: new Date(row.lastMessage.at) } : null,
    })),
    nextCursor: more && last ? { at: last.sortAt, id: last.id } : null,
  };
}

/** 'Conversaciones' (issue #6 §10): the agent's contacts, most recent interaction first. */
export async function conversationsInbox(
  db: Executor,
  user: AuthUser,
  input: z.infer<typeof ZInboxInput>,
  now = new Date(),
) {
  const agentId = await portfolioOwner(db, user, input.agentId);
  return inboxPage(db, user.tenantId, { agentId }, input.cursor, now);
}

/** 'Inbox' (03 §2.1, 01 §2): contacts nobody holds, for anyone to take over. */
export async function unassignedInbox(
  db: Executor,
  user: AuthUser,
  input: { cursor?: { at: Date; id: string } | null | undefined },
  now = new Date(),
) {
  return inboxPage(db, user.tenantId, { unassigned: true, viewerId: user.id }, input.cursor, now);
}

export const ZNextInput = z
  .object({
    /** The inbox the user came from (`inbox` of /contact); 'Conversaciones' by default. */
    inbox: z.enum(['conversations', 'unassigned', 'shared']).default('conversations'),
    /** The contact on screen. */
    contactId: z.string().uuid(),
    /** Whose 'Conversaciones' (super and comercial may look at a seller's). */
    agentId: z.string().uuid().optional(),
    /** Which of 'Carteras compartidas' (inbox 'shared'). */
    sharedInboxId: z.string().uuid().optional(),
  })
  .refine((input) => input.inbox !== 'shared' || input.sharedInboxId, {
    path: ['sharedInboxId'],
    message: 'Requerido',
  });

/**
 * 'Siguiente contacto' (03 §2.1): the contact after this one in the inbox's order, or null at its
 * end. The same rules as listing that inbox apply.
 */
export async function nextInInbox(db: Executor, user: AuthUser, input: z.infer<typeof ZNextInput>) {
  let owner: { agentId: string } | UnassignedOwner;
  if (input.inbox === 'unassigned') {
    assertAllowed(user, { area: '/contact/unassigned' });
    owner = { unassigned: true, viewerId: user.id };
  } else if (input.inbox === 'shared') {
    assertAllowed(user, { area: '/contact/sharedinbox' });
    owner = { agentId: await sharedInboxOwner(db, user, input.sharedInboxId!) };
  } else {
    owner = { agentId: await portfolioOwner(db, user, input.agentId) };
  }
  const [next] = await findInboxPage(db, user.tenantId, owner, { contactId: input.contactId }, 1);
  return { id: next?.id ?? null };
}

/** Contacts reserved by others are not counted: nobody else can open them meanwhile. */
export function unassignedCount(db: Executor, user: AuthUser) {
  return countUnassigned(db, user.tenantId, user.id);
}

export const ZReservationInput = z.object({ contactId: z.string().uuid() });

/**
 * 03 §4 Reserved contact: opening an unassigned contact from 'Inbox' reserves it for the user
 * for RESERVATION_SECONDS (renewed when it is already theirs, on their activity). Meanwhile it
 * leaves the other users' 'Inbox', and their reservation or take-over is refused
 * (CONTACT_RESERVED). A contact that is not unassigned in the tenant reads as not found.
 */
export async function reserve(
  db: Executor,
  user: AuthUser,
  input: z.infer<typeof ZReservationInput>,
) {
  const reservedUntil = await reserveContact(
    db,
    user.tenantId,
    input.contactId,
    user.id,
    RESERVATION_SECONDS,
  );
  if (reservedUntil) return { reservedUntil };
  if (!(await isUnassignedContact(db, user, input.contactId))) {
    throw new DomainError('CONTACT_NOT_FOUND');
  }
  throw new DomainError('CONTACT_RESERVED');
}

/** Ends the user's reservation (leaving the screen, or the countdown at zero); idempotent. */
export async function release(
  db: Executor,
  user: AuthUser,
  input: z.infer<typeof ZReservationInput>,
) {
  await releaseContact(db, user.tenantId, input.contactId, user.id);
  return { success: true as const };
}
