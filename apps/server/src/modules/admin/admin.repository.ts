import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import {
  channelMessages,
  contacts,
  groups,
  interactions,
  requestSales,
  trainingCoaches,
  users,
  type NewGroup,
  type NewUser,
} from '@cartera/db/schema';
import type { FeatureFlags } from '@cartera/domain/policy';
import { anyContains, idInTenant } from '../../lib/sql';
import { inGroupSubtree } from '../access/reach';

/** A group as the administration shows it. */
export const groupColumns = {
  id: groups.id,
  parentId: groups.parentId,
  ancestors: groups.ancestors,
  name: groups.name,
  displayName: groups.displayName,
  logo: groups.logo,
  country: groups.country,
  active: groups.active,
  accountManager: groups.accountManager,
  featureFlags: groups.featureFlags,
};

/** Every group of the tenant with its number of active users, root first. */
export async function findTenantGroups(db: Executor, tenantId: string) {
  return db
    .select({
      ...groupColumns,
      // Qualified by hand: inside the subquery an unqualified column would be the user's.
      users: sql<number>`(
        select count(*)::int from ${users} u
        where u.tenant_id = "groups"."tenant_id" and u.group_id = "groups"."id" and u.active
      )`,
    })
    .from(groups)
    .where(eq(groups.tenantId, tenantId))
    .orderBy(sql`cardinality(${groups.ancestors})`, asc(groups.name));
}

/** One group of the tenant, locked for the rest of the transaction when `lock`. */
export async function findGroup(db: Executor, tenantId: string, id: string, lock = false) {
  const query = db
    .select(groupColumns)
    .from(groups)
    .where(idInTenant(groups, tenantId, id));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** Whether a sibling under `parentId` already has this name (case-insensitive). */
export async function siblingNameTaken(
  db: Executor,
  tenantId: string,
  parentId: string,
  name: string,
  exceptId?: string,
) {
  const conditions: SQL[] = [
    eq(groups.tenantId, tenantId),
    eq(groups.parentId, parentId),
    sql`lower(${groups.name}) = lower(${name})`,
  ];
  if (exceptId) conditions.push(sql`${groups.id} <> ${exceptId}`);
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(...conditions))
    .limit(1);
  return Boolean(row);
}

export async function insertGroup(db: Executor, values: NewGroup) {
  const [row] = await db.insert(groups).values(values).returning(groupColumns);
  return row!;
}

export async function updateGroup(
  db: Executor,
  tenantId: string,
  id: string,
  values: Partial<Pick<NewGroup, 'name' | 'displayName' | 'country' | 'active'>> & {
    featureFlags?: FeatureFlags;
  },
) {
  const [row] = await db
    .update(groups)
    .set(values as Partial<NewGroup>)
    .where(idInTenant(groups, tenantId, id))
    .returning(groupColumns);
  return row!;
}

/**
 * Moves a group under another: its parent, and the ancestors of it and of every group below it
 * (their path from the group down stays, what is above it is replaced), in one statement.
 */
export async function moveGroup(
  db: Executor,
  tenantId: string,
  id: string,
  newAncestors: string[],
) {
  const ancestors = sql`${sql.param(newAncestors)}::uuid[]`;
  await db.execute(sql`
    update ${groups} set
      parent_id = case when id = ${id} then ${newAncestors[newAncestors.length - 1]!}::uuid
        else parent_id end,
      ancestors = case when id = ${id} then ${ancestors}
        else ${ancestors} || ancestors[array_position(ancestors, ${id}::uuid):]
        end,
      updated_at = now()
    where tenant_id = ${tenantId} and (id = ${id} or ${id}::uuid = any(ancestors))`);
}

/** Same-tenant accounts sharing the user's linked-account key (the user left out). */
const linkedUserIds = sql<string[]>`coalesce((
  select array_agg(o.id::text order by o.email) from ${users} o
  where o.tenant_id = "users"."tenant_id" and o.linked_account_key = "users"."linked_account_key"
    and o.id <> "users"."id"
), '{}'::text[])`;

/** A user as the administration shows and edits it. */
export const adminUserColumns = {
  id: users.id,
  groupId: users.groupId,
  name: users.name,
  lastname: users.lastname,
  email: users.email,
  roles: users.roles,
  userType: users.userType,
  active: users.active,
  jailUrl: users.jailUrl,
  color: users.color,
  phoneWork: users.phoneWork,
  country: users.country,
  forcePasswordChange: users.forcePasswordChange,
  photo: users.photo,
  productType: users.productType,
  linkedAccountsActive: users.linkedAccountsActive,
  linkedAccountKey: users.linkedAccountKey,
  linkedUserIds,
  createdAt: users.createdAt,
};

export async function findAdminUsers(
  db: Executor,
  tenantId: string,
  options: { groupId?: string | undefined; subtree?: boolean; search?: string | undefined },
) {
  const conditions: SQL[] = [eq(users.tenantId, tenantId)];
  if (options.groupId) {
    conditions.push(
      options.subtree
        ? inGroupSubtree(options.groupId, groups)
        : eq(users.groupId, options.groupId),
    );
  }
  if (options.search) {
    const fullName = sql`(${users.name} || ' ' || ${users.lastname})`;
    conditions.push(
      anyContains(options.search, [users.name, users.lastname, users.email, fullName]),
    );
  }
  return db
    .select({ ...adminUserColumns, groupName: groups.name })
    .from(users)
    .innerJoin(groups, idInTenant(groups, users.tenantId, users.groupId))
    .where(and(...conditions))
    .orderBy(desc(users.active), asc(users.name), asc(users.lastname))
    .limit(500);
}

export async function findAdminUser(db: Executor, tenantId: string, id: string, lock = false) {
  const query = db
    .select(adminUserColumns)
    .from(users)
    .where(idInTenant(users, tenantId, id));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** Whether any user of the platform has this e-mail (e-mails are unique platform-wide). */
export async function emailTaken(db: Executor, email: string, exceptId?: string) {
  const conditions: SQL[] = [sql`lower(${users.email}) = lower(${email})`];
  if (exceptId) conditions.push(sql`${users.id} <> ${exceptId}`);
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(...conditions))
    .limit(1);
  return Boolean(row);
}

export async function insertUser(db: Executor, values: NewUser) {
  const [row] = await db.insert(users).values(values).returning(adminUserColumns);
  return row!;
}

export async function updateUser(
  db: Executor,
  tenantId: string,
  id: string,
  values: Partial<NewUser>,
) {
  const [row] = await db
    .update(users)
    .set(values)
    .where(idInTenant(users, tenantId, id))
    .returning(adminUserColumns);
  return row!;
}

/** Whether another tenant's account shares this linked-account key (linked across companies). */
export async function linkedElsewhere(db: Executor, tenantId: string, key: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.linkedAccountKey, key), sql`${users.tenantId} <> ${tenantId}`))
    .limit(1);
  return Boolean(row);
}

/** Sets the linked-account key of some users of the tenant. */
export async function setLinkedKey(
  db: Executor,
  tenantId: string,
  ids: readonly string[],
  key: string | null,
) {
  if (!ids.length) return;
  await db
    .update(users)
    .set({ linkedAccountKey: key })
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, [...ids])));
}

/** The tenant's users holding this linked-account key. */
export async function findKeyHolders(db: Executor, tenantId: string, key: string) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.linkedAccountKey, key)));
}

/** The whole row of a user (to copy it into another company). */
export async function findUserRow(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(idInTenant(users, tenantId, id))
    .for('update');
  return row;
}

/** A group of any company (the target of a move between companies). */
export async function findAnyGroup(db: Executor, id: string) {
  const [row] = await db
    .select({ ...groupColumns, tenantId: groups.tenantId })
    .from(groups)
    .where(eq(groups.id, id))
    .limit(1);
  return row;
}

/** What a user still holds in their company (what a move between companies must wait for). */
export async function countUserHoldings(
  db: Executor,
  tenantId: string,
  userId: string,
  closedRequestTypes: readonly string[],
) {
  const result = await db.execute(sql`select
    (select count(*)::int from ${contacts} c
      where c.tenant_id = ${tenantId} and c.agent_id = ${userId}::uuid) as "contacts",
    (select count(*)::int from ${requestSales} r
      where r.tenant_id = ${tenantId}
        and (r.seller_id = ${userId}::uuid or r.creator_id = ${userId}::uuid)
        and not (r.status_type = any(${sql.param([...closedRequestTypes])}::text[]))) as "requests",
    (select count(*)::int from ${interactions} i
      where i.tenant_id = ${tenantId} and i.agent_id = ${userId}::uuid
        and i.type = 'scheduled-message' and i.status in ('active', 'processing')) as "scheduled",
    (select count(*)::int from ${trainingCoaches} t
      where t.tenant_id = ${tenantId} and t.user_id = ${userId}::uuid) as "coach"`);
  const [row] = (result as unknown as { rows: Array<Record<string, number>> }).rows;
  return {
    contacts: Number(row?.contacts ?? 0),
    requests: Number(row?.requests ?? 0),
    scheduled: Number(row?.scheduled ?? 0),
    coach: Number(row?.coach ?? 0),
  };
}

/**
 * A user's follow-up items (of the given types, not carried by a channel: a message a channel
 * sent twice reached the customer twice) that repeat the previous one of the same contact, type,
 * status and content within `windowSeconds`: what a double submit leaves behind.
 */
export async function findRepeatedItems(
  db: Executor,
  tenantId: string,
  userId: string,
  types: readonly string[],
  windowSeconds: number,
) {
  const result = await db.execute(sql`
    select id, type, content, agent_id as "agentId", created_by_system as "createdBySystem"
    from (
      select i.id, i.type, i.content, i.agent_id, i.created_by_system, i.created_at,
        lag(i.created_at) over (
          partition by i.contact_id, i.type, i.status, i.content
          order by i.created_at, i.id
        ) as previous_at
      from ${interactions} i
      where i.tenant_id = ${tenantId} and i.agent_id = ${userId}::uuid
        and not i.created_by_system
        and i.type = any(${sql.param([...types])}::text[])
        and not exists (
          select 1 from ${channelMessages} m
          where m.tenant_id = i.tenant_id and m.interaction_id = i.id
        )
    ) as items
    where previous_at is not null
      and created_at - previous_at <= make_interval(secs => ${windowSeconds})`);
  return (
    result as unknown as {
      rows: Array<{
        id: string;
        type: string;
        content: Record<string, unknown>;
        agentId: string | null;
        createdBySystem: boolean;
      }>;
    }
  ).rows;
}

export async function deleteItems(db: Executor, tenantId: string, ids: readonly string[]) {
  if (!ids.length) return;
  await db
    .delete(interactions)
    .where(and(eq(interactions.tenantId, tenantId), inArray(interactions.id, [...ids])));
}

/**
 * The figures of a company's overview: users, sellers (active users whose main role is 'user'),
 * contacts and groups.
 */
export async function countCompany(db: Executor, tenantId: string) {
  const result = await db.execute(sql`select
    (select count(*)::int from ${users} u where u.tenant_id = ${tenantId} and u.active) as "activeUsers",
    (select count(*)::int from ${users} u where u.tenant_id = ${tenantId} and not u.active) as "inactiveUsers",
    (select count(*)::int from ${users} u
      where u.tenant_id = ${tenantId} and u.active and u.roles[1] = 'user') as "sellers",
    (select count(*)::int from ${contacts} c
      where c.tenant_id = ${tenantId} and c.parent_contact_id is null) as "contacts",
    (select count(*)::int from ${groups} g where g.tenant_id = ${tenantId}) as "groups"`);
  const [row] = (result as unknown as { rows: Array<Record<string, number>> }).rows;
  return {
    activeUsers: Number(row?.activeUsers ?? 0),
    inactiveUsers: Number(row?.inactiveUsers ?? 0),
    sellers: Number(row?.sellers ?? 0),
    contacts: Number(row?.contacts ?? 0),
    groups: Number(row?.groups ?? 0),
  };
}
