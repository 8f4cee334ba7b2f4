import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import {
  groups,
  notifications,
  notificationShipments,
  notificationTemplates,
  users,
  type NotificationShipment,
} from '@cartera/db/schema';
import type { NotificationAction } from '@cartera/domain/notifications';
import { anyContains, idInTenant } from '../../lib/sql';

/*
 * The SQL of in-app notifications (issue #41): a user's own notifications (always by tenant and
 * user), the platform admins' shipments and templates (by the admins' company), a shipment's
 * audience over every company's users, and its statistics.
 */

type Audience = Pick<NotificationShipment, 'companyIds' | 'groupIds' | 'roles' | 'userIds'>;

const uuids = (values: readonly string[]) => sql`${sql.param(values)}::uuid[]`;

/**
 * The users a shipment reaches (docs/decisions.md 'Notification shipments'): active, and either
 * named one by one or in one of its companies or groups (with subgroups) and, when it names
 * roles, holding one of them.
 */
export function audienceCondition(audience: Audience): SQL {
  const reached: SQL[] = [];
  if (audience.companyIds.length)
    reached.push(sql`${users.tenantId} = any(${uuids(audience.companyIds)})`);
  if (audience.groupIds.length) {
    const ids = uuids(audience.groupIds);
    // By (tenant, group): the users' index on them answers, whatever the companies' sizes.
    reached.push(sql`(${users.tenantId}, ${users.groupId}) in (select ${groups.tenantId}, ${groups.id}
      from ${groups} where ${groups.id} = any(${ids}) or ${groups.ancestors} && ${ids})`);
  }
  let selected = reached.length ? sql`(${sql.join(reached, sql` or `)})` : sql`false`;
  if (reached.length && audience.roles.length) {
    selected = sql`(${selected} and ${users.roles} && ${sql.param(audience.roles)}::text[])`;
  }
  const named = audience.userIds.length
    ? sql`${users.id} = any(${uuids(audience.userIds)})`
    : sql`false`;
  return sql`(${users.active} and (${selected} or ${named}))`;
}

export async function countAudience(db: Executor, audience: Audience): Promise<number> {
  const [row] = await db.select({ count: count() }).from(users).where(audienceCondition(audience));
  return row?.count ?? 0;
}

/** The next `limit` users of the audience after a (tenant, user) key, in key order. */
export function audienceBatch(
  db: Executor,
  audience: Audience,
  after: { tenantId: string; id: string } | null,
  limit: number,
) {
  const past = after
    ? sql`(${users.tenantId}, ${users.id}) > (${after.tenantId}::uuid, ${after.id}::uuid)`
    : undefined;
  return db
    .select({ tenantId: users.tenantId, id: users.id })
    .from(users)
    .where(and(audienceCondition(audience), past))
    .orderBy(users.tenantId, users.id)
    .limit(limit);
}

/** How many of the ids name root groups (companies), groups and users that exist. */
export async function existingAudience(db: Executor, audience: Audience) {
  const result = await db.execute(sql`select
    (select count(*)::int from ${groups} where ${groups.id} = any(${uuids(audience.companyIds)})
      and ${groups.tenantId} = ${groups.id}) as companies,
    (select count(*)::int from ${groups}
      where ${groups.id} = any(${uuids(audience.groupIds)})) as groups,
    (select count(*)::int from ${users} where ${users.id} = any(${uuids(audience.userIds)})) as users`);
  const [row] = (
    result as unknown as { rows: { companies: number; groups: number; users: number }[] }
  ).rows;
  return row!;
}

// ---------------------------------------------------------------------------------------------
// Shipments and templates (the admins' company)

export function insertShipment(db: Executor, row: typeof notificationShipments.$inferInsert) {
  return db
    .insert(notificationShipments)
    .values(row)
    .returning()
    .then((rows) => rows[0]!);
}

export function updateShipmentRow(
  db: Executor,
  tenantId: string,
  id: string,
  values: Partial<typeof notificationShipments.$inferInsert>,
  /** Only while its status is one of these (else nothing is changed and nothing answered). */
  whileIn?: readonly string[],
) {
  const status = whileIn
    ? sql`${notificationShipments.status} = any(${sql.param(whileIn)}::text[])`
    : undefined;
  return db
    .update(notificationShipments)
    .set(values)
    .where(and(idInTenant(notificationShipments, tenantId, id), status))
    .returning()
    .then((rows) => rows[0]);
}

export function findShipment(db: Executor, tenantId: string, id: string) {
  return db
    .select()
    .from(notificationShipments)
    .where(idInTenant(notificationShipments, tenantId, id))
    .then((rows) => rows[0]);
}

export function findShipmentsPage(db: Executor, tenantId: string, offset: number, limit: number) {
  return db
    .select()
    .from(notificationShipments)
    .where(eq(notificationShipments.tenantId, tenantId))
    .orderBy(desc(notificationShipments.id))
    .offset(offset)
    .limit(limit);
}

export async function countShipments(db: Executor, tenantId: string) {
  const [row] = await db
    .select({ count: count() })
    .from(notificationShipments)
    .where(eq(notificationShipments.tenantId, tenantId));
  return row?.count ?? 0;
}

export function findTemplates(db: Executor, tenantId: string) {
  return db
    .select()
    .from(notificationTemplates)
    .where(eq(notificationTemplates.tenantId, tenantId))
    .orderBy(notificationTemplates.name, notificationTemplates.id);
}

export function insertTemplate(db: Executor, row: typeof notificationTemplates.$inferInsert) {
  return db
    .insert(notificationTemplates)
    .values(row)
    .returning()
    .then((rows) => rows[0]!);
}

export function updateTemplateRow(
  db: Executor,
  tenantId: string,
  id: string,
  values: Partial<typeof notificationTemplates.$inferInsert>,
) {
  return db
    .update(notificationTemplates)
    .set(values)
    .where(idInTenant(notificationTemplates, tenantId, id))
    .returning()
    .then((rows) => rows[0]);
}

export function deleteTemplateRow(db: Executor, tenantId: string, id: string) {
  return db
    .delete(notificationTemplates)
    .where(idInTenant(notificationTemplates, tenantId, id))
    .returning({ id: notificationTemplates.id })
    .then((rows) => rows[0]);
}

/** Users of any company whose name, last name or e-mail contains the term (01 §5), 20 at most. */
/**
 * Active users of any company whose name, last name or e-mail contains `search`; with `ids`,
 * those users whatever their state (the names of the ones an audience already names).
 */
export function findShipmentUsers(
  db: Executor,
  filter: { search?: string | undefined; ids?: readonly string[] | undefined },
  limit: number,
) {
  const { search, ids } = filter;
  return db
    .select({
      id: users.id,
      name: users.name,
      lastname: users.lastname,
      email: users.email,
      roles: users.roles,
      companyId: users.tenantId,
      company: groups.name,
    })
    .from(users)
    .innerJoin(groups, and(eq(groups.tenantId, users.tenantId), eq(groups.id, users.tenantId)))
    .where(
      ids
        ? sql`${users.id} = any(${uuids(ids)})`
        : and(
            eq(users.active, true),
            search ? anyContains(search, [users.name, users.lastname, users.email]) : undefined,
          ),
    )
    .orderBy(users.name, users.lastname, users.id)
    .limit(limit);
}

// ---------------------------------------------------------------------------------------------
// Delivery

export interface NewNotification {
  tenantId: string;
  id: string;
  userId: string;
  shipmentId: string;
  kind: (typeof notifications.$inferInsert)['kind'];
  title: string;
  body: string;
  setting: (typeof notifications.$inferInsert)['setting'];
}

/** Inserts what is not there yet (one per shipment and user); answers what it inserted. */
export function insertNotifications(db: Executor, rows: NewNotification[]) {
  if (!rows.length) return Promise.resolve([]);
  return db
    .insert(notifications)
    .values(rows)
    .onConflictDoNothing({
      target: [notifications.tenantId, notifications.userId, notifications.shipmentId],
    })
    .returning({ tenantId: notifications.tenantId, userId: notifications.userId });
}

export async function countShipmentNotifications(db: Executor, shipmentId: string) {
  const [row] = await db
    .select({ count: count() })
    .from(notifications)
    .where(eq(notifications.shipmentId, shipmentId));
  return row?.count ?? 0;
}

const tally = {
  delivered: sql<number>`count(*)::int`,
  viewed: sql<number>`count(${notifications.viewedAt})::int`,
  opened: sql<number>`count(${notifications.openedAt})::int`,
  closed: sql<number>`count(${notifications.closedAt})::int`,
};

/** A shipment's figures: in all, by company and by role (a user counts for each role held). */
export async function shipmentFigures(db: Executor, shipmentId: string) {
  const ofShipment = eq(notifications.shipmentId, shipmentId);
  const [total] = await db.select(tally).from(notifications).where(ofShipment);
  const byCompany = await db
    .select({ companyId: notifications.tenantId, company: groups.name, ...tally })
    .from(notifications)
    .innerJoin(
      groups,
      and(eq(groups.tenantId, notifications.tenantId), eq(groups.id, notifications.tenantId)),
    )
    .where(ofShipment)
    .groupBy(notifications.tenantId, groups.name)
    .orderBy(groups.name);
  const role = sql<string>`role`;
  const byRole = await db
    .select({ role, ...tally })
    .from(notifications)
    .innerJoin(
      users,
      and(eq(users.tenantId, notifications.tenantId), eq(users.id, notifications.userId)),
    )
    .crossJoin(sql`unnest(${users.roles}) as role`)
    .where(ofShipment)
    .groupBy(role)
    .orderBy(role);
  return { total: total!, byCompany, byRole };
}

// ---------------------------------------------------------------------------------------------
// A user's own notifications

const own = (tenantId: string, userId: string) =>
  and(eq(notifications.tenantId, tenantId), eq(notifications.userId, userId))!;

export function findOwnNotifications(
  db: Executor,
  tenantId: string,
  userId: string,
  options: { offset: number; limit: number; before?: string | undefined },
) {
  return db
    .select()
    .from(notifications)
    .where(
      and(
        own(tenantId, userId),
        options.before ? sql`${notifications.id} < ${options.before}::uuid` : undefined,
      ),
    )
    .orderBy(desc(notifications.id))
    .offset(options.offset)
    .limit(options.limit);
}

export async function countOwnNotifications(
  db: Executor,
  tenantId: string,
  userId: string,
  unviewedOnly: boolean,
) {
  const [row] = await db
    .select({ count: count() })
    .from(notifications)
    .where(and(own(tenantId, userId), unviewedOnly ? isNull(notifications.viewedAt) : undefined));
  return row?.count ?? 0;
}

export function findOwnNotification(db: Executor, tenantId: string, userId: string, id: string) {
  return db
    .select()
    .from(notifications)
    .where(and(own(tenantId, userId), eq(notifications.id, id)))
    .then((rows) => rows[0]);
}

/**
 * Records an action (01 §4) the first time it happens; opening or closing one not yet viewed
 * views it too. Answers the row when it changed it (undefined when it was already recorded, or
 * when the notification is not the user's).
 */
export function trackOwnNotification(
  db: Executor,
  tenantId: string,
  userId: string,
  id: string,
  action: NotificationAction,
) {
  const at = sql`now()`;
  const column = {
    viewed: notifications.viewedAt,
    opened: notifications.openedAt,
    closed: notifications.closedAt,
  }[action];
  const viewedAt = sql`coalesce(${notifications.viewedAt}, ${at})`;
  const values =
    action === 'viewed'
      ? { viewedAt: at }
      : action === 'opened'
        ? { viewedAt, openedAt: at }
        : { viewedAt, closedAt: at };
  return db
    .update(notifications)
    .set(values)
    .where(and(own(tenantId, userId), eq(notifications.id, id), isNull(column)))
    .returning()
    .then((rows) => rows[0]);
}

/** The company of a shipment's admins (whose statistics follow its notifications live). */
export function findShipmentTenant(db: Executor, shipmentId: string) {
  return db
    .select({ tenantId: notificationShipments.tenantId })
    .from(notificationShipments)
    .where(eq(notificationShipments.id, shipmentId))
    .then((rows) => rows[0]?.tenantId);
}
