import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import {
  channelMessages,
  interactions,
  channels,
  contacts,
  meetingConnections,
  meetings,
  users,
  type Meeting,
} from '@cartera/db/schema';
import { scopeCondition, type ContactScope } from '../access/contacts.conditions';

/** Meetings' rows (issue #40): the meeting, the providers' connections, the calendar's reads. */

export async function insertMeeting(db: Executor, row: typeof meetings.$inferInsert) {
  const inserted = await db.insert(meetings).values(row).onConflictDoNothing().returning();
  return inserted[0];
}

export async function findMeeting(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(meetings)
    .where(and(eq(meetings.tenantId, tenantId), eq(meetings.id, id)));
  return row;
}

export async function lockMeeting(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(meetings)
    .where(and(eq(meetings.tenantId, tenantId), eq(meetings.id, id)))
    .for('update');
  return row;
}

export async function updateMeeting(
  db: Executor,
  tenantId: string,
  id: string,
  values: Partial<Pick<Meeting, 'status' | 'reminders' | 'link' | 'providerRef'>>,
) {
  await db
    .update(meetings)
    .set(values)
    .where(and(eq(meetings.tenantId, tenantId), eq(meetings.id, id)));
}

/**
 * Meetings starting in [from, to) organised by these users (null: anyone of the tenant) with
 * contacts the scope lets the caller see, with the contact's name, oldest first.
 */
export async function findMeetingsInRange(
  db: Executor,
  tenantId: string,
  scope: ContactScope,
  organizerIds: string[] | null,
  from: Date,
  to: Date,
) {
  if (organizerIds && organizerIds.length === 0) return [];
  return db
    .select({
      id: meetings.id,
      contactId: meetings.contactId,
      organizerId: meetings.organizerId,
      summary: meetings.summary,
      medium: meetings.medium,
      startsAt: meetings.startsAt,
      durationMinutes: meetings.durationMinutes,
      link: meetings.link,
      status: meetings.status,
      contactFirstName: contacts.firstName,
      contactLastName: contacts.lastName,
    })
    .from(meetings)
    .innerJoin(
      contacts,
      and(eq(contacts.tenantId, meetings.tenantId), eq(contacts.id, meetings.contactId)),
    )
    .where(
      and(
        eq(meetings.tenantId, tenantId),
        // Only meetings with contacts the caller may see (their names are shown).
        scopeCondition(db, tenantId, scope),
        organizerIds ? inArray(meetings.organizerId, organizerIds) : undefined,
        gte(meetings.startsAt, from),
        lt(meetings.startsAt, to),
      ),
    )
    .orderBy(asc(meetings.startsAt))
    .limit(1_000);
}

/**
 * The pending reminders due in [from, to) of the contacts the scope lets the caller see, held by
 * these agents (null: any), for the calendar.
 */
export async function findRemindersInRange(
  db: Executor,
  tenantId: string,
  scope: ContactScope,
  agentIds: string[] | null,
  from: Date,
  to: Date,
) {
  if (agentIds && agentIds.length === 0) return [];
  const due = sql`(${contacts.reminder}->>'reminderDate')::timestamptz`;
  const rows = await db
    .select({
      contactId: contacts.id,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      agentId: contacts.agentId,
      reminder: contacts.reminder,
    })
    .from(contacts)
    .where(
      and(
        eq(contacts.tenantId, tenantId),
        scopeCondition(db, tenantId, scope),
        agentIds ? inArray(contacts.agentId, agentIds) : undefined,
        isNotNull(contacts.reminder),
        sql`${due} >= ${from.toISOString()}::timestamptz`,
        sql`${due} < ${to.toISOString()}::timestamptz`,
      ),
    )
    .limit(1_000);
  return rows;
}

/** The agents' meetings overlapping [from, to) that hold their time (not cancelled nor failed). */
export async function findBusyMeetings(
  db: Executor,
  tenantId: string,
  organizerId: string,
  from: Date,
  to: Date,
) {
  return db
    .select({ startsAt: meetings.startsAt, durationMinutes: meetings.durationMinutes })
    .from(meetings)
    .where(
      and(
        eq(meetings.tenantId, tenantId),
        eq(meetings.organizerId, organizerId),
        inArray(meetings.status, ['active', 'inProgress']),
        lt(meetings.startsAt, to),
        sql`${meetings.startsAt} + make_interval(mins => ${meetings.durationMinutes}) > ${from.toISOString()}::timestamptz`,
      ),
    );
}

export async function findConnection(
  db: Executor,
  tenantId: string,
  provider: 'google' | 'zoom',
  userId: string | null,
) {
  const [row] = await db
    .select()
    .from(meetingConnections)
    .where(
      and(
        eq(meetingConnections.tenantId, tenantId),
        eq(meetingConnections.provider, provider),
        userId ? eq(meetingConnections.userId, userId) : isNull(meetingConnections.userId),
      ),
    );
  return row;
}

/** Keeps a connection: the owner's one is replaced (one per agent, one Zoom per company). */
export async function saveConnection(
  db: Executor,
  row: {
    tenantId: string;
    provider: 'google' | 'zoom';
    userId: string | null;
    account: string;
    secrets: string;
  },
) {
  const existing = await findConnection(db, row.tenantId, row.provider, row.userId);
  if (existing) {
    await db
      .update(meetingConnections)
      .set({ account: row.account, secrets: row.secrets, status: 'connected' })
      .where(
        and(eq(meetingConnections.tenantId, row.tenantId), eq(meetingConnections.id, existing.id)),
      );
    return;
  }
  await db.insert(meetingConnections).values({ ...row, status: 'connected' });
}

export async function updateConnectionSecrets(
  db: Executor,
  tenantId: string,
  id: string,
  secrets: string,
) {
  await db
    .update(meetingConnections)
    .set({ secrets })
    .where(and(eq(meetingConnections.tenantId, tenantId), eq(meetingConnections.id, id)));
}

export async function deleteConnection(
  db: Executor,
  tenantId: string,
  provider: 'google' | 'zoom',
  userId: string | null,
) {
  await db
    .delete(meetingConnections)
    .where(
      and(
        eq(meetingConnections.tenantId, tenantId),
        eq(meetingConnections.provider, provider),
        userId ? eq(meetingConnections.userId, userId) : isNull(meetingConnections.userId),
      ),
    );
}

/** A user's own meetings switch (null: not set, the group's decides) and e-mail. */
export async function findUserMeetingFacts(db: Executor, tenantId: string, userId: string) {
  const [row] = await db
    .select({ enableMeetings: users.enableMeetings, email: users.email, active: users.active })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  return row;
}

export async function setUserMeetings(
  db: Executor,
  tenantId: string,
  userId: string,
  enabled: boolean | null,
) {
  await db
    .update(users)
    .set({ enableMeetings: enabled })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}

const WHATSAPP_TYPES = [
  'whatsapp_business',
  'whatsapp_360_dialog',
  'unofficial_wpp',
  'personal_whatsapp',
];

/**
 * The WhatsApp channel a meeting reminder goes through: the one of the contact's newest channel
 * message, else the company's first available WhatsApp channel (not a personal one).
 */
export async function findReminderChannelId(db: Executor, tenantId: string, contactId: string) {
  const [recent] = await db
    .select({ id: channels.id })
    .from(channelMessages)
    .innerJoin(
      channels,
      and(
        eq(channels.tenantId, channelMessages.tenantId),
        eq(channels.id, channelMessages.channelId),
      ),
    )
    .where(
      and(
        eq(channelMessages.tenantId, tenantId),
        eq(channelMessages.contactId, contactId),
        inArray(channels.type, WHATSAPP_TYPES),
        eq(channels.status, 'available'),
        isNull(channels.deletedAt),
      ),
    )
    .orderBy(desc(channelMessages.createdAt))
    .limit(1);
  if (recent) return recent.id;
  const [first] = await db
    .select({ id: channels.id })
    .from(channels)
    .where(
      and(
        eq(channels.tenantId, tenantId),
        inArray(channels.type, WHATSAPP_TYPES.slice(0, 3)),
        eq(channels.status, 'available'),
        isNull(channels.deletedAt),
      ),
    )
    .orderBy(asc(channels.name))
    .limit(1);
  return first?.id ?? null;
}

/** The meeting's timeline item (same id) follows its row: status and content. */
export async function updateMeetingItem(
  db: Executor,
  tenantId: string,
  id: string,
  values: { status: string; content: Record<string, unknown> },
) {
  await db
    .update(interactions)
    .set(values)
    .where(and(eq(interactions.tenantId, tenantId), eq(interactions.id, id)));
}
