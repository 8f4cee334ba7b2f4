import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '@cartera/db/client';
import {
  requestSaleHistory,
  requestSaleSeen,
  requestSaleShares,
  requestSales,
  requestTemplates,
  users,
  type NewRequestSale,
  type RequestSaleRow,
} from '@cartera/db/schema';
import { requestCondition, type RequestReader } from '../access/request-sales';
import { idInTenant } from '../../lib/sql';
import { insertOnce } from '../../lib/rows';

/*
 * The SQL of request sales (modules/request-sales). Every query takes the tenant first; the
 * service decides who may see and change what (packages/domain/src/request-sales.ts). Cut like
 * the services: this file reads and writes the requests themselves; the templates are
 * request-templates.repository.ts, sharing request-sharing.repository.ts, the history (status
 * changes and comments) with its seen marks request-history.repository.ts, the back office's
 * list request-backoffice.repository.ts.
 */

const creator = alias(users, 'creator');
const seller = alias(users, 'seller');
const auditor = alias(users, 'auditor');

const requestColumns = {
  request: requestSales,
  templateTitle: requestTemplates.title,
  creatorName: creator.name,
  creatorLastname: creator.lastname,
  sellerName: seller.name,
  sellerLastname: seller.lastname,
  auditorName: auditor.name,
  auditorLastname: auditor.lastname,
};

export function withNames(db: Executor) {
  return db
    .select(requestColumns)
    .from(requestSales)
    .innerJoin(
      requestTemplates,
      idInTenant(requestTemplates, requestSales.tenantId, requestSales.templateId),
    )
    .leftJoin(creator, idInTenant(creator, requestSales.tenantId, requestSales.creatorId))
    .leftJoin(seller, idInTenant(seller, requestSales.tenantId, requestSales.sellerId))
    .leftJoin(auditor, idInTenant(auditor, requestSales.tenantId, requestSales.auditorId));
}

export type RequestRow = Awaited<ReturnType<typeof findRequest>> & object;

export async function findRequest(
  db: Executor,
  tenantId: string,
  id: string,
  reader: RequestReader,
  options: { forUpdate?: boolean } = {},
) {
  const query = withNames(db)
    .where(
      and(
        eq(requestSales.tenantId, tenantId),
        eq(requestSales.id, id),
        requestCondition(db, reader),
      ),
    )
    .limit(1);
  const [row] = await (options.forUpdate ? query.for('update', { of: requestSales }) : query);
  return row;
}

/** A contact's requests, newest first (the contact's 'Solicitudes' panel; at most 200). */
export function findRequestsOfContact(db: Executor, tenantId: string, contactId: string) {
  return withNames(db)
    .where(and(eq(requestSales.tenantId, tenantId), eq(requestSales.contactId, contactId)))
    .orderBy(desc(requestSales.id))
    .limit(200);
}

/** A contact's requests whose status type is one of `statusTypes`' complement (active ones). */
export function findActiveRequestsOfContact(
  db: Executor,
  tenantId: string,
  contactId: string,
  closedStatusTypes: readonly string[],
) {
  return withNames(db)
    .where(
      and(
        eq(requestSales.tenantId, tenantId),
        eq(requestSales.contactId, contactId),
        closedStatusTypes.length
          ? sql`${requestSales.statusType} not in (${sql.join(
              closedStatusTypes.map((each) => sql`${each}`),
              sql`, `,
            )})`
          : undefined,
      ),
    )
    .orderBy(desc(requestSales.id))
    .limit(100);
}

export async function insertRequest(db: Executor, values: NewRequestSale & { id: string }) {
  return insertOnce(db, requestSales, values);
}

export async function updateRequest(
  db: Executor,
  tenantId: string,
  id: string,
  patch: Partial<Omit<RequestSaleRow, 'tenantId' | 'id' | 'createdAt'>>,
) {
  await db
    .update(requestSales)
    .set({ ...patch, updatedAt: new Date() })
    .where(idInTenant(requestSales, tenantId, id));
}

/** Deletes a request with its shares, history and seen marks. */
export async function deleteRequest(db: Executor, tenantId: string, id: string) {
  await db
    .delete(requestSaleShares)
    .where(and(eq(requestSaleShares.tenantId, tenantId), eq(requestSaleShares.requestId, id)));
  await db
    .delete(requestSaleHistory)
    .where(and(eq(requestSaleHistory.tenantId, tenantId), eq(requestSaleHistory.requestId, id)));
  await db
    .delete(requestSaleSeen)
    .where(and(eq(requestSaleSeen.tenantId, tenantId), eq(requestSaleSeen.requestId, id)));
  await db.delete(requestSales).where(idInTenant(requestSales, tenantId, id));
}
/** The user's additional data (options' userFieldFilter and flows, 02 §5, §6). */
export async function findUserData(db: Executor, tenantId: string, userId: string) {
  const [row] = await db
    .select({ additionalData: users.additionalData })
    .from(users)
    .where(idInTenant(users, tenantId, userId))
    .limit(1);
  return row?.additionalData ?? {};
}
