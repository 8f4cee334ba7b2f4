import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
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
import { interactions } from './interactions';

/**
 * What a channel shows and uses that is not secret (03 §3 Channel `config`): the provider's
 * account ids, the page or number, the colour. Secrets live encrypted in `channels.secrets`.
 */
export interface ChannelConfig {
  color?: string;
  /** The origin code (02 §3) given to contacts the channel creates. */
  origin?: string;
  /** WhatsApp Cloud: the phone number id and the business account id; the number shown. */
  phoneNumberId?: string;
  wabaId?: string;
  displayPhoneNumber?: string;
  /** Messenger, Instagram and lead ads: the page (or professional account) id and its name. */
  pageId?: string;
  username?: string;
  /** SMS (Twilio shape): the account and the sending number. */
  accountSid?: string;
  fromNumber?: string;
  /** Personal WhatsApp gateway (Evolution API v2 shape): its address and instance. */
  gatewayUrl?: string;
  instanceName?: string;
}

/** Round robin of new contacts (01 §7 GET /channels/roundRobbin): who takes the next one. */
export interface ChannelRoundRobin {
  enabled: boolean;
  userIds: string[];
}

/** Per-channel send limits, enforced on the server (03 §8 MESSAGE_LIMIT_EXCEEDED…). */
export interface ChannelLimits {
  perHour?: number | null;
  perDay?: number | null;
}

/**
 * A messaging channel of a tenant (01 §1, 03 §3 Channel): a WhatsApp number, a Facebook page,
 * an Instagram account, a lead-ads form source, an SMS number or a personal WhatsApp session.
 * Deleting one keeps its history: the row is marked deleted and stops taking webhooks.
 */
export const channels = pgTable(
  'channels',
  {
    tenantId: tenantColumn(),
    id: idColumn(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    /** 'available', 'disconnected' or, for a personal WhatsApp, 'connecting'. */
    status: text('status').notNull().default('available'),
    /** Why it is not available, as the provider said it (shown to project managers). */
    statusReason: text('status_reason'),
    config: jsonb('config').$type<ChannelConfig>().notNull().default({}),
    /** Tokens, app secrets and API keys: AES-256-GCM (apps/server/src/lib/secret-box.ts). */
    secrets: text('secrets'),
    /** The opaque part of the channel's webhook URL; unique over all tenants. */
    webhookKey: text('webhook_key').notNull(),
    roundRobin: jsonb('round_robin')
      .$type<ChannelRoundRobin>()
      .notNull()
      .default({ enabled: false, userIds: [] }),
    /** How many contacts the round robin has handed out: the next one goes to cursor mod n. */
    roundRobinCursor: integer('round_robin_cursor').notNull().default(0),
    limits: jsonb('limits').$type<ChannelLimits>().notNull().default({}),
    /** The user whose personal WhatsApp this is (type personal_whatsapp). */
    ownerId: uuid('owner_id'),
    /** The demo's 'Canal de prueba': its provider is the in-process simulator. */
    sandbox: boolean('sandbox').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    uniqueIndex('channels_webhook_key_idx').on(table.webhookKey),
    index('channels_tenant_type_idx').on(table.tenantId, table.type),
  ],
);

/**
 * Every message a channel carried, in or out, with the provider's id: the unique key that makes
 * a repeated webhook write nothing, the way from a delivery receipt to its timeline item, and
 * what the send limits and reply windows count.
 */
export const channelMessages = pgTable(
  'channel_messages',
  {
    tenantId: tenantColumn(),
    /** The timeline item (interactions.id). */
    interactionId: uuid('interaction_id').notNull(),
    channelId: uuid('channel_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    /** 'in' (from the customer) or 'out' (from the company). */
    direction: text('direction').notNull(),
    /** The provider's message id; an outbound message has it once the provider accepted it. */
    providerMessageId: text('provider_message_id'),
    /** Attempts the outbox job made (outbound). */
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.interactionId] }),
    foreignKey({
      columns: [table.tenantId, table.channelId],
      foreignColumns: [channels.tenantId, channels.id],
      name: 'channel_messages_channel_fk',
    }),
    // A contact's deletion takes its timeline, and with it these rows. DEFERRABLE INITIALLY
    // DEFERRED in the migration (0013): an inbound message claims its provider id first.
    foreignKey({
      columns: [table.tenantId, table.interactionId],
      foreignColumns: [interactions.tenantId, interactions.id],
      name: 'channel_messages_interaction_fk',
    }).onDelete('cascade'),
    uniqueIndex('channel_messages_provider_id_idx')
      .on(table.channelId, table.providerMessageId)
      .where(sql`${table.providerMessageId} is not null`),
    index('channel_messages_channel_direction_idx').on(
      table.tenantId,
      table.channelId,
      table.direction,
      table.createdAt,
    ),
    index('channel_messages_contact_idx').on(table.tenantId, table.contactId, table.createdAt),
  ],
);

/**
 * Templates of a channel (02 §3 Message template; WhatsApp's approved messages): synchronised
 * from the provider or written here. `status` is the provider's (APPROVED, PENDING, REJECTED…).
 */
export const channelTemplates = pgTable(
  'channel_templates',
  {
    tenantId: tenantColumn(),
    id: idColumn(),
    channelId: uuid('channel_id').notNull(),
    name: text('name').notNull(),
    language: text('language').notNull().default('es'),
    category: text('category').notNull().default('UTILITY'),
    status: text('status').notNull().default('PENDING'),
    /** The body text with its {{1}} or {{name}} parameters. */
    body: text('body').notNull().default(''),
    /** The provider's template id, when it came from (or went to) the provider. */
    providerTemplateId: text('provider_template_id'),
    components: jsonb('components').$type<unknown[]>().notNull().default([]),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({
      columns: [table.tenantId, table.channelId],
      foreignColumns: [channels.tenantId, channels.id],
      name: 'channel_templates_channel_fk',
    }).onDelete('cascade'),
    uniqueIndex('channel_templates_channel_name_idx').on(
      table.tenantId,
      table.channelId,
      table.name,
      table.language,
    ),
  ],
);

/**
 * Webhooks acknowledged and not yet taken in. A provider's verified events are stored here in one
 * statement and answered 200 at once; the inbox worker (apps/server/src/modules/channels/
 * webhook-inbox.ts) writes them to the timelines, one transaction per event, and deletes the
 * row. A row being worked on, or whose work failed, waits until `availableAt` (a lease, then a
 * backoff) and is taken again: taking an event in twice changes nothing.
 */
export const webhookInbox = pgTable(
  'webhook_inbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: tenantColumn(),
    channelId: uuid('channel_id').notNull(),
    /** The adapter's parsed events, serialised with superjson (dates kept). */
    events: jsonb('events').notNull(),
    attempts: integer('attempts').notNull().default(0),
    availableAt: timestamp('available_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAtColumn(),
  },
  (table) => [index('webhook_inbox_available_idx').on(table.availableAt, table.id)],
);

export type Channel = typeof channels.$inferSelect;
export type NewChannel = typeof channels.$inferInsert;
export type ChannelMessage = typeof channelMessages.$inferSelect;
export type ChannelTemplate = typeof channelTemplates.$inferSelect;
