import { z } from 'zod';
import type { Executor, Transaction } from '@cartera/db/client';
import type { Contact } from '@cartera/db/schema';
import { DomainError } from '@cartera/domain/errors';
import { newId } from '@cartera/domain/ids';
import { can } from '@cartera/domain/policy';
import {
  RECEIPT_KINDS,
  RECEIPT_LOCKED_FIELDS,
  RECEIPT_STATUSES,
  SALE_STRUCTURES,
  saleTotal,
  ZReceiptCancel,
  ZReceiptCreate,
  ZReceiptFields,
  ZReceiptFieldUpdate,
  ZReceiptFilterInput,
  ZReceiptListInput,
  ZPhoneQuery,
  RECEIPTS_PAGE_SIZE,
  ZReceiptSaleDateChange,
  ZReceiptSellerChange,
  ZReceiptStatusChange,
  type ReceiptLockedField,
  type ReceiptSort,
  type SaleItemType,
} from '@cartera/domain/sales';
import { normalizePhone } from '@cartera/domain/phone';
import { foldText } from '@cartera/domain/search';
import { keysetPage } from '../../lib/pagination';
import { contactScope, findVisibleContact, visibleContact } from '../access/contacts';
import {
  assignableReceiptSeller,
  receiptReach,
  receiptSellerChoices,
  visibleReceipt,
} from '../access/receipts';
import type { ReachedSellerIds } from '../access/sellers';
import { checkFileForRecord, type FileDeps } from '../files/file-access.service';
import type { AuthUser } from '../sessions/session.types';
import { tenantBasics, tenantSettings } from '../tenant-settings/tenant-settings.service';
import { recordInteraction } from '../timeline/timeline-writer';
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
  insertReceipt,
  updateReceipt,
  type ReceiptRow,
} from './receipts.repository';

/*
 * Sales and presales (01 §3, §4, §6; 02 §5, §6; 03 §3; issue #14). Who sees which: the
 * tenant-wide roles (comercial, project managers, admins) every receipt, a supervisor those of
 * the sellers of their group's subtree, anyone else their own (modules/access receipts.ts). The
 * transitions are the back office's (area '/comercial/sale'); each writes a sale item on the
 * contact's timeline in its transaction through the timeline writer. Decisions in
 * docs/decisions.md "Sales and presales".
 */

// ---------------------------------------------------------------------------------------------
// What the API answers.

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
      additionalData: z.record(z.string(), z.unknown()).optional(),
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
  additionalData: z.record(z.string(), z.unknown()),
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

// ---------------------------------------------------------------------------------------------
// Scope and sellers.

/** 02 §6: the manual-sale fields are the commercial staff's. */
function isCommercial(user: AuthUser) {
  return can(user, 'backOffice');
}

function requireReceipt(db: Executor, user: AuthUser, id: string, forUpdate = false) {
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

// ---------------------------------------------------------------------------------------------
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
    new DomainError('INVALID_REQUEST_BODY', { fields: { cursor: 'El cursor no es válido' } });
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

/** One page of receipts in the chosen order, keyset on (sort key, id). */
export async function listReceipts(
  db: Executor,
  user: AuthUser,
  raw: z.input<typeof ZReceiptListInput>,
) {
  const input = ZReceiptListInput.parse(raw);
  const rows = await findReceipts(
    db,
    user.tenantId,
    receiptReach(user),
    filtersOf(input),
    { sort: input.sort, order: input.order },
    { cursor: decodeCursor(input.sort, input.cursor), limit: input.limit },
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

// ---------------------------------------------------------------------------------------------
// The sale item on the timeline (03 §3 Sale content).

function saleContent(
  receipt: ReceiptRow['receipt'],
  type: SaleItemType,
  change?: { field: string; from: unknown; to: unknown },
) {
  return {
    type,
    status: receipt.status,
    cancelReason: receipt.cancelReason,
    ...(change ? { change } : {}),
    sale: {
      _id: receipt.id,
      kind: receipt.kind,
      ticket_id: receipt.ticketId,
      ticket_sale_id: receipt.ticketSaleId,
      saleStructureType: receipt.saleStructureType,
      productLines: receipt.productLines,
      product: receipt.product,
      productImage: receipt.productImage,
      category: receipt.productLines[0]?.category ?? null,
      value: receipt.value,
      type: receipt.type,
      city: receipt.city,
      name: receipt.name,
      date: receipt.entryDate,
      date_sale: receipt.saleDate,
      gov_id: receipt.govId,
      status: receipt.status,
      additionalData: receipt.additionalData,
    },
  };
}

/** Writes the sale item on the receipt's contact's timeline, when it has a contact the caller sees. */
async function recordSaleItem(
  tx: Transaction,
  user: AuthUser,
  receipt: ReceiptRow['receipt'],
  type: SaleItemType,
  change?: { field: string; from: unknown; to: unknown },
  knownContact?: Contact,
) {
  if (!receipt.contactId) return;
  const contact = knownContact ?? (await findVisibleContact(tx, user, receipt.contactId));
  if (!contact) return;
  await recordInteraction(tx, user, contact, {
    id: newId(),
    type: 'sale',
    content: saleContent(receipt, type, change),
  });
}

// ---------------------------------------------------------------------------------------------
// Create.

function today() {
  return new Date().toISOString().slice(0, 10);
}

/**
 * A new sale (the 'Venta Manual' tab, the back office) or presale (the company's sale config
 * must have presale; comercial only, 01 §6). A contact must be one the caller sees; the seller is
 * the given one, else the contact's agent, else the caller.
 */
export async function createReceipt(
  deps: FileDeps,
  user: AuthUser,
  raw: z.input<typeof ZReceiptCreate>,
) {
  const { db } = deps;
  const input = ZReceiptCreate.parse(raw);
  if (input.kind === 'presale') {
    if (!isCommercial(user)) throw new DomainError('PERMISSION_DENIED');
    const sale = await tenantSettings(db, user.tenantId, 'sale');
    if (!sale.presale) throw new DomainError('PRESALE_DISABLED');
  }
  const contact = input.contactId ? await visibleContact(db, user, input.contactId) : undefined;
  const sellerId = input.sellerId ?? contact?.agentId ?? user.id;
  await assignableReceiptSeller(db, user, sellerId);
  // A product image of Cartera's storage must be a checked upload of the company (issue #30 §5).
  const productImage = input.productImage
    ? await checkFileForRecord(deps, user, input.productImage)
    : null;
  const productLines: typeof input.productLines = [];
  for (const line of input.productLines) {
    productLines.push(
      line.productImage
        ? { ...line, productImage: await checkFileForRecord(deps, user, line.productImage) }
        : line,
    );
  }
  const id = input.id ?? newId();
  await db.transaction(async (tx) => {
    const fresh = await insertReceipt(tx, {
      tenantId: user.tenantId,
      id,
      kind: input.kind,
      ticketId: input.ticketId,
      ticketSaleId: input.ticketSaleId ?? null,
      entryDate: input.entryDate ?? today(),
      saleDate: input.saleDate ?? null,
      phone: input.phone,
      phoneDigits: input.phone.replace(/\D/g, ''),
      name: input.name,
      nameFolded: foldText(input.name),
      govId: input.govId ?? null,
      product: input.product ?? null,
      value: input.value ?? null,
      productImage,
      type: input.type ?? null,
      city: input.city ?? null,
      clientId: input.clientId ?? null,
      saleStructureType: input.saleStructureType,
      productLines,
      status: input.status,
      userLock: input.userLock,
      contactId: contact?.id ?? null,
      sellerId,
      createdBy: user.id,
      additionalData: input.additionalData,
    });
    if (!fresh) return;
    const row = await requireReceipt(tx, user, id);
    await recordSaleItem(tx, user, row.receipt, 'sale', undefined, contact);
  });
  return getReceipt(db, user, id);
}

// ---------------------------------------------------------------------------------------------
// Transitions (01 §4).

/** Locks the receipt, applies the change and writes its sale item, in one transaction. */
async function transition(
  db: Executor,
  user: AuthUser,
  id: string,
  change: (receipt: ReceiptRow['receipt']) => Promise<{
    patch: Partial<ReceiptRow['receipt']>;
    item: SaleItemType;
    change?: { field: string; from: unknown; to: unknown };
  }>,
) {
  await db.transaction(async (tx) => {
    const { receipt } = await requireReceipt(tx, user, id, true);
    const result = await change(receipt);
    await updateReceipt(tx, user.tenantId, id, result.patch);
    await recordSaleItem(tx, user, { ...receipt, ...result.patch }, result.item, result.change);
  });
  return getReceipt(db, user, id);
}

/** A new status (a canceled receipt may be reopened); sold needs a sale date and sale id. */
export function changeReceiptStatus(
  db: Executor,
  user: AuthUser,
  raw: z.input<typeof ZReceiptStatusChange>,
) {
  const input = ZReceiptStatusChange.parse(raw);
  return transition(db, user, input.id, async (receipt) => {
    const saleDate = input.saleDate ?? receipt.saleDate;
    const ticketSaleId = input.ticketSaleId ?? receipt.ticketSaleId;
    if (input.status === 'sold') {
      const fields: Record<string, string> = {};
      if (!saleDate) fields.saleDate = 'La fecha de venta es obligatoria en una venta concretada';
      if (!ticketSaleId) {
        fields.ticketSaleId = 'El id de venta es obligatorio en una venta concretada';
      }
      if (Object.keys(fields).length) throw new DomainError('INVALID_REQUEST_BODY', { fields });
    }
    return {
      patch: { status: input.status, saleDate, ticketSaleId, cancelReason: null, canceledAt: null },
      item: 'state-change',
    };
  });
}

/** Cancels with a reason, or none ('Sin razón especificada' on screen). */
export function cancelReceipt(db: Executor, user: AuthUser, raw: z.input<typeof ZReceiptCancel>) {
  const input = ZReceiptCancel.parse(raw);
  return transition(db, user, input.id, async (receipt) => {
    if (receipt.status === 'canceled') throw new DomainError('RECEIPT_CANCELED');
    return {
      patch: { status: 'canceled', cancelReason: input.reason || null, canceledAt: new Date() },
      item: 'cancellation',
    };
  });
}

/** Gives the sale to another seller, unless its seller is locked (user_lock). */
export function changeReceiptSeller(
  db: Executor,
  user: AuthUser,
  raw: z.input<typeof ZReceiptSellerChange>,
) {
  const input = ZReceiptSellerChange.parse(raw);
  return transition(db, user, input.id, async (receipt) => {
    if (receipt.userLock) throw new DomainError('RECEIPT_SELLER_LOCKED');
    await assignableReceiptSeller(db, user, input.sellerId);
    return {
      patch: { sellerId: input.sellerId },
      item: 'sale',
      change: { field: 'seller', from: receipt.sellerId, to: input.sellerId },
    };
  });
}

export function changeReceiptSaleDate(
  db: Executor,
  user: AuthUser,
  raw: z.input<typeof ZReceiptSaleDateChange>,
) {
  const input = ZReceiptSaleDateChange.parse(raw);
  return transition(db, user, input.id, async (receipt) => {
    if (receipt.status === 'canceled') throw new DomainError('RECEIPT_CANCELED');
    return {
      patch: { saleDate: input.saleDate },
      item: 'sale',
      change: { field: 'saleDate', from: receipt.saleDate, to: input.saleDate },
    };
  });
}

const REQUIRED_FIELDS: readonly ReceiptLockedField[] = ['ticketId', 'phone', 'name'];

/**
 * One field's value (01 §7 updateFieldValue): the manual-sale fields only for commercial staff
 * (02 §6); `additionalData.<code>` for whoever sees the receipt.
 */
export async function updateReceiptField(
  deps: FileDeps,
  user: AuthUser,
  raw: z.input<typeof ZReceiptFieldUpdate>,
) {
  const { db } = deps;
  const input = ZReceiptFieldUpdate.parse(raw);
  // A product image of Cartera's storage must be a checked upload of the company (issue #30 §5),
  // checked before the receipt is locked.
  const image =
    input.field === 'productImage' &&
    isCommercial(user) &&
    typeof input.value === 'string' &&
    input.value.trim()
      ? await checkFileForRecord(deps, user, input.value.trim())
      : undefined;
  return transition(db, user, input.id, async (receipt) => {
    if (input.field.startsWith('additionalData.')) {
      const code = input.field.slice('additionalData.'.length);
      const json = JSON.stringify(input.value ?? null);
      if (json.length > 10_000) throw new DomainError('RECEIPT_VALUE_INVALID');
      return {
        patch: { additionalData: { ...receipt.additionalData, [code]: input.value ?? null } },
        item: 'sale',
        change: { field: input.field, from: receipt.additionalData[code] ?? null, to: input.value },
      };
    }
    const field = input.field as ReceiptLockedField;
    if (!isCommercial(user)) throw new DomainError('RECEIPT_FIELD_LOCKED');
    if (!RECEIPT_LOCKED_FIELDS.includes(field)) throw new DomainError('RECEIPT_VALUE_INVALID');
    const schema = ZReceiptFields.shape[field];
    const cleared = input.value === null || input.value === '';
    if (cleared && REQUIRED_FIELDS.includes(field)) {
      throw new DomainError('INVALID_REQUEST_BODY', { fields: { [field]: 'Campo requerido' } });
    }
    const parsed = cleared ? { success: true as const, data: null } : schema.safeParse(input.value);
    if (!parsed.success) {
      throw new DomainError('INVALID_REQUEST_BODY', {
        fields: { [field]: parsed.error.issues[0]?.message ?? 'Valor inválido' },
      });
    }
    const value = parsed.data ?? null;
    if (field === 'entryDate' && value === null) {
      throw new DomainError('INVALID_REQUEST_BODY', { fields: { entryDate: 'Campo requerido' } });
    }
    const patch: Partial<ReceiptRow['receipt']> = { [field]: value };
    if (field === 'productImage' && image !== undefined) patch.productImage = image;
    if (field === 'phone') patch.phoneDigits = String(value).replace(/\D/g, '');
    if (field === 'name') patch.nameFolded = foldText(String(value));
    return {
      patch,
      item: 'sale',
      change: { field, from: receipt[field], to: value },
    };
  });
}
