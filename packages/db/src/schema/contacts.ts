import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantColumn, updatedAtColumn } from './columns';
import { companies, sectors } from './companies';

export interface PhoneMetadata {
  phone: string;
  extensionNumber?: string | null;
}

export interface ContactLocation {
  location: boolean;
  place_id?: string | null;
  formatted_address?: string | null;
  extraInfo?: string | null;
  addressComponents?: Array<{ longText: string; shortText: string; types: string[] }>;
}

/** The preview of a contact's last message or note, kept on every timeline write (issue #33). */
export interface LastMessagePreview {
  at: string;
  direction: 'in' | 'out';
  /** The timeline item's kind (text, image, audio, note…). */
  kind: string;
  /** The first ~120 characters of its text ('' when it has none). */
  text: string;
  /** Who wrote it, when it is ours (a user's name); null for the customer's messages. */
  senderName: string | null;
}

export interface ContactChannel {
  type: string;
  config: { username?: string; pageId?: string; PSID?: string };
}

/** A person the sales team talks to: every field of 02 §3 Contact. */
export const contacts = pgTable(
  'contacts',
  {
    tenantId: tenantColumn(),
    id: idColumn(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    /** E.164 numbers (+59899123456), the first is the main one. */
    phones: text('phones')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    phonesMetadata: jsonb('phones_metadata').$type<PhoneMetadata[]>().notNull().default([]),
    emails: text('emails')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    govId: text('gov_id'),
    /** Code of a status tag. */
    statusTag: text('status_tag'),
    /** Code of an origin, and its free text. */
    origin: text('origin'),
    originText: text('origin_text'),
    detail: text('detail').notNull().default(''),
    /**
     * The customer's picture (03 §3 Contact photo): the permanent address of an image the
     * company uploaded through the upload flow, set from the conversation's detail panel or
     * contact.update's changes; null without one. Withheld while `hideContactPhoto` is on.
     */
    photo: text('photo'),
    contactLocation: jsonb('contact_location').$type<ContactLocation | null>(),
    /** The geographic point of the location (no PostGIS: plain coordinates). */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /**
     * When the geocoding job last looked up the address of a location without coordinates
     * (found or not); null while it has not. Every save of the contact sheet clears it, so a
     * changed address is looked up again (the contact map, issue #44).
     */
    geocodedAt: timestamp('geocoded_at', { withTimezone: true, mode: 'date' }),
    additionalData: jsonb('additional_data').$type<Record<string, unknown>>().notNull().default({}),
    channels: jsonb('channels').$type<ContactChannel[]>().notNull().default([]),
    proximity: real('proximity').notNull().default(0),
    /** Came from a bulk upload (legacy databaseUploded). */
    databaseUploaded: boolean('database_uploaded').notNull().default(false),
    /** The seller who owns the contact, and the first one it ever had. */
    agentId: uuid('agent_id'),
    firstAgentId: uuid('first_agent_id'),
    reminder: jsonb('reminder').$type<Record<string, unknown> | null>(),
    /**
     * An unassigned contact opened from 'Inbox' is reserved for the user looking at it until
     * `reservedUntil` (03 §4 reserved contact); it counts only while `agentId` is null.
     */
    reservedBy: uuid('reserved_by'),
    reservedUntil: timestamp('reserved_until', { withTimezone: true, mode: 'date' }),
    archivingReason: text('archiving_reason'),
    archivingReasonText: text('archiving_reason_text'),
    /** Set on a sub-conversation: the contact it belongs to, and its status (02 §4). */
    parentContactId: uuid('parent_contact_id'),
    subConversationStatus: text('sub_conversation_status'),
    /** The tenant's bot answers this contact (03 §2.1 bot chip). */
    botActive: boolean('bot_active').notNull().default(false),
    lastInteractionAt: timestamp('last_interaction_at', { withTimezone: true, mode: 'date' }),
    /**
     * Since when the customer waits for an answer: their oldest message the company has not
     * answered yet (the first-response time and 'unattended' of the dashboard, issue #16).
     */
    awaitingReplySince: timestamp('awaiting_reply_since', { withTimezone: true, mode: 'date' }),
    /**
     * Lowercase, accent-free text of names, gov id, e-mails and phone digits, kept by the
     * service on every write; searched with a trigram index (accents are folded in the
     * application because unaccent() cannot be indexed).
     */
    searchText: text('search_text').notNull().default(''),
    /**
     * The customer's messages its holder has not opened yet ('Marcar como no leído' sets 1),
     * when the customer last wrote, and the last message's preview (issue #33).
     */
    unreadCount: integer('unread_count').notNull().default(0),
    lastCustomerMessageAt: timestamp('last_customer_message_at', {
      withTimezone: true,
      mode: 'date',
    }),
    lastMessage: jsonb('last_message').$type<LastMessagePreview | null>(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    // With id last, a seller's own list walks only their rows, newest first (bench:contacts).
    index('contacts_tenant_agent_idx').on(table.tenantId, table.agentId, table.id),
    index('contacts_tenant_phones_idx').using('gin', table.tenantId, table.phones),
    // Searches under three characters match the start of search_text (issue #19 §15).
    index('contacts_tenant_search_prefix_idx').on(
      table.tenantId,
      table.searchText.op('text_pattern_ops'),
    ),
    index('contacts_tenant_search_idx').using(
      'gin',
      table.tenantId,
      table.searchText.op('gin_trgm_ops'),
    ),
    index('contacts_tenant_parent_idx').on(table.tenantId, table.parentContactId),
    // The unread counts of the menu walk only the unread rows of a holder (issue #33).
    index('contacts_tenant_agent_unread_idx')
      .on(table.tenantId, table.agentId)
      .where(sql`unread_count > 0`),
    // The contact map reads only the located rows of a tenant, inside the visible box.
    index('contacts_tenant_location_idx')
      .on(table.tenantId, table.latitude, table.longitude)
      .where(sql`latitude is not null and longitude is not null`),
    // The geocoding job's queue: addresses without coordinates it has not looked up yet.
    index('contacts_geocode_pending_idx')
      .on(table.tenantId, table.id)
      .where(sql`latitude is null and contact_location is not null and geocoded_at is null`),
  ],
);

/** A contact's place in a company: which sector and with what role (02 §3 affiliatedCompanyGroup). */
export const companyContacts = pgTable(
  'company_contacts',
  {
    tenantId: tenantColumn(),
    companyId: uuid('company_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    sectorId: uuid('sector_id'),
    role: text('role').notNull().default(''),
    createdAt: createdAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.companyId, table.contactId] }),
    foreignKey({
      columns: [table.tenantId, table.companyId],
      foreignColumns: [companies.tenantId, companies.id],
      name: 'company_contacts_company_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [table.tenantId, table.contactId],
      foreignColumns: [contacts.tenantId, contacts.id],
      name: 'company_contacts_contact_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [table.tenantId, table.sectorId],
      foreignColumns: [sectors.tenantId, sectors.id],
      name: 'company_contacts_sector_fk',
    }),
    index('company_contacts_tenant_contact_idx').on(table.tenantId, table.contactId),
  ],
);

export type Contact = typeof contacts.$inferSelect;
export type CompanyContact = typeof companyContacts.$inferSelect;
