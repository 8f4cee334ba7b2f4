import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantColumn, updatedAtColumn } from './columns';

/** Which contacts a campaign writes to (issue #42 item 2): every condition given must hold. */
export interface CampaignSegment {
  statusTag?: string | undefined;
  origin?: string | undefined;
  agentId?: string | undefined;
  companyId?: string | undefined;
  /** A custom field of the contacts and the value it must hold (as stored, compared as text). */
  customField?: { code: string; value: string } | undefined;
  /** Last interaction: at least this many days ago ('older') or within them ('newer'). */
  lastInteraction?: { days: number; direction: 'older' | 'newer' } | undefined;
}

/** Where each of the template's placeholders takes its value from, in the template's order. */
export type CampaignParameter =
  | { source: 'field'; field: 'firstName' | 'lastName' | 'fullName' | 'email' | 'govId' }
  | { source: 'custom'; code: string }
  | { source: 'text'; value: string };

/**
 * A campaign (issue #42 item 2): an approved WhatsApp template sent through one channel to a
 * segment of the company's contacts, at most `rate_per_second` messages a second to the provider
 * (the throttle is `channel_send_slots`, shared by every server instance), only inside the daily
 * window `window_start`–`window_end` (hours in the company's time zone). `status`: draft,
 * scheduled (waiting for `scheduled_at`), sending, paused, done, canceled.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    tenantId: tenantColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    channelId: uuid('channel_id').notNull(),
    templateName: text('template_name').notNull(),
    templateLanguage: text('template_language').notNull(),
    parameters: jsonb('parameters').$type<CampaignParameter[]>().notNull().default([]),
    segment: jsonb('segment').$type<CampaignSegment>().notNull().default({}),
    status: text('status').notNull().default('draft'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true, mode: 'date' }),
    windowStart: integer('window_start').notNull().default(9),
    windowEnd: integer('window_end').notNull().default(20),
    ratePerSecond: integer('rate_per_second').notNull().default(20),
    /** A word of the company's besides 'BAJA' and 'STOP' that opts a contact out. */
    optOutWord: text('opt_out_word'),
    createdBy: uuid('created_by'),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('campaigns_tenant_created_idx').on(table.tenantId, table.createdAt),
  ],
);

/**
 * One contact of a campaign. `state`: pending (to send), skipped (never sent: `reason` says why:
 * OPTED_OUT, MISSING_VALUES with the placeholders in `detail`, CONTACT_WITHOUT_PHONE_NUMBER),
 * sending (taken by a sender, its message stored, the provider not yet answered), sent (the
 * provider took it: its timeline item is `interaction_id`, whose status then moves with the
 * provider's receipts), failed (`reason` the code), unknown (in flight when a server died: the
 * provider may or may not have it, so it is never sent again; 'desconocido' in the statistics).
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    tenantId: tenantColumn(),
    campaignId: uuid('campaign_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    state: text('state').notNull().default('pending'),
    reason: text('reason'),
    detail: text('detail'),
    phone: text('phone'),
    interactionId: uuid('interaction_id'),
    takenAt: timestamp('taken_at', { withTimezone: true, mode: 'date' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.campaignId, table.contactId] }),
    index('campaign_recipients_state_idx').on(table.tenantId, table.campaignId, table.state),
  ],
);

/**
 * The send throttle of a channel, shared by every server instance: the next moment a message may
 * leave. A sender takes the slot `next_at` and moves it on by 1 / rate seconds in one statement,
 * so slots are spaced evenly whatever the number of senders, and waits until its slot.
 */
export const channelSendSlots = pgTable(
  'channel_send_slots',
  {
    tenantId: tenantColumn(),
    channelId: uuid('channel_id').notNull(),
    nextAt: timestamp('next_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.channelId] })],
);

/**
 * A contact who asked not to get campaigns (answered 'BAJA', 'STOP' or a company's own word):
 * no later campaign writes to them. Found from their messages when a campaign starts.
 */
export const contactOptOuts = pgTable(
  'contact_opt_outs',
  {
    tenantId: tenantColumn(),
    contactId: uuid('contact_id').notNull(),
    word: text('word').notNull(),
    interactionId: uuid('interaction_id'),
    createdAt: createdAtColumn(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.contactId] })],
);
