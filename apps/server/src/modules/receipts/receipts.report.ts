import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '@cartera/db/client';
import { receipts, users } from '@cartera/db/schema';
import {
  defaultReportPeriod,
  manualSaleAllowed,
  monthsOf,
  RECEIPT_STATUSES,
  ZReceiptReportInput,
} from '@cartera/domain/sales';
import { ZSaleTemplate } from '@cartera/domain/tenant-settings';
import { receiptCondition, receiptReach } from '../access/receipts';
import type { AuthUser } from '../sessions/session.types';
import { tenantSettings } from '../tenant-settings/tenant-settings.service';
import { idInTenant } from '../../lib/sql';

/*
 * What the conversation and 'Reportes' read of sales besides the receipts themselves (issue #14):
 * the company's sale configuration as the caller may use it ('Venta Manual', 'Crear preventa'),
 * and the totals per seller, status and month (/reportes/receipts), grouped in SQL under the
 * list's scope. Decisions in docs/decisions.md "Sales in the conversation, presales and reports".
 */

// ---------------------------------------------------------------------------------------------
// The sale configuration as the caller may use it.

export const ZSaleSettings = z.object({
  /** 03 §2.2: the 'Venta Manual' tab (the manualSale flag and crmConfig.manualSales' roles). */
  manualSale: z.boolean(),
  /** 01 §6: the company's sale config has presale ('Crear preventa'). */
  presale: z.boolean(),
  /** 03 §3 sale templates; the sale's `type` is its template's code. */
  templates: z.array(ZSaleTemplate),
  /** The presale template (01 §7 GET /company/presaletemplate), if configured. */
  presaleTemplate: ZSaleTemplate.nullable(),
});
export type SaleSettings = z.infer<typeof ZSaleSettings>;

export async function saleSettings(db: Executor, user: AuthUser): Promise<SaleSettings> {
  const config = await tenantSettings(db, user.tenantId, 'sale');
  return {
    manualSale: manualSaleAllowed(user, config.manualSales),
    presale: config.presale === true,
    templates: config.templates,
    presaleTemplate: config.presaleTemplate ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// 'Reportes'.

const ZFigures = z.object({
  /** Receipts not canceled. */
  count: z.number(),
  /** Their total (Σ value × quantity, 03 §9). */
  total: z.number(),
  /** Of them, the sold ones. */
  soldCount: z.number(),
  soldTotal: z.number(),
});

export const ZReceiptReport = z.object({
  from: z.string(),
  to: z.string(),
  overall: ZFigures.extend({ canceledCount: z.number() }),
  bySeller: z.array(
    ZFigures.extend({
      sellerId: z.string().nullable(),
      name: z.string(),
      lastname: z.string(),
    }),
  ),
  /** Every status, canceled included (count and total of each). */
  byStatus: z.array(
    z.object({ status: z.enum(RECEIPT_STATUSES), count: z.number(), total: z.number() }),
  ),
  /** Every month of the period ('YYYY-MM'), empty ones included, oldest first. */
  byMonth: z.array(ZFigures.extend({ month: z.string() })),
});
export type ReceiptReport = z.infer<typeof ZReceiptReport>;

/** A receipt's total in SQL, as saleTotal computes it: its lines' Σ value × quantity, else its value. */
const receiptTotal = sql`round(coalesce(
  (select sum((line->>'value')::numeric * coalesce((line->>'quantity')::numeric, 1))
     from jsonb_array_elements(${receipts.productLines}) as line),
  ${receipts.value}, 0), 2)`;

const figures = {
  count: sql<string>`count(*) filter (where ${receipts.status} <> 'canceled')`,
  total: sql<string>`coalesce(sum(${receiptTotal}) filter (where ${receipts.status} <> 'canceled'), 0)`,
  soldCount: sql<string>`count(*) filter (where ${receipts.status} = 'sold')`,
  soldTotal: sql<string>`coalesce(sum(${receiptTotal}) filter (where ${receipts.status} = 'sold'), 0)`,
};

function numbers<T extends Record<string, unknown>>(row: T, keys: ReadonlyArray<keyof T>) {
  const out = { ...row } as Record<string, unknown>;
  for (const key of keys) out[key as string] = Number(row[key] ?? 0);
  return out;
}

const FIGURE_KEYS = ['count', 'total', 'soldCount', 'soldTotal'] as const;

/**
 * Totals per seller, status and month of entry over a period (the last six months by default),
 * for the receipts the caller sees (the list's scope: a supervisor their subtree's sellers').
 */
export async function receiptReport(
  db: Executor,
  user: AuthUser,
  raw: z.input<typeof ZReceiptReportInput>,
): Promise<ReceiptReport> {
  const input = ZReceiptReportInput.parse(raw);
  const period = defaultReportPeriod();
  const from = input.from ?? (input.to && input.to < period.from ? input.to : period.from);
  const to = input.to ?? (from > period.to ? from : period.to);
  const tenantId = user.tenantId;
  const where: SQL | undefined = and(
    eq(receipts.tenantId, tenantId),
    eq(receipts.kind, input.kind),
    receiptCondition(tenantId, receiptReach(user)),
    gte(receipts.entryDate, from),
    lte(receipts.entryDate, to),
    input.sellerId ? eq(receipts.sellerId, input.sellerId) : undefined,
  );
  const month = sql<string>`to_char(${receipts.entryDate}, 'YYYY-MM')`;
  const [sellerRows, statusRows, monthRows] = await Promise.all([
    db
      .select({
        sellerId: receipts.sellerId,
        name: sql<string | null>`min(${users.name})`,
        lastname: sql<string | null>`min(${users.lastname})`,
        ...figures,
      })
      .from(receipts)
      .leftJoin(users, idInTenant(users, receipts.tenantId, receipts.sellerId))
      .where(where)
      .groupBy(receipts.sellerId),
    db
      .select({
        status: receipts.status,
        count: sql<string>`count(*)`,
        total: sql<string>`coalesce(sum(${receiptTotal}), 0)`,
      })
      .from(receipts)
      .where(where)
      .groupBy(receipts.status),
    db
      .select({ month, ...figures })
      .from(receipts)
      .where(where)
      .groupBy(month),
  ]);

  const bySeller = sellerRows
    .map((row) => ({
      ...(numbers(row, FIGURE_KEYS) as z.infer<typeof ZFigures>),
      sellerId: row.sellerId,
      name: row.name ?? '',
      lastname: row.lastname ?? '',
    }))
    .sort(
      (a, b) =>
        b.total - a.total || `${a.name} ${a.lastname}`.localeCompare(`${b.name} ${b.lastname}`),
    );
  const statuses = new Map(statusRows.map((row) => [row.status, row]));
  const byStatus = RECEIPT_STATUSES.map((status) => ({
    status,
    count: Number(statuses.get(status)?.count ?? 0),
    total: Number(statuses.get(status)?.total ?? 0),
  }));
  const months = new Map(monthRows.map((row) => [row.month, row]));
  const empty = { count: 0, total: 0, soldCount: 0, soldTotal: 0 };
  const byMonth = monthsOf(from, to).map((key) => {
    const row = months.get(key);
    return {
      month: key,
      ...(row ? (numbers(row, FIGURE_KEYS) as z.infer<typeof ZFigures>) : empty),
    };
  });
  const sum = (key: (typeof FIGURE_KEYS)[number]) =>
    Math.round(bySeller.reduce((total, row) => total + row[key], 0) * 100) / 100;
  return {
    from,
    to,
    overall: {
      count: sum('count'),
      total: sum('total'),
      soldCount: sum('soldCount'),
      soldTotal: sum('soldTotal'),
      canceledCount: byStatus.find((row) => row.status === 'canceled')?.count ?? 0,
    },
    bySeller,
    byStatus,
    byMonth: byMonth.map(({ month: key, count, total, soldCount, soldTotal }) => ({
      month: key,
      count,
      total,
      soldCount,
      soldTotal,
    })),
  };
}
