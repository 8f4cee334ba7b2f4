import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { userActions } from '@cartera/db/schema';

export interface NewUserAction {
  tenantId: string;
  userId: string;
  actorUserId?: string | null;
  type: string;
  metadata?: Record<string, unknown>;
}

export async function insertUserAction(db: Executor, action: NewUserAction): Promise<void> {
  await db.insert(userActions).values(action);
}

/** UUIDv7 ids follow creation time: the id alone is an exact keyset (see contacts). */
export interface ActionCursor {
  id: string;
}

/** One page of a user's actions in [from, to), newest first, continuing after `cursor`. */
export async function findUserActions(
  db: Executor,
  tenantId: string,
  userId: string,
  range: { from: Date; to: Date },
  cursor: ActionCursor | undefined,
  limit: number,
) {
  const filters = [
    eq(userActions.tenantId, tenantId),
    eq(userActions.userId, userId),
    gte(userActions.createdAt, range.from),
    lt(userActions.createdAt, range.to),
  ];
  if (cursor) filters.push(sql`${userActions.id} < ${cursor.id}`);
  return db
    .select({
      id: userActions.id,
      type: userActions.type,
      metadata: userActions.metadata,
      createdAt: userActions.createdAt,
      actorUserId: userActions.actorUserId,
    })
    .from(userActions)
    .where(and(...filters))
    .orderBy(desc(userActions.id))
    .limit(limit);
}
