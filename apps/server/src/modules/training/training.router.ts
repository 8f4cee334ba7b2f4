import { z } from 'zod';
import { ZCoachPostValues, ZTrainingItemValues } from '@cartera/domain/training';
import { roleProcedure, router, tenantProcedure } from '../../trpc/init';
import {
  audienceGroups,
  coachInfo,
  setCoach,
  ZAudienceGroup,
  ZCoachInfo,
  ZSetCoachInput,
} from './training.service';
import {
  createItem,
  deleteItem,
  getItem,
  listItems,
  recordProgress,
  updateItem,
  ZItemsInput,
  ZItemsPage,
  ZProgressInput,
  ZTrainingItem,
} from './training-classes.service';
import {
  createComment,
  deleteComment,
  listComments,
  setCommentVisibility,
  ZCommentsInput,
  ZCommentsPage,
  ZCommentVisibilityInput,
  ZCreateCommentInput,
  ZThreadComment,
} from './training-comments.service';
import {
  createPost,
  deletePost,
  getPost,
  listPosts,
  react,
  updatePost,
  ZPost,
  ZPostsInput,
  ZPostsPage,
  ZReactInput,
  ZReactionSummary,
} from './training-posts.service';
import { ZIdInput } from '@cartera/domain/ids';

/** 'Aprender' (/training): slug training, the training flag, every role (01 §6). */
const trainingProcedure = tenantProcedure.meta({ area: '/training' });
const ZDeleted = z.object({ id: z.string() });

export const trainingRouter = router({
  coach: trainingProcedure
    .meta({
      description:
        "The company's coach ('Entrenador': name, photo, meeting link) or null, and whether the caller publishes and moderates (the coach or an admin).",
    })
    .output(ZCoachInfo)
    .query(({ ctx }) => coachInfo(ctx.db, ctx.user)),

  setCoach: roleProcedure('administer')
    .meta({
      area: '/training',
      description: "Names the company's coach (a user of the company) and its meeting link.",
      errors: ['TRAINING_AUDIENCE_INVALID'],
    })
    .input(ZSetCoachInput)
    .output(ZCoachInfo)
    .mutation(({ ctx, input }) => setCoach(ctx.db, ctx.user, input)),

  audienceGroups: trainingProcedure
    .meta({
      description:
        "The groups a post, class or tutorial may be aimed at: the company's active groups with their path from the root (the coach or an admin).",
      errors: ['TRAINING_COACH_ONLY'],
    })
    .output(z.array(ZAudienceGroup))
    .query(({ ctx }) => audienceGroups(ctx.db, ctx.user)),

  items: trainingProcedure
    .meta({
      description:
        "A page of the recorded classes ('instance') or tutorials that reach the caller, newest first, each with the caller's progress; with `lastInteraction` only those the caller opened, the most recent first ('Continuar viendo'). 5 a page (01 §9).",
    })
    .input(ZItemsInput)
    .output(ZItemsPage)
    .query(({ ctx, input }) => listItems(ctx.db, ctx.user, input)),

  item: trainingProcedure
    .meta({
      description: "One class or tutorial with the caller's progress (the viewer of `?id=`).",
      errors: ['TRAINING_ITEM_NOT_FOUND'],
    })
    .input(ZIdInput)
    .output(ZTrainingItem)
    .query(({ ctx, input }) => getItem(ctx.db, ctx.user, input.id)),

  recordProgress: trainingProcedure
    .meta({
      description:
        "Records the caller's position (seconds) in a class or tutorial and the time of this interaction.",
      errors: ['TRAINING_ITEM_NOT_FOUND'],
    })
    .input(ZProgressInput)
    .output(z.object({ position: z.number(), lastInteractionAt: z.date() }))
    .mutation(({ ctx, input }) => recordProgress(ctx.db, ctx.user, input)),

  createItem: trainingProcedure
    .meta({
      description:
        'Creates a class or tutorial (the coach or an admin): its video is a link or an uploaded file of at most 55,777,216 bytes; its audience groups of the company and roles.',
      errors: [
        'TRAINING_COACH_ONLY',
        'TRAINING_AUDIENCE_INVALID',
        'FILE_TOO_LARGE',
        'FILE_NOT_UPLOADED',
      ],
    })
    .input(ZTrainingItemValues)
    .output(ZTrainingItem)
    .mutation(({ ctx, input }) => createItem(ctx.deps, ctx.user, input)),

  updateItem: trainingProcedure
    .meta({
      description: 'Changes a class or tutorial (the coach or an admin).',
      errors: [
        'TRAINING_COACH_ONLY',
        'TRAINING_AUDIENCE_INVALID',
        'FILE_TOO_LARGE',
        'TRAINING_ITEM_NOT_FOUND',
        'FILE_NOT_UPLOADED',
      ],
    })
    .input(z.object({ id: z.string().uuid(), data: ZTrainingItemValues }))
    .output(ZTrainingItem)
    .mutation(({ ctx, input }) => updateItem(ctx.deps, ctx.user, input)),

  deleteItem: trainingProcedure
    .meta({
      description:
        "Deletes a class or tutorial and everyone's progress in it (the coach or an admin).",
      errors: ['TRAINING_COACH_ONLY', 'TRAINING_ITEM_NOT_FOUND'],
    })
    .input(ZIdInput)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => deleteItem(ctx.db, ctx.user, input.id)),

  posts: trainingProcedure
    .meta({
      description:
        "A page (1-based `offset`, `limit`, 5 by default) of the coach's posts that reach the caller, newest first, each with its reactions (the caller's own), its first 5 comments with their first replies and `restOfCommentCount`; `pages` = ceil(total/limit).",
    })
    .input(ZPostsInput)
    .output(ZPostsPage)
    .query(({ ctx, input }) => listPosts(ctx.db, ctx.user, input)),

  post: trainingProcedure
    .meta({ description: 'One post as in `posts`.', errors: ['COACH_POST_NOT_FOUND'] })
    .input(ZIdInput)
    .output(ZPost)
    .query(({ ctx, input }) => getPost(ctx.db, ctx.user, input.id)),

  createPost: trainingProcedure
    .meta({
      description:
        "'Crear publicación' (the coach or an admin): title, content, files, and an audience of groups, roles and users of the company.",
      errors: [
        'TRAINING_COACH_ONLY',
        'TRAINING_AUDIENCE_INVALID',
        'FILE_TOO_LARGE',
        'FILE_NOT_UPLOADED',
      ],
    })
    .input(ZCoachPostValues)
    .output(ZPost)
    .mutation(({ ctx, input }) => createPost(ctx.deps, ctx.user, input)),

  updatePost: trainingProcedure
    .meta({
      description: "'Modificar publicación' (the coach or an admin).",
      errors: [
        'TRAINING_COACH_ONLY',
        'TRAINING_AUDIENCE_INVALID',
        'FILE_TOO_LARGE',
        'COACH_POST_NOT_FOUND',
        'FILE_NOT_UPLOADED',
      ],
    })
    .input(z.object({ id: z.string().uuid(), data: ZCoachPostValues }))
    .output(ZPost)
    .mutation(({ ctx, input }) => updatePost(ctx.deps, ctx.user, input)),

  deletePost: trainingProcedure
    .meta({
      description:
        "'Eliminar publicación' with its comments and reactions (the coach or an admin).",
      errors: ['TRAINING_COACH_ONLY', 'COACH_POST_NOT_FOUND'],
    })
    .input(ZIdInput)
    .output(ZDeleted)
    .mutation(({ ctx, input }) => deletePost(ctx.db, ctx.user, input.id)),

  react: trainingProcedure
    .meta({
      description:
        "Sets the caller's reaction to a post (like, love, applaud, strength, celebration, checked) or removes it with null; answers the post's counts.",
      errors: ['COACH_POST_NOT_FOUND'],
    })
    .input(ZReactInput)
    .output(ZReactionSummary)
    .mutation(({ ctx, input }) => react(ctx.db, ctx.user, input)),

  comments: trainingProcedure
    .meta({
      description:
        'The next comments of a post (with their first replies) or replies of a comment, oldest first, 5 a page after `after`, leaving out `excludeIds`; hidden comments reach only the coach, admins and their author.',
      errors: ['COACH_POST_NOT_FOUND'],
    })
    .input(ZCommentsInput)
    .output(ZCommentsPage)
    .query(({ ctx, input }) => listComments(ctx.db, ctx.user, input)),

  comment: trainingProcedure
    .meta({
      description:
        'Comments on a post, or replies to a comment (`parentId`; a reply to a reply joins its thread and names whom it answers). The content is required.',
      errors: ['COACH_POST_NOT_FOUND', 'COACH_COMMENT_EMPTY', 'COACH_COMMENT_PARENT_INVALID'],
    })
    .input(ZCreateCommentInput)
    .output(ZThreadComment)
    .mutation(({ ctx, input }) => createComment(ctx.db, ctx.user, input)),

  deleteComment: trainingProcedure
    .meta({
      description: "'Eliminar comentario' with its replies: its author, the coach or an admin.",
      errors: ['COACH_COMMENT_NOT_FOUND', 'COACH_COMMENT_NOT_YOURS'],
    })
    .input(ZIdInput)
    .output(z.object({ id: z.string(), postId: z.string() }))
    .mutation(({ ctx, input }) => deleteComment(ctx.db, ctx.user, input.id)),

  setCommentVisibility: trainingProcedure
    .meta({
      description: 'Hides or shows a comment (the coach or an admin).',
      errors: ['TRAINING_COACH_ONLY', 'COACH_COMMENT_NOT_FOUND'],
    })
    .input(ZCommentVisibilityInput)
    .output(z.object({ id: z.string(), visible: z.boolean() }))
    .mutation(({ ctx, input }) => setCommentVisibility(ctx.db, ctx.user, input)),
});
