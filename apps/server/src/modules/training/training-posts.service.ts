import { z } from 'zod';
import type { Executor } from '@cartera/db/client';
import { DomainError } from '@cartera/domain/errors';
import { ROLES } from '@cartera/domain/roles';
import {
  COACH_POSTS_PAGE_SIZE,
  COMMENTS_PAGE_SIZE,
  REACTIONS,
  ZTrainingMedia,
  type Reaction,
  type ZCoachPostValues,
} from '@cartera/domain/training';
import type { AuthUser } from '../sessions/session.types';
import { findComments } from './training-comments.repository';
import {
  deletePost as deletePostRow,
  findOwnReaction,
  findPostAudience,
  findPosts,
  findReactions,
  insertPost,
  setReaction,
  updatePost as updatePostRow,
} from './training-posts.repository';
import { visiblePost } from '../access/training';
import {
  checkAudience,
  checkedUrl,
  checkMediaSize,
  managerOf,
  readerOf,
  TRAINING_POST_EVENT,
  writeAndAnnounce,
  ZPerson,
  type FileDeps,
} from './training.service';
import { threadsOf, ZThreadComment } from './training-comments.service';

/** The coach's posts and their reactions (03 §2.3, §3, §4). */

export const ZReactionSummary = z.object({
  counts: z.record(z.enum(REACTIONS), z.number()),
  total: z.number(),
  /** 03 §3 `user.reaction`: the caller's own. */
  mine: z.enum(REACTIONS).nullable(),
});

export const ZPost = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  media: z.array(ZTrainingMedia),
  createdAt: z.date(),
  updatedAt: z.date(),
  agent: ZPerson,
  audience: z.object({
    groupIds: z.array(z.string()),
    roles: z.array(z.enum(ROLES)),
    userIds: z.array(z.string()),
  }),
  reactions: ZReactionSummary,
  comments: z.array(ZThreadComment),
  restOfCommentCount: z.number(),
  commentCount: z.number(),
});

export type PostView = z.infer<typeof ZPost>;

export const ZPostsInput = z.object({
  /** 1-based page (03 §9: the post list starts at offset 1). */
  offset: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(50).default(COACH_POSTS_PAGE_SIZE),
});

export const ZPostsPage = z.object({
  posts: z.array(ZPost),
  countDocuments: z.number(),
  pages: z.number(),
});

export const ZReactInput = z.object({
  postId: z.string().uuid(),
  /** The caller's reaction from now on; null removes it (choosing the current one, 03 §4). */
  reaction: z.enum(REACTIONS).nullable(),
});

async function checkedPostMedia(
  deps: FileDeps,
  user: AuthUser,
  media: z.infer<typeof ZCoachPostValues>['media'],
) {
  const checked = [];
  for (const file of media) checked.push({ ...file, url: await checkedUrl(deps, user, file.url) });
  return checked;
}

function summaryOf(rows: Awaited<ReturnType<typeof findReactions>>, postId: string) {
  const counts = Object.fromEntries(REACTIONS.map((reaction) => [reaction, 0])) as Record<
    Reaction,
    number
  >;
  let mine: Reaction | null = null;
  for (const row of rows) {
    if (row.postId !== postId) continue;
    counts[row.reaction] = row.count;
    if (row.mine) mine = row.reaction;
  }
  return { counts, total: Object.values(counts).reduce((sum, value) => sum + value, 0), mine };
}

export async function listPosts(
  db: Executor,
  user: AuthUser,
  input: z.infer<typeof ZPostsInput> & { id?: string },
) {
  const reader = await readerOf(db, user);
  const { rows, total } = await findPosts(db, reader, {
    offset: (input.offset - 1) * input.limit,
    limit: input.limit,
    id: input.id,
  });
  const postIds = rows.map((row) => row.id);
  const [reactions, comments] = await Promise.all([
    findReactions(db, reader, postIds),
    findComments(db, reader, { postIds, parentIds: null, perGroup: COMMENTS_PAGE_SIZE }),
  ]);
  const threads = await threadsOf(db, reader, comments.rows);
  const posts: PostView[] = rows.map((row) => {
    const commentCount = comments.totals.get(row.id) ?? 0;
    const own = threads.filter((thread) => thread.postId === row.id);
    return {
      id: row.id,
      title: row.title,
      content: row.content,
      media: row.media,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      agent: row.agent,
      audience: { groupIds: row.groupIds, roles: row.roles, userIds: row.userIds },
      reactions: summaryOf(reactions, row.id),
      comments: own,
      restOfCommentCount: commentCount - own.length,
      commentCount,
    };
  });
  return { posts, countDocuments: total, pages: Math.ceil(total / input.limit) };
}

export async function getPost(db: Executor, user: AuthUser, id: string) {
  const { posts } = await listPosts(db, user, { offset: 1, limit: 1, id });
  if (!posts[0]) throw new DomainError('COACH_POST_NOT_FOUND');
  return posts[0];
}

export async function createPost(
  deps: FileDeps,
  user: AuthUser,
  given: z.infer<typeof ZCoachPostValues>,
) {
  const { db } = deps;
  await managerOf(db, user);
  checkMediaSize(given.media);
  const input = { ...given, media: await checkedPostMedia(deps, user, given.media) };
  const audience = await checkAudience(db, user.tenantId, input.audience);
  const values = {
    groupIds: audience.groupIds,
    roles: input.audience.roles,
    userIds: audience.userIds,
  };
  const id = await writeAndAnnounce(
    db,
    user,
    TRAINING_POST_EVENT,
    (tx) =>
      insertPost(tx, {
        tenantId: user.tenantId,
        authorId: user.id,
        title: input.title,
        content: input.content,
        media: input.media,
        ...values,
      }),
    (postId) => ({ post: { id: postId, ...values } }),
  );
  return getPost(db, user, id);
}

export async function updatePost(
  deps: FileDeps,
  user: AuthUser,
  change: { id: string; data: z.infer<typeof ZCoachPostValues> },
) {
  const { db } = deps;
  await managerOf(db, user);
  checkMediaSize(change.data.media);
  const input = {
    id: change.id,
    data: { ...change.data, media: await checkedPostMedia(deps, user, change.data.media) },
  };
  const audience = await checkAudience(db, user.tenantId, input.data.audience);
  const before = await findPostAudience(db, user.tenantId, input.id);
  if (!before) throw new DomainError('COACH_POST_NOT_FOUND');
  const values = {
    groupIds: audience.groupIds,
    roles: input.data.audience.roles,
    userIds: audience.userIds,
  };
  // Who saw it before and who sees it now both hear of the change: announced to everyone when
  // the audience changed (ids only), else to the post's audience.
  const sameAudience =
    JSON.stringify([before.groupIds, before.roles, before.userIds]) ===
    JSON.stringify([values.groupIds, values.roles, values.userIds]);
  await writeAndAnnounce(
    db,
    user,
    TRAINING_POST_EVENT,
    (tx) =>
      updatePostRow(tx, user.tenantId, input.id, {
        title: input.data.title,
        content: input.data.content,
        media: input.data.media,
        ...values,
      }),
    () => ({
      post: sameAudience
        ? { id: input.id, ...values }
        : { id: input.id, groupIds: [], roles: [], userIds: [] },
    }),
  );
  return getPost(db, user, input.id);
}

export async function deletePost(db: Executor, user: AuthUser, id: string) {
  await managerOf(db, user);
  const post = await findPostAudience(db, user.tenantId, id);
  if (!post) throw new DomainError('COACH_POST_NOT_FOUND');
  await writeAndAnnounce(
    db,
    user,
    TRAINING_POST_EVENT,
    (tx) => deletePostRow(tx, user.tenantId, id),
    (deleted) => (deleted ? { post } : null),
  );
  return { id };
}

/** Sets (or with null removes) the caller's reaction to a post; answers the post's reactions. */
export async function react(db: Executor, user: AuthUser, input: z.infer<typeof ZReactInput>) {
  const reader = await readerOf(db, user);
  await visiblePost(db, reader, input.postId);
  await setReaction(db, {
    tenantId: user.tenantId,
    postId: input.postId,
    userId: user.id,
    reaction: input.reaction,
  });
  return summaryOf(await findReactions(db, reader, [input.postId]), input.postId);
}

/** The legacy toggle (`reactionType`): the current reaction again removes it. */
export async function toggleReaction(
  db: Executor,
  user: AuthUser,
  input: { postId: string; reaction: Reaction },
) {
  const reader = await readerOf(db, user);
  const current = await findOwnReaction(db, reader, input.postId);
  return react(db, user, {
    postId: input.postId,
    reaction: current === input.reaction ? null : input.reaction,
  });
}
