import { sql } from 'drizzle-orm';
import {
  boolean,
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
import type { Role } from '@cartera/domain/roles';
import type {
  NotificationKind,
  NotificationSetting,
  ShipmentMediaType,
  ShipmentStatus,
} from '@cartera/domain/notifications';
import { createdAtColumn, idColumn, tenantColumn, updatedAtColumn } from './columns';

/*
 * In-app notifications (01 §3 Notification; issue #41). Shipments and templates belong to the
 * company of the platform admins who write them (`tenant_id`, as every row); a shipment reaches
 * users of any company, and each notification it delivers is its user's, a row of the user's
 * company (docs/decisions.md 'Notification shipments').
 */

/** What an admin sends (01 §3 Notification form) and its audience. */
export const notificationShipments = pgTable(
  'notification_shipments',
  {
    tenantId: tenantColumn(),
    id: idColumn(),
    createdBy: uuid('created_by').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    image: text('image'),
    mediaType: text('media_type').$type<ShipmentMediaType>().notNull(),
    redirectUrl: text('redirect_url'),
    popup: boolean('popup').notNull().default(false),
    /** Root groups (companies) whose users it reaches; empty does not narrow. */
    companyIds: uuid('company_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Groups (with their subgroups) whose users it reaches. */
    groupIds: uuid('group_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Narrows the companies' and groups' users to these roles. */
    roles: text('roles')
      .array()
      .$type<Role[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Users named one by one (at most 20, 01 §9), added to the rest. */
    userIds: uuid('user_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    status: text('status').$type<ShipmentStatus>().notNull().default('draft'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true, mode: 'date' }),
    /** When the job started delivering, and when it delivered the last batch. */
    sendingAt: timestamp('sending_at', { withTimezone: true, mode: 'date' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** The notifications delivered (counted when the last batch is in). */
    delivered: integer('delivered').notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.id] })],
);

/** A named content to start a shipment from ('templates' of 01 §7). */
export const notificationTemplates = pgTable(
  'notification_templates',
  {
    tenantId: tenantColumn(),
    id: idColumn(),
    createdBy: uuid('created_by').notNull(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    image: text('image'),
    mediaType: text('media_type').$type<ShipmentMediaType>().notNull(),
    redirectUrl: text('redirect_url'),
    popup: boolean('popup').notNull().default(false),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.id] })],
);

/**
 * One user's notification (01 §3 Notification): a copy of what it shows, and what the user did
 * with it (01 §4: viewed when shown, opened and closed by action). A shipment gives each user at
 * most one (the unique index is what makes a retried delivery exactly once).
 */
export const notifications = pgTable(
  'notifications',
  {
    tenantId: tenantColumn(),
    id: idColumn(),
    userId: uuid('user_id').notNull(),
    /** The shipment it came from (null for a notice of the system itself). */
    shipmentId: uuid('shipment_id'),
    /**
     * A notice of the system itself (issue #41 item 4): what caused it, e.g. 'transfer:{item}'
     * or 'reminder:{reminder}', so each cause notifies its user at most once. Null for a
     * shipment's.
     */
    systemKey: text('system_key'),
    kind: text('kind').$type<NotificationKind>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    setting: jsonb('setting').$type<NotificationSetting>().notNull(),
    /** When it was delivered. */
    createdAt: createdAtColumn(),
    viewedAt: timestamp('viewed_at', { withTimezone: true, mode: 'date' }),
    openedAt: timestamp('opened_at', { withTimezone: true, mode: 'date' }),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    uniqueIndex('notifications_shipment_user_unique').on(
      table.tenantId,
      table.userId,
      table.shipmentId,
    ),
    uniqueIndex('notifications_system_key_unique').on(
      table.tenantId,
      table.userId,
      table.systemKey,
    ),
    index('notifications_user_idx').on(table.tenantId, table.userId, table.id.desc()),
    index('notifications_unviewed_idx')
      .on(table.tenantId, table.userId)
      .where(sql`${table.viewedAt} is null`),
    index('notifications_shipment_idx').on(table.shipmentId, table.tenantId),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;
export type NotificationShipment = typeof notificationShipments.$inferSelect;
export type NotificationTemplate = typeof notificationTemplates.$inferSelect;
