import { ZReceiptCreate, type ReceiptStatus } from '@cartera/domain/sales';
import { es } from '@cartera/domain/i18n';
import { formatDate } from '../../lib/dates';
import type { RouterOutputs } from '@cartera/server/router';

/*
 * The sale dialog's form (02 §5): its values as typed, the rules of the one domain schema
 * (status, ticket, phone, name and seller required; sale id and sale date when sold; dates
 * DD/MM/YYYY that exist), and the server calls an edit takes (01 §4 transitions).
 */

export type Receipt = RouterOutputs['receipt']['get'];

const texts = es.salesOffice.dialog;

export interface SaleFormValues {
  status: ReceiptStatus;
  ticketId: string;
  ticketSaleId: string;
  entryDate: string;
  saleDate: string;
  phone: string;
  name: string;
  govId: string;
  product: string;
  value: string;
  sellerId: string;
  userLock: boolean;
}

/** The manual-sale fields a non-commercial user may not change (02 §6). */
export const LOCKED_FORM_FIELDS = [
  'ticketId',
  'ticketSaleId',
  'entryDate',
  'phone',
  'name',
  'govId',
  'product',
  'value',
] as const satisfies ReadonlyArray<keyof SaleFormValues>;

export function emptySale(today: string): SaleFormValues {
  return {
    status: 'new',
    ticketId: '',
    ticketSaleId: '',
    entryDate: formatDate(today),
    saleDate: '',
    phone: '',
    name: '',
    govId: '',
    product: '',
    value: '',
    sellerId: '',
    userLock: false,
  };
}

export function valuesOf(receipt: Receipt): SaleFormValues {
  return {
    status: receipt.status,
    ticketId: receipt.ticketId,
    ticketSaleId: receipt.ticketSaleId ?? '',
    entryDate: formatDate(receipt.entryDate),
    saleDate: receipt.saleDate ? formatDate(receipt.saleDate) : '',
    phone: receipt.phone,
    name: receipt.name,
    govId: receipt.govId ?? '',
    product: receipt.product ?? '',
    value: receipt.value === null ? '' : String(receipt.value),
    sellerId: receipt.seller?.id ?? '',
    userLock: receipt.userLock,
  };
}

const optional = (value: string) => (value.trim() ? value.trim() : undefined);

/** '1.234,50' or '1234.50' → 1234.5; undefined when empty; NaN when it does not read. */
export function parseValue(value: string): number | undefined {
  const trimmed = value.trim();
  if (!trimmed) return undefined;
  const normalised = trimmed.includes(',') ? trimmed.replace(/\./g, '').replace(',', '.') : trimmed;
  return /^-?\d+(\.\d+)?$/.test(normalised) ? Number(normalised) : Number.NaN;
}

export type SaleFormErrors = Partial<Record<keyof SaleFormValues, string>>;

/**
 * The form checked by the domain's own schema (the server checks the same again): the errors
 * by field, or the create input when there are none.
 */
export function checkSale(values: SaleFormValues) {
  const errors: SaleFormErrors = {};
  const value = parseValue(values.value);
  if (value !== undefined && (Number.isNaN(value) || value < 0)) errors.value = texts.valueInvalid;
  if (!values.sellerId) errors.sellerId = texts.required;
  const input = {
    status: values.status,
    ticketId: values.ticketId,
    ticketSaleId: optional(values.ticketSaleId),
    entryDate: optional(values.entryDate),
    saleDate: optional(values.saleDate),
    phone: values.phone,
    name: values.name,
    govId: optional(values.govId),
    product: optional(values.product),
    value: value === undefined || Number.isNaN(value) ? undefined : value,
    sellerId: values.sellerId || undefined,
    userLock: values.userLock,
  };
  const parsed = ZReceiptCreate.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof SaleFormValues | undefined;
      if (field && field in values) errors[field] ??= issue.message;
    }
  }
  return { errors, input: parsed.success ? parsed.data : null };
}

/** One server call of an edit, in the order they run. */
export type SaleChange =
  | { kind: 'field'; field: (typeof LOCKED_FORM_FIELDS)[number]; value: string | number | null }
  | {
      kind: 'status';
      status: Exclude<ReceiptStatus, 'canceled'>;
      saleDate?: string;
      ticketSaleId?: string;
    }
  | { kind: 'saleDate'; saleDate: string }
  | { kind: 'seller'; sellerId: string };

/**
 * What an edit changes, as the transitions of 01 §4 and field updates: the manual-sale fields
 * first, then the status (carrying the sale date and sale id a sale needs), the sale date, the
 * seller. `checked` is checkSale's input of the same values (days already YYYY-MM-DD).
 */
export function changesOf(
  receipt: Receipt,
  checked: NonNullable<ReturnType<typeof checkSale>['input']>,
): { changes: SaleChange[]; error: SaleFormErrors } {
  const changes: SaleChange[] = [];
  const error: SaleFormErrors = {};
  const statusChanges = checked.status !== receipt.status;
  const before: Record<(typeof LOCKED_FORM_FIELDS)[number], string | number | null> = {
    ticketId: receipt.ticketId,
    ticketSaleId: receipt.ticketSaleId,
    entryDate: receipt.entryDate,
    phone: receipt.phone,
    name: receipt.name,
    govId: receipt.govId,
    product: receipt.product,
    value: receipt.value,
  };
  for (const field of LOCKED_FORM_FIELDS) {
    const next = (checked[field] ?? null) as string | number | null;
    if (next === before[field]) continue;
    // A new sale id travels with the change to sold.
    if (field === 'ticketSaleId' && statusChanges && checked.status === 'sold') continue;
    changes.push({ kind: 'field', field, value: next });
  }
  const saleDate = checked.saleDate ?? null;
  if (!saleDate && receipt.saleDate) error.saleDate = texts.saleDateKept;
  if (statusChanges) {
    if (checked.status === 'canceled') error.status = texts.cancelWithButton;
    else {
      changes.push({
        kind: 'status',
        status: checked.status,
        ...(saleDate ? { saleDate } : {}),
        ...(checked.ticketSaleId ? { ticketSaleId: checked.ticketSaleId } : {}),
      });
    }
  } else if (saleDate && saleDate !== receipt.saleDate) {
    changes.push({ kind: 'saleDate', saleDate });
  }
  if (checked.sellerId && checked.sellerId !== (receipt.seller?.id ?? '')) {
    changes.push({ kind: 'seller', sellerId: checked.sellerId });
  }
  return { changes, error };
}
