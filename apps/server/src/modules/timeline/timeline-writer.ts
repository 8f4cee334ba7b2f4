import { sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '@cartera/db/client';
import type { Contact, InteractionSuggestion } from '@cartera/db/schema';
import { appendEvent } from '../../realtime/event-store';
import type { LiveEventPayload } from '../../realtime/live-events';
import { contactAudience } from '../access/contacts';
import type { AuthUser } from '../sessions/session.types';
import { countsAlongside, touchForInteraction } from '../metrics/metrics.writer';
import { lastMessageAlongside, lastMessageOf } from './last-message';
import { insertInteractionOnce } from './timeline-writer.repository';

/*
 * The timeline writer: every module that puts an item on a contact's timeline (contacts, inbox,
 * interactions, and the channels, sales and requests to come) calls recordInteraction here, in
 * its own transaction, and announces changes of items and of the contact with the functions
 * below. It imports none of the timeline reads (modules/interactions).
 */

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
  /** The item's time when it is not now: a customer's message shows the provider's timestamp. */
  createdAt?: Date;
  /** Users to tell besides those who see the contact now (the agent a transfer took it from). */
  alsoNotify?: Array<string | null>;
  /**
   * Who sees the contact, read before the transaction by a caller that does not lock the
   * contact (a note): its transaction is then shorter.
   */
  audience?: Audience;
  /**
   * Brought from before (a mailbox's first read): written and counted, but it neither changes
   * the inbox's preview nor makes the conversation unread or reopens it.
   */
  history?: boolean;
}

export type Audience = Awaited<ReturnType<typeof contactAudience>>;

/**
 * Writes one item on a contact's timeline inside the caller's transaction and announces it to
 * whoever sees the contact (its agent, the supervisors above the agent, tenant-wide roles) on
 * the topic `contact:<id>`, and adds what it counts to the performance rollups (modules/metrics).
 * A repeated id writes, announces and counts nothing.
 */
export async function recordInteraction(
  tx: Transaction,
  user: AuthUser | null,
  contact: AnnouncedContact,
  item: NewTimelineItem,
) {
  const createdAt = item.createdAt ?? new Date();
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
  const counts = await touchForInteraction(
    tx,
    contact.tenantId,
    contact.id,
    {
      type: item.type,
      content: item.content,
      actorId: user?.id ?? null,
      createdBySystem: item.createdBySystem ?? user === null,
      contactAgentId: contact.agentId,
    },
    createdAt,
    item.history,
  );
  const preview = item.history
    ? null
    : lastMessageOf(
        { type: item.type, content: item.content, actorId: user?.id ?? null },
        createdAt,
        user ? `${user.name} ${user.lastname}`.trim() : null,
      );
  const alongside = [
    countsAlongside(counts),
    lastMessageAlongside(contact, preview, createdAt),
  ].filter((part): part is SQL => part !== undefined);
  await announceInteraction(tx, user, contact, {
    event: 'interaction.created',
    interactionId: item.id,
    type: item.type,
    alsoNotify: item.alsoNotify,
    audience: item.audience,
    // In the event's statement: the rollups and the inbox's
    // preview, unread count and reopening (issue #33).
    alongside: alongside.length ? sql.join(alongside, sql`, `) : undefined,
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
    audience?: Audience | undefined;
    /** Writes that go in the event's statement (see `appendEvent`). */
    alongside?: SQL | undefined;
  },
) {
  await announceOnContact(tx, user, contact, change.event, {
    payload: { interactionId: change.interactionId, type: change.type },
    alsoNotify: change.alsoNotify,
    audience: change.audience,
    alongside: change.alongside,
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
async function announceOnContact<
  T extends 'interaction.created' | 'interaction.updated' | 'contact.updated',
>(
  tx: Transaction,
  user: AuthUser | null,
  contact: AnnouncedContact,
  type: T,
  options: {
    payload: Omit<LiveEventPayload<T>, 'contactId'>;
    alsoNotify?: Array<string | null> | undefined;
    audience?: Audience | undefined;
    alongside?: SQL | undefined;
  },
) {
  const audience = options.audience
    ? { ...options.audience, userIds: [...options.audience.userIds] }
    : await contactAudience(tx, {
        tenantId: contact.tenantId,
        agentId: contact.agentId,
        reservedBy: contact.reservedBy ?? null,
        reservedUntil: contact.reservedUntil ?? null,
      });
  for (const userId of options.alsoNotify ?? []) if (userId) audience.userIds.push(userId);
  await appendEvent(
    tx,
    {
      tenantId: contact.tenantId,
      type,
      topic: `contact:${contact.id}`,
      payload: { contactId: contact.id, ...options.payload } as LiveEventPayload<T>,
      audience,
      actorUserId: user?.id ?? null,
    },
    { alongside: options.alongside },
  );
}
