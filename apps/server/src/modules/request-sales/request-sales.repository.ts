import { and, asc, desc, eq, gte, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '@cartera/db/client';
import {
  contacts,
  requestSaleHistory,
  requestSaleSeen,
  requestSaleShares,
  requestSales,
  requestTemplates,
  users,
  type NewRequestSale,
  type RequestSaleRow,
  type RequestTemplateRow,
} from '@cartera/db/schema';
import { requestCondition, type RequestReader } from '../access/request-sales';

/*
 * The SQL of request sales (modules/request-sales). Every query takes the tenant first; the
 * service decides who may see and change what (packages/domain/src/request-sales.ts).
 */

// ---------------------------------------------------------------------------------------------
// Templates.

export async function findTemplates(
  db: Executor,
  tenantId: string,
  options: { includeInactive?: boolean } = {},
) {
  return db
    .select()
    .from(requestTemplates)
    .where(
      and(
        eq(requestTemplates.tenantId, tenantId),
        options.includeInactive ? undefined : eq(requestTemplates.active, true),
      ),
    )
    .orderBy(
      desc(requestTemplates.isDefault),
      asc(requestTemplates.title),
      asc(requestTemplates.id),
    );
}

export async function findTemplate(
  db: Executor,
  tenantId: string,
  id: string,
  options: { forUpdate?: boolean } = {},
) {
  const query = db
    .select()
    .from(requestTemplates)
    .where(and(eq(requestTemplates.tenantId, tenantId), eq(requestTemplates.id, id)))
    .limit(1);
  const [row] = await (options.forUpdate ? query.for('update') : query);
  return row;
}

/** The default active template, else the oldest active one. */
export async function findDefaultTemplate(db: Executor, tenantId: string) {
  const [row] = await db
    .select()
    .from(requestTemplates)
    .where(and(eq(requestTemplates.tenantId, tenantId), eq(requestTemplates.active, true)))
    .orderBy(desc(requestTemplates.isDefault), asc(requestTemplates.id))
    .limit(1);
  return row;
}

export type TemplateValues = Omit<
  RequestTemplateRow,
  'tenantId' | 'id' | 'createdAt' | 'updatedAt' | 'autoincrementCounter' | 'createdBy' | 'active'
>;

export async function insertTemplate(
  db: Executor,
  values: TemplateValues & { tenantId: string; id: string; createdBy: string },
) {
  await db.insert(requestTemplates).values(values);
}

export async function updateTemplate(
  db: Executor,
  tenantId: string,
  id: string,
  patch: Partial<TemplateValues & { active: boolean }>,
) {
  await db
    .update(requestTemplates)
    .set(patch)
    .where(and(eq(requestTemplates.tenantId, tenantId), eq(requestTemplates.id, id)));
}

/** One default a tenant: the others stop being it. */
export async function clearOtherDefaults(db: Executor, tenantId: string, keepId: string) {
  await db
    .update(requestTemplates)
    .set({ isDefault: false })
    .where(
      and(
        eq(requestTemplates.tenantId, tenantId),
        ne(requestTemplates.id, keepId),
        eq(requestTemplates.isDefault, true),
      ),
    );
}

/** Takes `count` numbers of the template's autoincrement counter; answers the first. */
export async function takeAutoincrement(
  db: Executor,
  tenantId: string,
  templateId: string,
  count: number,
) {
  const [row] = await db
    .update(requestTemplates)
    .set({ autoincrementCounter: sql`${requestTemplates.autoincrementCounter} + ${count}` })
    .where(and(eq(requestTemplates.tenantId, tenantId), eq(requestTemplates.id, templateId)))
    .returning({ last: requestTemplates.autoincrementCounter });
  return (row?.last ?? count) - count + 1;
}

// ---------------------------------------------------------------------------------------------
// Requests.

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

function withNames(db: Executor) {
  return db
    .select(requestColumns)
    .from(requestSales)
    .innerJoin(
      requestTemplates,
      and(
        eq(requestTemplates.tenantId, requestSales.tenantId),
        eq(requestTemplates.id, requestSales.templateId),
      ),
    )
    .leftJoin(
      creator,
      and(eq(creator.tenantId, requestSales.tenantId), eq(creator.id, requestSales.creatorId)),
    )
    .leftJoin(
      seller,
      and(eq(seller.tenantId, requestSales.tenantId), eq(seller.id, requestSales.sellerId)),
    )
    .leftJoin(
      auditor,
      and(eq(auditor.tenantId, requestSales.tenantId), eq(auditor.id, requestSales.auditorId)),
    );
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

export async function insertRequest(db: Executor, values: NewRequestSale & { id: string }) {
  const [row] = await db
    .insert(requestSales)
    .values(values)
    .onConflictDoNothing({ target: [requestSales.tenantId, requestSales.id] })
    .returning({ id: requestSales.id });
  return row !== undefined;
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
    .where(and(eq(requestSales.tenantId, tenantId), eq(requestSales.id, id)));
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
  await db
    .delete(requestSales)
    .where(and(eq(requestSales.tenantId, tenantId), eq(requestSales.id, id)));
}

// ---------------------------------------------------------------------------------------------
// Sharing.

export function findShares(db: Executor, tenantId: string, requestIds: string[]) {
  if (requestIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      requestId: requestSaleShares.requestId,
      userId: requestSaleShares.userId,
      permission: requestSaleShares.permission,
      name: users.name,
      lastname: users.lastname,
    })
    .from(requestSaleShares)
    .leftJoin(
      users,
      and(eq(users.tenantId, requestSaleShares.tenantId), eq(users.id, requestSaleShares.userId)),
    )
    .where(
      and(
        eq(requestSaleShares.tenantId, tenantId),
        inArray(requestSaleShares.requestId, requestIds),
      ),
    )
    .orderBy(asc(requestSaleShares.createdAt), asc(requestSaleShares.userId));
}

export async function upsertShare(
  db: Executor,
  values: { tenantId: string; requestId: string; userId: string; permission: string },
) {
  await db
    .insert(requestSaleShares)
    .values(values)
    .onConflictDoUpdate({
      target: [requestSaleShares.tenantId, requestSaleShares.requestId, requestSaleShares.userId],
      set: { permission: values.permission },
    });
}

export async function deleteShare(
  db: Executor,
  tenantId: string,
  requestId: string,
  userId: string,
) {
  const rows = await db
    .delete(requestSaleShares)
    .where(
      and(
        eq(requestSaleShares.tenantId, tenantId),
        eq(requestSaleShares.requestId, requestId),
        eq(requestSaleShares.userId, userId),
      ),
    )
    .returning({ userId: requestSaleShares.userId });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// History and comments.

const author = alias(users, 'author');

export async function insertHistory(
  db: Executor,
  values: {
    tenantId: string;
    id: string;
    requestId: string;
    authorId: string;
    kind: 'comment' | 'state-change';
    text: string;
  },
) {
  const [row] = await db
    .insert(requestSaleHistory)
    .values(values)
    .onConflictDoNothing({ target: [requestSaleHistory.tenantId, requestSaleHistory.id] })
    .returning({ id: requestSaleHistory.id });
  return row !== undefined;
}

function commentConditions(
  tenantId: string,
  requestId: string,
  options: { includeHidden: boolean },
) {
  return [
    eq(requestSaleHistory.tenantId, tenantId),
    eq(requestSaleHistory.requestId, requestId),
    eq(requestSaleHistory.kind, 'comment'),
    options.includeHidden ? undefined : eq(requestSaleHistory.visible, true),
  ];
}

/** A page of a request's comments, newest first, keyset on the id: `limit + 1` rows. */
export function findComments(
  db: Executor,
  tenantId: string,
  requestId: string,
  options: { includeHidden: boolean; cursor?: string | undefined; limit: number },
) {
  return db
    .select({
      comment: requestSaleHistory,
      authorName: author.name,
      authorLastname: author.lastname,
    })
    .from(requestSaleHistory)
    .leftJoin(
      author,
      and(
        eq(author.tenantId, requestSaleHistory.tenantId),
        eq(author.id, requestSaleHistory.authorId),
      ),
    )
    .where(
      and(
        ...commentConditions(tenantId, requestId, options),
        options.cursor ? lt(requestSaleHistory.id, options.cursor) : undefined,
      ),
    )
    .orderBy(desc(requestSaleHistory.id))
    .limit(options.limit + 1);
}

export async function countComments(
  db: Executor,
  tenantId: string,
  requestId: string,
  options: { includeHidden: boolean },
) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(requestSaleHistory)
    .where(and(...commentConditions(tenantId, requestId, options)));
  return row?.count ?? 0;
}

export async function findComment(db: Executor, tenantId: string, requestId: string, id: string) {
  const [row] = await db
    .select()
    .from(requestSaleHistory)
    .where(
      and(
        eq(requestSaleHistory.tenantId, tenantId),
        eq(requestSaleHistory.requestId, requestId),
        eq(requestSaleHistory.id, id),
        eq(requestSaleHistory.kind, 'comment'),
      ),
    )
    .limit(1);
  return row;
}

export async function deleteComment(db: Executor, tenantId: string, id: string) {
  await db
    .delete(requestSaleHistory)
    .where(and(eq(requestSaleHistory.tenantId, tenantId), eq(requestSaleHistory.id, id)));
}

export async function setCommentVisible(
  db: Executor,
  tenantId: string,
  id: string,
  visible: boolean,
) {
  await db
    .update(requestSaleHistory)
    .set({ visible })
    .where(and(eq(requestSaleHistory.tenantId, tenantId), eq(requestSaleHistory.id, id)));
}

// ---------------------------------------------------------------------------------------------
// Seen marks and unseen counts.

export async function markSeen(
  db: Executor,
  tenantId: string,
  requestId: string,
  userId: string,
  seenAt: Date,
) {
  await db
    .insert(requestSaleSeen)
    .values({ tenantId, requestId, userId, seenAt })
    .onConflictDoUpdate({
      target: [requestSaleSeen.tenantId, requestSaleSeen.requestId, requestSaleSeen.userId],
      set: { seenAt },
    });
}

/**
 * For each request, the visible comments others wrote after the user last marked it seen (all
 * of them when never).
 */
export async function unseenCounts(
  db: Executor,
  tenantId: string,
  userId: string,
  requestIds: string[],
): Promise<Map<string, number>> {
  if (requestIds.length === 0) return new Map();
  const rows = await db
    .select({
      requestId: requestSaleHistory.requestId,
      count: sql<number>`count(*)::int`,
    })
    .from(requestSaleHistory)
    .leftJoin(
      requestSaleSeen,
      and(
        eq(requestSaleSeen.tenantId, requestSaleHistory.tenantId),
        eq(requestSaleSeen.requestId, requestSaleHistory.requestId),
        eq(requestSaleSeen.userId, userId),
      ),
    )
    .where(
      and(
        eq(requestSaleHistory.tenantId, tenantId),
        inArray(requestSaleHistory.requestId, requestIds),
        eq(requestSaleHistory.kind, 'comment'),
        eq(requestSaleHistory.visible, true),
        sql`${requestSaleHistory.authorId} is distinct from ${userId}::uuid`,
        sql`(${requestSaleSeen.seenAt} is null or ${requestSaleHistory.createdAt} > ${requestSaleSeen.seenAt})`,
      ),
    )
    .groupBy(requestSaleHistory.requestId);
  return new Map(rows.map((row) => [row.requestId, row.count]));
}

/** How many comments each request holds (visible ones, or all for admins). */
export async function commentCounts(
  db: Executor,
  tenantId: string,
  requestIds: string[],
  options: { includeHidden: boolean },
): Promise<Map<string, number>> {
  if (requestIds.length === 0) return new Map();
  const rows = await db
    .select({ requestId: requestSaleHistory.requestId, count: sql<number>`count(*)::int` })
    .from(requestSaleHistory)
    .where(
      and(
        eq(requestSaleHistory.tenantId, tenantId),
        inArray(requestSaleHistory.requestId, requestIds),
        eq(requestSaleHistory.kind, 'comment'),
        options.includeHidden ? undefined : eq(requestSaleHistory.visible, true),
      ),
    )
    .groupBy(requestSaleHistory.requestId);
  return new Map(rows.map((row) => [row.requestId, row.count]));
}

/** The user's share permission on a request, if shared with them. */
export async function shareOf(db: Executor, tenantId: string, requestId: string, userId: string) {
  const [row] = await db
    .select({ permission: requestSaleShares.permission })
    .from(requestSaleShares)
    .where(
      and(
        eq(requestSaleShares.tenantId, tenantId),
        eq(requestSaleShares.requestId, requestId),
        eq(requestSaleShares.userId, userId),
      ),
    )
    .limit(1);
  return row?.permission ?? null;
}

/** The user's additional data (options' userFieldFilter and flows, 02 §5, §6). */
export async function findUserData(db: Executor, tenantId: string, userId: string) {
  const [row] = await db
    .select({ additionalData: users.additionalData })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .limit(1);
  return row?.additionalData ?? {};
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
