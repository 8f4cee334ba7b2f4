import { z } from 'zod';
import type { Database, Executor } from '@cartera/db/client';
import { DomainError } from '@cartera/domain/errors';
import { ZInputDate } from '@cartera/domain/input';
import { REQUEST_SALES_PAGE_SIZE } from '@cartera/domain/request-sales';
import { keysetPage } from '../../lib/pagination';
import { requestListReader } from '../access/request-sales';
import type { AuthUser } from '../sessions/session.types';
import { findAgents } from '../users/users.service';
import { findContactNames, findRequests } from './request-backoffice.repository';
import { unseenCounts } from './request-history.repository';
import { updateRequest } from './request-sales.repository';
import { requestUseCase } from './request-templates.service';
import {
  getRequest,
  person,
  recordSaleUpdate,
  requireRequest,
  summaryOf,
  ZPerson,
  ZRequestSummary,
} from './request-sales.service';
import { applyStatus, ZForceStatusInput } from './request-status.service';
import { ZId } from '@cartera/domain/ids';

/** The back office of request sales (01 §4, /comercial/requestsale). */

export const ZBackofficeListInput = z.object({
  templateId: ZId.nullish(),
  statusTypes: z.array(z.string().max(60)).max(20).nullish(),
  sellerId: ZId.nullish(),
  creatorId: ZId.nullish(),
  contactId: ZId.nullish(),
  from: ZInputDate.nullish(),
  to: ZInputDate.nullish(),
  cursor: ZId.nullish(),
  limit: z.number().int().min(1).max(200).default(REQUEST_SALES_PAGE_SIZE),
});

export const ZAuditInput = z.object({ id: ZId, auditorId: ZId.nullable() });

export const ZChangeCreatorInput = z.object({ id: ZId, creatorId: ZId });

// What the API answers.

export const ZBackofficePage = z.object({
  items: z.array(
    ZRequestSummary.extend({
      contactId: z.string().nullable(),
      /** The client's name (null when the contact no longer exists). */
      contact: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
      auditor: ZPerson.nullable(),
    }),
  ),
  nextCursor: z.string().nullable(),
});

/** The back office's forceStatus (01 §4): any status of the template, no send checks. */
export function forceStatus(db: Database, user: AuthUser, raw: z.input<typeof ZForceStatusInput>) {
  return applyStatus(db, user, ZForceStatusInput.parse(raw), true);
}

export const backofficeList = requestUseCase(
  ZBackofficeListInput,
  async (db: Executor, user, input) => {
    const rows = await findRequests(
      db,
      user.tenantId,
      requestListReader(user),
      {
        templateId: input.templateId ?? undefined,
        statusTypes: input.statusTypes ?? undefined,
        sellerId: input.sellerId ?? undefined,
        creatorId: input.creatorId ?? undefined,
        contactId: input.contactId ?? undefined,
        from: input.from ?? undefined,
        to: input.to ?? undefined,
      },
      { cursor: input.cursor ?? undefined, limit: input.limit },
    );
    const page = keysetPage(rows, input.limit, (last) => last.request.id);
    const [unseen, names] = await Promise.all([
      unseenCounts(
        db,
        user.tenantId,
        user.id,
        page.items.map((row) => row.request.id),
      ),
      findContactNames(db, user.tenantId, [
        ...new Set(
          page.items.flatMap((row) => (row.request.contactId ? [row.request.contactId] : [])),
        ),
      ]),
    ]);
    const contactsById = new Map(names.map((contact) => [contact.id, contact]));
    return {
      items: page.items.map((row) => ({
        ...summaryOf(row, unseen),
        contactId: row.request.contactId,
        contact: (row.request.contactId && contactsById.get(row.request.contactId)) || null,
        auditor: person(row.request.auditorId, row.auditorName, row.auditorLastname),
      })),
      nextCursor: page.nextCursor,
    };
  },
);

/** The roles of the users a request may be given to or audited by (users managers aside). */
const EVERYONE = ['user', 'super', 'comercial', 'project_manager', 'admin'];

/** Whether a user is an active user of the company with one of the roles. */
async function activeUserWith(db: Executor, user: AuthUser, userId: string, roles: string[]) {
  const users = await findAgents(db, user.tenantId, { roles });
  return users.some((each) => each.id === userId);
}

/** A back office change of a request: locked, patched, an 'updated' item on the timeline. */
async function backofficeChange(
  db: Database,
  user: AuthUser,
  id: string,
  patch: { auditorId: string | null } | { creatorId: string },
) {
  await db.transaction(async (tx) => {
    const { row } = await requireRequest(tx, user, id, true);
    await updateRequest(tx, user.tenantId, id, patch);
    await recordSaleUpdate(tx, user, row.request, row.templateTitle, 'updated');
  });
  return getRequest(db, user, id);
}

/** Assigns (or clears) the auditor: the request enters (or leaves) audit mode. */
export const assignAuditor = requestUseCase(ZAuditInput, async (db: Database, user, input) => {
  if (input.auditorId && !(await activeUserWith(db, user, input.auditorId, EVERYONE))) {
    throw new DomainError('REQUEST_SALE_USER_INVALID');
  }
  return backofficeChange(db, user, input.id, { auditorId: input.auditorId });
});

/** Gives the request to another creator (an active user of the company). */
export const changeCreator = requestUseCase(
  ZChangeCreatorInput,
  async (db: Database, user, input) => {
    if (!(await activeUserWith(db, user, input.creatorId, EVERYONE))) {
      throw new DomainError('REQUEST_SALE_USER_INVALID');
    }
    return backofficeChange(db, user, input.id, { creatorId: input.creatorId });
  },
);

// Archiving a contact (03 §4, §8).
