import { z } from 'zod';
import type { Executor } from '@cartera/db/client';
import { DomainError } from '@cartera/domain/errors';
import { COMMENTS_PAGE_SIZE, ZCommentContent } from '@cartera/domain/training';
import type { AuthUser } from '../sessions/session.types';
import {
  deleteComment as deleteCommentRow,
  findComment,
  findCommentRow,
  findComments,
  insertComment,
  setCommentVisible,
  type CommentRow,
} from './training-comments.repository';
import { findPostAudience } from './training-posts.repository';
import { visiblePost, type TrainingReader } from '../access/training';
import {
  managerOf,
  readerOf,
  TRAINING_COMMENT_EVENT,
  writeAndAnnounce,
  ZPerson,
} from './training.service';

/** Comments on the coach's posts (03 §3, §4, §6): threads one level deep, moderated. */

export const ZComment = z.object({
  id: z.string(),
  postId: z.string(),
  parentId: z.string().nullable(),
  content: z.string(),
  visible: z.boolean(),
  createdAt: z.date(),
  user: ZPerson,
  replyTo: z.object({ id: z.string(), name: z.string(), lastname: z.string() }).nullable(),
  /** Whether the caller may delete it (its author, the coach, an admin). */
  canDelete: z.boolean(),
});

export type CommentView = z.infer<typeof ZComment>;

export const ZThreadComment = ZComment.extend({
  replies: z.array(ZComment),
  restOfCommentCount: z.number(),
});

export const ZCommentsPage = z.object({
  comments: z.array(ZThreadComment),
  restOfCommentCount: z.number(),
});

export const ZCommentsInput = z.object({
  postId: z.string().uuid(),
  /** A comment's replies instead of the post's comments. */
  parentId: z.string().uuid().optional(),
  /** The next page starts after this comment (the last one shown). */
  after: z.string().uuid().optional(),
  /** Comments the page already shows (posted since it loaded): left out (`idsToDiscriminate`). */
  excludeIds: z.array(z.string().uuid()).max(200).default([]),
  limit: z.number().int().min(1).max(50).default(COMMENTS_PAGE_SIZE),
});

export const ZCreateCommentInput = z.object({
  postId: z.string().uuid(),
  content: ZCommentContent,
  /** The comment this one answers (`parentComment`); a reply to a reply joins its thread. */
  parentId: z.string().uuid().nullable().default(null),
});

export const ZCommentVisibilityInput = z.object({
  id: z.string().uuid(),
  visible: z.boolean(),
});

function commentView(row: CommentRow, reader: TrainingReader): CommentView {
  return {
    id: row.id,
    postId: row.postId,
    parentId: row.parentId,
    content: row.content,
    visible: row.visible,
    createdAt: row.createdAt,
    user: row.user,
    replyTo: row.replyTo,
    canDelete: reader.manages || row.user.id === reader.id,
  };
}

/** Threads of some top-level comments: each with its first replies and how many are left. */
export async function threadsOf(db: Executor, reader: TrainingReader, comments: CommentRow[]) {
  const replies = await findComments(db, reader, {
    postIds: [...new Set(comments.map((comment) => comment.postId))],
    parentIds: comments.map((comment) => comment.id),
    perGroup: COMMENTS_PAGE_SIZE,
  });
  return comments.map((comment) => {
    const own = replies.rows.filter((reply) => reply.parentId === comment.id);
    return {
      ...commentView(comment, reader),
      replies: own.map((reply) => commentView(reply, reader)),
      restOfCommentCount: (replies.totals.get(comment.id) ?? 0) - own.length,
    };
  });
}

/** A page of a post's comments (with their first replies) or of a comment's replies. */
export async function listComments(
  db: Executor,
  user: AuthUser,
  input: z.infer<typeof ZCommentsInput>,
) {
  const reader = await readerOf(db, user);
  await visiblePost(db, reader, input.postId);
  const { rows: page, totals } = await findComments(db, reader, {
    postIds: [input.postId],
    parentIds: input.parentId ? [input.parentId] : null,
    perGroup: input.limit,
    after: input.after,
    excludeIds: input.excludeIds,
  });
  const restOfCommentCount = (totals.get(input.parentId ?? input.postId) ?? 0) - page.length;
  if (input.parentId) {
    return {
      comments: page.map((row) => ({
        ...commentView(row, reader),
        replies: [],
        restOfCommentCount: 0,
      })),
      restOfCommentCount,
    };
  }
  return { comments: await threadsOf(db, reader, page), restOfCommentCount };
}

export async function createComment(
  db: Executor,
  user: AuthUser,
  input: z.infer<typeof ZCreateCommentInput>,
) {
  const content = input.content.trim();
  if (!content) throw new DomainError('COACH_COMMENT_EMPTY');
  const reader = await readerOf(db, user);
  await visiblePost(db, reader, input.postId);
  let parentId: string | null = null;
  let replyToId: string | null = null;
  if (input.parentId) {
    const parent = await findComment(db, user.tenantId, input.parentId);
    if (!parent || parent.postId !== input.postId) {
      throw new DomainError('COACH_COMMENT_PARENT_INVALID');
    }
    // Threads are one level deep: a reply to a reply joins the thread and names whom it answers.
    parentId = parent.parentId ?? parent.id;
    replyToId = parent.authorId;
  }
  const post = await findPostAudience(db, user.tenantId, input.postId);
  const id = await writeAndAnnounce(
    db,
    user,
    TRAINING_COMMENT_EVENT,
    (tx) =>
      insertComment(tx, {
        tenantId: user.tenantId,
        postId: input.postId,
        parentId,
        replyToId,
        authorId: user.id,
        content,
      }),
    (commentId) => (post ? { post, payload: { commentId } } : null),
  );
  const row = await findCommentRow(db, reader, id);
  return { ...commentView(row!, reader), replies: [], restOfCommentCount: 0 };
}

export async function deleteComment(db: Executor, user: AuthUser, id: string) {
  const reader = await readerOf(db, user);
  const comment = await findComment(db, user.tenantId, id);
  if (!comment) throw new DomainError('COACH_COMMENT_NOT_FOUND');
  await visiblePost(db, reader, comment.postId, 'COACH_COMMENT_NOT_FOUND');
  if (!reader.manages && comment.authorId !== user.id) {
    throw new DomainError('COACH_COMMENT_NOT_YOURS');
  }
  const post = await findPostAudience(db, user.tenantId, comment.postId);
  await writeAndAnnounce(
    db,
    user,
    TRAINING_COMMENT_EVENT,
    (tx) => deleteCommentRow(tx, user.tenantId, id),
    () => (post ? { post, payload: { commentId: id } } : null),
  );
  return { id, postId: comment.postId };
}

/** 03 §4, §6: the coach and admins hide or show a comment. */
export async function setCommentVisibility(
  db: Executor,
  user: AuthUser,
  input: z.infer<typeof ZCommentVisibilityInput>,
) {
  await managerOf(db, user);
  const comment = await findComment(db, user.tenantId, input.id);
  if (!comment) throw new DomainError('COACH_COMMENT_NOT_FOUND');
  const post = await findPostAudience(db, user.tenantId, comment.postId);
  await writeAndAnnounce(
    db,
    user,
    TRAINING_COMMENT_EVENT,
    (tx) => setCommentVisible(tx, user.tenantId, input.id, input.visible),
    () => (post ? { post, payload: { commentId: input.id } } : null),
  );
  return { id: input.id, visible: input.visible };
}

// Posts and reactions.
