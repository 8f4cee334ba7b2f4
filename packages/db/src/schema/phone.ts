import {
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantColumn, updatedAtColumn } from './columns';

/**
 * A company's phone provider (01 §7 Phone, issue #39): Aircall, connected once in 'Mi Empresa'.
 * `secrets` holds the API id and token sealed (lib/secret-box.ts), never sent back;
 * `webhook_key` names the company's webhook URL (/api/webhooks/aircall/{key}) and
 * `webhook_token` is the shared `token` Aircall puts in every webhook it posts.
 */
export const phoneConnections = pgTable(
  'phone_connections',
  {
    tenantId: tenantColumn(),
    /** 'aircall'. */
    provider: text('provider').notNull(),
    /** The API's base URL: https://api.aircall.io/v1, or the fake's in tests and the demo. */
    baseUrl: text('base_url').notNull(),
    /** What the company sees it as: 'Aircall', 'Aircall de prueba'. */
    name: text('name').notNull(),
    secrets: text('secrets').notNull(),
    webhookKey: text('webhook_key').notNull(),
    webhookToken: text('webhook_token').notNull(),
    /** The provider's web phone page the softphone shows in an iframe. */
    phoneUrl: text('phone_url').notNull(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.provider] }),
    uniqueIndex('phone_connections_webhook_key_idx').on(table.webhookKey),
  ],
);

/**
 * A user's phone provider mapping (01 §3 User phoneProviders: provider, countryCodes, config):
 * their Aircall user and the numbers they call from.
 */
export const phoneUserMappings = pgTable(
  'phone_user_mappings',
  {
    tenantId: tenantColumn(),
    userId: uuid('user_id').notNull(),
    provider: text('provider').notNull(),
    /** The provider's user id (Aircall's numeric id, as text). */
    externalUserId: text('external_user_id').notNull(),
    /** The provider's number ids the user calls from, the first the default. */
    numberIds: text('number_ids').array().notNull().default([]),
    /** Country calling codes ('598', '54') the user calls; empty for any. */
    countryCodes: text('country_codes').array().notNull().default([]),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.userId, table.provider] }),
    uniqueIndex('phone_user_mappings_external_idx').on(
      table.tenantId,
      table.provider,
      table.externalUserId,
    ),
  ],
);

/**
 * A call as the provider told it (webhooks merged in any order, issue #39): one row per
 * provider call id and tenant, linked to its timeline item (`interaction_id`, a phoneCall).
 * `state` is the provider's progress: 'initial' → 'ringing' → 'answered' → 'done'; `outcome`
 * the item's state once known ('done', 'cancel', 'voicemail').
 */
export const providerCalls = pgTable(
  'provider_calls',
  {
    tenantId: tenantColumn(),
    id: idColumn(),
    provider: text('provider').notNull(),
    externalId: text('external_id').notNull(),
    /** 'inbound' or 'outbound'. */
    direction: text('direction').notNull(),
    state: text('state').notNull(),
    outcome: text('outcome'),
    /** The customer's number (E.164 when it parses) and the company's number. */
    customerPhone: text('customer_phone').notNull().default(''),
    companyPhone: text('company_phone').notNull().default(''),
    userId: uuid('user_id'),
    contactId: uuid('contact_id'),
    interactionId: uuid('interaction_id'),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    /** Seconds, final once the provider ended the call. */
    duration: integer('duration'),
    missedReason: text('missed_reason'),
    recordingUrl: text('recording_url'),
    voicemailUrl: text('voicemail_url'),
    /** The provider events taken in ('call.created', …), to answer a repeat with nothing. */
    events: text('events').array().notNull().default([]),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    uniqueIndex('provider_calls_external_idx').on(table.tenantId, table.provider, table.externalId),
    index('provider_calls_user_idx').on(table.tenantId, table.userId, table.id),
    index('provider_calls_contact_idx').on(table.tenantId, table.contactId),
  ],
);

export type PhoneConnection = typeof phoneConnections.$inferSelect;
export type PhoneUserMapping = typeof phoneUserMappings.$inferSelect;
export type ProviderCall = typeof providerCalls.$inferSelect;
