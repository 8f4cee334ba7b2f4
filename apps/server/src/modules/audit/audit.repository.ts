import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { auditLog, users } from '@cartera/db/schema';

export async function insertAudit(db: Executor, values: typeof auditLog.$inferInsert) {
  await db.insert(auditLog).values(values);
}

/** The tenant's audit entries, newest first, of a group (and what it concerns) or of all. */
export async function findAudit(
  db: Executor,
  tenantId: string,
  options: { groupId?: string | undefined; before?: string | undefined; limit: number },
) {
  const conditions: SQL[] = [eq(auditLog.tenantId, tenantId)];
  if (options.groupId) conditions.push(eq(auditLog.groupId, options.groupId));
  if (options.before) conditions.push(lt(auditLog.id, options.before));
  const actor = sql<string>`(
    select trim(u.name || ' ' || u.lastname) from ${users} u
    where u.id = "audit_log"."actor_user_id" limit 1
  )`;
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      groupId: auditLog.groupId,
      actorUserId: auditLog.actorUserId,
      actorName: actor,
      before: auditLog.before,
      after: auditLog.after,
      ip: auditLog.ip,
      userAgent: auditLog.userAgent,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(options.limit);
}
