import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '@cartera/db/client';
import { idInTenant } from './sql';

/*
 * The plain row reads and writes every repository repeats: a row of a tenant's table by id or by
 * a few conditions, changed by id, inserted. Only for tables whose rows are not scoped to a user:
 * a scoped table (contacts, receipts, request sales, goals, training…) is read and written
 * through modules/access, and modules/access/access.test.ts looks for its queries by their
 * `.from(table)`, which a call of these would hide.
 */

/** A tenant's table; a keyed one has the key (tenant_id, id). */
export type TenantTable = PgTable & { tenantId: AnyPgColumn };
export type KeyedTenantTable = TenantTable & { id: AnyPgColumn };

/** The first row of `table` in the tenant that meets every condition, if any. */
export async function firstInTenant<T extends TenantTable>(
  db: Executor,
  table: T,
  tenantId: string,
  ...conditions: (SQL | undefined)[]
): Promise<T['$inferSelect'] | undefined> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.tenantId, tenantId), ...conditions));
  return row as T['$inferSelect'] | undefined;
}

/** The row of `table` with this id in the tenant, if any. */
export function findInTenant<T extends KeyedTenantTable>(
  db: Executor,
  table: T,
  tenantId: string,
  id: string,
): Promise<T['$inferSelect'] | undefined> {
  return firstInTenant(db, table, tenantId, eq(table.id, id));
}

/** Changes the row of `table` with this id in the tenant; the row after, if there was one. */
export async function updateInTenant<T extends KeyedTenantTable>(
  db: Executor,
  table: T,
  tenantId: string,
  id: string,
  values: Partial<T['$inferInsert']>,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = (await db
    .update(table)
    .set(values as never)
    .where(idInTenant(table, tenantId, id))
    .returning()) as T['$inferSelect'][];
  return row;
}

/** Inserts one row; the row stored. */
export async function insertRow<T extends PgTable>(
  db: Executor,
  table: T,
  values: T['$inferInsert'],
): Promise<T['$inferSelect']> {
  const [row] = (await db
    .insert(table)
    .values(values as never)
    .returning()) as T['$inferSelect'][];
  return row!;
}

/**
 * Inserts one row unless the tenant has one with its id (a client retrying an acknowledged
 * create); answers whether it was new.
 */
export async function insertOnce<T extends KeyedTenantTable>(
  db: Executor,
  table: T,
  values: T['$inferInsert'],
): Promise<boolean> {
  const rows = await db
    .insert(table)
    .values(values as never)
    .onConflictDoNothing({ target: [table.tenantId, table.id] })
    .returning({ id: table.id });
  return rows.length > 0;
}
