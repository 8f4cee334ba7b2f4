import { newId } from '@cartera/domain/ids';
import { es } from '@cartera/domain/i18n';
import {
  templateOf,
  ZReceiptCreate,
  type ReceiptCreate,
  type ReceiptKind,
  type ReceiptStatus,
} from '@cartera/domain/sales';
import type { SaleTemplate } from '@cartera/domain/tenant-settings';
import type { RouterOutputs } from '../../lib/api-types';
import { formatDate } from '../../lib/dates';

/*
 * The one sale form's values (02 §5, 02 §6, 03 §2.2): as typed, the rules of the one domain
 * schema (status, ticket, phone, name required; sale id and sale date when sold; dates
 * DD/MM/YYYY that exist; product lines of a `multiline` template), and the server calls an edit
 * takes (01 §4 transitions).
 */

export type Receipt = RouterOutputs['receipt']['get'];

const texts = es.salesOffice.dialog;

/** A product line as typed: numbers stay text until the form is checked. */
export interface LineValues {
  key: string;
  name: string;
  code: string;
  category: string;
  quantity: string;
  value: string;
}

export interface SaleFormValues {
  /** The company's sale template chosen (a new sale with templates); null = a simple sale. */
  template: string | null;
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
  city: string;
  clientId: string;
  lines: LineValues[];
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

export const emptyLine = (): LineValues => ({
  key: newId(),
  name: '',
  code: '',
  category: '',
  quantity: '1',
  value: '',
});

/** A new sale's values: entered today, the contact's data when known, the first template. */
export function emptySale(
  today: string,
  defaults: { phone?: string; name?: string; govId?: string; template?: string | null } = {},
): SaleFormValues {
  return {
    template: defaults.template ?? null,
    status: 'new',
    ticketId: '',
    ticketSaleId: '',
    entryDate: formatDate(today),
    saleDate: '',
    phone: defaults.phone ?? '',
    name: defaults.name ?? '',
    govId: defaults.govId ?? '',
    product: '',
    value: '',
    city: '',
    clientId: '',
    lines: [emptyLine()],
    sellerId: '',
    userLock: false,
  };
}

/** A stored sale's values, as its edit starts. */
export function valuesOf(receipt: Receipt): SaleFormValues {
  return {
    ...emptySale(receipt.entryDate),
    status: receipt.status,
    ticketId: receipt.ticketId,
    ticketSaleId: receipt.ticketSaleId ?? '',
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

export type SaleFormErrors = Partial<Record<string, string>>;

/** A rule's path ('productLines', 0, 'quantity') as the form names its field ('lines.0.quantity'). */
export function saleFieldOf(parts: ReadonlyArray<string | number | symbol>): string | null {
  const [first, index, key] = parts.map(String);
  if (first === 'productLines')
    return index !== undefined && key ? `lines.${index}.${key}` : 'lines';
  return first ?? null;
}

/** What the form is for, besides its values. */
export interface SaleCheckOptions {
  /** The company's templates of a new sale (the chosen one's structure and code). */
  templates?: readonly SaleTemplate[];
  kind?: ReceiptKind;
  /** The client-made id of a new sale (a retry stores it once). */
  id?: string;
  /** The form has a seller field, which is then required (the back office). */
  sellerField?: boolean;
}

/** The template of the values, among the company's (none: a simple sale). */
export function templateOfValues(values: SaleFormValues, templates: readonly SaleTemplate[]) {
  return templateOf(templates, values.template);
}

/** The create input the values make (before the domain's schema reads it). */
export function saleInput(values: SaleFormValues, options: SaleCheckOptions = {}): ReceiptCreate {
  const template = templateOfValues(values, options.templates ?? []);
  const multiline = template?.structureType === 'multiline';
  const value = parseValue(values.value);
  return {
    ...(options.id ? { id: options.id } : {}),
    ...(options.kind ? { kind: options.kind } : {}),
    status: values.status,
    ticketId: values.ticketId,
    ticketSaleId: optional(values.ticketSaleId),
    entryDate: optional(values.entryDate),
    saleDate: optional(values.saleDate),
    phone: values.phone,
    name: values.name,
    govId: optional(values.govId),
    city: optional(values.city),
    clientId: optional(values.clientId),
    ...(template ? { type: template.code } : {}),
    saleStructureType: multiline ? 'multiline' : 'simple',
    ...(multiline
      ? {
          productLines: values.lines.map((line) => ({
            name: line.name,
            code: optional(line.code),
            category: optional(line.category),
            quantity: parseValue(line.quantity) ?? 1,
            value: parseValue(line.value) as number,
          })),
        }
      : {
          product: optional(values.product),
          value: value === undefined || Number.isNaN(value) ? undefined : value,
          productLines: [],
        }),
    sellerId: values.sellerId || undefined,
    userLock: values.userLock,
  };
}

/** The live total of the values (03 §9: Σ value × quantity, or the simple sale's price). */
export function totalOf(values: SaleFormValues, templates: readonly SaleTemplate[] = []) {
  const multiline = templateOfValues(values, templates)?.structureType === 'multiline';
  return {
    value: multiline ? null : (parseValue(values.value) ?? null),
    productLines: multiline
      ? values.lines.map((line) => ({
          value: parseValue(line.value) || 0,
          quantity: parseValue(line.quantity) ?? 1,
        }))
      : [],
  };
}

/**
 * The form checked by the domain's own schema (the server checks the same again): the errors
 * by field (a line's as 'lines.0.quantity'), or the create input when there are none.
 */
export function checkSale(values: SaleFormValues, options: SaleCheckOptions = {}) {
  const { sellerField = true } = options;
  const errors: SaleFormErrors = {};
  const multiline =
    templateOfValues(values, options.templates ?? [])?.structureType === 'multiline';
  const value = parseValue(values.value);
  if (!multiline && value !== undefined && (Number.isNaN(value) || value < 0)) {
    errors.value = texts.valueInvalid;
  }
  if (sellerField && !values.sellerId) errors.sellerId = texts.required;
  const parsed = ZReceiptCreate.safeParse(saleInput(values, options));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = saleFieldOf(issue.path);
      if (field) errors[field] ??= issue.message;
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
