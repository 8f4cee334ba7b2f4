import { z } from 'zod';
import type { Database, Executor, Transaction } from '@cartera/db/client';
import type { Contact, InteractionSuggestion } from '@cartera/db/schema';
import { INTERACTION_PAGE_SIZE, ZClientItemId } from '@cartera/domain/interactions';
import { foldText } from '@cartera/domain/search';
import { suggestReminders } from '@cartera/domain/suggested-reminders';
import { DomainError } from '@cartera/domain/errors';
import { appendEvent } from '../../realtime/event-store';
import type { AuthUser } from '../sessions/session.types';
import { readableContact, contactReader, visibleContact } from '../contacts/contact-sheet.service';
import {
  findContactWatchers,
  findTimelineAfter,
  findTimelineItems,
  findTimelinePage,
  insertInteractionOnce,
  searchTimeline,
  touchContact,
} from './interactions.repository';

/** Roles that see every contact of the tenant receive every contact's events. */
const TENANT_WIDE_ROLES = ['comercial', 'project_manager', 'admin'];

export const ZInteraction = z.object({
  id: z.string(),
  contactId: z.string(),
  type: z.string(),
  content: z.record(z.string(), z.unknown()),
  via: z.string().nullable(),
  status: z.string().nullable(),
  createdBySystem: z.boolean(),
  createdAt: z.date(),
  agent: z.object({ id: z.string(), name: z.string(), lastname: z.string() }).nullable(),
  /** Reminder dates suggested from the item's text (03 §3, §4); the screen shows the live ones. */
  suggestions: z.array(
    z.object({
      content: z.object({ reminderDate: z.string() }),
      done: z.boolean(),
      removed: z.boolean(),
    }),
  ),
});
export type InteractionView = z.infer<typeof ZInteraction>;

export const ZTimelineInput = z.object({
  contactId: z.string().uuid(),
  /** The oldest id already shown: the page holds the 50 before it. */
  before: z.string().uuid().nullish(),
});

/**
 * A page of the timeline (03 §2.1, §9: 50 per page). Items come oldest first within the page,
 * as the screen shows them; `nextBefore` asks for the older page.
 */
/**
 * The timeline reads check access inside their query (readableContactExists). An empty answer
 * is then either nothing to show or a contact the user may not read; only then is the contact
 * read on its own, to answer CONTACT_NOT_FOUND for the latter.
 */
async function checkAccessWhenEmpty(
  db: Executor,
  user: AuthUser,
  contactId: string,
  rows: unknown[],
) {
  if (rows.length === 0) await readableContact(db, user, contactId);
}

export async function timelinePage(
  db: Executor,
  user: AuthUser,
  input: z.infer<typeof ZTimelineInput>,
) {
  const rows = await findTimelinePage(
    db,
    contactReader(user),
    input.contactId,
    input.before ?? undefined,
    INTERACTION_PAGE_SIZE + 1,
  );
  await checkAccessWhenEmpty(db, user, input.contactId, rows);
  const more = rows.length > INTERACTION_PAGE_SIZE;
  const page = rows.slice(0, INTERACTION_PAGE_SIZE);
  return {
    items: page.reverse().map((row) => toView(input.contactId, row)),
    nextBefore: more ? page[0]!.id : null,
  };
}

export const ZTimelineAfterInput = z.object({
  contactId: z.string().uuid(),
  /** The newest id the screen has. */
  after: z.string().uuid(),
});

/** What happened after the newest item on screen (a live event, a reconnect), oldest first. */
export async function timelineAfter(
  db: Executor,
  user: AuthUser,
  input: z.infer<typeof ZTimelineAfterInput>,
) {
  const rows = await findTimelineAfter(db, contactReader(user), input.contactId, input.after, 200);
  await checkAccessWhenEmpty(db, user, input.contactId, rows);
  return rows.map((row) => toView(input.contactId, row));
}

export const ZTimelineItemsInput = z.object({
  contactId: z.string().uuid(),
  /** Items on screen that changed in place (a live `interaction.updated`). */
  ids: z.array(z.string().uuid()).min(1).max(INTERACTION_PAGE_SIZE),
});

/** The given items as they are now; ids of another contact or unknown ones are left out. */
export async function timelineItems(
  db: Executor,
  user: AuthUser,
  input: z.infer<typeof ZTimelineItemsInput>,
) {
  const rows = await findTimelineItems(db, contactReader(user), input.contactId, input.ids);
  await checkAccessWhenEmpty(db, user, input.contactId, rows);
  return rows.map((row) => toView(input.contactId, row));
}

/** 03 §2.1: at most this many matches are counted ('n de m'). */
export const SEARCH_MATCH_LIMIT = 500;

export const ZTimelineSearchInput = z.object({
  contactId: z.string().uuid(),
  text: z.string().trim().max(200).optional(),
  types: z.array(z.string().max(40)).max(30).optional(),
  agentId: z.string().uuid().optional(),
  from: z.coerce.date().optional(),
  to: z.coerce.date().optional(),
});

/** The matches of the in-conversation search, oldest first; the screen walks them 'n de m'. */
export async function searchContactTimeline(
  db: Executor,
  user: AuthUser,
  input: z.infer<typeof ZTimelineSearchInput>,
) {
  const contact = await readableContact(db, user, input.contactId);
  const text = input.text ? foldText(input.text) : undefined;
  if (!text && !input.types?.length && !input.agentId && !input.from && !input.to) return [];
  return searchTimeline(
    db,
    user.tenantId,
    contact.id,
    {
      text: text || undefined,
      types: input.types,
      agentId: input.agentId,
      from: input.from,
      to: input.to,
    },
    SEARCH_MATCH_LIMIT,
  );
}

function toView(
  contactId: string,
  row: Awaited<ReturnType<typeof findTimelinePage>>[number],
): InteractionView {
  return {
    id: row.id,
    contactId,
    type: row.type,
    content: row.content,
    via: row.via,
    status: row.status,
    createdBySystem: row.createdBySystem,
    createdAt: row.createdAt,
    suggestions: row.suggestions,
    agent:
      row.agentId && row.agentName !== null
        ? { id: row.agentId, name: row.agentName, lastname: row.agentLastname ?? '' }
        : null,
  };
}

/** The contact a timeline change is announced for; with its reservation when it has one. */
export type AnnouncedContact = Pick<Contact, 'id' | 'tenantId' | 'agentId'> &
  Partial<Pick<Contact, 'reservedBy' | 'reservedUntil'>>;

export interface NewTimelineItem {
  /** Given by the client for an idempotent retry, else generated. */
  id: string;
  type: string;
  content: Record<string, unknown>;
  via?: string;
  status?: string | null;
  createdBySystem?: boolean;
  /** Reminder dates suggested from the item's text (see suggestReminders). */
  suggestions?: InteractionSuggestion[];
  /** Users to tell besides those who see the contact now (the agent a transfer took it from). */
  alsoNotify?: Array<string | null>;
}

/**
 * Writes one item on a contact's timeline inside the caller's transaction and announces it to
 * whoever sees the contact (its agent, the supervisors above the agent, tenant-wide roles) on
 * the topic `contact:<id>`. A repeated id writes and announces nothing.
 */
export async function recordInteraction(
  tx: Transaction,
  user: AuthUser | null,
  contact: AnnouncedContact,
  item: NewTimelineItem,
) {
  const createdAt = new Date();
  const fresh = await insertInteractionOnce(tx, {
    id: item.id,
    tenantId: contact.tenantId,
    contactId: contact.id,
    type: item.type,
    content: item.content,
    agentId: user?.id ?? null,
    via: item.via ?? 'web',
    status: item.status ?? null,
    createdBySystem: item.createdBySystem ?? user === null,
    suggestions: item.suggestions ?? [],
    createdAt,
  });
  if (!fresh) return false;
  await touchContact(tx, contact.tenantId, contact.id, createdAt);
  await announceInteraction(tx, user, contact, {
    event: 'interaction.created',
    interactionId: item.id,
    type: item.type,
    alsoNotify: item.alsoNotify,
  });
  return true;
}

/**
 * Announces a change on a contact's timeline to whoever sees the contact: its agent, the
 * supervisors above the agent, tenant-wide roles, and `alsoNotify`.
 */
export async function announceInteraction(
  tx: Transaction,
  user: AuthUser | null,
  contact: AnnouncedContact,
  change: {
    event: 'interaction.created' | 'interaction.updated';
    interactionId: string;
    type: string;
    alsoNotify?: Array<string | null> | undefined;
  },
) {
  await announceOnContact(tx, user, contact, change.event, {
    payload: { interactionId: change.interactionId, type: change.type },
    alsoNotify: change.alsoNotify,
  });
}

/**
 * Announces a change of the contact itself that writes no timeline item (the bot switched on or
 * off), so other screens on the contact refresh its header and chips.
 */
export async function announceContactChange(
  tx: Transaction,
  user: AuthUser | null,
  contact: AnnouncedContact,
  what: string,
) {
  await announceOnContact(tx, user, contact, 'contact.updated', { payload: { what } });
}

/** One event on the topic `contact:<id>`, to whoever sees the contact (and `alsoNotify`). */
async function announceOnContact(
  tx: Transaction,
  user: AuthUser | null,
  contact: AnnouncedContact,
  type: string,
  options: { payload: Record<string, unknown>; alsoNotify?: Array<string | null> | undefined },
) {
  const watchers = await findContactWatchers(tx, contact.tenantId, contact.agentId);
  for (const userId of options.alsoNotify ?? []) if (userId) watchers.push(userId);
  // Whoever is looking at an unassigned contact from 'Inbox' (03 §4 reserved contact).
  const { reservedBy, reservedUntil } = contact;
  if (!contact.agentId && reservedBy && reservedUntil && reservedUntil.getTime() > Date.now()) {
    watchers.push(reservedBy);
  }
  await appendEvent(tx, {
    tenantId: contact.tenantId,
    type,
    topic: `contact:${contact.id}`,
    payload: { contactId: contact.id, ...options.payload },
    audience: { userIds: watchers, roles: TENANT_WIDE_ROLES },
    actorUserId: user?.id ?? null,
  });
}

export const ZNoteInput = z.object({
  contactId: z.string().uuid(),
  /** A UUIDv7 made by the client, so a retry after a lost answer stores the note once. */
  id: ZClientItemId,
  body: z.string().trim().max(10_000).default(''),
  /** Attachments uploaded through the files flow (03 §6: admin only). */
  files: z
    .array(
      z.object({
        name: z.string().min(1).max(300),
        url: z.string().url().max(2000),
        mimeType: z.string().max(200),
        size: z.number().int().min(0),
        path: z.string().max(1000).optional(),
      }),
    )
    .max(50)
    .default([]),
});

/** A note on the timeline (03 §3 Note). Answers once the note is committed. */
export async function createNote(db: Database, user: AuthUser, input: z.infer<typeof ZNoteInput>) {
  if (!input.body && !input.files.length) {
    throw new DomainError('INVALID_REQUEST_BODY', { fields: { body: ['Requerido'] } });
  }
  if (input.files.length && !user.roles.includes('admin'))
    throw new DomainError('PERMISSION_DENIED');
  const contact = await visibleContact(db, user, input.contactId);
  await db.transaction((tx) =>
    recordInteraction(tx, user, contact, {
      id: input.id,
      type: 'note',
      content: { body: input.body, files: input.files },
      // A note that speaks of a future time ("el mes que viene") offers reminders (03 §4).
      suggestions: suggestReminders(input.body, new Date()),
    }),
  );
  return { id: input.id };
}
