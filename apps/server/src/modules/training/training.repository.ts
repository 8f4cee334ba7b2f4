import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  lte,
  notInArray,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '@cartera/db/client';
import {
  coachComments,
  coachPosts,
  coachReactions,
  groups,
  trainingCoaches,
  trainingItems,
  trainingProgress,
  users,
} from '@cartera/db/schema';
import {
  coachCommentCondition,
  coachPostCondition,
  trainingItemCondition,
  type TrainingReader,
} from '../access/training';
import type { Reaction, TrainingItemType } from '@cartera/domain/training';

const authorColumns = {
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
    .innerJoin(
      users,
      and(eq(users.tenantId, trainingCoaches.tenantId), eq(users.id, trainingCoaches.userId)),
    )
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

/** The company's active groups, the root first and each under its parent (audience pickers). */
export async function companyGroups(db: Executor, tenantId: string) {
  const rows = await db
    .select({ id: groups.id, name: groups.name, ancestors: groups.ancestors })
    .from(groups)
    .where(and(eq(groups.tenantId, tenantId), eq(groups.active, true)));
  const names = new Map(rows.map((row) => [row.id, row.name]));
  return rows
    .map((row) => ({
      id: row.id,
      name: row.name,
      path: [...row.ancestors.map((id) => names.get(id) ?? ''), row.name].join(' / '),
    }))
    .sort((a, b) => a.path.localeCompare(b.path, 'es'));
}

export async function existingUserIds(db: Executor, tenantId: string, ids: string[]) {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, ids)));
  return rows.map((row) => row.id);
}

// ---------------------------------------------------------------------------------------------
// Classes and tutorials.

const itemColumns = {
  id: trainingItems.id,
  type: trainingItems.type,
  title: trainingItems.title,
  description: trainingItems.description,
  date: trainingItems.date,
  duration: trainingItems.duration,
  miniature: trainingItems.miniature,
  linkOfClass: trainingItems.linkOfClass,
  video: trainingItems.video,
  groupIds: trainingItems.groupIds,
  roles: trainingItems.roles,
  position: trainingProgress.position,
  lastInteractionAt: trainingProgress.lastInteractionAt,
};

function itemsFrom(db: Executor, reader: TrainingReader) {
  return db
    .select(itemColumns)
    .from(trainingItems)
    .leftJoin(
      trainingProgress,
      and(
        eq(trainingProgress.tenantId, trainingItems.tenantId),
        eq(trainingProgress.itemId, trainingItems.id),
        eq(trainingProgress.userId, reader.id),
      ),
    );
}

export type TrainingItemRow = Awaited<ReturnType<typeof findItem>>;

export async function findItem(db: Executor, reader: TrainingReader, id: string) {
  const [row] = await itemsFrom(db, reader).where(
    and(
      eq(trainingItems.tenantId, reader.tenantId),
      eq(trainingItems.id, id),
      trainingItemCondition(reader),
    ),
  );
  return row ?? null;
}

/**
 * A page of the classes or tutorials the reader may see, newest date first; with
 * `lastInteraction` only those the reader opened, the most recent first ('Continuar viendo').
 */
export async function findItems(
  db: Executor,
  reader: TrainingReader,
  query: { type: TrainingItemType; lastInteraction: boolean; offset: number; limit: number },
) {
  const where = and(
    eq(trainingItems.tenantId, reader.tenantId),
    eq(trainingItems.type, query.type),
    trainingItemCondition(reader),
    query.lastInteraction ? sql`${trainingProgress.userId} is not null` : undefined,
  );
  const order = query.lastInteraction
    ? [desc(trainingProgress.lastInteractionAt), desc(trainingItems.id)]
    : [desc(trainingItems.date), desc(trainingItems.id)];
  const [rows, [total]] = await Promise.all([
    itemsFrom(db, reader)
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ value: count() })
      .from(trainingItems)
      .leftJoin(
        trainingProgress,
        and(
          eq(trainingProgress.tenantId, trainingItems.tenantId),
          eq(trainingProgress.itemId, trainingItems.id),
          eq(trainingProgress.userId, reader.id),
        ),
      )
      .where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function insertItem(db: Executor, values: typeof trainingItems.$inferInsert) {
  const [row] = await db.insert(trainingItems).values(values).returning({ id: trainingItems.id });
  return row!.id;
}

export async function updateItem(
  db: Executor,
  tenantId: string,
  id: string,
  values: Partial<typeof trainingItems.$inferInsert>,
) {
  const rows = await db
    .update(trainingItems)
    .set(values)
    .where(and(eq(trainingItems.tenantId, tenantId), eq(trainingItems.id, id)))
    .returning({ id: trainingItems.id });
  return rows.length > 0;
}

export async function deleteItem(db: Executor, tenantId: string, id: string) {
  const rows = await db
    .delete(trainingItems)
    .where(and(eq(trainingItems.tenantId, tenantId), eq(trainingItems.id, id)))
    .returning({ id: trainingItems.id });
  return rows.length > 0;
}

export async function upsertProgress(
  db: Executor,
  values: { tenantId: string; userId: string; itemId: string; position: number },
) {
  const now = new Date();
  const [row] = await db
    .insert(trainingProgress)
    .values({ ...values, lastInteractionAt: now })
    .onConflictDoUpdate({
      target: [trainingProgress.tenantId, trainingProgress.userId, trainingProgress.itemId],
      set: { position: values.position, lastInteractionAt: now },
    })
    .returning();
  return row!;
}

// ---------------------------------------------------------------------------------------------
// Posts.

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
      .innerJoin(
        users,
        and(eq(users.tenantId, coachPosts.tenantId), eq(users.id, coachPosts.authorId)),
      )
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
    .where(and(eq(coachPosts.tenantId, tenantId), eq(coachPosts.id, postId)));
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
    .where(and(eq(coachPosts.tenantId, tenantId), eq(coachPosts.id, id)))
    .returning({ id: coachPosts.id });
  return rows.length > 0;
}

export async function deletePost(db: Executor, tenantId: string, id: string) {
  const rows = await db
    .delete(coachPosts)
    .where(and(eq(coachPosts.tenantId, tenantId), eq(coachPosts.id, id)))
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

// ---------------------------------------------------------------------------------------------
// Comments.

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
    .innerJoin(
      users,
      and(eq(users.tenantId, coachComments.tenantId), eq(users.id, coachComments.authorId)),
    )
    .leftJoin(
      replyToUser,
      and(
        eq(replyToUser.tenantId, coachComments.tenantId),
        eq(replyToUser.id, coachComments.replyToId),
      ),
    )
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
    .where(and(eq(coachComments.tenantId, tenantId), eq(coachComments.id, id)));
  return row ?? null;
}

export async function insertComment(db: Executor, values: typeof coachComments.$inferInsert) {
  const [row] = await db.insert(coachComments).values(values).returning({ id: coachComments.id });
  return row!.id;
}

export async function deleteComment(db: Executor, tenantId: string, id: string) {
  await db
    .delete(coachComments)
    .where(and(eq(coachComments.tenantId, tenantId), eq(coachComments.id, id)));
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
    .where(and(eq(coachComments.tenantId, tenantId), eq(coachComments.id, id)));
}
