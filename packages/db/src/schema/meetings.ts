import { sql } from 'drizzle-orm';
import {
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantColumn, updatedAtColumn } from './columns';
import { contacts } from './contacts';
import { users } from './users';

/** One of a meeting's reminders (02 §9 rules): when before the start, and how it is sent. */
export interface MeetingReminder {
  number: number;
  unit: 'minutes' | 'hours' | 'days';
  /** What the customer reads; empty: the catalogue's default text. */
  message: string;
  medium: 'whatsapp' | 'email';
  /** Set once sent (or failed) by its job: 'sent', 'failed' with why. */
  state?: 'pending' | 'sent' | 'failed';
  reason?: string;
}

/** Someone invited (02 §3 Meeting form attendees). */
export interface MeetingAttendee {
  role: 'organizer' | 'client' | 'guest';
  email: string;
  name?: string;
  lastname?: string;
  userId?: string;
}

/**
 * A meeting with a contact (02 §3 Meeting interaction, issue #40): its timeline item has the same
 * id (type 'meeting'); this row holds what the calendar and the jobs read. `status` follows
 * active → inProgress → expired → done / cancel, or error when the link could not be made.
 */
export const meetings = pgTable(
  'meetings',
  {
    tenantId: tenantColumn(),
    id: idColumn(),
    contactId: uuid('contact_id').notNull(),
    organizerId: uuid('organizer_id').notNull(),
    summary: text('summary').notNull(),
    /** 'meet', 'zoom' or 'person'. */
    medium: text('medium').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    timezone: text('timezone').notNull().default('UTC'),
    link: text('link'),
    /** The provider's id of the event or meeting (Google event id, Zoom meeting id). */
    providerRef: text('provider_ref'),
    status: text('status').notNull(),
    comment: text('comment').notNull().default(''),
    reminders: jsonb('reminders').$type<MeetingReminder[]>().notNull().default([]),
    attendees: jsonb('attendees').$type<MeetingAttendee[]>().notNull().default([]),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({
      columns: [table.tenantId, table.contactId],
      foreignColumns: [contacts.tenantId, contacts.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [table.tenantId, table.organizerId],
      foreignColumns: [users.tenantId, users.id],
    }),
    // The calendar: one organiser's (or several's) meetings in a range.
    index('meetings_organizer_start_idx').on(table.tenantId, table.organizerId, table.startsAt),
  ],
);

export type Meeting = typeof meetings.$inferSelect;

/**
 * A video provider connected for meetings (issue #40): Google Calendar per agent (`user_id`,
 * OAuth tokens) or Zoom once per company (`user_id` null, Server-to-Server OAuth credentials).
 * The tokens and credentials live sealed in `secrets` (apps/server/src/lib/secret-box.ts).
 */
export const meetingConnections = pgTable(
  'meeting_connections',
  {
    tenantId: tenantColumn(),
    id: idColumn(),
    /** 'google' or 'zoom'. */
    provider: text('provider').notNull(),
    /** The agent of a Google connection; null for the company's Zoom account. */
    userId: uuid('user_id'),
    /** The Google account's address, or the Zoom account id. */
    account: text('account').notNull(),
    secrets: text('secrets').notNull(),
    /** 'connected', or 'error' when the provider refused the stored credentials. */
    status: text('status').notNull().default('connected'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    // One Google connection per agent and one Zoom account per company (no user: the empty id).
    uniqueIndex('meeting_connections_owner_idx').on(
      table.tenantId,
      table.provider,
      sql`coalesce(${table.userId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
    foreignKey({
      columns: [table.tenantId, table.userId],
      foreignColumns: [users.tenantId, users.id],
    }).onDelete('cascade'),
  ],
);

export type MeetingConnection = typeof meetingConnections.$inferSelect;
