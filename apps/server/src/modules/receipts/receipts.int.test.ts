import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { receipts } from '@cartera/db/schema';
import { INTERACTION_CONTENT } from '@cartera/domain/interactions';
import { useDemoApp } from '../../testing/demo-app';
import { uploadFile } from '../../testing/http-client';
import { waitFor, watchTopic } from '../../testing/ws-client';
import {
  COMERCIAL,
  SELLER,
  OTHER_SELLER,
  SUPERVISOR,
  OTHER_TENANT,
} from '../../testing/demo-users';

/*
 * Sales and presales (issue #14): the back office's transitions write sale items on the
 * contact's timeline that an open timeline receives live; bad input stores nothing and says why
 * in Spanish; a seller sees and changes only what is theirs; another company reads nothing.
 */
const env = useDemoApp();

/** A contact of Valentín (vendedor@demo.test) with a phone. */
const sellerContact = () => env.phoneContactOf(SELLER);

async function receiptCount() {
  const [row] = await env.database.handle.db
    .select({ count: sql<number>`count(*)::int` })
    .from(receipts);
  return row!.count;
}

const sale = (contactId: string, extra: Record<string, unknown> = {}) => ({
  contactId,
  status: 'pending',
  ticketId: `T-${Math.floor(Math.random() * 1e9)}`,
  phone: '+59899111222',
  name: 'Lucía Fernández',
  saleStructureType: 'multiline',
  productLines: [
    { name: 'Plan Hogar 100 Mb', category: 'Internet', value: 1290.5, quantity: 2 },
    { name: 'Router WiFi 6', value: 100 },
  ],
  ...extra,
});

async function saleItems(contactId: string) {
  const items = await env.interactionsOf(contactId);
  return items
    .filter((item) => item.type === 'sale')
    .map((item) => INTERACTION_CONTENT.sale.parse(item.content));
}

describe('ventas: crear y leer', () => {
  it("la 'Venta Manual' de una vendedora guarda la venta de varias líneas, con su total y su ítem en la línea de tiempo", async () => {
    const contact = await sellerContact();
    const created = await env.call(SELLER, 'receipt.create', sale(contact.id));
    expect(created.error).toBeUndefined();
    expect(created.data).toMatchObject({
      kind: 'receipt',
      status: 'pending',
      total: 2681,
      contactId: contact.id,
      seller: { id: env.demo.users[SELLER]!.id, name: 'Valentín' },
    });
    const items = await saleItems(contact.id);
    expect(items.at(-1)).toMatchObject({
      type: 'sale',
      status: 'pending',
      sale: { _id: created.data!.id, saleStructureType: 'multiline' },
    });
    const again = await env.call(SELLER, 'receipt.get', { id: created.data!.id });
    expect(again.data!.productLines).toHaveLength(2);
  });

  it('la lista busca por teléfono, ticket o nombre y filtra por estado y vendedor, por páginas', async () => {
    const contact = await sellerContact();
    const created = await env.call(
      COMERCIAL,
      'receipt.create',
      sale(contact.id, { phone: '+598 97 555 321', name: 'Zoe Buscable', ticketId: 'BUSCA-77' }),
    );
    for (const search of ['97555321', 'BUSCA-7', 'zoe busc']) {
      const found = await env.call(COMERCIAL, 'receipt.list', { search });
      expect(
        found.data!.items.map((item) => item.id),
        search,
      ).toContain(created.data!.id);
    }
    const sold = await env.call(COMERCIAL, 'receipt.list', { status: ['sold'], limit: 500 });
    expect(sold.data!.items.length).toBeGreaterThan(0);
    expect(sold.data!.items.every((item) => item.status === 'sold')).toBe(true);
    const first = await env.call(COMERCIAL, 'receipt.list', { limit: 50 });
    const second = await env.call(COMERCIAL, 'receipt.list', {
      limit: 50,
      cursor: first.data!.nextCursor,
    });
    expect(first.data!.items).toHaveLength(50);
    const ids = new Set(first.data!.items.map((item) => item.id));
    expect(second.data!.items.some((item) => ids.has(item.id))).toBe(false);
    expect(second.data!.items[0]!.id < first.data!.items.at(-1)!.id).toBe(true);
  });

  it('una vendedora ve solo sus ventas; un supervisor las de su equipo', async () => {
    const seller = env.demo.users[SELLER]!;
    const own = await env.call(SELLER, 'receipt.list', { limit: 500 });
    expect(own.data!.items.length).toBeGreaterThan(0);
    expect(own.data!.items.every((item) => item.seller?.id === seller.id)).toBe(true);
    const others = await env.call(OTHER_SELLER, 'receipt.list', { limit: 500 });
    expect(others.data!.items.some((item) => item.seller?.id === seller.id)).toBe(false);
    const hidden = await env.call(OTHER_SELLER, 'receipt.get', { id: own.data!.items[0]!.id });
    expect(hidden.error?.data.domainCode).toBe('RECEIPT_NOT_FOUND');
    const team = await env.call(SUPERVISOR, 'receipt.list', { limit: 500 });
    const sellersSeen = new Set(team.data!.items.map((item) => item.seller?.id));
    expect(sellersSeen.has(seller.id)).toBe(true);
    expect(sellersSeen.has(env.demo.users[OTHER_SELLER]!.id)).toBe(false);
  });

  it('otra empresa no lee ni cambia una venta ajena', async () => {
    const own = await env.call(COMERCIAL, 'receipt.list', { limit: 1 });
    const id = own.data!.items[0]!.id;
    const read = await env.call(OTHER_TENANT, 'receipt.get', { id });
    expect(read.error?.data.domainCode).toBe('RECEIPT_NOT_FOUND');
    const list = await env.call(OTHER_TENANT, 'receipt.list', { limit: 500 });
    expect(list.data!.items).toEqual([]);
    const change = await env.call(OTHER_TENANT, 'receipt.updateFieldValue', {
      id,
      field: 'additionalData.nota',
      value: 'x',
    });
    expect(change.error?.data.domainCode).toBe('RECEIPT_NOT_FOUND');
  });

  it('el seed de demostración tiene ventas, preventas, cancelaciones y ventas de varias líneas', async () => {
    const rows = await env.database.handle.db
      .select({
        kind: receipts.kind,
        status: receipts.status,
        structure: receipts.saleStructureType,
      })
      .from(receipts)
      .where(eq(receipts.tenantId, env.demo.demo.id));
    expect(rows.length).toBeGreaterThanOrEqual(300);
    expect(rows.some((row) => row.kind === 'presale')).toBe(true);
    expect(rows.some((row) => row.status === 'canceled')).toBe(true);
    expect(rows.some((row) => row.structure === 'multiline')).toBe(true);
  });
});

describe('ventas: datos inválidos', () => {
  it.each([
    [
      'vendida sin fecha de venta',
      { status: 'sold', ticketSaleId: 'V-1' },
      'saleDate',
      'La fecha de venta es obligatoria en una venta concretada',
    ],
    [
      'cantidad negativa',
      { productLines: [{ name: 'Plan', value: 10, quantity: -1 }] },
      'productLines.0.quantity',
      'La cantidad no puede ser negativa',
    ],
    ['fecha que no existe', { entryDate: '30/02/2026' }, 'entryDate', 'La fecha no existe'],
  ])(
    '%s: se rechaza con un texto en español y no se guarda nada',
    async (_, extra, field, text) => {
      const contact = await sellerContact();
      const before = await receiptCount();
      const itemsBefore = (await saleItems(contact.id)).length;
      const refused = await env.call(COMERCIAL, 'receipt.create', sale(contact.id, extra));
      expect(refused.error?.data.domainCode).toBe('INVALID_REQUEST_BODY');
      expect(refused.error?.data.fieldErrors?.[field]).toEqual([text]);
      expect(await receiptCount()).toBe(before);
      expect(await saleItems(contact.id)).toHaveLength(itemsBefore);
    },
  );
});

describe('ventas: transiciones', () => {
  it('cambiar el estado escribe un cambio de estado que llega en vivo a la línea de tiempo abierta', async () => {
    const contact = await sellerContact();
    const created = await env.call(COMERCIAL, 'receipt.create', sale(contact.id));
    const id = created.data!.id;
    const stream = await watchTopic(
      env.app.url,
      await env.tokenOf(SELLER),
      `contact:${contact.id}`,
    );
    try {
      const refused = await env.call(COMERCIAL, 'receipt.changeStatus', { id, status: 'sold' });
      expect(refused.error?.data.fieldErrors?.saleDate).toEqual([
        'La fecha de venta es obligatoria en una venta concretada',
      ]);
      expect((await env.call(COMERCIAL, 'receipt.get', { id })).data!.status).toBe('pending');

      const changed = await env.call(COMERCIAL, 'receipt.changeStatus', {
        id,
        status: 'sold',
        saleDate: '15/03/2026',
        ticketSaleId: 'V-900',
      });
      expect(changed.data).toMatchObject({ status: 'sold', saleDate: '2026-03-15' });
      await waitFor(
        () => stream.received.some((event) => event.type === 'interaction.created'),
        15_000,
        'interaction.created',
      );
      expect(stream.received.find((event) => event.type === 'interaction.created')).toMatchObject({
        payload: { contactId: contact.id, type: 'sale' },
      });
      expect((await saleItems(contact.id)).at(-1)).toMatchObject({
        type: 'state-change',
        status: 'sold',
        sale: { _id: id, date_sale: '2026-03-15', ticket_sale_id: 'V-900' },
      });
    } finally {
      stream.stop();
    }
  });

  it('cancelar sin razón deja la razón vacía; con razón la guarda', async () => {
    const contact = await sellerContact();
    const first = await env.call(COMERCIAL, 'receipt.create', sale(contact.id));
    const canceled = await env.call(COMERCIAL, 'receipt.cancel', { id: first.data!.id });
    expect(canceled.data).toMatchObject({ status: 'canceled', cancelReason: null });
    expect((await saleItems(contact.id)).at(-1)).toMatchObject({
      type: 'cancellation',
      cancelReason: null,
    });
    const twice = await env.call(COMERCIAL, 'receipt.cancel', { id: first.data!.id });
    expect(twice.error?.data.domainCode).toBe('RECEIPT_CANCELED');
    const second = await env.call(COMERCIAL, 'receipt.create', sale(contact.id));
    const withReason = await env.call(COMERCIAL, 'receipt.cancel', {
      id: second.data!.id,
      reason: 'El cliente desistió',
    });
    expect(withReason.data!.cancelReason).toBe('El cliente desistió');
  });

  it('cambiar vendedor y fecha de venta; un vendedor bloqueado no cambia', async () => {
    const contact = await sellerContact();
    const created = await env.call(COMERCIAL, 'receipt.create', sale(contact.id));
    const id = created.data!.id;
    const to = env.demo.users[OTHER_SELLER]!.id;
    const moved = await env.call(COMERCIAL, 'receipt.changeSeller', { id, sellerId: to });
    expect(moved.data!.seller?.id).toBe(to);
    expect((await saleItems(contact.id)).at(-1)).toMatchObject({
      type: 'sale',
      change: { field: 'seller', to },
    });
    const notASeller = await env.call(COMERCIAL, 'receipt.changeSeller', {
      id,
      sellerId: env.demo.users[SUPERVISOR]!.id,
    });
    expect(notASeller.error?.data.domainCode).toBe('RECEIPT_SELLER_INVALID');
    const impossible = await env.call(COMERCIAL, 'receipt.changeSaleDate', {
      id,
      saleDate: '31/04/2026',
    });
    expect(impossible.error?.data.fieldErrors?.saleDate).toEqual(['La fecha no existe']);
    const dated = await env.call(COMERCIAL, 'receipt.changeSaleDate', {
      id,
      saleDate: '2026-04-30',
    });
    expect(dated.data!.saleDate).toBe('2026-04-30');

    const locked = await env.call(
      COMERCIAL,
      'receipt.create',
      sale(contact.id, { userLock: true }),
    );
    const refused = await env.call(COMERCIAL, 'receipt.changeSeller', {
      id: locked.data!.id,
      sellerId: to,
    });
    expect(refused.error?.data.domainCode).toBe('RECEIPT_SELLER_LOCKED');
  });

  it('una vendedora no cambia estados ni los campos bloqueados, pero sí los datos adicionales', async () => {
    const contact = await sellerContact();
    const created = await env.call(SELLER, 'receipt.create', sale(contact.id));
    const id = created.data!.id;
    const status = await env.call(SELLER, 'receipt.changeStatus', { id, status: 'new' });
    expect(status.error?.data.domainCode).toBe('PERMISSION_DENIED');
    const locked = await env.call(SELLER, 'receipt.updateFieldValue', {
      id,
      field: 'name',
      value: 'Otro nombre',
    });
    expect(locked.error?.data.domainCode).toBe('RECEIPT_FIELD_LOCKED');
    expect(locked.error?.message).toBe(
      'Solo el equipo comercial puede modificar este campo de la venta.',
    );
    const extra = await env.call(SELLER, 'receipt.updateFieldValue', {
      id,
      field: 'additionalData.plan',
      value: 'anual',
    });
    expect(extra.data!.additionalData).toEqual({ plan: 'anual' });
    const renamed = await env.call(COMERCIAL, 'receipt.updateFieldValue', {
      id,
      field: 'name',
      value: 'Lucía F.',
    });
    expect(renamed.data!.name).toBe('Lucía F.');
    const negative = await env.call(COMERCIAL, 'receipt.updateFieldValue', {
      id,
      field: 'value',
      value: -5,
    });
    expect(negative.error?.data.fieldErrors?.value).toEqual(['El valor no puede ser negativo']);
  });

  it('preventas: el equipo comercial las crea; una vendedora no', async () => {
    const contact = await sellerContact();
    const presale = await env.call(
      COMERCIAL,
      'receipt.create',
      sale(contact.id, { kind: 'presale', status: 'new' }),
    );
    expect(presale.data!.kind).toBe('presale');
    const listed = await env.call(COMERCIAL, 'receipt.list', { kind: 'presale', limit: 500 });
    expect(listed.data!.items.map((item) => item.id)).toContain(presale.data!.id);
    const refused = await env.call(
      SELLER,
      'receipt.create',
      sale(contact.id, { kind: 'presale', status: 'new' }),
    );
    expect(refused.error?.data.domainCode).toBe('PERMISSION_DENIED');
  });
});

describe('ventas: rutas REST heredadas', () => {
  it('GET /api/receipt, POST /api/receipt/admin, PATCH /api/receipt/{id}/cancel y GET /api/comercial/sale/getSellers', async () => {
    const contact = await sellerContact();
    const { contactId: _, ...typed } = sale(contact.id, { ticketId: 'REST-1' });
    const created = await env.rest(COMERCIAL, 'POST', '/api/receipt/admin', {
      ...typed,
      sellerId: env.demo.users[SELLER]!.id,
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const listed = await env.rest(COMERCIAL, 'GET', '/api/receipt?search=REST-1&limit=5');
    expect((listed.body.items as Array<{ id: string }>).map((item) => item.id)).toEqual([id]);
    const canceled = await env.rest(COMERCIAL, 'PATCH', `/api/receipt/${id}/cancel`, {
      reason: 'Datos incorrectos',
    });
    expect(canceled.body).toMatchObject({ status: 'canceled', cancelReason: 'Datos incorrectos' });
    const seller = await env.rest(SELLER, 'PATCH', `/api/receipt/${id}/changestatus`, {
      status: 'new',
    });
    expect(seller.status).toBe(403);
    const stranger = await env.rest(OTHER_TENANT, 'GET', `/api/receipt/${id}`);
    expect(stranger.status).toBe(404);
    const sellers = await env.rest<Array<{ id: string }>>(
      COMERCIAL,
      'GET',
      '/api/comercial/sale/getSellers',
    );
    expect(sellers.body.map((each) => each.id)).toContain(env.demo.users[SELLER]!.id);
    expect(sellers.body.map((each) => each.id)).not.toContain(env.demo.users[COMERCIAL]!.id);
  });
});

describe('ventas: imágenes de producto (issue #30)', () => {
  const PNG = Buffer.from('89504e470d0a1a0a', 'hex');
  const TEXT = 'El archivo no terminó de subirse. Vuelve a adjuntarlo.';

  async function upload(email: string) {
    const key = await uploadFile(env.app.url, await env.tokenOf(email), {
      name: 'producto.png',
      mimeType: 'image/png',
      via: 'sale',
      body: PNG,
    });
    return `${env.app.url}/api/files/${key}`;
  }

  it('una imagen de otra empresa se rechaza al crear y al cambiar el campo, sin guardar nada; una propia sí', async () => {
    const contact = await sellerContact();
    const foreign = await upload(OTHER_TENANT);
    const own = await upload(COMERCIAL);
    const before = await receiptCount();
    for (const extra of [
      { productImage: foreign },
      { productLines: [{ name: 'Router', value: 100, productImage: foreign }] },
    ]) {
      const refused = await env.call(COMERCIAL, 'receipt.create', sale(contact.id, extra));
      expect(refused.status).toBe(422);
      expect(refused.error?.data.domainCode).toBe('FILE_NOT_UPLOADED');
      expect(refused.error?.message).toBe(TEXT);
    }
    expect(await receiptCount()).toBe(before);

    const created = await env.call(
      COMERCIAL,
      'receipt.create',
      sale(contact.id, { productImage: own }),
    );
    expect(created.error).toBeUndefined();
    expect(created.data!.productImage).toBe(own);
    const changed = await env.call(COMERCIAL, 'receipt.updateFieldValue', {
      id: created.data!.id,
      field: 'productImage',
      value: foreign,
    });
    expect(changed.error?.data.domainCode).toBe('FILE_NOT_UPLOADED');
    const [stored] = await env.database.handle.db
      .select()
      .from(receipts)
      .where(eq(receipts.id, created.data!.id));
    expect(stored!.productImage).toBe(own);
  });
});
