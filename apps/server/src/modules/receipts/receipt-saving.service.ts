import type { z } from 'zod';
import type { Executor, Transaction } from '@cartera/db/client';
import type { Contact } from '@cartera/db/schema';
import { DomainError } from '@cartera/domain/errors';
import { es } from '@cartera/domain/i18n';
import { newId } from '@cartera/domain/ids';
import {
  RECEIPT_LOCKED_FIELDS,
  ZReceiptCancel,
  ZReceiptCreate,
  ZReceiptFields,
  ZReceiptFieldUpdate,
  ZReceiptSaleDateChange,
  ZReceiptSellerChange,
  ZReceiptStatusChange,
  type ReceiptLockedField,
  type SaleItemType,
} from '@cartera/domain/sales';
import { foldText } from '@cartera/domain/search';
import { findVisibleContact, visibleContact } from '../access/contacts';
import { assignableReceiptSeller } from '../access/receipts';
import { checkFileForRecord, type FileDeps } from '../files/file-access.service';
import type { AuthUser } from '../sessions/session.types';
import { tenantSettings } from '../tenant-settings/tenant-settings.service';
import { recordInteraction } from '../timeline/timeline-writer';
import { insertReceipt, updateReceipt, type ReceiptRow } from './receipts.repository';
import { getReceipt, isCommercial, requireReceipt } from './receipts.service';

/**
 * A sale or presale created (02 §5), moved through its transitions (01 §4) or a field changed,
 * each writing its sale item on the contact's timeline in the same transaction (03 §3).
 */

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
      if (!saleDate) fields.saleDate = es.salesOffice.dialog.saleDateRequired;
      if (!ticketSaleId) {
        fields.ticketSaleId = es.salesOffice.dialog.ticketSaleIdRequired;
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
      throw new DomainError('INVALID_REQUEST_BODY', {
        fields: { [field]: es.salesOffice.dialog.required },
      });
    }
    const parsed = cleared ? { success: true as const, data: null } : schema.safeParse(input.value);
    if (!parsed.success) {
      throw new DomainError('INVALID_REQUEST_BODY', {
        fields: { [field]: parsed.error.issues[0]?.message ?? es.validation.valueInvalid },
      });
    }
    const value = parsed.data ?? null;
    if (field === 'entryDate' && value === null) {
      throw new DomainError('INVALID_REQUEST_BODY', {
        fields: { entryDate: es.salesOffice.dialog.required },
      });
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
