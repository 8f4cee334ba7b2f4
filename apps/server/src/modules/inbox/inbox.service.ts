import { z } from 'zod';
import type { Executor } from '@cartera/db/client';
import { RESERVATION_SECONDS } from '@cartera/domain/conversation';
import { DomainError } from '@cartera/domain/errors';
import { foldSearchTerm, foldText } from '@cartera/domain/search';
import { assertAllowed } from '../sessions/access';
import type { AuthUser } from '../sessions/session.types';
import {
  contactPhoto,
  contactScope,
  isUnassignedContact,
  portfolioOwner,
  scopeAgentIds,
  sharedInboxOwner,
} from '../access/contacts';
import { reachOf } from '../access/reach';
import { reachedGroup } from '../access/sellers';
import {
  findInboxPage,
  type InboxCursor,
  type InboxFilters,
  type InboxOwner,
} from './inbox.repository';
import { countUnassigned, releaseContact, reserveContact } from './reservation.repository';
import { es } from '@cartera/domain/i18n';

/** 03 §9: a contact is unattended after 24 hours without interaction. */
export const UNATTENDED_AFTER_MS = 24 * 60 * 60 * 1000;
export const INBOX_PAGE_SIZE = 30;

/** Whose conversations: the caller's, a seller's, the unassigned ones, or all they reach. */
export const ZInboxChoice = z.union([z.enum(['me', 'unassigned', 'all']), z.string().uuid()]);

/** The workspace's view of 'Conversaciones' (issue #33 item 3); every field optional. */
export const ZInboxView = z.object({
  /** 'open' (default) leaves archived conversations out; 'archived' lists only them. */
  tab: z.enum(['open', 'archived']).default('open'),
  /**
   * 'me' (default); a seller's id (super: of their subtree, comercial: any); 'unassigned' (the
   * 'Inbox' of 03 §2.1); 'all': every contact the caller's reach covers (supervisor and
   * tenant-wide roles only).
   */
  inbox: ZInboxChoice.default('me'),
  /**
   * With `inbox: 'all'`: only the conversations of the sellers of this group's subtree (a group
   * the caller reaches), the sellers 'Rendimiento' counts for the group (issue #35 item 1).
   */
  groupId: z.string().uuid().optional(),
  /** A name, a number in any format, or words of a message (from 3 characters). */
  search: z.string().trim().max(100).optional(),
  channelId: z.string().uuid().optional(),
  statusTag: z.string().trim().min(1).max(100).optional(),
  origin: z.string().trim().min(1).max(100).optional(),
  unread: z.boolean().optional(),
  /** A pending reminder whose date has come. */
  reminderDue: z.boolean().optional(),
  /**
   * 'Sin atender (+24 h)': the customer has waited for an answer more than 24 hours (the
   * dashboard's `unattended` figure, metrics.repository.ts `findContactStates`).
   */
  unattended: z.boolean().optional(),
  /** 'recent': last interaction first; 'waiting': the longest unanswered customer first. */
  order: z.enum(['recent', 'waiting']).default('recent'),
});

export const ZInboxInput = ZInboxView.extend({
  /** super and comercial may look at another seller's inbox (03 §2.1); same as `inbox: id`. */
  agentId: z.string().uuid().optional(),
  cursor: z.object({ at: z.date(), id: z.string().uuid() }).nullish(),
});

export const ZInboxItem = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** The customer's picture (03 §3), null without one or while hideContactPhoto is on. */
  photo: z.string().nullable(),
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
  viewer: AuthUser,
  owner: InboxOwner,
  cursor: InboxCursor | null | undefined,
  now: Date,
  filters: InboxFilters = {},
) {
  const rows = await findInboxPage(
    db,
    viewer.tenantId,
    owner,
    cursor ?? undefined,
    INBOX_PAGE_SIZE + 1,
    filters,
  );
  return toPage(rows, now, viewer);
}

function toPage(rows: Row[], now: Date, viewer: AuthUser) {
  const more = rows.length > INBOX_PAGE_SIZE;
  const page = rows.slice(0, INBOX_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      photo: contactPhoto(viewer, row.photo),
      phone: row.phones[0] ?? null,
      statusTag: row.statusTag,
      archivingReason: row.archivingReason,
      hasReminder: row.reminder !== null,
      isSubConversation: row.parentContactId !== null,
      lastInteractionAt: row.lastInteractionAt,
      unattended: now.getTime() - row.lastAt.getTime() > UNATTENDED_AFTER_MS,
      unreadCount: row.unreadCount,
      preview: row.lastMessage ? { ...row.lastMessage, at: new Date(row.lastMessage.at) } : null,
    })),
    nextCursor: more && last ? { at: last.sortAt, id: last.id } : null,
  };
}

/**
 * The inbox a user chose, checked against their reach: their own, a seller's they may open
 * (portfolioOwner), 'Sin asignar' where the inbox feature is on, or 'Todas' for a supervisor
 * (their subtree) or a tenant-wide role (the company); a seller's 'Todas' is PERMISSION_DENIED.
 */
async function chosenInbox(
  db: Executor,
  user: AuthUser,
  choice: z.infer<typeof ZInboxChoice>,
  agentId: string | undefined,
  groupId?: string | undefined,
): Promise<InboxOwner> {
  if (choice === 'unassigned') {
    assertAllowed(user, { area: '/contact/unassigned' });
    return { unassigned: true, viewerId: user.id };
  }
  const scope = await contactScope(db, user);
  if (choice === 'all') {
    if (reachOf(user).kind === 'own') throw new DomainError('PERMISSION_DENIED');
    const agentIds = await scopeAgentIds(db, user.tenantId, scope);
    if (!groupId) return { all: true, scope, agentIds };
    const { sellers } = await reachedGroup(db, user, groupId, 'PERMISSION_DENIED');
    const onlyAgentIds = sellers.map((seller) => seller.id);
    // A merged page's branches trust their agents to be in the scope: the group's sellers that
    // are, or all of them where the scope is the tenant's; otherwise each row is checked.
    const merged = agentIds
      ? onlyAgentIds.filter((id) => agentIds.includes(id))
      : scope.kind === 'tenant'
        ? onlyAgentIds
        : null;
    return { all: true, scope, agentIds: merged, onlyAgentIds };
  }
  const seller = choice === 'me' ? agentId : choice;
  return { agentId: await portfolioOwner(db, user, seller), scope };
}

/** The repository's filters of a view: the search folded for names and numbers, and for text. */
function viewFilters(view: z.infer<typeof ZInboxView>): InboxFilters {
  const search = view.search ? foldSearchTerm(view.search) : '';
  return {
    tab: view.tab,
    ...(search ? { search, text: foldText(view.search!) } : {}),
    channelId: view.channelId,
    statusTag: view.statusTag,
    origin: view.origin,
    unread: view.unread,
    reminderDue: view.reminderDue,
    unattended: view.unattended,
    order: view.order,
  };
}

/**
 * 'Conversaciones' (issue #6 §10, issue #33 item 3): the chosen inbox's conversations of the tab,
 * narrowed by the search and filters, in the chosen order.
 */
export async function conversationsInbox(
  db: Executor,
  user: AuthUser,
  input: z.infer<typeof ZInboxInput>,
  now = new Date(),
) {
  const owner = await chosenInbox(db, user, input.inbox, input.agentId, input.groupId);
  return inboxPage(db, user, owner, input.cursor, now, viewFilters(input));
}

/** 'Inbox' (03 §2.1, 01 §2): contacts nobody holds, for anyone to take over. */
export async function unassignedInbox(
  db: Executor,
  user: AuthUser,
  input: { cursor?: { at: Date; id: string } | null | undefined },
  now = new Date(),
) {
  return inboxPage(db, user, { unassigned: true, viewerId: user.id }, input.cursor, now);
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
    message: es.validation.required,
  });

/**
 * 'Siguiente contacto' (03 §2.1): the contact after this one in the inbox's order, or null at its
 * end. The same rules as listing that inbox apply.
 */
export async function nextInInbox(db: Executor, user: AuthUser, input: z.infer<typeof ZNextInput>) {
  let owner: InboxOwner;
  if (input.inbox === 'unassigned') {
    assertAllowed(user, { area: '/contact/unassigned' });
    owner = { unassigned: true, viewerId: user.id };
  } else if (input.inbox === 'shared') {
    assertAllowed(user, { area: '/contact/sharedinbox' });
    const agentId = await sharedInboxOwner(db, user, input.sharedInboxId!);
    owner = { agentId, scope: await contactScope(db, user) };
  } else {
    owner = {
      agentId: await portfolioOwner(db, user, input.agentId),
      scope: await contactScope(db, user),
    };
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
