import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { auditLog, contacts, groups, interactions, userActions, users } from '@cartera/db/schema';
import { HISTORY_INTERACTION_TYPES } from '@cartera/domain/actions-history';

/*
 * The three sources of 'Historial de acciones', each read newest first by id (UUIDv7 ids follow
 * creation time, so the id alone is an exact keyset across the three) through an index of its
 * own (migration 0044): the whole company's, or one user's at a time through a lateral join
 * per user, so a team's page is one index probe per member rather than a sort of all their rows.
 */

/** Whose actions: the company's (`all`), or these users' (an empty list reaches nobody). */
export type HistoryActors = { kind: 'all' } | { kind: 'users'; ids: readonly string[] };

export interface HistoryWindow {
  /** Only ids below this one (the page's cursor, or the period's end). */
  before: string | undefined;
  /** Only ids from this one on (the period's start). */
  from: string | undefined;
  limit: number;
}

export interface TimelineActionRow {
  source: 'timeline';
  id: string;
  createdAt: Date;
  actorId: string | null;
  type: string;
  content: Record<string, unknown>;
  contactId: string;
}

export interface SessionActionRow {
  source: 'session';
  id: string;
  createdAt: Date;
  actorId: string;
  /** Someone else using the user's account (an admin's switch). */
  onBehalfBy: string | null;
  type: string;
  metadata: Record<string, unknown>;
}

export interface AdministrationActionRow {
  source: 'administration';
  id: string;
  createdAt: Date;
  actorId: string;
  action: string;
  targetType: string;
  targetId: string;
}

export type HistoryRow = TimelineActionRow | SessionActionRow | AdministrationActionRow;

/**
 * The partial indexes' condition, as constants: the planner proves an index's predicate from the
 * query's own text, which a bound parameter would hide.
 */
const ACTION_TYPES_SQL = sql.raw(
  HISTORY_INTERACTION_TYPES.map((type) => `'${type.replaceAll("'", "''")}'`).join(', '),
);

/** The window's bounds on the row's id. */
function idRange(window: HistoryWindow): SQL[] {
  const conditions: SQL[] = [];
  if (window.before) conditions.push(sql`id < ${window.before}::uuid`);
  if (window.from) conditions.push(sql`id >= ${window.from}::uuid`);
  return conditions;
}

/**
 * The newest `limit` rows of one source: of the whole company, or read for each key in turn
 * (each user of `actors`, or each item type) and merged.
 */
async function newestRows<Row>(
  db: Executor,
  keys: { values: readonly string[]; type: 'uuid' | 'text' } | undefined,
  limit: number,
  query: (key: SQL | undefined) => SQL,
): Promise<Row[]> {
  if (keys && keys.values.length === 0) return [];
  const statement = !keys
    ? sql`${query(undefined)} order by id desc limit ${limit}`
    : sql`select page.* from unnest(${sql.param([...keys.values])}::${sql.raw(keys.type)}[]) as key(value)
          cross join lateral (${query(sql`key.value`)} order by id desc limit ${limit}) page
          order by page.id desc limit ${limit}`;
  const result = await db.execute(statement);
  return (result as unknown as { rows: Row[] }).rows;
}

/** Each user of `actors` in turn, or none for the company's. */
const actorKeys = (actors: HistoryActors) =>
  actors.kind === 'all' ? undefined : { values: actors.ids, type: 'uuid' as const };

/** What users did on contacts' timelines, of `types` (null: every action type). */
export async function findTimelineActions(
  db: Executor,
  tenantId: string,
  actors: HistoryActors,
  types: readonly string[] | null,
  window: HistoryWindow,
): Promise<TimelineActionRow[]> {
  // A kind for the whole company is read type by type (its index leads with the type); a user's
  // actions of a kind are the user's, filtered.
  const byType = actors.kind === 'all' && types !== null;
  const rows = await newestRows<Omit<TimelineActionRow, 'source'>>(
    db,
    byType ? { values: types, type: 'text' } : actorKeys(actors),
    window.limit,
    (key) => {
      const conditions = [
        sql`tenant_id = ${tenantId}::uuid`,
        sql`agent_id is not null`,
        sql`type in (${ACTION_TYPES_SQL})`,
        ...idRange(window),
      ];
      if (key) conditions.push(byType ? sql`type = ${key}` : sql`agent_id = ${key}`);
      if (types && !byType) {
        conditions.push(
          sql`type in (${sql.join(
            types.map((type) => sql`${type}`),
            sql`, `,
          )})`,
        );
      }
      return sql`select id, created_at as "createdAt", agent_id as "actorId", type, content,
        contact_id as "contactId" from ${interactions} where ${sql.join(conditions, sql` and `)}`;
    },
  );
  return rows.map((row) => ({ ...row, source: 'timeline', createdAt: new Date(row.createdAt) }));
}

/** Users' sessions: sign-ins, sign-outs, password changes, account switches. */
export async function findSessionActions(
  db: Executor,
  tenantId: string,
  actors: HistoryActors,
  window: HistoryWindow,
): Promise<SessionActionRow[]> {
  const rows = await newestRows<Omit<SessionActionRow, 'source'>>(
    db,
    actorKeys(actors),
    window.limit,
    (key) => {
      const conditions = [sql`tenant_id = ${tenantId}::uuid`, ...idRange(window)];
      if (key) conditions.push(sql`user_id = ${key}`);
      return sql`select id, created_at as "createdAt", user_id as "actorId",
        case when actor_user_id is distinct from user_id then actor_user_id end as "onBehalfBy",
        type, metadata from ${userActions} where ${sql.join(conditions, sql` and `)}`;
    },
  );
  return rows.map((row) => ({ ...row, source: 'session', createdAt: new Date(row.createdAt) }));
}

/** The company's administrative changes, by who made them. */
export async function findAdministrationActions(
  db: Executor,
  tenantId: string,
  actors: HistoryActors,
  window: HistoryWindow,
): Promise<AdministrationActionRow[]> {
  const rows = await newestRows<Omit<AdministrationActionRow, 'source'>>(
    db,
    actorKeys(actors),
    window.limit,
    (key) => {
      const conditions = [sql`tenant_id = ${tenantId}::uuid`, ...idRange(window)];
      if (key) conditions.push(sql`actor_user_id = ${key}`);
      return sql`select id, created_at as "createdAt", actor_user_id as "actorId", action,
        target_type as "targetType", target_id as "targetId" from ${auditLog}
        where ${sql.join(conditions, sql` and `)}`;
    },
  );
  return rows.map((row) => ({
    ...row,
    source: 'administration',
    createdAt: new Date(row.createdAt),
  }));
}

/**
 * How many rows the three sources hold for these actors, item types (null: every action type;
 * an empty list: none of the timeline) and period, and whether sessions and administrative
 * changes count: the workbook's X-Total-Count.
 */
export async function countHistoryRows(
  db: Executor,
  tenantId: string,
  actors: HistoryActors,
  sources: { types: readonly string[] | null; sessions: boolean; administration: boolean },
  window: Omit<HistoryWindow, 'limit'>,
): Promise<number> {
  if (actors.kind === 'users' && actors.ids.length === 0) return 0;
  const range = idRange({ ...window, limit: 0 });
  const by = (column: SQL) =>
    actors.kind === 'all' ? [] : [sql`${column} = any(${sql.param([...actors.ids])}::uuid[])`];
  const parts: SQL[] = [];
  if (sources.types === null || sources.types.length > 0) {
    const conditions = [
      sql`tenant_id = ${tenantId}::uuid`,
      sql`agent_id is not null`,
      sql`type in (${ACTION_TYPES_SQL})`,
      ...range,
      ...by(sql`agent_id`),
    ];
    if (sources.types) {
      conditions.push(
        sql`type in (${sql.join(
          sources.types.map((type) => sql`${type}`),
          sql`, `,
        )})`,
      );
    }
    parts.push(
      sql`(select count(*) from ${interactions} where ${sql.join(conditions, sql` and `)})`,
    );
  }
  if (sources.sessions) {
    const conditions = [sql`tenant_id = ${tenantId}::uuid`, ...range, ...by(sql`user_id`)];
    parts.push(
      sql`(select count(*) from ${userActions} where ${sql.join(conditions, sql` and `)})`,
    );
  }
  if (sources.administration) {
    const conditions = [sql`tenant_id = ${tenantId}::uuid`, ...range, ...by(sql`actor_user_id`)];
    parts.push(sql`(select count(*) from ${auditLog} where ${sql.join(conditions, sql` and `)})`);
  }
  if (parts.length === 0) return 0;
  const result = await db.execute(sql`select (${sql.join(parts, sql` + `)})::int as total`);
  return Number((result as unknown as { rows: Array<{ total: number }> }).rows[0]?.total ?? 0);
}

/** The names of the company's users among `ids` (deactivated ones too). */
export async function findUserNames(db: Executor, tenantId: string, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: users.id, name: users.name, lastname: users.lastname })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, [...ids])));
  return new Map(rows.map((row) => [row.id, `${row.name} ${row.lastname}`.trim()]));
}

/** The names of the company's groups among `ids`. */
export async function findGroupNames(db: Executor, tenantId: string, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(and(eq(groups.tenantId, tenantId), inArray(groups.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The names of contacts the caller may see (ids from `visibleContactIds`). */
export async function findContactNames(
  db: Executor,
  tenantId: string,
  visibleIds: readonly string[],
) {
  if (visibleIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ id: contacts.id, name: contacts.firstName, lastname: contacts.lastName })
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), inArray(contacts.id, [...visibleIds])));
  return new Map(rows.map((row) => [row.id, `${row.name} ${row.lastname}`.trim()]));
}
