import { z } from 'zod';
import type { Executor } from '@cartera/db/client';
import { DomainError } from '@cartera/domain/errors';
import { can, coaches } from '@cartera/domain/policy';
import { MAX_UPLOAD_BYTES } from '@cartera/domain/files';
import { ROLES } from '@cartera/domain/roles';
import {
  COACH_POSTS_PAGE_SIZE,
  COMMENTS_PAGE_SIZE,
  REACTIONS,
  TRAINING_ITEM_TYPES,
  TRAINING_PAGE_SIZE,
  ZCommentContent,
  ZTrainingMedia,
  type Reaction,
  type ZCoachPostValues,
  type ZTrainingItemValues,
} from '@cartera/domain/training';
import type { EventAudience } from '@cartera/db/schema';
import { appendEvent } from '../../realtime/event-store';
import type { AppDeps } from '../../deps';
import { checkFileForRecord } from '../files/file-access.service';
import type { AuthUser } from '../sessions/session.types';
import {
  deleteComment as deleteCommentRow,
  deleteItem as deleteItemRow,
  deletePost as deletePostRow,
  companyGroups,
  existingGroupIds,
  existingUserIds,
  findCoach,
  findComment,
  findCommentRow,
  findComments,
  findItem,
  findItems,
  findOwnReaction,
  findPostAudience,
  findPosts,
  findReactions,
  insertComment,
  insertItem,
  insertPost,
  setCommentVisible,
  setReaction,
  updateItem as updateItemRow,
  updatePost as updatePostRow,
  upsertCoach,
  upsertProgress,
  type CommentRow,
} from './training.repository';
import { trainingReader, visiblePost, type TrainingReader } from '../access/training';

/*
 * The training area 'Aprender' (01 §2, §7 Coach; 03 §2.3, §3, §4; issue #18). Every signed-in
 * user of a company with the training flag reads the classes, tutorials and posts that reach
 * them (audiences of groups, roles and users); the company's coach and admins publish, see
 * everything and moderate comments (03 §6). Nothing here reads another tenant's rows: every
 * query is led by the caller's tenant.
 */

// ---------------------------------------------------------------------------------------------
// Schemas.

const ZPerson = z.object({
  id: z.string(),
  name: z.string(),
  lastname: z.string(),
  photo: z.string().nullable(),
});

export const ZCoachInfo = z.object({
  /** The company's coach ('Entrenador'), null when it has none. */
  coach: ZPerson.extend({ meetLink: z.string().nullable() }).nullable(),
  /** Whether the caller publishes and moderates (the coach or an admin). */
  canManage: z.boolean(),
});

export const ZTrainingItem = z.object({
  id: z.string(),
  type: z.enum(TRAINING_ITEM_TYPES),
  title: z.string(),
  description: z.string(),
  date: z.date(),
  duration: z.number(),
  miniature: z.string().nullable(),
  linkOfClass: z.string(),
  video: ZTrainingMedia.nullable(),
  audience: z.object({ groupIds: z.array(z.string()), roles: z.array(z.enum(ROLES)) }),
  /** Where the caller left it (seconds) and when; null when never opened. */
  progress: z.object({ position: z.number(), lastInteractionAt: z.date() }).nullable(),
});
export type TrainingItemView = z.infer<typeof ZTrainingItem>;

export const ZItemsInput = z.object({
  type: z.enum(TRAINING_ITEM_TYPES),
  /** 1-based (01 §7: page and size). */
  page: z.number().int().min(1).default(1),
  size: z.number().int().min(1).max(50).default(TRAINING_PAGE_SIZE),
  /** Only what the caller opened, the most recent first ('Continuar viendo'). */
  lastInteraction: z.boolean().default(false),
});

export const ZItemsPage = z.object({
  instances: z.array(ZTrainingItem),
  countDocuments: z.number(),
});

export const ZProgressInput = z.object({
  id: z.string().uuid(),
  /** Seconds into the video. */
  position: z
    .number()
    .min(0)
    .max(24 * 3600),
});

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

export const ZReactInput = z.object({
  postId: z.string().uuid(),
  /** The caller's reaction from now on; null removes it (choosing the current one, 03 §4). */
  reaction: z.enum(REACTIONS).nullable(),
});

export const ZCommentVisibilityInput = z.object({
  id: z.string().uuid(),
  visible: z.boolean(),
});

export const ZSetCoachInput = z.object({
  userId: z.string().uuid(),
  meetLink: z
    .string()
    .trim()
    .max(2000)
    .regex(/^https?:\/\//i)
    .nullable()
    .default(null),
});

// ---------------------------------------------------------------------------------------------
// Live events: a post's changes and its comments reach open training pages (topic 'training').

export const TRAINING_TOPIC = 'training';
export const TRAINING_POST_EVENT = 'training.post';
export const TRAINING_COMMENT_EVENT = 'training.comment';

interface PostAudience {
  id: string;
  groupIds: string[];
  roles: string[];
  userIds: string[];
}

/**
 * Who receives a post's events: the receivers' rules are alternatives (any admits), a post's
 * lists all apply, so the narrowest list stands for the post (the page reads it again with the
 * exact rule) and the coach and admins are added. The payload holds ids only.
 */
function eventAudienceOf(post: PostAudience, coachId: string | undefined): EventAudience {
  const managers = { userIds: coachId ? [coachId] : [], roles: ['admin'] };
  if (post.userIds.length) return { ...managers, userIds: [...post.userIds, ...managers.userIds] };
  if (post.roles.length) return { ...managers, roles: [...post.roles, 'admin'] };
  if (post.groupIds.length) return { ...managers, groupIds: post.groupIds };
  return {};
}

/**
 * Runs a write and announces it in the same transaction (a rolled-back write announces nothing):
 * `describe` says, from the write's result, which post it touched and the event's payload.
 */
async function writeAndAnnounce<T>(
  db: Executor,
  user: AuthUser,
  type: string,
  write: (tx: Executor) => Promise<T>,
  describe: (result: T) => { post: PostAudience; payload?: Record<string, unknown> } | null,
): Promise<T> {
  const coach = await findCoach(db, user.tenantId);
  return db.transaction(async (tx) => {
    const result = await write(tx);
    const described = describe(result);
    if (described) {
      await appendEvent(tx, {
        tenantId: user.tenantId,
        type,
        topic: TRAINING_TOPIC,
        payload: { postId: described.post.id, ...described.payload },
        audience: eventAudienceOf(described.post, coach?.id),
        actorUserId: user.id,
      });
    }
    return result;
  });
}

// ---------------------------------------------------------------------------------------------
// Who reads and who manages.

async function readerOf(db: Executor, user: AuthUser): Promise<TrainingReader> {
  const coach = await findCoach(db, user.tenantId);
  return trainingReader(user, coaches(user, coach?.id));
}

async function managerOf(db: Executor, user: AuthUser) {
  const reader = await readerOf(db, user);
  if (!reader.manages) throw new DomainError('TRAINING_COACH_ONLY');
  return reader;
}

export async function coachInfo(db: Executor, user: AuthUser): Promise<z.infer<typeof ZCoachInfo>> {
  const coach = await findCoach(db, user.tenantId);
  return {
    coach,
    canManage: coaches(user, coach?.id),
  };
}

/** Names the company's coach (admins only): a user of the company, with a meeting link. */
export const ZAudienceGroup = z.object({ id: z.string(), name: z.string(), path: z.string() });

/** The groups a post or class may be aimed at: the company's active groups (coach or admin). */
export async function audienceGroups(db: Executor, user: AuthUser) {
  await managerOf(db, user);
  return companyGroups(db, user.tenantId);
}

export async function setCoach(
  db: Executor,
  user: AuthUser,
  input: z.infer<typeof ZSetCoachInput>,
) {
  if (!can(user, 'administer')) throw new DomainError('PERMISSION_DENIED');
  const known = await existingUserIds(db, user.tenantId, [input.userId]);
  if (!known.length) throw new DomainError('TRAINING_AUDIENCE_INVALID');
  await upsertCoach(db, user.tenantId, input);
  return coachInfo(db, user);
}

/** Groups and users of an audience must be of the caller's company. */
async function checkAudience(
  db: Executor,
  tenantId: string,
  audience: { groupIds: string[]; userIds?: string[] },
) {
  const groupIds = [...new Set(audience.groupIds)];
  const userIds = [...new Set(audience.userIds ?? [])];
  const [groups, users] = await Promise.all([
    existingGroupIds(db, tenantId, groupIds),
    existingUserIds(db, tenantId, userIds),
  ]);
  if (groups.length !== groupIds.length || users.length !== userIds.length) {
    throw new DomainError('TRAINING_AUDIENCE_INVALID');
  }
  return { groupIds, userIds };
}

function checkMediaSize(media: Array<{ size: number }>) {
  if (media.some((file) => file.size > MAX_UPLOAD_BYTES)) {
    throw new DomainError('FILE_TOO_LARGE', { maxBytes: MAX_UPLOAD_BYTES });
  }
}

// ---------------------------------------------------------------------------------------------
// Classes and tutorials.

function itemView(row: NonNullable<Awaited<ReturnType<typeof findItem>>>): TrainingItemView {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    description: row.description,
    date: row.date,
    duration: row.duration,
    miniature: row.miniature,
    linkOfClass: row.linkOfClass,
    video: row.video ?? null,
    audience: { groupIds: row.groupIds, roles: row.roles },
    progress:
      row.lastInteractionAt === null
        ? null
        : { position: row.position ?? 0, lastInteractionAt: row.lastInteractionAt },
  };
}

export async function listItems(db: Executor, user: AuthUser, input: z.infer<typeof ZItemsInput>) {
  const reader = await readerOf(db, user);
  const { rows, total } = await findItems(db, reader, {
    type: input.type,
    lastInteraction: input.lastInteraction,
    offset: (input.page - 1) * input.size,
    limit: input.size,
  });
  return { instances: rows.map(itemView), countDocuments: total };
}

export async function getItem(db: Executor, user: AuthUser, id: string) {
  const row = await findItem(db, await readerOf(db, user), id);
  if (!row) throw new DomainError('TRAINING_ITEM_NOT_FOUND');
  return itemView(row);
}

/** Records where the caller is in a class or tutorial ('Continuar viendo' reads it). */
export async function recordProgress(
  db: Executor,
  user: AuthUser,
  input: z.infer<typeof ZProgressInput>,
) {
  const item = await findItem(db, await readerOf(db, user), input.id);
  if (!item) throw new DomainError('TRAINING_ITEM_NOT_FOUND');
  const position = Math.min(Math.floor(input.position), Math.max(item.duration, 0) || Infinity);
  const row = await upsertProgress(db, {
    tenantId: user.tenantId,
    userId: user.id,
    itemId: input.id,
    position,
  });
  return { position: row.position, lastInteractionAt: row.lastInteractionAt };
}

type FileDeps = Pick<AppDeps, 'db' | 'storage'>;

/**
 * A file of ours a class or post points at must be one the server found uploaded as declared
 * (issue #30 §5): its permanent address, or FILE_NOT_UPLOADED. Other addresses go as they are.
 */
async function checkedUrl(deps: FileDeps, user: AuthUser, url: string): Promise<string>;
async function checkedUrl(
  deps: FileDeps,
  user: AuthUser,
  url: string | null,
): Promise<string | null>;
async function checkedUrl(deps: FileDeps, user: AuthUser, url: string | null) {
  return url === null ? null : checkFileForRecord(deps, user, url);
}

async function checkedItemFiles(
  deps: FileDeps,
  user: AuthUser,
  input: z.infer<typeof ZTrainingItemValues>,
): Promise<z.infer<typeof ZTrainingItemValues>> {
  return {
    ...input,
    miniature: await checkedUrl(deps, user, input.miniature),
    linkOfClass: await checkedUrl(deps, user, input.linkOfClass),
    video: input.video
      ? { ...input.video, url: await checkedUrl(deps, user, input.video.url) }
      : input.video,
  };
}

async function checkedPostMedia(
  deps: FileDeps,
  user: AuthUser,
  media: z.infer<typeof ZCoachPostValues>['media'],
) {
  const checked = [];
  for (const file of media) checked.push({ ...file, url: await checkedUrl(deps, user, file.url) });
  return checked;
}

export async function createItem(
  deps: FileDeps,
  user: AuthUser,
  values: z.infer<typeof ZTrainingItemValues>,
) {
  const { db } = deps;
  await managerOf(db, user);
  checkMediaSize(values.video ? [values.video] : []);
  const input = await checkedItemFiles(deps, user, values);
  const audience = await checkAudience(db, user.tenantId, input.audience);
  const id = await insertItem(db, {
    tenantId: user.tenantId,
    type: input.type,
    title: input.title,
    description: input.description,
    date: input.date,
    duration: input.duration,
    miniature: input.miniature,
    linkOfClass: input.linkOfClass,
    video: input.video,
    groupIds: audience.groupIds,
    roles: input.audience.roles,
    createdBy: user.id,
  });
  return getItem(db, user, id);
}

export async function updateItem(
  deps: FileDeps,
  user: AuthUser,
  change: { id: string; data: z.infer<typeof ZTrainingItemValues> },
) {
  const { db } = deps;
  await managerOf(db, user);
  checkMediaSize(change.data.video ? [change.data.video] : []);
  const input = { id: change.id, data: await checkedItemFiles(deps, user, change.data) };
  const audience = await checkAudience(db, user.tenantId, input.data.audience);
  const { audience: _audience, ...values } = input.data;
  const updated = await updateItemRow(db, user.tenantId, input.id, {
    ...values,
    groupIds: audience.groupIds,
    roles: input.data.audience.roles,
  });
  if (!updated) throw new DomainError('TRAINING_ITEM_NOT_FOUND');
  return getItem(db, user, input.id);
}

export async function deleteItem(db: Executor, user: AuthUser, id: string) {
  await managerOf(db, user);
  if (!(await deleteItemRow(db, user.tenantId, id))) {
    throw new DomainError('TRAINING_ITEM_NOT_FOUND');
  }
  return { id };
}

// ---------------------------------------------------------------------------------------------
// Comments.

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
async function threadsOf(db: Executor, reader: TrainingReader, comments: CommentRow[]) {
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

// ---------------------------------------------------------------------------------------------
// Posts and reactions.

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
