import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { messageTemplates } from '@cartera/db/schema';
import { likePattern } from '../../lib/sql';

const folded = (column: unknown) =>
  sql`translate(lower(${column}), 'áàäâéèëêíìïîóòöôúùüûñ', 'aaaaeeeeiiiioooouuuun')`;

/** The tenant's shared templates and the user's own, matching a folded term. */
export async function findQuickReplies(
  db: Executor,
  tenantId: string,
  userId: string,
  search: string | undefined,
  limit: number,
) {
  const conditions = [
    eq(messageTemplates.tenantId, tenantId),
    or(isNull(messageTemplates.ownerId), eq(messageTemplates.ownerId, userId))!,
  ];
  if (search) {
    const pattern = likePattern(search);
    conditions.push(
      or(
        sql`${folded(messageTemplates.title)} like ${pattern}`,
        sql`${folded(messageTemplates.name)} like ${pattern}`,
        sql`${folded(messageTemplates.message)} like ${pattern}`,
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
