import { and, desc, eq, gte, inArray, lt, lte } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { contacts, requestSales } from '@cartera/db/schema';
import { requestCondition, type RequestReader } from '../access/request-sales';
import { withNames } from './request-sales.repository';

/** The back office's list of request sales (/comercial/requestsale). */

export interface RequestFilters {
  templateId?: string | undefined;
  statusTypes?: string[] | undefined;
  sellerId?: string | undefined;
  creatorId?: string | undefined;
  contactId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

/** A back office page, newest first, keyset on the id (UUIDv7): `limit + 1` rows. */
export function findRequests(
  db: Executor,
  tenantId: string,
  reader: RequestReader,
  filters: RequestFilters,
  page: { cursor?: string | undefined; limit: number },
) {
  return withNames(db)
    .where(
      and(
        eq(requestSales.tenantId, tenantId),
        requestCondition(db, reader),
        filters.templateId ? eq(requestSales.templateId, filters.templateId) : undefined,
        filters.statusTypes?.length
          ? inArray(requestSales.statusType, filters.statusTypes)
          : undefined,
        filters.sellerId ? eq(requestSales.sellerId, filters.sellerId) : undefined,
        filters.creatorId ? eq(requestSales.creatorId, filters.creatorId) : undefined,
        filters.contactId ? eq(requestSales.contactId, filters.contactId) : undefined,
        filters.from ? gte(requestSales.createdAt, filters.from) : undefined,
        filters.to ? lte(requestSales.createdAt, filters.to) : undefined,
        page.cursor ? lt(requestSales.id, page.cursor) : undefined,
      ),
    )
    .orderBy(desc(requestSales.id))
    .limit(page.limit + 1);
}

/**
 * The names of the contacts of a page of the back office's list: the requests' own reach was
 * decided by the list's scope, so a request shared with the caller names its contact even when
 * the contact is someone else's.
 */
export function findContactNames(db: Executor, tenantId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName })
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), inArray(contacts.id, ids)));
}
