import { z } from 'zod';
import type { Database, Executor } from '@cartera/db/client';
import type { NotificationRow } from '@cartera/db/schema';
import { DomainError } from '@cartera/domain/errors';
import {
  NOTIFICATION_ACTIONS,
  NOTIFICATION_KINDS,
  NOTIFICATION_LIST_LIMIT,
  NOTIFICATION_PAGE_SIZE,
  notificationActionLabel,
  SYSTEM_NOTICE_TYPES,
} from '@cartera/domain/notifications';
import { systemActionLabel } from './system-notices.service';
import type { AuthUser } from '../sessions/session.types';
import {
  countOwnNotifications,
  findOwnNotification,
  findOwnNotifications,
  findShipmentTenant,
  trackOwnNotification,
} from './notifications.repository';
import { appendEvent } from '../../realtime/event-store';

/*
 * A user's own in-app notifications (01 §2 /all-notifications, /notifications/{id}, the banner
 * and the bottom-right notice; 01 §3 Notification; 01 §4 viewed, opened, closed; issue #41).
 * Every read and write is of the caller's own notifications: another's is NOTIFICATION_NOT_FOUND.
 */

/** 01 §3 Notification: title, body, setting, viewed, createdAt; with what the user did. */
export const ZNotification = z.object({
  id: z.uuid(),
  shipmentId: z.uuid().nullable(),
  title: z.string(),
  body: z.string(),
  setting: z.object({
    type: z.enum(NOTIFICATION_KINDS),
    action: z.object({
      /** 'url': another tab; 'path': an address in Cartera (a system notice's record). */
      redirectType: z.enum(['url', 'path', 'none']),
      redirectURL: z.string().nullable(),
    }),
    /** A notice of the system itself: its kind (issue #41 item 4); absent for a shipment's. */
    system: z.enum(SYSTEM_NOTICE_TYPES).optional(),
    metadata: z.object({
      title: z.string(),
      subTitle: z.string(),
      multimediaType: z.string(),
      thumbnailURL: z.string().nullable(),
    }),
  }),
  /** 01 §2 Notification card: the action button's label for its media type. */
  actionLabel: z.string(),
  viewed: z.boolean(),
  viewedAt: z.date().nullable(),
  openedAt: z.date().nullable(),
  closedAt: z.date().nullable(),
  createdAt: z.date(),
});
export type Notification = z.infer<typeof ZNotification>;

export const ZNotificationListInput = z.object({
  /** 01 §9: 50 unless asked for fewer. */
  limit: z.number().int().min(1).max(NOTIFICATION_LIST_LIMIT).default(NOTIFICATION_LIST_LIMIT),
  /** Only older than this notification (the next part of the list). */
  before: z.uuid().optional(),
});

export const ZNotificationPageInput = z.object({
  page: z.number().int().min(1).max(10_000).default(1),
  /** 01 §9: the notifications page lists 10 at a time. */
  size: z.number().int().min(1).max(NOTIFICATION_LIST_LIMIT).default(NOTIFICATION_PAGE_SIZE),
});

export const ZNotificationPage = z.object({
  items: z.array(ZNotification),
  total: z.number().int(),
  unviewed: z.number().int(),
});

export const ZTrackInput = z.object({ id: z.uuid(), action: z.enum(NOTIFICATION_ACTIONS) });

function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    shipmentId: row.shipmentId,
    title: row.title,
    body: row.body,
    setting: row.setting,
    actionLabel: row.setting.system
      ? systemActionLabel(row.setting)
      : notificationActionLabel(row.setting.metadata.multimediaType),
    viewed: row.viewedAt !== null,
    viewedAt: row.viewedAt,
    openedAt: row.openedAt,
    closedAt: row.closedAt,
    createdAt: row.createdAt,
  };
}

/** The caller's notifications, newest first (the frame's banner and notices read these). */
export async function listNotifications(
  db: Executor,
  user: AuthUser,
  input: z.infer<typeof ZNotificationListInput>,
) {
  const rows = await findOwnNotifications(db, user.tenantId, user.id, {
    offset: 0,
    limit: input.limit,
    before: input.before,
  });
  return rows.map(toNotification);
}

/** A page of /all-notifications, with the totals. */
export async function notificationPage(
  db: Executor,
  user: AuthUser,
  input: z.infer<typeof ZNotificationPageInput>,
) {
  const [rows, total, unviewed] = await Promise.all([
    findOwnNotifications(db, user.tenantId, user.id, {
      offset: (input.page - 1) * input.size,
      limit: input.size,
    }),
    countOwnNotifications(db, user.tenantId, user.id, false),
    countOwnNotifications(db, user.tenantId, user.id, true),
  ]);
  return { items: rows.map(toNotification), total, unviewed };
}

export async function getNotification(db: Executor, user: AuthUser, id: string) {
  const row = await findOwnNotification(db, user.tenantId, user.id, id);
  if (!row) throw new DomainError('NOTIFICATION_NOT_FOUND');
  return toNotification(row);
}

/** The user menu's count: notifications not viewed yet. */
export async function unreadCount(db: Executor, user: AuthUser) {
  return { count: await countOwnNotifications(db, user.tenantId, user.id, true) };
}

/**
 * 01 §4 tracking: viewed when shown, opened and closed by action (each kept the first time).
 * The first time, the shipment's admins are told (`notification.tracked`): their statistics
 * follow it live.
 */
export async function trackNotification(
  db: Database,
  user: AuthUser,
  input: z.infer<typeof ZTrackInput>,
) {
  return db.transaction(async (tx) => {
    const changed = await trackOwnNotification(tx, user.tenantId, user.id, input.id, input.action);
    const row = changed ?? (await findOwnNotification(tx, user.tenantId, user.id, input.id));
    if (!row) throw new DomainError('NOTIFICATION_NOT_FOUND');
    const adminsTenant = changed?.shipmentId && (await findShipmentTenant(tx, changed.shipmentId));
    if (changed?.shipmentId && adminsTenant) {
      await appendEvent(tx, {
        tenantId: adminsTenant,
        type: 'notification.tracked',
        topic: 'notification-shipments',
        payload: { shipmentId: changed.shipmentId, action: input.action },
        audience: { roles: ['admin'] },
      });
    }
    return toNotification(row);
  });
}
