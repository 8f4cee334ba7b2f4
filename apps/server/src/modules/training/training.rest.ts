import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  REACTIONS,
  TRAINING_ITEM_TYPES,
  TRAINING_PAGE_SIZE,
  ZCoachPostValues,
  ZTrainingItemValues,
} from '@cartera/domain/training';
import type { AppDeps } from '../../deps';
import { restRoute } from '../../http/rest';
import { coachInfo, ZCoachInfo } from './training.service';
import {
  createItem,
  deleteItem,
  getItem,
  listItems,
  recordProgress,
  updateItem,
  ZItemsPage,
  ZTrainingItem,
} from './training-classes.service';
import {
  createComment,
  deleteComment,
  listComments,
  setCommentVisibility,
  ZCommentsPage,
  ZCreateCommentInput,
  ZThreadComment,
} from './training-comments.service';
import {
  createPost,
  deletePost,
  listPosts,
  toggleReaction,
  updatePost,
  ZPost,
  ZPostsPage,
  ZReactionSummary,
} from './training-posts.service';

/** The legacy coach paths of 01 §7 Coach; the same services as the `training` router. */
export function registerTrainingRoutes(app: FastifyInstance, deps: AppDeps) {
  const TRAINING = { area: '/training' };
  const tags = ['training'];
  const ZIdParams = z.object({ id: z.string().uuid() });
  const flag = z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true');
  const csv = z
    .string()
    .optional()
    .transform((value) => (value ? value.split(',').map((each) => each.trim()) : []))
    .pipe(z.array(z.string().uuid()));

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/coach/manager',
    tags,
    summary: "The company's coach (name, photo, meetLink) or null, and whether the caller manages",
    auth: 'session',
    access: { ...TRAINING, procedure: 'training.coach' },
    response: ZCoachInfo,
    handler: ({ session }) => coachInfo(deps.db, session.user),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/coach/instance',
    tags,
    summary:
      "Classes (`type=instance`) or tutorials (`type=tutorial`) that reach the caller: `instances` and `countDocuments` of page `page` (1-based) of `size`; with `lastInteraction=true` only those the caller opened, most recent first; with `id`, that one as `instance`. `company` is the caller's company (another is never read)",
    auth: 'session',
    access: { ...TRAINING, procedure: 'training.items' },
    querystring: z.object({
      type: z.enum(TRAINING_ITEM_TYPES).default('instance'),
      id: z.string().uuid().optional(),
      page: z.coerce.number().int().min(1).default(1),
      size: z.coerce.number().int().min(1).max(50).default(TRAINING_PAGE_SIZE),
      lastInteraction: flag,
      company: z.string().optional(),
    }),
    response: z.union([z.object({ instance: ZTrainingItem }), ZItemsPage]),
    handler: async ({ session, query }) =>
      query.id
        ? { instance: await getItem(deps.db, session.user, query.id) }
        : listItems(deps.db, session.user, query),
  });

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/coach/instance',
    tags,
    summary: 'Creates a class or tutorial (the coach or an admin)',
    auth: 'session',
    access: { ...TRAINING, procedure: 'training.createItem' },
    body: ZTrainingItemValues,
    response: ZTrainingItem,
    status: 201,
    handler: ({ session, body }) => createItem(deps, session.user, body),
  });

  restRoute(app, deps, {
    method: 'PUT',
    url: '/api/coach/instance/:id',
    tags,
    summary: 'Changes a class or tutorial (the coach or an admin)',
    auth: 'session',
    access: { ...TRAINING, procedure: 'training.updateItem' },
    params: ZIdParams,
    body: ZTrainingItemValues,
    response: ZTrainingItem,
    handler: ({ session, params, body }) =>
      updateItem(deps, session.user, { id: params.id, data: body }),
  });

  restRoute(app, deps, {
    method: 'DELETE',
    url: '/api/coach/instance/:id',
    tags,
    summary: 'Deletes a class or tutorial (the coach or an admin)',
    auth: 'session',
    access: { ...TRAINING, procedure: 'training.deleteItem' },
    params: ZIdParams,
    response: z.object({ id: z.string() }),
    handler: ({ session, params }) => deleteItem(deps.db, session.user, params.id),
  });

  restRoute(app, deps, {
    method: 'PATCH',
    url: '/api/coach/instance/:id/lastInteraction',
    tags,
    summary: "Records the caller's `position` (seconds) in a class or tutorial, and when",
    auth: 'session',
    access: { ...TRAINING, procedure: 'training.recordProgress' },
    params: ZIdParams,
    body: z.object({
      position: z
        .number()
        .min(0)
        .max(24 * 3600)
        .default(0),
    }),
    response: z.object({ position: z.number(), lastInteractionAt: z.date() }),
    handler: ({ session, params, body }) =>
      recordProgress(deps.db, session.user, { id: params.id, position: body.position }),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/coach/post',
    tags,
    summary:
      "The coach's posts that reach the caller: page `offset` (1-based) of `limit` (5), with reactions, first comments and `restOfCommentCount`",
    auth: 'session',
    access: { ...TRAINING, procedure: 'training.posts' },
    querystring: z.object({
      offset: z.coerce.number().int().min(1).default(1),
      limit: z.coerce.number().int().min(1).max(50).default(5),
      company: z.string().optional(),
    }),
    response: ZPostsPage,
    handler: ({ session, query }) => listPosts(deps.db, session.user, query),
  });

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/coach/post',
    tags,
    summary: 'Creates a post for an audience of groups, roles and users (the coach or an admin)',
    auth: 'session',
    access: { ...TRAINING, procedure: 'training.createPost' },
    body: ZCoachPostValues,
    response: ZPost,
    status: 201,
    handler: ({ session, body }) => createPost(deps, session.user, body),
  });

  restRoute(app, deps, {
    method: 'PUT',
    url: '/api/coach/post/:id',
    tags,
    summary: 'Changes a post (the coach or an admin)',
    auth: 'session',
    access: { ...TRAINING, procedure: 'training.updatePost' },
    params: ZIdParams,
    body: ZCoachPostValues,
    response: ZPost,
    handler: ({ session, params, body }) =>
      updatePost(deps, session.user, { id: params.id, data: body }),
  });

  restRoute(app, deps, {
    method: 'DELETE',
    url: '/api/coach/post/:id',
    tags,
    summary: 'Deletes a post with its comments and reactions (the coach or an admin)',
    auth: 'session',
    access: { ...TRAINING, procedure: 'training.deletePost' },
    params: ZIdParams,
    response: z.object({ id: z.string() }),
    handler: ({ session, params }) => deletePost(deps.db, session.user, params.id),
  });

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/coach/post/:id/reaction',
    tags,
    summary:
      "Toggles the caller's reaction `reactionType` to a post: the current one again removes it",
    auth: 'session',
    access: { ...TRAINING, procedure: 'training.react' },
    params: ZIdParams,
    body: z.object({ reactionType: z.enum(REACTIONS) }),
    response: ZReactionSummary,
    handler: ({ session, params, body }) =>
      toggleReaction(deps.db, session.user, { postId: params.id, reaction: body.reactionType }),
  });

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/coach/post/:id/comment',
    tags,
    summary:
      'Comments on a post, or replies to `parentComment` (a reply to a reply joins its thread; `reply_to` is the answered comment’s author)',
    auth: 'session',
    access: { ...TRAINING, procedure: 'training.comment' },
    params: ZIdParams,
    body: z.object({
      content: ZCreateCommentInput.shape.content,
      parentComment: z.string().uuid().nullable().optional(),
      reply_to: z.string().optional(),
      coach: z.string().optional(),
    }),
    response: ZThreadComment,
    status: 201,
    handler: ({ session, params, body }) =>
      createComment(deps.db, session.user, {
        postId: params.id,
        content: body.content,
        parentId: body.parentComment ?? null,
      }),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/coach/post/comments',
    tags,
    summary:
      'The next comments of post `post_id` (or replies of comment `idComment`), oldest first, `limit` (5) after comment `after`, leaving out `idsToDiscriminate` (comma-separated)',
    auth: 'session',
    access: { ...TRAINING, procedure: 'training.comments' },
    querystring: z.object({
      post_id: z.string().uuid(),
      idComment: z.string().uuid().optional(),
      after: z.string().uuid().optional(),
      idsToDiscriminate: csv,
      limit: z.coerce.number().int().min(1).max(50).default(5),
    }),
    response: ZCommentsPage,
    handler: ({ session, query }) =>
      listComments(deps.db, session.user, {
        postId: query.post_id,
        parentId: query.idComment,
        after: query.after,
        excludeIds: query.idsToDiscriminate,
        limit: query.limit,
      }),
  });

  restRoute(app, deps, {
    method: 'DELETE',
    url: '/api/coach/post/comment/:id',
    tags,
    summary: 'Deletes a comment and its replies: its author, the coach or an admin',
    auth: 'session',
    access: { ...TRAINING, procedure: 'training.deleteComment' },
    params: ZIdParams,
    response: z.object({ id: z.string(), postId: z.string() }),
    handler: ({ session, params }) => deleteComment(deps.db, session.user, params.id),
  });

  restRoute(app, deps, {
    method: 'PATCH',
    url: '/api/coach/post/comment/:id/visibility',
    tags,
    summary: 'Shows (`state: true`) or hides a comment (the coach or an admin)',
    auth: 'session',
    access: { ...TRAINING, procedure: 'training.setCommentVisibility' },
    params: ZIdParams,
    body: z.object({ state: z.boolean() }),
    response: z.object({ id: z.string(), visible: z.boolean() }),
    handler: ({ session, params, body }) =>
      setCommentVisibility(deps.db, session.user, { id: params.id, visible: body.state }),
  });
}
