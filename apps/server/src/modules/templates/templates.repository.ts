import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { messageTemplates } from '@cartera/db/schema';
import { likePattern, idInTenant } from '../../lib/sql';
import { findInTenant, insertRow, updateInTenant } from '../../lib/rows';

const folded = (column: unknown) =>
  sql`translate(lower(${column}), 'áàäâéèëêíìïîóòöôúùüûñ', 'aaaaeeeeiiiioooouuuun')`;

/** The tenant's shared templates and the user's own, matching a folded term. */
export async function findQuickReplies(
  db: Executor,
  tenantId: string,
  userId: string,
  search: string | undefined,
  limit: number,
  /** E-mail templates only, or everything but them. */
  email: boolean,
) {
  const conditions = [
    eq(messageTemplates.tenantId, tenantId),
    or(isNull(messageTemplates.ownerId), eq(messageTemplates.ownerId, userId))!,
    email ? eq(messageTemplates.type, 'email') : ne(messageTemplates.type, 'email'),
  ];
  if (search) {
    const pattern = likePattern(search);
    conditions.push(
      or(
        sql`${folded(messageTemplates.title)} like ${pattern}`,
        sql`${folded(messageTemplates.name)} like ${pattern}`,
        sql`${folded(messageTemplates.message)} like ${pattern}`,
        sql`${folded(messageTemplates.subject)} like ${pattern}`,
      )!,
    );
  }
  return db
    .select()
    .from(messageTemplates)
    .where(and(...conditions))
    .orderBy(asc(messageTemplates.title), asc(messageTemplates.name), asc(messageTemplates.id))
    .limit(limit);
}

/** The tenant's company templates (no owner), or one user's personal ones, by title. */
export function findTemplatesOf(db: Executor, tenantId: string, ownerId: string | null) {
  return db
    .select()
    .from(messageTemplates)
    .where(
      and(
        eq(messageTemplates.tenantId, tenantId),
        ownerId ? eq(messageTemplates.ownerId, ownerId) : isNull(messageTemplates.ownerId),
      ),
    )
    .orderBy(asc(messageTemplates.title), asc(messageTemplates.name), asc(messageTemplates.id));
}

export async function findTemplateRow(db: Executor, tenantId: string, id: string) {
  return findInTenant(db, messageTemplates, tenantId, id);
}

export async function insertTemplateRow(
  db: Executor,
  values: typeof messageTemplates.$inferInsert,
) {
  return insertRow(db, messageTemplates, values);
}

export async function updateTemplateRow(
  db: Executor,
  tenantId: string,
  id: string,
  values: Partial<typeof messageTemplates.$inferInsert>,
) {
  return updateInTenant(db, messageTemplates, tenantId, id, values);
}

export async function deleteTemplateById(db: Executor, tenantId: string, id: string) {
  await db.delete(messageTemplates).where(idInTenant(messageTemplates, tenantId, id));
}
