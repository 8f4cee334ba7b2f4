import { describe, expect, it } from 'vitest';
import { and, eq, gte, lte } from 'drizzle-orm';
import { createUser } from '@cartera/db/factories';
import { receipts } from '@cartera/db/schema';
import { saleTotal } from '@cartera/domain/sales';
import { useDemoApp } from '../../testing/demo-app';
import {
  COMERCIAL,
  SELLER,
  OTHER_SELLER,
  SUPERVISOR,
  PROJECT_MANAGER as PROJECT,
  OTHER_TENANT,
} from '../../testing/demo-users';

/*
 * 'Reportes' (/reportes/receipts) and the sale configuration of the conversation (issue #14):
 * the report's SQL totals are those saleTotal gives row by row, under the list's scope; the
 * 'Venta Manual' tab follows the flag and crmConfig.manualSales' roles.
 */
const env = useDemoApp();

const round = (value: number) => Math.round(value * 100) / 100;

async function storedReceipts(from: string, to: string) {
  const tenantId = env.demo.users[COMERCIAL]!.tenantId;
  return env.database.handle.db
    .select()
    .from(receipts)
    .where(
      and(
        eq(receipts.tenantId, tenantId),
        eq(receipts.kind, 'receipt'),
        gte(receipts.entryDate, from),
        lte(receipts.entryDate, to),
      ),
    );
}

describe("'Reportes': totales por vendedor, estado y mes", () => {
  it('los totales agrupados en SQL son los de cada venta (Σ valor × cantidad), cancelaciones aparte', async () => {
    const report = await env.call(COMERCIAL, 'receipt.report', {});
    expect(report.error).toBeUndefined();
    const { from, to, bySeller, byStatus, byMonth, overall } = report.data!;
    expect(byMonth).toHaveLength(6);
    const rows = await storedReceipts(from, to);
    expect(rows.length).toBeGreaterThan(50);

    const live = rows.filter((row) => row.status !== 'canceled');
    expect(overall.count).toBe(live.length);
    expect(overall.total).toBeCloseTo(round(live.reduce((sum, row) => sum + saleTotal(row), 0)), 2);
    expect(overall.canceledCount).toBe(rows.length - live.length);

    for (const status of ['new', 'pending', 'sold', 'canceled'] as const) {
      const ofStatus = rows.filter((row) => row.status === status);
      const figures = byStatus.find((row) => row.status === status)!;
      expect(figures.count).toBe(ofStatus.length);
      expect(figures.total).toBeCloseTo(
        ofStatus.reduce((sum, row) => sum + saleTotal(row), 0),
        2,
      );
    }

    const seller = env.demo.users[SELLER]!;
    const own = live.filter((row) => row.sellerId === seller.id);
    const sellerRow = bySeller.find((row) => row.sellerId === seller.id)!;
    expect(sellerRow).toMatchObject({ name: 'Valentín', lastname: 'Vendedor', count: own.length });
    expect(sellerRow.total).toBeCloseTo(
      own.reduce((sum, row) => sum + saleTotal(row), 0),
      2,
    );
    expect(sellerRow.soldCount).toBe(own.filter((row) => row.status === 'sold').length);

    expect(byMonth.reduce((sum, month) => sum + month.count, 0)).toBe(live.length);
    expect(byMonth.at(-1)!.month).toBe(to.slice(0, 7));
  });

  it('una venta nueva suma su total a su vendedor y a su mes', async () => {
    const before = (
      await env.call(COMERCIAL, 'receipt.report', { from: '2026-01-01', to: '2026-01-31' })
    ).data!;
    const seller = env.demo.users[OTHER_SELLER]!;
    const created = await env.call(COMERCIAL, 'receipt.create', {
      status: 'sold',
      ticketId: 'REP-1',
      ticketSaleId: 'V-REP-1',
      entryDate: '15/01/2026',
      saleDate: '16/01/2026',
      phone: '099 123 456',
      name: 'Reporte Prueba',
      sellerId: seller.id,
      saleStructureType: 'multiline',
      productLines: [
        { name: 'Plan', value: 100.25, quantity: 3 },
        { name: 'Router', value: 50 },
      ],
    });
    expect(created.error).toBeUndefined();
    const after = (
      await env.call(COMERCIAL, 'receipt.report', { from: '2026-01-01', to: '2026-01-31' })
    ).data!;
    expect(after.byMonth).toEqual([expect.objectContaining({ month: '2026-01' })]);
    expect(after.byMonth[0]!.soldTotal).toBeCloseTo(before.byMonth[0]!.soldTotal + 350.75, 2);
    const sellerAfter = after.bySeller.find((row) => row.sellerId === seller.id)!;
    const sellerBefore = before.bySeller.find((row) => row.sellerId === seller.id);
    expect(sellerAfter.count).toBe((sellerBefore?.count ?? 0) + 1);
    expect(sellerAfter.total).toBeCloseTo((sellerBefore?.total ?? 0) + 350.75, 2);
  });

  it('un supervisor ve solo su equipo; un vendedor no abre reportes; otra empresa no ve nada', async () => {
    const team = (await env.call(SUPERVISOR, 'receipt.report', {})).data!;
    const sellers = new Set(team.bySeller.map((row) => row.sellerId));
    expect(sellers.has(env.demo.users[SELLER]!.id)).toBe(true);
    expect(sellers.has(env.demo.users[OTHER_SELLER]!.id)).toBe(false);
    const seller = await env.call(SELLER, 'receipt.report', {});
    expect(seller.error?.data.domainCode).toBe('PERMISSION_DENIED');
    const stranger = await env.call(OTHER_TENANT, 'receipt.report', {});
    expect(stranger.error?.data.domainCode).toBe('PERMISSION_DENIED');
    // The other company's back office: its own (empty) books, nothing of Demo Uruguay's.
    await createUser(env.database.handle.db, env.demo.other, {
      email: 'comercial@otra.test',
      role: 'comercial',
    });
    const other = (await env.call('comercial@otra.test', 'receipt.report', {})).data!;
    expect(other.overall).toMatchObject({ count: 0, total: 0, canceledCount: 0 });
    expect(other.bySeller).toEqual([]);
    expect(other.byStatus.every((row) => row.count === 0)).toBe(true);
  });

  it('un período al revés o de más de 24 meses se rechaza en castellano', async () => {
    const reversed = await env.call(COMERCIAL, 'receipt.report', {
      from: '2026-03-01',
      to: '2026-02-01',
    });
    expect(reversed.error?.data.domainCode).toBe('INVALID_REQUEST_BODY');
    expect(JSON.stringify(reversed.error)).toContain(
      'La fecha final debe ser posterior a la inicial',
    );
    const impossible = await env.call(COMERCIAL, 'receipt.report', { from: '30/02/2026' });
    expect(JSON.stringify(impossible.error)).toContain('La fecha no existe');
  });
});

describe('la configuración de ventas de la conversación', () => {
  it("'Venta Manual' para los roles de manualSales; plantillas, preventas y su plantilla", async () => {
    const seller = (await env.call(SELLER, 'receipt.config', undefined)).data!;
    expect(seller.manualSale).toBe(true);
    expect(seller.presale).toBe(true);
    expect(seller.templates.map((template) => [template.code, template.structureType])).toEqual([
      ['planes', 'multiline'],
      ['equipos', 'simple'],
    ]);
    const project = (await env.call(PROJECT, 'receipt.config', undefined)).data!;
    expect(project.manualSale).toBe(false);
    const stranger = (await env.call(OTHER_TENANT, 'receipt.config', undefined)).data!;
    expect(stranger).toMatchObject({ manualSale: false, presale: false, templates: [] });
    const template = await env.rest(COMERCIAL, 'GET', '/api/company/presaletemplate');
    expect(template.status).toBe(200);
    expect(template.body).toMatchObject({ code: 'preventa', saleTitle: 'Preventa' });
  });
});
