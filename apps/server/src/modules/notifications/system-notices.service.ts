import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Transaction } from '@cartera/db/client';
import { notifications, users } from '@cartera/db/schema';
import { es } from '@cartera/domain/i18n';
import { newId } from '@cartera/domain/ids';
import { noticePreferencesOf, switchesOf } from '@cartera/domain/notification-preferences';
import type { NotificationSetting, SystemNoticeType } from '@cartera/domain/notifications';
import { appendEvent } from '../../realtime/event-store';

/*
 * The system's own notices (issue #41 item 4; docs/decisions.md 'System notices'): a row of the
 * user's `notifications` (no shipment; `system_key` names the cause, so each cause notifies its
 * user once) shown as a bottom-right notice whose action opens the record, announced live with
 * the shipments' event (`notification.delivered`). Always written in the transaction of what
 * causes it; nothing when the user switched the kind off in 'Ajustes' or is no longer active.
 */

export interface SystemNotice {
  tenantId: string;
  userId: string;
  type: SystemNoticeType;
  /** What caused it (unique per user): 'transfer:{item}', 'reminder:{reminder}'… */
  key: string;
  title: string;
  body: string;
  /** The address in Cartera its action opens (e.g. /contact?id=…). */
  path: string;
  /**
   * Notices of one burst told as one: while the user has one from the same `from` of this kind
   * not yet opened or closed, written in the last MERGE_WINDOW_MS, it becomes the `many` notice
   * of one more (a bulk transfer of 30 contacts is one notice, not 30 to close).
   */
  merge?: {
    from: string;
    many: (count: number) => { title: string; body: string; path: string };
  };
}

/** How long after a notice the next of the same burst joins it. */
export const MERGE_WINDOW_MS = 10 * 60 * 1000;

const texts = es.notifications.system;

/** Fills `{name}` placeholders of a catalogue text. */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** A person's or contact's name as the notices write it. */
export function fullName(first: string, last: string | null | undefined): string {
  return `${first} ${last ?? ''}`.trim();
}

/** At most `max` characters of a text quoted in a notice, cut with an ellipsis. */
export function excerpt(text: string, max = 140): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

function settingOf(notice: SystemNotice, count = 1): NotificationSetting {
  return {
    type: 'right-bottom-notification',
    action: { redirectType: 'path', redirectURL: notice.path },
    system: notice.type,
    ...(notice.merge ? { from: notice.merge.from, count } : {}),
    metadata: {
      title: notice.title,
      subTitle: notice.body,
      multimediaType: 'text',
      thumbnailURL: null,
    },
  };
}

/** The action button's label of a system notice (of several records: their list). */
export function systemActionLabel(setting: NotificationSetting): string {
  const type = setting.system!;
  return (setting.count ?? 1) > 1 ? texts.many.action : texts[type].action;
}

/** The user's notice of this kind and sender the next one joins, locked; none when too old. */
async function burstOf(tx: Transaction, notice: SystemNotice, from: string) {
  const [row] = await tx
    .select({ id: notifications.id, setting: notifications.setting })
    .from(notifications)
    .where(
      and(
        eq(notifications.tenantId, notice.tenantId),
        eq(notifications.userId, notice.userId),
        isNull(notifications.shipmentId),
        isNull(notifications.openedAt),
        isNull(notifications.closedAt),
        sql`${notifications.setting}->>'system' = ${notice.type}`,
        sql`${notifications.setting}->>'from' = ${from}`,
        gt(notifications.createdAt, new Date(Date.now() - MERGE_WINDOW_MS)),
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(1)
    .for('update');
  return row;
}

function announce(tx: Transaction, notice: SystemNotice) {
  return appendEvent(tx, {
    tenantId: notice.tenantId,
    type: 'notification.delivered',
    topic: 'notifications',
    payload: { shipmentId: null, kind: 'right-bottom-notification' },
    audience: { userIds: [notice.userId] },
  });
}

/**
 * Writes a system notice in the caller's transaction and announces it to its user: answers
 * whether it was written (not when the user switched the kind off, is inactive or was already
 * told of this cause).
 */
export async function notifySystem(tx: Transaction, notice: SystemNotice): Promise<boolean> {
  const [receiver] = await tx
    .select({
      roles: users.roles,
      active: users.active,
      preferences: users.notificationPreferences,
    })
    .from(users)
    .where(and(eq(users.tenantId, notice.tenantId), eq(users.id, notice.userId)));
  if (!receiver?.active) return false;
  const preferences = noticePreferencesOf(receiver.roles, receiver.preferences);
  if (!switchesOf(preferences, notice.type).toast) return false;
  if (notice.merge) {
    // One burst at a time per user: two transfers at once join one notice, not two.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`system-notice:${notice.userId}`}, 0))`,
    );
    const burst = await burstOf(tx, notice, notice.merge.from);
    if (burst) {
      const count = (burst.setting.count ?? 1) + 1;
      const many = { ...notice, ...notice.merge.many(count) };
      await tx
        .update(notifications)
        .set({
          title: many.title,
          body: many.body,
          setting: settingOf(many, count),
          viewedAt: null,
          createdAt: new Date(),
        })
        .where(and(eq(notifications.tenantId, notice.tenantId), eq(notifications.id, burst.id)));
      await announce(tx, notice);
      return true;
    }
  }
  const inserted = await tx
    .insert(notifications)
    .values({
      tenantId: notice.tenantId,
      id: newId(),
      userId: notice.userId,
      shipmentId: null,
      systemKey: notice.key,
      kind: 'right-bottom-notification',
      title: notice.title,
      body: notice.body,
      setting: settingOf(notice),
    })
    .onConflictDoNothing({
      target: [notifications.tenantId, notifications.userId, notifications.systemKey],
    })
    .returning({ id: notifications.id });
  if (!inserted.length) return false;
  await announce(tx, notice);
  return true;
}

/** 'Te transfirieron a {contacto}': who transferred it, their note, the conversation. */
export function transferNotice(values: {
  tenantId: string;
  receiverId: string;
  itemId: string;
  contact: { id: string; firstName: string; lastName: string | null };
  by: { id: string; name: string; lastname: string };
  note: string;
}): SystemNotice {
  const user = fullName(values.by.name, values.by.lastname);
  const note = excerpt(values.note);
  return {
    tenantId: values.tenantId,
    userId: values.receiverId,
    type: 'contactTransferred',
    key: `transfer:${values.itemId}`,
    title: fill(texts.contactTransferred.title, {
      contact: fullName(values.contact.firstName, values.contact.lastName),
    }),
    body: note
      ? fill(texts.contactTransferred.bodyWithNote, { user, note })
      : fill(texts.contactTransferred.body, { user }),
    path: `/contact?id=${values.contact.id}`,
    merge: {
      from: values.by.id,
      many: (count) => ({
        title: fill(texts.contactTransferred.manyTitle, { n: String(count) }),
        body: fill(texts.contactTransferred.manyBody, { user, n: String(count) }),
        path: '/contact',
      }),
    },
  };
}

/** 'Venció tu recordatorio de {contacto}': its comment, the conversation. */
export function reminderNotice(values: {
  tenantId: string;
  holderId: string;
  reminderId: string;
  contact: { id: string; firstName: string; lastName: string | null };
  comment: string;
}): SystemNotice {
  const comment = excerpt(values.comment);
  return {
    tenantId: values.tenantId,
    userId: values.holderId,
    type: 'reminderDue',
    key: `reminder:${values.reminderId}`,
    title: fill(texts.reminderDue.title, {
      contact: fullName(values.contact.firstName, values.contact.lastName),
    }),
    body: comment ? fill(texts.reminderDue.bodyWithComment, { comment }) : texts.reminderDue.body,
    path: `/contact?id=${values.contact.id}`,
  };
}

/** 'Nuevo comentario en tu solicitud de {contacto}': who wrote what, the conversation. */
export function requestCommentNotice(values: {
  tenantId: string;
  creatorId: string;
  commentId: string;
  contact: { id: string; firstName: string; lastName: string | null };
  by: { name: string; lastname: string };
  text: string;
}): SystemNotice {
  return {
    tenantId: values.tenantId,
    userId: values.creatorId,
    type: 'requestComment',
    key: `requestComment:${values.commentId}`,
    title: fill(texts.requestComment.title, {
      contact: fullName(values.contact.firstName, values.contact.lastName),
    }),
    body: fill(texts.requestComment.body, {
      user: fullName(values.by.name, values.by.lastname),
      text: excerpt(values.text),
    }),
    path: `/contact?id=${values.contact.id}`,
  };
}
