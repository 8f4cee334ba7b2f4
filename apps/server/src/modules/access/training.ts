import { and, arrayOverlaps, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { coachComments, coachPosts, trainingItems } from '@cartera/db/schema';
import { DomainError, type ErrorCode } from '@cartera/domain/errors';
import type { Role } from '@cartera/domain/roles';
import type { AuthUser } from '../sessions/session.types';

/*
 * Who reads the company's training ('Aprender', 03 §2): classes and tutorials, coach posts and
 * their comments, by audience. An empty list does not narrow; a group reaches its subtree (the
 * reader's group path, root first, overlaps the audience's groups).
 *
 * | reader                     | classes, tutorials        | posts                      | comments          |
 * |----------------------------|---------------------------|----------------------------|-------------------|
 * | the coach, admins (manage) | every one                 | every one                  | every one         |
 * | anyone else                | audience's groups and     | audience's groups, roles   | visible ones and  |
 * |                            | roles include them        | and users include them     | their own hidden  |
 *
 * Who manages is a capability (policy.ts `coaches`); the service passes it in. Every query of
 * these tables composes a condition of this file or is listed in access.test.ts with why.
 */

/** Who reads: the audience conditions need the user's id, group path and roles. */
export interface TrainingReader {
  id: string;
  tenantId: string;
  groupPath: string[];
  roles: Role[];
  /** The coach and admins see every item, post and hidden comment of the company. */
  manages: boolean;
}

export function trainingReader(user: AuthUser, manages: boolean): TrainingReader {
  const { id, tenantId, groupPath, roles } = user;
  return { id, tenantId, groupPath, roles, manages };
}

/** The condition: a class or tutorial whose audience includes the reader. */
export function trainingItemCondition(reader: TrainingReader): SQL | undefined {
  if (reader.manages) return undefined;
  return and(
    or(
      sql`cardinality(${trainingItems.groupIds}) = 0`,
      arrayOverlaps(trainingItems.groupIds, reader.groupPath),
    ),
    or(
      sql`cardinality(${trainingItems.roles}) = 0`,
      arrayOverlaps(trainingItems.roles, reader.roles),
    ),
  );
}

/** The condition: a coach post whose audience includes the reader. */
export function coachPostCondition(reader: TrainingReader): SQL | undefined {
  if (reader.manages) return undefined;
  return and(
    or(
      sql`cardinality(${coachPosts.groupIds}) = 0`,
      arrayOverlaps(coachPosts.groupIds, reader.groupPath),
    ),
    or(sql`cardinality(${coachPosts.roles}) = 0`, arrayOverlaps(coachPosts.roles, reader.roles)),
    or(
      sql`cardinality(${coachPosts.userIds}) = 0`,
      sql`${reader.id}::uuid = any(${coachPosts.userIds})`,
    ),
  );
}

/** The condition: a comment the reader reads (hidden ones: the managers and their author). */
export function coachCommentCondition(reader: TrainingReader): SQL | undefined {
  if (reader.manages) return undefined;
  return or(eq(coachComments.visible, true), eq(coachComments.authorId, reader.id));
}

/** Which of `postIds` are posts the reader may see (and so react to and comment on). */
export async function visiblePostIds(db: Executor, reader: TrainingReader, postIds: string[]) {
  if (!postIds.length) return new Set<string>();
  const rows = await db
    .select({ id: coachPosts.id })
    .from(coachPosts)
    .where(
      and(
        eq(coachPosts.tenantId, reader.tenantId),
        inArray(coachPosts.id, postIds),
        coachPostCondition(reader),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/** A post the reader may see, else `notFound` (COACH_POST_NOT_FOUND, or a comment's code). */
export async function visiblePost(
  db: Executor,
  reader: TrainingReader,
  postId: string,
  notFound: ErrorCode = 'COACH_POST_NOT_FOUND',
) {
  if (!(await visiblePostIds(db, reader, [postId])).has(postId)) throw new DomainError(notFound);
}
