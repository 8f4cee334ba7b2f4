import { z } from 'zod';
import type { Executor } from '@cartera/db/client';
import { DomainError } from '@cartera/domain/errors';
import { can, coaches } from '@cartera/domain/policy';
import { MAX_UPLOAD_BYTES } from '@cartera/domain/files';
import type { EventAudience } from '@cartera/db/schema';
import { appendEvent } from '../../realtime/event-store';
import type { AppDeps } from '../../deps';
import { checkFileForRecord } from '../files/file-access.service';
import type { AuthUser } from '../sessions/session.types';
import { groupChoices } from '../catalog/catalog.service';
import { existingGroupIds, existingUserIds, findCoach, upsertCoach } from './training.repository';
import { trainingReader, type TrainingReader } from '../access/training';

/*
 * The training area 'Aprender' (01 §2, §7 Coach; 03 §2.3, §3, §4; issue #18). Every signed-in
 * user of a company with the training flag reads the classes, tutorials and posts that reach
 * them (audiences of groups, roles and users); the company's coach and admins publish, see
 * everything and moderate comments (03 §6). Nothing here reads another tenant's rows: every
 * query is led by the caller's tenant.
 *
 * This file holds what both sides share (the coach, who reads and who manages, audiences, live
 * events, file checks); classes and tutorials are training-classes.service.ts, posts and
 * reactions training-posts.service.ts, their comments training-comments.service.ts.
 */

export const ZPerson = z.object({
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
export async function writeAndAnnounce<T>(
  db: Executor,
  user: AuthUser,
  type: typeof TRAINING_POST_EVENT | typeof TRAINING_COMMENT_EVENT,
  write: (tx: Executor) => Promise<T>,
  describe: (result: T) => { post: PostAudience; payload?: { commentId: string } } | null,
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

// Who reads and who manages.

export async function readerOf(db: Executor, user: AuthUser): Promise<TrainingReader> {
  const coach = await findCoach(db, user.tenantId);
  return trainingReader(user, coaches(user, coach?.id));
}

export async function managerOf(db: Executor, user: AuthUser) {
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
  return groupChoices(db, user.tenantId);
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
export async function checkAudience(
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

export function checkMediaSize(media: Array<{ size: number }>) {
  if (media.some((file) => file.size > MAX_UPLOAD_BYTES)) {
    throw new DomainError('FILE_TOO_LARGE', { maxBytes: MAX_UPLOAD_BYTES });
  }
}

// Classes and tutorials.

export type FileDeps = Pick<AppDeps, 'db' | 'storage'>;

/**
 * A file of ours a class or post points at must be one the server found uploaded as declared
 * (issue #30 §5): its permanent address, or FILE_NOT_UPLOADED. Other addresses go as they are.
 */
export async function checkedUrl(deps: FileDeps, user: AuthUser, url: string): Promise<string>;
export async function checkedUrl(
  deps: FileDeps,
  user: AuthUser,
  url: string | null,
): Promise<string | null>;
export async function checkedUrl(deps: FileDeps, user: AuthUser, url: string | null) {
  return url === null ? null : checkFileForRecord(deps, user, url);
}
