import { and, asc, eq, gt, inArray, isNull, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '@cartera/db/client';
import { coachComments, users } from '@cartera/db/schema';
import { coachCommentCondition, type TrainingReader } from '../access/training';
import { authorColumns } from './training.repository';
import { idInTenant } from '../../lib/sql';

/** Comments on the coach's posts: threads one level deep, hidden or shown by moderators. */

const replyToUser = alias(users, 'reply_to_user');

/** The comment rows matching `where`, with their author and whom they answer, oldest first. */
function commentRows(db: Executor, where: SQL | undefined) {
  return db
    .select({
      id: coachComments.id,
      postId: coachComments.postId,
      parentId: coachComments.parentId,
      content: coachComments.content,
      visible: coachComments.visible,
      createdAt: coachComments.createdAt,
      user: authorColumns,
      replyTo: { id: replyToUser.id, name: replyToUser.name, lastname: replyToUser.lastname },
    })
    .from(coachComments)
    .innerJoin(users, idInTenant(users, coachComments.tenantId, coachComments.authorId))
    .leftJoin(replyToUser, idInTenant(replyToUser, coachComments.tenantId, coachComments.replyToId))
    .where(where)
    .orderBy(asc(coachComments.id));
}

/**
 * The first `perGroup` comments of each of some posts (`parentIds` null: their top-level
 * comments) or of each of some comments (their replies), oldest first, after the comment `after`,
 * leaving out `excludeIds` (the ones a page already shows); with how many each post or comment
 * has in all (`totals`, keyed by the post's id or the parent's). Only the shown rows are read
 * whole: the rest are counted by a window over the comments' ids.
 */
export async function findComments(
  db: Executor,
  reader: TrainingReader,
  query: {
    postIds: string[];
    parentIds: string[] | null;
    perGroup: number;
    after?: string | undefined;
    excludeIds?: string[] | undefined;
  },
) {
  const totals = new Map<string, number>();
  if (!query.postIds.length || (query.parentIds && !query.parentIds.length)) {
    return { rows: [], totals };
  }
  const where = and(
    eq(coachComments.tenantId, reader.tenantId),
    inArray(coachComments.postId, query.postIds),
    query.parentIds === null
      ? isNull(coachComments.parentId)
      : inArray(coachComments.parentId, query.parentIds),
    coachCommentCondition(reader),
    query.after ? gt(coachComments.id, query.after) : undefined,
    query.excludeIds?.length ? notInArray(coachComments.id, query.excludeIds) : undefined,
  );
  const group = query.parentIds === null ? coachComments.postId : coachComments.parentId;
  const ranked = db
    .select({
      id: coachComments.id,
      groupId: sql<string>`${group}`.as('group_id'),
      place: sql<number>`row_number() over (partition by ${group} order by ${coachComments.id})`
        .mapWith(Number)
        .as('place'),
      total: sql<number>`count(*) over (partition by ${group})`.mapWith(Number).as('total'),
    })
    .from(coachComments)
    .where(where)
    .as('ranked');
  const shown = await db
    .select({ id: ranked.id, groupId: ranked.groupId, total: ranked.total })
    .from(ranked)
    .where(lte(ranked.place, query.perGroup));
  for (const row of shown) totals.set(row.groupId, row.total);
  if (!shown.length) return { rows: [], totals };
  const rows = await commentRows(
    db,
    and(
      eq(coachComments.tenantId, reader.tenantId),
      inArray(
        coachComments.id,
        shown.map((row) => row.id),
      ),
    ),
  );
  return { rows, totals };
}

/** One comment as a page shows it, when the reader may read it. */
export async function findCommentRow(db: Executor, reader: TrainingReader, id: string) {
  const [row] = await commentRows(
    db,
    and(
      eq(coachComments.tenantId, reader.tenantId),
      eq(coachComments.id, id),
      coachCommentCondition(reader),
    ),
  );
  return row;
}

export type CommentRow = Awaited<ReturnType<typeof commentRows>>[number];

export async function findComment(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(coachComments)
    .where(idInTenant(coachComments, tenantId, id));
  return row ?? null;
}

export async function insertComment(db: Executor, values: typeof coachComments.$inferInsert) {
  const [row] = await db.insert(coachComments).values(values).returning({ id: coachComments.id });
  return row!.id;
}

export async function deleteComment(db: Executor, tenantId: string, id: string) {
  await db.delete(coachComments).where(idInTenant(coachComments, tenantId, id));
}

export async function setCommentVisible(
  db: Executor,
  tenantId: string,
  id: string,
  visible: boolean,
) {
  await db
    .update(coachComments)
    .set({ visible })
    .where(idInTenant(coachComments, tenantId, id));
}
