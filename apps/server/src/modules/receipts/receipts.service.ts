import { z } from 'zod';
import { ZJsonObject } from '@cartera/domain/input';
import type { Executor } from '@cartera/db/client';
import { DomainError } from '@cartera/domain/errors';
import { es } from '@cartera/domain/i18n';
import { can } from '@cartera/domain/policy';
import {
  RECEIPT_KINDS,
  RECEIPT_STATUSES,
  SALE_STRUCTURES,
  saleTotal,
  ZReceiptFilterInput,
  ZReceiptListInput,
  ZPhoneQuery,
  RECEIPTS_PAGE_SIZE,
  type ReceiptSort,
} from '@cartera/domain/sales';
import { normalizePhone } from '@cartera/domain/phone';
import { foldText } from '@cartera/domain/search';
import { keysetPage } from '../../lib/pagination';
import { contactScope } from '../access/contacts';
import { receiptReach, receiptSellerChoices, visibleReceipt } from '../access/receipts';
import type { ReachedSellerIds } from '../access/sellers';
import type { AuthUser } from '../sessions/session.types';
import { tenantBasics } from '../tenant-settings/tenant-settings.service';
import {
  countReceipts,
  countSoldBySellerDay,
  findContactsByPhone,
  findReceipt,
  findReceipts,
  findSheetRows,
  type ReceiptCursor,
  type ReceiptSheetRow,
  type ReceiptFilters,
  type ReceiptRow,
} from './receipts.repository';

/*
 * Sales and presales (01 §3, §4, §6; 02 §5, §6; 03 §3; issue #14). Who sees which: the
 * tenant-wide roles (comercial, project managers, admins) every receipt, a supervisor those of
 * the sellers of their group's subtree, anyone else their own (modules/access receipts.ts). The
 * transitions are the back office's (area '/comercial/sale'); each writes a sale item on the
 * contact's timeline in its transaction through the timeline writer. Decisions in
 * docs/decisions.md "Sales and presales".
 *
 * This file reads them (views, scope, sellers, lists, the phone search); creating one, its
 * transitions and field changes are receipt-saving.service.ts.
 */

export const ZReceipt = z.object({
  id: z.string(),
  kind: z.enum(RECEIPT_KINDS),
  ticketId: z.string(),
  ticketSaleId: z.string().nullable(),
  entryDate: z.string(),
  saleDate: z.string().nullable(),
  phone: z.string(),
  name: z.string(),
  govId: z.string().nullable(),
  product: z.string().nullable(),
  value: z.number().nullable(),
  productImage: z.string().nullable(),
  type: z.string().nullable(),
  city: z.string().nullable(),
  clientId: z.string().nullable(),
  saleStructureType: z.enum(SALE_STRUCTURES),
  productLines: z.array(
    z.object({
      name: z.string(),
      code: z.string().optional(),
      category: z.string().optional(),
      quantity: z.number(),
      value: z.number(),
      productImage: z.string().optional(),
      additionalData: ZJsonObject.optional(),
    }),
  ),
  /** 03 §9: Σ value × quantity, two decimals. */
  total: z.number(),
  status: z.enum(RECEIPT_STATUSES),
  cancelReason: z.string().nullable(),
  canceledAt: z.date().nullable(),
  userLock: z.boolean(),
  contactId: z.string().nullable(),
  seller: z.object({ id: z.string(), name: z.string(), lastname: z.string() }).nullable(),
  additionalData: ZJsonObject,
  createdAt: z.date(),
  updatedAt: z.date(),
});

export type ReceiptView = z.infer<typeof ZReceipt>;

export const ZReceiptPage = z.object({
  items: z.array(ZReceipt),
  nextCursor: z.string().nullable(),
});

function viewOf({ receipt, sellerName, sellerLastname }: ReceiptRow): ReceiptView {
  const {
    tenantId: _tenant,
    phoneDigits: _digits,
    nameFolded: _folded,
    createdBy: _by,
    sellerId,
    ...rest
  } = receipt;
  return {
    ...rest,
    kind: receipt.kind as ReceiptView['kind'],
    status: receipt.status as ReceiptView['status'],
    saleStructureType: receipt.saleStructureType as ReceiptView['saleStructureType'],
    total: saleTotal(receipt),
    seller: sellerId
      ? { id: sellerId, name: sellerName ?? '', lastname: sellerLastname ?? '' }
      : null,
  };
}

// Scope and sellers.

/** 02 §6: the manual-sale fields are the commercial staff's. */
export function isCommercial(user: AuthUser) {
  return can(user, 'backOffice');
}

export function requireReceipt(db: Executor, user: AuthUser, id: string, forUpdate = false) {
  return visibleReceipt(user, (reach) => findReceipt(db, user.tenantId, id, reach, { forUpdate }));
}

export const ZReceiptSeller = z.object({
  id: z.string(),
  name: z.string(),
  lastname: z.string(),
  groupId: z.string(),
  groupName: z.string(),
});

/** The back office's seller picker (01 §7 getSellers). */
export async function receiptSellers(db: Executor, user: AuthUser) {
  return (await receiptSellerChoices(db, user)).map(
    ({ id, name, lastname, groupId, groupName }) => ({
      id,
      name,
      lastname,
      groupId,
      groupName,
    }),
  );
}

// Reads.

/** The repository's filters of a list input (search folded, phone digits). */
function filtersOf(input: z.output<typeof ZReceiptFilterInput>): ReceiptFilters {
  const digits = input.search?.replace(/\D/g, '') ?? '';
  return {
    kind: input.kind,
    search: input.search
      ? {
          // A phone is searched by three digits or more (its trigram index).
          digits: digits.length >= 3 ? digits : null,
          text: input.search,
          folded: foldText(input.search),
        }
      : undefined,
    statuses: input.status,
    sellerId: input.sellerId,
    contactId: input.contactId,
    from: input.from,
    to: input.to,
    dates: input.dates,
  };
}

/**
 * The cursor of the next page: the id alone in entry order (the legacy REST cursor), else the
 * sort key and the id as base64url JSON. A cursor that does not read is a bad request.
 */
function encodeCursor(sort: ReceiptSort, key: string | null, id: string) {
  if (sort === 'created') return id;
  return Buffer.from(JSON.stringify([key, id])).toString('base64url');
}

function decodeCursor(
  sort: ReceiptSort,
  cursor: string | null | undefined,
): ReceiptCursor | undefined {
  if (!cursor) return undefined;
  const bad = () =>
    new DomainError('INVALID_REQUEST_BODY', { fields: { cursor: es.validation.cursorInvalid } });
  if (sort === 'created') {
    if (!z.uuid().safeParse(cursor).success) throw bad();
    return { key: null, id: cursor };
  }
  try {
    const [key, id] = z
      .tuple([z.string().max(300), z.uuid()])
      .parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return { key, id };
  } catch {
    throw bad();
  }
}

/**
 * One page of receipts in the chosen order, keyset on (sort key, id); `skip` (REST's legacy
 * paging, 01 §7) leaves out that many rows first and cannot go with a cursor.
 */
export async function listReceipts(
  db: Executor,
  user: AuthUser,
  raw: z.input<typeof ZReceiptListInput>,
  skip?: number,
) {
  const input = ZReceiptListInput.parse(raw);
  if (skip && input.cursor) {
    throw new DomainError('INVALID_REQUEST_BODY', {
      fields: { skip: es.validation.skipWithCursor },
    });
  }
  const rows = await findReceipts(
    db,
    user.tenantId,
    receiptReach(user),
    filtersOf(input),
    { sort: input.sort, order: input.order },
    { cursor: decodeCursor(input.sort, input.cursor), limit: input.limit, skip },
  );
  const page = keysetPage(rows, input.limit, (last) =>
    encodeCursor(input.sort, last.sortKey, last.receipt.id),
  );
  return { items: page.items.map(viewOf), nextCursor: page.nextCursor };
}

/** How many receipts the filters hold, within what the caller sees. */
export function countFilteredReceipts(
  db: Executor,
  user: AuthUser,
  raw: z.input<typeof ZReceiptFilterInput>,
) {
  const input = ZReceiptFilterInput.parse(raw);
  return countReceipts(db, user.tenantId, receiptReach(user), filtersOf(input));
}

/**
 * The Excel export's rows (findSheetRows) of every receipt of the filters in their order, in
 * keyset batches (never all at once). Stops early when `signal` aborts (the client went away).
 */
export async function* receiptSheetBatches(
  db: Executor,
  user: AuthUser,
  raw: z.input<typeof ZReceiptFilterInput>,
  batchSize = 1000,
  signal?: AbortSignal,
): AsyncGenerator<ReceiptSheetRow[]> {
  const input = ZReceiptFilterInput.parse(raw);
  const filters = filtersOf(input);
  const order = { sort: input.sort, order: input.order };
  const scope = receiptReach(user);
  let cursor: ReceiptCursor | undefined;
  for (;;) {
    if (signal?.aborted) return;
    const page = keysetPage(
      await findSheetRows(db, user.tenantId, scope, filters, order, { cursor, limit: batchSize }),
      batchSize,
      (last) => ({ key: last.sortKey, id: last.id }),
    );
    yield page.items;
    if (!page.nextCursor) return;
    cursor = page.nextCursor;
  }
}

/** GET /phonesearch: the receipts whose phone holds these digits, newest first (a page). */
export async function phoneSearch(db: Executor, user: AuthUser, raw: z.input<typeof ZPhoneQuery>) {
  const { phone } = ZPhoneQuery.parse(raw);
  const rows = await findReceipts(
    db,
    user.tenantId,
    receiptReach(user),
    { kind: 'receipt', phoneDigits: phone.replace(/\D/g, '') },
    { sort: 'created', order: 'desc' },
    { limit: RECEIPTS_PAGE_SIZE },
  );
  return rows.slice(0, RECEIPTS_PAGE_SIZE).map(viewOf);
}

export const ZPhoneContact = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  agentId: z.string().nullable(),
});

/**
 * The back office's contact lookup (01 §7 getContactByPhone): the contact holding the number,
 * read in the company's country, among those the caller sees (contact-access); the main
 * conversation before its sub-conversations; null when none or the number does not read.
 */
export async function contactByPhone(
  db: Executor,
  user: AuthUser,
  raw: z.input<typeof ZPhoneQuery>,
) {
  const { phone } = ZPhoneQuery.parse(raw);
  const { country } = await tenantBasics(db, user.tenantId);
  const e164 = normalizePhone(phone, country.toUpperCase());
  if (!e164) return null;
  const [found] = await findContactsByPhone(db, user.tenantId, await contactScope(db, user), e164);
  return found
    ? {
        id: found.id,
        firstName: found.firstName,
        lastName: found.lastName,
        phone: e164,
        agentId: found.agentId,
      }
    : null;
}

/**
 * The sales of some sellers per seller and sale date (YYYY-MM-DD) from `from` to `to`: sold
 * receipts, not presales, each credited to its seller on its sale date (issue #16's `sale`
 * metric; docs/decisions.md). The caller has already limited the sellers to its scope.
 */
export function salesBySellerDay(
  db: Executor,
  tenantId: string,
  sellerIds: ReachedSellerIds,
  from: string,
  to: string,
) {
  return countSoldBySellerDay(db, tenantId, sellerIds, from, to);
}

export async function getReceipt(db: Executor, user: AuthUser, id: string) {
  return viewOf(await requireReceipt(db, user, id));
}

// The sale item on the timeline (03 §3 Sale content).
