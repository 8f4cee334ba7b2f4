import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { groups, trainingCoaches, users } from '@cartera/db/schema';
import { idInTenant } from '../../lib/sql';

/*
 * The SQL of 'Aprender' is cut like its services: this file holds the coach and the audiences'
 * checks; classes and tutorials are training-classes.repository.ts, posts and reactions
 * training-posts.repository.ts, comments training-comments.repository.ts.
 */

export const authorColumns = {
  id: users.id,
  name: users.name,
  lastname: users.lastname,
  photo: users.photo,
};

// ---------------------------------------------------------------------------------------------
// Coach.

export async function findCoach(db: Executor, tenantId: string) {
  const [row] = await db
    .select({ ...authorColumns, meetLink: trainingCoaches.meetLink })
    .from(trainingCoaches)
    .innerJoin(users, idInTenant(users, trainingCoaches.tenantId, trainingCoaches.userId))
    .where(and(eq(trainingCoaches.tenantId, tenantId), eq(users.active, true)));
  return row ?? null;
}

export async function upsertCoach(
  db: Executor,
  tenantId: string,
  values: { userId: string; meetLink: string | null },
) {
  await db
    .insert(trainingCoaches)
    .values({ tenantId, ...values })
    .onConflictDoUpdate({ target: [trainingCoaches.tenantId], set: values });
}

/** Ids among `ids` that are groups of the tenant / active users of the tenant. */
export async function existingGroupIds(db: Executor, tenantId: string, ids: string[]) {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.tenantId, tenantId), inArray(groups.id, ids)));
  return rows.map((row) => row.id);
}

export async function existingUserIds(db: Executor, tenantId: string, ids: string[]) {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, ids)));
  return rows.map((row) => row.id);
}
