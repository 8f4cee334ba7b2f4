import { z } from 'zod';
import { isInputDay } from './input';
import { fieldsConfigEs } from './i18n/fields-config.es';
import { RECEIPT_DATE_KINDS, RECEIPT_STATUSES, type ReceiptStatus } from './receipt-values';

export {
  RECEIPT_DATE_KINDS,
  RECEIPT_STATUSES,
  type ReceiptDateKind,
  type ReceiptStatus,
} from './receipt-values';

/*
 * Sales and presales (01 §3 Sale / receipt and presale, §4 transitions; 02 §5 sale dialog; 03 §3
 * Sale content, §9 sale total). One implementation for the web's dialogs and the server's
 * `receipt` router. What the specification leaves open is in docs/decisions.md "Sales and
 * presales".
 */

/** 01 §9: receipt listing default limit. */
export const RECEIPTS_PAGE_SIZE = 100;

/** A receipt is a sale; a presale is the same record before the sale (01 §3, §6 Presale). */
export const RECEIPT_KINDS = ['receipt', 'presale'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

export const SALE_STRUCTURES = ['simple', 'multiline'] as const;
export type SaleStructure = (typeof SALE_STRUCTURES)[number];

/** What a sale item on the timeline tells (03 §3 Sale content `type`). */
export const SALE_ITEM_TYPES = ['sale', 'state-change', 'cancellation'] as const;
export type SaleItemType = (typeof SALE_ITEM_TYPES)[number];

/**
 * The fields a non-commercial user may not change once a sale is stored (02 §6 manual-sale
 * fields locked): everything but the configurable `additionalData` values.
 */
export const RECEIPT_LOCKED_FIELDS = [
  'ticketId',
  'ticketSaleId',
  'phone',
  'name',
  'govId',
  'product',
  'value',
  'productImage',
  'type',
  'city',
  'clientId',
  'entryDate',
] as const;
export type ReceiptLockedField = (typeof RECEIPT_LOCKED_FIELDS)[number];

// ---------------------------------------------------------------------------------------------
// Dates: a day, given as YYYY-MM-DD or as the screens show it, DD/MM/YYYY (02 §5).

function toIsoDay(value: string) {
  const shown = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  return shown ? `${shown[3]}-${shown[2]}-${shown[1]}` : value.trim();
}

/** A day of a sale: DD/MM/YYYY or YYYY-MM-DD in, YYYY-MM-DD out; a day that does not exist is refused. */
export const ZSaleDay = z
  .string({ error: 'Fecha inválida' })
  .transform(toIsoDay)
  .pipe(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'La fecha debe tener el formato DD/MM/AAAA' })
      .refine(isInputDay, { error: 'La fecha no existe' }),
  );

// ---------------------------------------------------------------------------------------------
// Product lines and totals.

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Máximo ${max} caracteres` });

export const ZProductLine = z.object({
  name: text(200).min(1, { error: 'El nombre del producto es obligatorio' }),
  code: text(100).optional(),
  category: text(100).optional(),
  quantity: z
    .number({ error: 'La cantidad debe ser un número' })
    .min(0, { error: 'La cantidad no puede ser negativa' })
    .max(1_000_000, { error: 'La cantidad es demasiado grande' })
    .default(1),
  value: z
    .number({ error: 'El precio debe ser un número' })
    .min(0, { error: 'El precio no puede ser negativo' })
    .max(1e12, { error: 'El precio es demasiado grande' }),
  productImage: text(2000).optional(),
  additionalData: z.record(z.string(), z.unknown()).optional(),
});
export type ProductLine = z.output<typeof ZProductLine>;

/**
 * 03 §9: Σ value × quantity (quantity 1 when missing) to two decimals; a simple sale without
 * lines is its value.
 */
export function saleTotal(sale: {
  value?: number | null;
  productLines?: ReadonlyArray<{ value?: number | null; quantity?: number | null }> | null;
}) {
  const lines = sale.productLines ?? [];
  const sum =
    lines.length > 0
      ? lines.reduce((total, line) => total + (line.value ?? 0) * (line.quantity ?? 1), 0)
      : (sale.value ?? 0);
  return Math.round(sum * 100) / 100;
}

// ---------------------------------------------------------------------------------------------
// The sale form (02 §5): status, ticket id, phone, name and seller required; sale id and sale
// date required when sold.

const money = z
  .number({ error: 'El valor debe ser un número' })
  .min(0, { error: 'El valor no puede ser negativo' })
  .max(1e12, { error: 'El valor es demasiado grande' });

export const ZReceiptFields = z.object({
  status: z.enum(RECEIPT_STATUSES, { error: 'Estado inválido' }),
  ticketId: text(100).min(1, { error: 'El ticket es obligatorio' }),
  ticketSaleId: text(100).optional(),
  entryDate: ZSaleDay.optional(),
  saleDate: ZSaleDay.optional(),
  phone: text(40).min(1, { error: 'El teléfono es obligatorio' }),
  name: text(200).min(1, { error: 'El nombre es obligatorio' }),
  govId: text(40).optional(),
  product: text(200).optional(),
  value: money.optional(),
  productImage: text(2000).optional(),
  type: text(100).optional(),
  city: text(100).optional(),
  clientId: text(100).optional(),
  saleStructureType: z.enum(SALE_STRUCTURES).default('simple'),
  productLines: z.array(ZProductLine).max(200, { error: 'Máximo 200 productos' }).default([]),
  userLock: z.boolean().default(false),
  additionalData: z.record(z.string(), z.unknown()).default({}),
});

/** The rules across fields of a sale, added to each schema that carries them. */
export function checkSaleRules(
  sale: {
    status?: ReceiptStatus | undefined;
    saleDate?: string | null | undefined;
    ticketSaleId?: string | null | undefined;
    saleStructureType?: SaleStructure | undefined;
    productLines?: readonly unknown[] | undefined;
  },
  context: z.RefinementCtx,
) {
  if (sale.status === 'sold') {
    if (!sale.saleDate) {
      context.addIssue({
        code: 'custom',
        path: ['saleDate'],
        message: 'La fecha de venta es obligatoria en una venta concretada',
      });
    }
    if (!sale.ticketSaleId) {
      context.addIssue({
        code: 'custom',
        path: ['ticketSaleId'],
        message: 'El id de venta es obligatorio en una venta concretada',
      });
    }
  }
  if (sale.saleStructureType === 'multiline' && (sale.productLines?.length ?? 0) === 0) {
    context.addIssue({
      code: 'custom',
      path: ['productLines'],
      message: 'Una venta de varias líneas necesita al menos un producto',
    });
  }
}

/** A new sale or presale: of a contact (the 'Venta Manual' tab) or typed in the back office. */
export const ZReceiptCreateFields = ZReceiptFields.extend({
  /** Given by the client for an idempotent retry. */
  id: z.uuid().optional(),
  kind: z.enum(RECEIPT_KINDS).default('receipt'),
  contactId: z.uuid().optional(),
  /** The seller; the contact's agent, or the caller, when missing. */
  sellerId: z.uuid().optional(),
});
export const ZReceiptCreate = ZReceiptCreateFields.superRefine(checkSaleRules);
export type ReceiptCreate = z.input<typeof ZReceiptCreate>;

export const ZReceiptStatusChange = z.object({
  id: z.uuid(),
  status: z.enum(RECEIPT_STATUSES, { error: 'Estado inválido' }).exclude(['canceled']),
  /** Required when the new status is sold and the receipt has none yet. */
  saleDate: ZSaleDay.optional(),
  ticketSaleId: text(100).optional(),
});

export const ZReceiptCancel = z.object({
  id: z.uuid(),
  reason: text(500).optional(),
});

export const ZReceiptSellerChange = z.object({ id: z.uuid(), sellerId: z.uuid() });

export const ZReceiptSaleDateChange = z.object({ id: z.uuid(), saleDate: ZSaleDay });

/**
 * One field's value (01 §7 updateFieldValue): a locked field of RECEIPT_LOCKED_FIELDS, or
 * `additionalData.<code>` for a configurable one.
 */
export const ZReceiptFieldUpdate = z.object({
  id: z.uuid(),
  field: z.union([
    z.enum(RECEIPT_LOCKED_FIELDS),
    z.string().regex(/^additionalData\.[A-Za-z0-9_-]{1,60}$/, { error: 'Campo desconocido' }),
  ]),
  value: z.unknown(),
});

/**
 * How the back office's list is ordered (01 §7 GET /receipt `sort`): by entry order (the id, a
 * UUIDv7), entry date, sale date (none sorts as the earliest), total (03 §9), seller's name or
 * status (in RECEIPT_STATUSES order); ties by id in the same direction. docs/decisions.md "Sales
 * back office".
 */
export const RECEIPT_SORTS = [
  'created',
  'entryDate',
  'saleDate',
  'total',
  'seller',
  'status',
] as const;
export type ReceiptSort = (typeof RECEIPT_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** The filters of the back office's list, its Excel export and its count. */
export const ZReceiptFilterInput = z.object({
  kind: z.enum(RECEIPT_KINDS).default('receipt'),
  /** Phone (its digits), ticket id or sale id (its start), or name (anywhere). */
  search: z.string().trim().max(100).optional(),
  status: z.array(z.enum(RECEIPT_STATUSES)).max(RECEIPT_STATUSES.length).optional(),
  sellerId: z.uuid().optional(),
  contactId: z.uuid().optional(),
  /** Entry dates from–to, inclusive (sale dates with `dates: 'sale'`). */
  from: ZSaleDay.optional(),
  to: ZSaleDay.optional(),
  /** Which date `from` and `to` read: the entry date, or the sale date ('Rendimiento' sales). */
  dates: z.enum(RECEIPT_DATE_KINDS).default('entry'),
  sort: z.enum(RECEIPT_SORTS).default('created'),
  order: z.enum(SORT_ORDERS).default('desc'),
});
export type ReceiptFilterInput = z.input<typeof ZReceiptFilterInput>;

/** The list of the back office (01 §7 GET /receipt): search, filters, keyset pages. */
export const ZReceiptListInput = ZReceiptFilterInput.extend({
  /** The last page's `nextCursor` (opaque: it carries the sort key and the id). */
  cursor: z.string().max(400).nullish(),
  limit: z.number().int().min(1).max(500).default(RECEIPTS_PAGE_SIZE),
});

/** A phone as the back office types it (01 §7 GET /phonesearch, getContactByPhone). */
export const ZPhoneQuery = z.object({
  phone: z
    .string()
    .trim()
    .max(40)
    .refine((value) => value.replace(/\D/g, '').length >= 3, {
      error: 'Escribe al menos 3 dígitos del teléfono',
    }),
});
export type ReceiptListInput = z.input<typeof ZReceiptListInput>;

// ---------------------------------------------------------------------------------------------
// The conversation side (03 §2.2 'Venta Manual', §3 sale template, §9 sale bubble).

/** Who may see the 'Venta Manual' tab (03 §2.2): the flag, then crmConfig.manualSales' roles. */
export function manualSaleAllowed(
  subject: { roles: readonly string[]; featureFlags: Partial<Record<string, 0 | 1>> },
  manualSales: { active: boolean; roles: readonly string[] } | undefined,
): boolean {
  if (subject.featureFlags.manualSale !== 1) return false;
  if (!manualSales?.active) return true;
  return (
    manualSales.roles.includes('all') ||
    subject.roles.some((role) => manualSales.roles.includes(role))
  );
}

/** The template a sale was typed with (its `type` is the code), else the default, else the first. */
export function templateOf<T extends { code: string; default?: boolean }>(
  templates: readonly T[],
  code?: string | null,
): T | undefined {
  return (
    templates.find((template) => template.code === code) ??
    templates.find((template) => template.default) ??
    templates[0]
  );
}

/**
 * The fields of the sale bubble, in order (03 §9), by their Sale-content names: 'Fecha de
 * ingreso', 'Fecha de venta', 'Nombre', 'Cedula', 'Estado', 'Producto', 'Categoría', 'Precio'.
 * A template's `hiddenFields` names the ones it hides.
 */
export const SALE_BUBBLE_FIELDS = [
  'date',
  'date_sale',
  'name',
  'gov_id',
  'status',
  'product',
  'category',
  'value',
] as const;
export type SaleBubbleField = (typeof SALE_BUBBLE_FIELDS)[number];

// ---------------------------------------------------------------------------------------------
// The sale configuration as 'Mi Empresa' saves it (01 §3 sale config, 03 §3 Sale template;
// issue #17). The stored section (tenant-settings.ts ZSaleConfig) reads leniently; these check.

const saleText = fieldsConfigEs.sale;
const ZTemplateTitle = z.string().trim().max(120, saleText.titleTooLong).default('');
const ZHiddenBubbleFields = z
  .array(z.enum(SALE_BUBBLE_FIELDS))
  .max(SALE_BUBBLE_FIELDS.length)
  .default([])
  .transform((fields) => [...new Set(fields)]);

export const ZSaleTemplateInput = z.object({
  code: z
    .string()
    .trim()
    .min(1, saleText.codeRequired)
    .regex(/^[\w-]{1,60}$/, saleText.codeInvalid),
  structureType: z.enum(['simple', 'multiline']).default('simple'),
  default: z.boolean().default(false),
  saleTitle: ZTemplateTitle,
  bubbleTitle: ZTemplateTitle,
  hiddenFields: ZHiddenBubbleFields,
});
export type SaleTemplateInput = z.input<typeof ZSaleTemplateInput>;

/** The whole sale configuration: presale, the templates (codes once, one default at most). */
export const ZSaleConfigInput = z
  .object({
    presale: z.boolean(),
    templates: z.array(ZSaleTemplateInput).max(50),
    presaleTemplate: ZSaleTemplateInput.nullable(),
  })
  .superRefine((input, ctx) => {
    const seen = new Set<string>();
    input.templates.forEach((template, index) => {
      if (seen.has(template.code)) {
        ctx.addIssue({
          code: 'custom',
          path: ['templates', index, 'code'],
          message: saleText.codeTaken,
        });
      }
      seen.add(template.code);
    });
    const defaults = input.templates.filter((template) => template.default).length;
    if (defaults > 1) {
      input.templates.forEach((template, index) => {
        if (template.default) {
          ctx.addIssue({
            code: 'custom',
            path: ['templates', index, 'default'],
            message: saleText.oneDefault,
          });
        }
      });
    }
  });
export type SaleConfigInput = z.input<typeof ZSaleConfigInput>;

/**
 * 01 §7 'saleconfig bubbletemplate': how the sale bubble of one template shows, its title and
 * hidden fields; `code` names a sale template or the presale template.
 */
export const ZBubbleTemplateInput = z.object({
  code: z.string().trim().min(1, saleText.codeRequired).max(60),
  bubbleTitle: ZTemplateTitle,
  hiddenFields: ZHiddenBubbleFields,
});

/** 03 §9: the sale bubble shows three fields until it is expanded. */
export const SALE_BUBBLE_COLLAPSED_FIELDS = 3;

/** The sale as a sale item carries it (03 §3 Sale content), every field optional. */
export interface SaleItemSale {
  date?: string | null;
  date_sale?: string | null;
  name?: string | null;
  gov_id?: string | null;
  status?: string | null;
  product?: string | null;
  category?: string | null;
  value?: number | null;
  saleStructureType?: string | null;
  productLines?: ReadonlyArray<{
    name?: string | null;
    category?: string | null;
    value?: number | null;
    quantity?: number | null;
  }> | null;
}

/** 'YYYY-MM-DD' as the screens show a day, 'DD/MM/YYYY'. */
export function showDay(day: string | null | undefined) {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/**
 * The bubble's fields with a value, in order, without the hidden ones: a multiline sale's
 * product is its lines' names and its category their distinct categories; the price is the
 * sale's total (Σ value × quantity).
 */
export function saleBubbleFields(
  sale: SaleItemSale,
  statusLabel: (status: string) => string,
  /** How the company writes an amount (the web's formatMoney for its country). */
  money: (total: number) => string,
  hidden: readonly string[] = [],
): Array<{ field: SaleBubbleField; value: string }> {
  const lines = sale.productLines ?? [];
  const names = lines.map((line) => line.name).filter(Boolean);
  const categories = [...new Set(lines.map((line) => line.category).filter(Boolean))];
  const values: Record<SaleBubbleField, string> = {
    date: showDay(sale.date),
    date_sale: showDay(sale.date_sale),
    name: sale.name ?? '',
    gov_id: sale.gov_id ?? '',
    status: sale.status ? statusLabel(sale.status) : '',
    product: sale.product || names.join(', '),
    category: sale.category && categories.length <= 1 ? sale.category : categories.join(', '),
    value:
      lines.length > 0 || sale.value != null
        ? money(saleTotal({ value: sale.value ?? null, productLines: lines as ProductLineLike[] }))
        : '',
  };
  return SALE_BUBBLE_FIELDS.filter((field) => !hidden.includes(field) && values[field] !== '').map(
    (field) => ({ field, value: values[field] }),
  );
}

type ProductLineLike = { value?: number | null; quantity?: number | null };

// ---------------------------------------------------------------------------------------------
// 'Reportes' (/reportes/receipts): totals per seller, status and month.

/** The report's months: at most two years, the last six by default. */
export const REPORT_MAX_MONTHS = 24;
export const REPORT_DEFAULT_MONTHS = 6;

export const ZReceiptReportInput = z
  .object({
    kind: z.enum(RECEIPT_KINDS).default('receipt'),
    /** Entry dates from–to, inclusive; the last six months by default. */
    from: ZSaleDay.optional(),
    to: ZSaleDay.optional(),
    sellerId: z.uuid().optional(),
  })
  .superRefine((input, context) => {
    if (input.from && input.to && input.from > input.to) {
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: 'La fecha final debe ser posterior a la inicial',
      });
    } else if (
      input.from &&
      input.to &&
      monthsOf(input.from, input.to).length > REPORT_MAX_MONTHS
    ) {
      context.addIssue({
        code: 'custom',
        path: ['from'],
        message: `El período no puede superar los ${REPORT_MAX_MONTHS} meses`,
      });
    }
  });
export type ReceiptReportInput = z.input<typeof ZReceiptReportInput>;

/** The report's default period: the first day of the month five months back to today (UTC). */
export function defaultReportPeriod(today = new Date()) {
  const from = new Date(
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - (REPORT_DEFAULT_MONTHS - 1), 1),
  );
  return { from: from.toISOString().slice(0, 10), to: today.toISOString().slice(0, 10) };
}

/** The months of a period, 'YYYY-MM', oldest first (the report's rows, empty ones included). */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (let guard = 0; guard < 1200; guard++) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key > last) break;
    months.push(key);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}
