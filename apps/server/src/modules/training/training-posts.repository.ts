import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { coachPosts, coachReactions, users } from '@cartera/db/schema';
import { coachPostCondition, type TrainingReader } from '../access/training';
import type { Reaction } from '@cartera/domain/training';
import { authorColumns } from './training.repository';
import { idInTenant } from '../../lib/sql';

/** The coach's posts and their reactions. */

export async function findPosts(
  db: Executor,
  reader: TrainingReader,
  query: { offset: number; limit: number; id?: string | undefined },
) {
  const where = and(
    eq(coachPosts.tenantId, reader.tenantId),
    coachPostCondition(reader),
    query.id ? eq(coachPosts.id, query.id) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: coachPosts.id,
        title: coachPosts.title,
        content: coachPosts.content,
        media: coachPosts.media,
        groupIds: coachPosts.groupIds,
        roles: coachPosts.roles,
        userIds: coachPosts.userIds,
        createdAt: coachPosts.createdAt,
        updatedAt: coachPosts.updatedAt,
        agent: authorColumns,
      })
      .from(coachPosts)
      .innerJoin(users, idInTenant(users, coachPosts.tenantId, coachPosts.authorId))
      .where(where)
      .orderBy(desc(coachPosts.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ value: count() }).from(coachPosts).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** Who a post reaches (its audience lists), for its live events. */
export async function findPostAudience(db: Executor, tenantId: string, postId: string) {
  const [row] = await db
    .select({
      id: coachPosts.id,
      groupIds: coachPosts.groupIds,
      roles: coachPosts.roles,
      userIds: coachPosts.userIds,
    })
    .from(coachPosts)
    .where(idInTenant(coachPosts, tenantId, postId));
  return row ?? null;
}

export async function insertPost(db: Executor, values: typeof coachPosts.$inferInsert) {
  const [row] = await db.insert(coachPosts).values(values).returning({ id: coachPosts.id });
  return row!.id;
}

export async function updatePost(
  db: Executor,
  tenantId: string,
  id: string,
  values: Partial<typeof coachPosts.$inferInsert>,
) {
  const rows = await db
    .update(coachPosts)
    .set(values)
    .where(idInTenant(coachPosts, tenantId, id))
    .returning({ id: coachPosts.id });
  return rows.length > 0;
}

export async function deletePost(db: Executor, tenantId: string, id: string) {
  const rows = await db
    .delete(coachPosts)
    .where(idInTenant(coachPosts, tenantId, id))
    .returning({ id: coachPosts.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Reactions.

/** Each post's count by reaction, and the reader's own. */
export async function findReactions(db: Executor, reader: TrainingReader, postIds: string[]) {
  if (!postIds.length) return [];
  return db
    .select({
      postId: coachReactions.postId,
      reaction: coachReactions.reaction,
      count: count(),
      mine: sql<boolean>`bool_or(${coachReactions.userId} = ${reader.id}::uuid)`,
    })
    .from(coachReactions)
    .where(
      and(eq(coachReactions.tenantId, reader.tenantId), inArray(coachReactions.postId, postIds)),
    )
    .groupBy(coachReactions.postId, coachReactions.reaction);
}

export async function setReaction(
  db: Executor,
  values: { tenantId: string; postId: string; userId: string; reaction: Reaction | null },
) {
  const { reaction, ...key } = values;
  if (reaction === null) {
    await db
      .delete(coachReactions)
      .where(
        and(
          eq(coachReactions.tenantId, key.tenantId),
          eq(coachReactions.postId, key.postId),
          eq(coachReactions.userId, key.userId),
        ),
      );
    return;
  }
  await db
    .insert(coachReactions)
    .values({ ...key, reaction })
    .onConflictDoUpdate({
      target: [coachReactions.tenantId, coachReactions.postId, coachReactions.userId],
      set: { reaction, createdAt: new Date() },
    });
}

export async function findOwnReaction(db: Executor, reader: TrainingReader, postId: string) {
  const [row] = await db
    .select({ reaction: coachReactions.reaction })
    .from(coachReactions)
    .where(
      and(
        eq(coachReactions.tenantId, reader.tenantId),
        eq(coachReactions.postId, postId),
        eq(coachReactions.userId, reader.id),
      ),
    );
  return row?.reaction ?? null;
}
