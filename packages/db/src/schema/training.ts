import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Role } from '@cartera/domain/roles';
import type { Reaction, TrainingItemType, TrainingMedia } from '@cartera/domain/training';
import { createdAtColumn, idColumn, tenantColumn, updatedAtColumn } from './columns';
import { users } from './users';

/*
 * The training area 'Aprender' (01 §2, §7 Coach; 03 §2.3, §3; issue #18). A company has at most
 * one coach (its 'Entrenador', a user of the company with a meeting link); the coach publishes
 * recorded classes, tutorials and posts. Audiences are lists of groups (subtrees) and roles
 * (and, for posts, users); an empty list does not narrow.
 */

/** The company's coach (02 §2 screen 7: the manager card and 'Agendar reunión'). */
export const trainingCoaches = pgTable(
  'training_coaches',
  {
    tenantId: tenantColumn(),
    userId: uuid('user_id').notNull(),
    meetLink: text('meet_link'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId] }),
    foreignKey({
      columns: [table.tenantId, table.userId],
      foreignColumns: [users.tenantId, users.id],
      name: 'training_coaches_user_fk',
    }).onDelete('cascade'),
  ],
);

/** A recorded class ('instance') or a tutorial (03 §3 Training instance/tutorial). */
export const trainingItems = pgTable(
  'training_items',
  {
    tenantId: tenantColumn(),
    id: idColumn(),
    type: text('type').$type<TrainingItemType>().notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    date: timestamp('date', { withTimezone: true, mode: 'date' }).notNull(),
    /** Seconds. */
    duration: integer('duration').notNull().default(0),
    miniature: text('miniature'),
    linkOfClass: text('link_of_class').notNull(),
    /** The uploaded video, when the link is one. */
    video: jsonb('video').$type<TrainingMedia>(),
    groupIds: uuid('group_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    roles: text('roles')
      .array()
      .$type<Role[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdBy: uuid('created_by').notNull(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('training_items_tenant_type_date_idx').on(
      table.tenantId,
      table.type,
      table.date.desc(),
      table.id.desc(),
    ),
  ],
);

/** Where a user left a class or tutorial: the last position and when (per-user progress). */
export const trainingProgress = pgTable(
  'training_progress',
  {
    tenantId: tenantColumn(),
    userId: uuid('user_id').notNull(),
    itemId: uuid('item_id').notNull(),
    /** Seconds into the video. */
    position: integer('position').notNull().default(0),
    lastInteractionAt: timestamp('last_interaction_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.userId, table.itemId] }),
    foreignKey({
      columns: [table.tenantId, table.itemId],
      foreignColumns: [trainingItems.tenantId, trainingItems.id],
      name: 'training_progress_item_fk',
    }).onDelete('cascade'),
    index('training_progress_recent_idx').on(
      table.tenantId,
      table.userId,
      table.lastInteractionAt.desc(),
    ),
  ],
);

/** A coach post (03 §3 Coach post; Post form: title, content, users, company, roles, media). */
export const coachPosts = pgTable(
  'coach_posts',
  {
    tenantId: tenantColumn(),
    id: idColumn(),
    authorId: uuid('author_id').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    media: jsonb('media').$type<TrainingMedia[]>().notNull().default([]),
    groupIds: uuid('group_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    roles: text('roles')
      .array()
      .$type<Role[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    userIds: uuid('user_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('coach_posts_tenant_id_idx').on(table.tenantId, table.id.desc()),
  ],
);

/** A comment of a post, or a reply to one (`parentId`), which the coach may hide. */
export const coachComments = pgTable(
  'coach_comments',
  {
    tenantId: tenantColumn(),
    id: idColumn(),
    postId: uuid('post_id').notNull(),
    parentId: uuid('parent_id'),
    /** The user a reply answers (`reply_to`). */
    replyToId: uuid('reply_to_id'),
    authorId: uuid('author_id').notNull(),
    content: text('content').notNull(),
    visible: boolean('visible').notNull().default(true),
    createdAt: createdAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({
      columns: [table.tenantId, table.postId],
      foreignColumns: [coachPosts.tenantId, coachPosts.id],
      name: 'coach_comments_post_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [table.tenantId, table.parentId],
      foreignColumns: [table.tenantId, table.id],
      name: 'coach_comments_parent_fk',
    }).onDelete('cascade'),
    index('coach_comments_thread_idx').on(table.tenantId, table.postId, table.parentId, table.id),
  ],
);

/** A user's one reaction to a post (03 §3 Reactions). */
export const coachReactions = pgTable(
  'coach_reactions',
  {
    tenantId: tenantColumn(),
    postId: uuid('post_id').notNull(),
    userId: uuid('user_id').notNull(),
    reaction: text('reaction').$type<Reaction>().notNull(),
    createdAt: createdAtColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.postId, table.userId] }),
    foreignKey({
      columns: [table.tenantId, table.postId],
      foreignColumns: [coachPosts.tenantId, coachPosts.id],
      name: 'coach_reactions_post_fk',
    }).onDelete('cascade'),
  ],
);

export type TrainingItem = typeof trainingItems.$inferSelect;
export type CoachPost = typeof coachPosts.$inferSelect;
export type CoachComment = typeof coachComments.$inferSelect;
