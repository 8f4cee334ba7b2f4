import { z } from 'zod';
import type { Database, Executor } from '@cartera/db/client';
import { DomainError } from '@cartera/domain/errors';
import { es } from '@cartera/domain/i18n';
import { can } from '@cartera/domain/policy';
import { newId, ZId } from '@cartera/domain/ids';
import { REQUEST_COMMENTS_PAGE_SIZE } from '@cartera/domain/request-sales';
import { keysetPage } from '../../lib/pagination';
import { visibleRequestIds } from '../access/request-sales';
import type { AuthUser } from '../sessions/session.types';
import {
  countComments,
  deleteComment,
  findComment,
  findComments,
  insertHistory,
  markSeen,
  setCommentVisible,
  unseenCounts,
} from './request-history.repository';
import { person, recordSaleUpdate, requireRequest, ZPerson } from './request-sales.service';
import { assertEnabled, requestUseCase } from './request-templates.service';
import { lockContact } from '../contacts/contacts.service';
import { notifySystem, requestCommentNotice } from '../notifications/system-notices.service';

/*
 * A request's comments ('Comentarios', 02 §4): 5 a page newest first, admins see and toggle
 * hidden ones, authors delete their own, commercial marks them seen; every comment writes a
 * 'comment' item on the contact's timeline. Unseen: the visible comments others wrote since the
 * user last marked the request seen.
 */

export const ZCommentsInput = z.object({
  requestId: ZId,
  cursor: ZId.nullish(),
  limit: z.number().int().min(1).max(50).default(REQUEST_COMMENTS_PAGE_SIZE),
});

export const ZAddCommentInput = z.object({
  id: ZId.optional(),
  requestId: ZId,
  text: z.string().trim().min(1, { error: es.requestSales.commentRequired }).max(2000, {
    error: es.requestSales.commentTooLong,
  }),
});

export const ZCommentRef = z.object({ requestId: ZId, commentId: ZId });

export const ZRequestComment = z.object({
  id: z.string(),
  text: z.string(),
  visible: z.boolean(),
  author: ZPerson.nullable(),
  createdAt: z.date(),
  /** The caller may delete it (admins any, authors their own). */
  deletable: z.boolean(),
});

export const ZCommentPage = z.object({
  items: z.array(ZRequestComment),
  nextCursor: z.string().nullable(),
  total: z.number(),
  unseen: z.number(),
});

// ---------------------------------------------------------------------------------------------
// Comments (02 §4 'Comentarios').

export const listComments = requestUseCase(ZCommentsInput, async (db: Executor, user, input) => {
  await requireRequest(db, user, input.requestId);
  const admin = can(user, 'moderateComments');
  const [rows, total, unseen] = await Promise.all([
    findComments(db, user.tenantId, input.requestId, {
      includeHidden: admin,
      cursor: input.cursor ?? undefined,
      limit: input.limit,
    }),
    countComments(db, user.tenantId, input.requestId, { includeHidden: admin }),
    unseenCounts(db, user.tenantId, user.id, [input.requestId]),
  ]);
  const page = keysetPage(rows, input.limit, (last) => last.comment.id);
  return {
    items: page.items.map(({ comment, authorName, authorLastname }) => ({
      id: comment.id,
      text: comment.text,
      visible: comment.visible,
      author: person(comment.authorId, authorName, authorLastname),
      createdAt: comment.createdAt,
      deletable: admin || comment.authorId === user.id,
    })),
    nextCursor: page.nextCursor,
    total,
    unseen: unseen.get(input.requestId) ?? 0,
  };
});

export const addComment = requestUseCase(ZAddCommentInput, async (db: Database, user, input) => {
  await db.transaction(async (tx) => {
    const { row } = await requireRequest(tx, user, input.requestId);
    const commentId = input.id ?? newId();
    const fresh = await insertHistory(tx, {
      tenantId: user.tenantId,
      id: commentId,
      requestId: input.requestId,
      authorId: user.id,
      kind: 'comment',
      text: input.text,
    });
    if (!fresh) return;
    await recordSaleUpdate(tx, user, row.request, row.templateTitle, 'comment', input.text);
    // The request's creator is told of another's comment, in its transaction (issue #41 item 4).
    const contact =
      row.request.creatorId !== user.id && row.request.contactId
        ? await lockContact(tx, user.tenantId, row.request.contactId)
        : undefined;
    if (contact) {
      await notifySystem(
        tx,
        requestCommentNotice({
          tenantId: user.tenantId,
          creatorId: row.request.creatorId,
          commentId,
          contact,
          by: user,
          text: input.text,
        }),
      );
    }
  });
  return listComments(db, user, { requestId: input.requestId });
});

/** Admins delete any comment, authors their own ('Eliminar comentario'). */
export const removeComment = requestUseCase(ZCommentRef, async (db: Database, user, input) => {
  await db.transaction(async (tx) => {
    await requireRequest(tx, user, input.requestId);
    const comment = await findComment(tx, user.tenantId, input.requestId, input.commentId);
    if (!comment) throw new DomainError('REQUEST_COMMENT_NOT_FOUND');
    if (!can(user, 'moderateComments') && comment.authorId !== user.id) {
      throw new DomainError('REQUEST_COMMENT_NOT_YOURS');
    }
    await deleteComment(tx, user.tenantId, comment.id);
  });
  return listComments(db, user, { requestId: input.requestId });
});

/** Admins show or hide a comment (02 §6). */
export async function setCommentVisibility(
  db: Database,
  user: AuthUser,
  input: { requestId: string; commentId: string; visible: boolean },
) {
  assertEnabled(user);
  await db.transaction(async (tx) => {
    await requireRequest(tx, user, input.requestId);
    const comment = await findComment(tx, user.tenantId, input.requestId, input.commentId);
    if (!comment) throw new DomainError('REQUEST_COMMENT_NOT_FOUND');
    await setCommentVisible(tx, user.tenantId, comment.id, input.visible);
  });
  return listComments(db, user, { requestId: input.requestId });
}

/** 'Marcar como visto' (commercial): every comment so far is seen by the caller. */
export async function markRequestSeen(db: Database, user: AuthUser, requestId: string) {
  assertEnabled(user);
  await requireRequest(db, user, requestId);
  await markSeen(db, user.tenantId, requestId, user.id, new Date());
  return { requestId, unseen: 0 };
}

/** The caller's unseen comments of some requests (the panel's and the list's badges). */
export async function unseenOf(db: Executor, user: AuthUser, requestIds: string[]) {
  assertEnabled(user);
  const visible = await visibleRequestIds(db, user, requestIds);
  const counts = await unseenCounts(db, user.tenantId, user.id, visible);
  return visible.map((id) => ({ requestId: id, unseen: counts.get(id) ?? 0 }));
}
