import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { contacts, requestSales, users } from '@cartera/db/schema';
import { INTERACTION_CONTENT } from '@cartera/domain/interactions';
import { REQUEST_FILE_MAX_BYTES } from '@cartera/domain/request-sales';
import { useDemoApp } from '../../testing/demo-app';
import { uploadFile } from '../../testing/http-client';
import { requestSalesFixtures } from '../../testing/request-sales-fixtures';
import { waitFor, watchTopic } from '../../testing/ws-client';
import { COMERCIAL, SELLER, PROJECT_MANAGER as PROJECT } from '../../testing/demo-users';

/*
 * Request sales, 'Solicitudes' (issue #15): a seller saves a draft and sends it under the
 * template's rules; bad input gets the specification's Spanish text and stores nothing; a status
 * change follows the template's rules and reaches an open timeline live.
 */
const env = useDemoApp();

/** A contact of the seller, `index` down their list (the seed's requests are further down). */
const { contactOf, templateId } = requestSalesFixtures(env);

async function requestCount() {
  const [row] = await env.database.handle.db
    .select({ count: sql<number>`count(*)::int` })
    .from(requestSales);
  return row!.count;
}

async function storedRequest(id: string) {
  const [row] = await env.database.handle.db
    .select()
    .from(requestSales)
    .where(eq(requestSales.id, id));
  return row;
}

async function saleUpdates(contactId: string) {
  const items = await env.interactionsOf(contactId);
  return items
    .filter((item) => item.type === 'saleupdate')
    .map((item) => INTERACTION_CONTENT.saleupdate.parse(item.content));
}

describe('solicitudes: plantillas', () => {
  it('el seed tiene dos plantillas; la por defecto es la de líneas y reglas', async () => {
    const list = await env.call(SELLER, 'requestSale.templates', {});
    expect(list.data!.map((template) => template.title).sort()).toEqual([
      'Alta de servicio',
      'Portabilidad',
    ]);
    const fallback = await env.call(SELLER, 'requestSale.defaultTemplate');
    expect(fallback.data).toMatchObject({ title: 'Alta de servicio', isDefault: true });
    expect(fallback.data!.lineBody).toHaveLength(1);
    const one = await env.call(SELLER, 'requestSale.template', { id: fallback.data!.id });
    expect(one.data!.body.find((field) => field.field === 'plan')!.visibilityRules).toEqual([
      { field: 'tipo', operator: 'equal', value: 'hogar' },
    ]);
  });

  it('comercial crea y modifica una plantilla; una vendedora no puede', async () => {
    const template = {
      title: 'Cambio de plan',
      roles: ['user'],
      body: [{ type: 'string', field: 'plan', title: 'Plan nuevo', required: true }],
      statusOptions: [{ status: 'processing', title: 'En revisión' }],
    };
    const created = await env.call(COMERCIAL, 'requestSale.createTemplate', template);
    expect(created.data).toMatchObject({ title: 'Cambio de plan', active: true, isDefault: false });
    const updated = await env.call(COMERCIAL, 'requestSale.updateTemplate', {
      id: created.data!.id,
      data: { ...template, title: 'Cambio de plan móvil' },
    });
    expect(updated.data!.title).toBe('Cambio de plan móvil');
    const refused = await env.call(SELLER, 'requestSale.createTemplate', template);
    expect(refused.error?.data.domainCode).toBe('PERMISSION_DENIED');
    const repeated = await env.call(COMERCIAL, 'requestSale.createTemplate', {
      ...template,
      body: [template.body[0], template.body[0]],
    });
    expect(repeated.error?.data.fieldErrors?.['body.1.field']).toEqual([
      "El código 'plan' está repetido",
    ]);
    const off = await env.call(COMERCIAL, 'requestSale.setTemplateActive', {
      id: created.data!.id,
      active: false,
    });
    expect(off.data!.active).toBe(false);
    const list = await env.call(SELLER, 'requestSale.templates', {});
    expect(list.data!.some((each) => each.id === created.data!.id)).toBe(false);
  });

  it('comercial da su nombre a la pantalla; vuelve a Solicitudes vacío; una vendedora no puede', async () => {
    const label = async (email: string) =>
      (await env.call(email, 'auth.me')).data!.settings.requestSaleLabel;
    const long = await env.call(COMERCIAL, 'requestSale.setLabel', { label: 'x'.repeat(41) });
    expect(long.error?.data.fieldErrors?.label).toEqual([
      'El nombre no puede tener más de 40 caracteres',
    ]);
    expect(await label(SELLER)).toBeNull();
    const refused = await env.call(SELLER, 'requestSale.setLabel', { label: 'Mías' });
    expect(refused.error?.data.domainCode).toBe('PERMISSION_DENIED');
    const named = await env.call(COMERCIAL, 'requestSale.setLabel', { label: '  Pedidos ' });
    expect(named.data).toEqual({ label: 'Pedidos' });
    expect(await label(SELLER)).toBe('Pedidos');
    await env.call(COMERCIAL, 'requestSale.setLabel', { label: '' });
    expect(await label(SELLER)).toBeNull();
  });
});

describe('solicitudes: guardar y enviar', () => {
  it('una vendedora guarda un borrador y lo envía; los campos ocultos no se guardan', async () => {
    const contact = await contactOf(SELLER);
    const service = await templateId('Alta de servicio');
    const draft = await env.call(SELLER, 'requestSale.create', {
      contactId: contact.id,
      templateId: service,
      mode: 'draft',
      // 'lineas' only shows for mobile plans: it is dropped for a home plan.
      content: { tipo: 'hogar', lineas: '3', instalacion: '24/12/2026' },
    });
    expect(draft.error).toBeUndefined();
    expect(draft.data).toMatchObject({
      statusType: 'draft',
      status: 'Borrador',
      contactId: contact.id,
      creator: { id: env.demo.users[SELLER]!.id },
      seller: { id: env.demo.users[SELLER]!.id },
      permissions: { edit: true, share: true, pickSeller: false, markSeen: false },
    });
    const stored = await storedRequest(draft.data!.id);
    expect(stored!.content).toMatchObject({ tipo: 'hogar', instalacion: '2026/12/24' });
    expect(stored!.content).not.toHaveProperty('lineas');
    expect(typeof stored!.content.numero).toBe('number');

    const noLines = await env.call(SELLER, 'requestSale.update', {
      id: draft.data!.id,
      mode: 'send',
      content: { tipo: 'hogar', plan: 'hogar-100' },
    });
    expect(noLines.error?.data.domainCode).toBe('REQUEST_SALE_INVALID');
    expect(noLines.error?.data.fieldErrors?.lines).toEqual(['Agrega al menos un código']);

    const sent = await env.call(SELLER, 'requestSale.update', {
      id: draft.data!.id,
      mode: 'send',
      content: { tipo: 'hogar', plan: 'hogar-100', numero: 999 },
      lines: [{ code: 'PRE-1' }],
    });
    expect(sent.error).toBeUndefined();
    expect(sent.data).toMatchObject({ statusType: 'new', status: 'Enviada' });
    expect(sent.data!.lines).toEqual([{ code: 'PRE-1' }]);
    // The number is the server's: a user cannot change it.
    expect(sent.data!.content.numero).toBe(stored!.content.numero);

    const panel = await env.call(SELLER, 'requestSale.listByContact', { contactId: contact.id });
    expect(panel.data![0]).toMatchObject({
      id: draft.data!.id,
      template: { title: 'Alta de servicio' },
      statusType: 'new',
    });
    expect((await saleUpdates(contact.id)).slice(-2)).toMatchObject([
      { type: 'created', requestsaleid: draft.data!.id, state: 'Borrador' },
      { type: 'state-change', requestsaleid: draft.data!.id, state: 'Enviada' },
    ]);
  });

  it.each([
    [
      'una expresión regular que no se cumple',
      COMERCIAL,
      { tipo: 'empresa', lineas: '2', rut: '12345678901a' },
      'content.rut',
      'El valor es inválido',
    ],
    [
      'un valor demasiado largo',
      SELLER,
      { tipo: 'movil', lineas: '123' },
      'content.lineas',
      '1 a 2 caracteres',
    ],
    [
      'un campo obligatorio visible vacío',
      SELLER,
      { tipo: 'hogar' },
      'content.plan',
      'Este campo es obligatorio',
    ],
    [
      'una opción que el filtro del usuario oculta',
      SELLER,
      { tipo: 'empresa', lineas: '2', rut: '123456789012' },
      'content.tipo',
      'La opción elegida no está disponible',
    ],
    [
      'un archivo de más de 50 MB',
      SELLER,
      {
        tipo: 'movil',
        lineas: '2',
        cedula: {
          name: 'cedula.png',
          path: 'uploads/cedula.png',
          size: REQUEST_FILE_MAX_BYTES + 1,
        },
      },
      'content.cedula',
      'El tamaño del archivo es superior al permitido',
    ],
    [
      'un archivo con una dirección javascript:',
      SELLER,
      {
        tipo: 'movil',
        lineas: '2',
        cedula: { name: 'cedula.png', path: 'javascript:alert(1)', size: 10 },
      },
      'content.cedula',
      'El valor es inválido',
    ],
  ])('%s se rechaza con su texto y no guarda nada', async (_, email, content, field, text) => {
    const contact = await contactOf(SELLER);
    const before = await requestCount();
    const refused = await env.call(email, 'requestSale.create', {
      contactId: contact.id,
      templateId: await templateId('Alta de servicio'),
      mode: 'send',
      content,
      lines: [{ code: 'PRE-9' }],
    });
    expect(refused.error?.data.domainCode).toBe('REQUEST_SALE_INVALID');
    expect(refused.error?.data.fieldErrors?.[field]).toEqual([text]);
    expect(await requestCount()).toBe(before);
  });

  it('un campo obligatorio oculto por sus reglas no se exige al enviar', async () => {
    const contact = await contactOf(SELLER);
    const sent = await env.call(SELLER, 'requestSale.create', {
      contactId: contact.id,
      templateId: await templateId('Alta de servicio'),
      mode: 'send',
      // 'plan' is required but shows only for home plans; 'rut' only for business plans.
      content: { tipo: 'movil', lineas: '4', plan: 'hogar-300' },
      lines: [{ code: 'PRE-10' }],
    });
    expect(sent.error).toBeUndefined();
    expect(sent.data!.statusType).toBe('new');
    expect(sent.data!.content).not.toHaveProperty('plan');
  });

  it('los roles de la plantilla deciden quién interactúa con ella', async () => {
    const contact = await contactOf(SELLER);
    const portability = await templateId('Portabilidad');
    const before = await requestCount();
    const refused = await env.call(PROJECT, 'requestSale.create', {
      contactId: contact.id,
      templateId: portability,
      mode: 'draft',
      content: {},
    });
    expect(refused.error?.data.domainCode).toBe('REQUEST_TEMPLATE_ROLES');
    expect(refused.error?.message).toBe(
      'No tenés los permisos necesarios para interactuar con esta plantilla de solicitud',
    );
    expect(await requestCount()).toBe(before);
    const list = await env.call(PROJECT, 'requestSale.templates', {});
    expect(list.data!.find((each) => each.id === portability)!.usable).toBe(false);
  });
});

describe('solicitudes: estados', () => {
  it('una vendedora solo pasa a los estados habilitados; comercial a cualquiera, en vivo', async () => {
    const contact = await contactOf(SELLER, 1);
    const created = await env.call(SELLER, 'requestSale.create', {
      contactId: contact.id,
      templateId: await templateId('Alta de servicio'),
      mode: 'send',
      content: { tipo: 'movil', lineas: '2' },
      lines: [{ code: 'PRE-20' }],
    });
    const id = created.data!.id;
    expect(created.data!.permissions.statuses).toEqual([{ status: 'cancel', title: 'Cancelada' }]);
    const refused = await env.call(SELLER, 'requestSale.changeStatus', {
      id,
      statusType: 'processing',
    });
    expect(refused.error?.data.domainCode).toBe('REQUEST_SALE_STATUS_NOT_ALLOWED');
    expect((await storedRequest(id))!.statusType).toBe('new');

    const stream = await watchTopic(
      env.app.url,
      await env.tokenOf(SELLER),
      `contact:${contact.id}`,
    );
    try {
      const changed = await env.call(COMERCIAL, 'requestSale.changeStatus', {
        id,
        statusType: 'processing',
        comment: 'Tomada por back office',
      });
      expect(changed.data).toMatchObject({ statusType: 'processing', status: 'En proceso' });
      await waitFor(
        () =>
          stream.received.some(
            (event) => event.type === 'interaction.created' && event.payload.type === 'saleupdate',
          ),
        15_000,
        'saleupdate',
      );
    } finally {
      stream.stop();
    }
    expect((await saleUpdates(contact.id)).at(-1)).toEqual({
      type: 'state-change',
      comment: 'Tomada por back office',
      state: 'En proceso',
      statusType: 'processing',
      title: 'Alta de servicio',
      requestsaleid: id,
    });
    const canceled = await env.call(SELLER, 'requestSale.changeStatus', {
      id,
      statusType: 'cancel',
    });
    expect(canceled.data).toMatchObject({ statusType: 'cancel', status: 'Cancelada' });
  });

  it('en una plantilla sin estados para asesores la vendedora no cambia el estado', async () => {
    const contact = await contactOf(SELLER, 1);
    const created = await env.call(SELLER, 'requestSale.create', {
      contactId: contact.id,
      templateId: await templateId('Portabilidad'),
      mode: 'send',
      content: { numeroPortar: '099123456', compania: 'antel' },
    });
    expect(created.error).toBeUndefined();
    expect(created.data!.permissions.statuses).toEqual([]);
    const refused = await env.call(SELLER, 'requestSale.changeStatus', {
      id: created.data!.id,
      statusType: 'cancel',
    });
    expect(refused.error?.data.domainCode).toBe('REQUEST_SALE_STATUS_NOT_ALLOWED');
  });

  it('enviar un borrador incompleto por cambio de estado se rechaza; el back office lo fuerza', async () => {
    const contact = await contactOf(SELLER, 1);
    const draft = await env.call(SELLER, 'requestSale.create', {
      contactId: contact.id,
      templateId: await templateId('Portabilidad'),
      mode: 'draft',
      content: { compania: 'claro' },
    });
    const refused = await env.call(COMERCIAL, 'requestSale.changeStatus', {
      id: draft.data!.id,
      statusType: 'new',
    });
    expect(refused.error?.data.domainCode).toBe('REQUEST_SALE_INVALID');
    expect(refused.error?.data.fieldErrors?.['content.numeroPortar']).toEqual([
      'Este campo es obligatorio',
    ]);
    const forced = await env.call(COMERCIAL, 'requestSale.forceStatus', {
      id: draft.data!.id,
      statusType: 'new',
    });
    expect(forced.data).toMatchObject({ statusType: 'new', status: 'Enviada' });
  });
});

describe('solicitudes: datos del cliente', () => {
  it("crea el cliente nuevo con origen 'solicitud' por las reglas de la ficha", async () => {
    const created = await env.call(SELLER, 'requestSale.createClient', {
      firstName: 'Rocío',
      lastName: 'Suárez',
      phones: ['099 765 432'],
      detail: 'Llegó por una solicitud',
    });
    expect(created.error).toBeUndefined();
    const [stored] = await env.database.handle.db
      .select()
      .from(contacts)
      .where(eq(contacts.id, created.data!.id));
    expect(stored).toMatchObject({
      firstName: 'Rocío',
      lastName: 'Suárez',
      origin: 'solicitud',
      agentId: env.demo.users[SELLER]!.id,
      phones: ['+59899765432'],
    });
    const found = await env.call(SELLER, 'requestSale.contactByPhone', { phone: '099765432' });
    expect(found.data).toMatchObject({ id: created.data!.id, firstName: 'Rocío' });
    const again = await env.call(SELLER, 'requestSale.createClient', {
      firstName: 'Otra',
      lastName: '',
      phones: ['099765432'],
      detail: '',
    });
    expect(again.error?.data.domainCode).toBe('INVALID_REQUEST_BODY');
  });

  it.each([
    [
      { firstName: 'A'.repeat(33), phones: ['099765433'] },
      'firstName',
      'El tamaño maximo del nombre es 32 caracteres',
    ],
    [
      { firstName: 'Ana', lastName: 'B'.repeat(33), phones: ['099765433'] },
      'lastName',
      'El tamaño maximo del apellido es 32 caracteres',
    ],
    [{ firstName: 'Ana', phones: [''] }, 'phones', 'Se requiere ingresar un teléfono'],
    [
      { firstName: 'Ana', phones: ['099765433'], detail: 'x'.repeat(256) },
      'detail',
      'El detalle no puede tener mas de 255 caracteres',
    ],
  ])('datos inválidos del cliente: %o se rechaza con su texto', async (input, field, text) => {
    const [before] = await env.database.handle.db
      .select({ count: sql<number>`count(*)::int` })
      .from(contacts);
    const refused = await env.call(SELLER, 'requestSale.createClient', input);
    expect(refused.error?.data.fieldErrors?.[field]).toEqual([text]);
    const [after] = await env.database.handle.db
      .select({ count: sql<number>`count(*)::int` })
      .from(contacts);
    expect(after!.count).toBe(before!.count);
  });
});

describe('solicitudes: cancelar un borrador', () => {
  it('una vendedora cancela su borrador incompleto sin completar los obligatorios', async () => {
    const contact = await contactOf(SELLER, 1);
    const draft = await env.call(SELLER, 'requestSale.create', {
      contactId: contact.id,
      templateId: await templateId('Alta de servicio'),
      mode: 'draft',
      content: { tipo: 'hogar' },
    });
    const canceled = await env.call(SELLER, 'requestSale.changeStatus', {
      id: draft.data!.id,
      statusType: 'cancel',
    });
    expect(canceled.data).toMatchObject({ statusType: 'cancel', status: 'Cancelada' });
  });
});

describe('solicitudes: obligatorios sin completar', () => {
  it("comercial que confirma 'Existen campos obligatorios sin completar' guarda; una vendedora no", async () => {
    const contact = await contactOf(SELLER, 1);
    const input = {
      contactId: contact.id,
      templateId: await templateId('Alta de servicio'),
      mode: 'send',
      content: { tipo: 'hogar' },
      lines: [{ code: 'PRE-30' }],
      confirmMissing: true,
    };
    const refused = await env.call(SELLER, 'requestSale.create', input);
    expect(refused.error?.data.fieldErrors?.['content.plan']).toEqual([
      'Este campo es obligatorio',
    ]);
    expect(refused.error?.data.details).toMatchObject({ missingRequired: ['plan'] });
    const saved = await env.call(COMERCIAL, 'requestSale.create', input);
    expect(saved.data).toMatchObject({ statusType: 'new', content: { tipo: 'hogar' } });
  });
});

describe('solicitudes: reintentos', () => {
  it('crear dos veces con el mismo id guarda una sola solicitud y un solo ítem', async () => {
    const contact = await contactOf(SELLER, 8);
    const id = '019ab000-0000-7000-8000-00000000b001';
    const input = {
      id,
      contactId: contact.id,
      templateId: await templateId('Portabilidad'),
      mode: 'send',
      content: { numeroPortar: '099121212', compania: 'antel' },
    };
    const first = await env.call(SELLER, 'requestSale.create', input);
    const again = await env.call(SELLER, 'requestSale.create', input);
    expect(first.data!.id).toBe(id);
    expect(again.data!.id).toBe(id);
    const rows = await env.database.handle.db
      .select()
      .from(requestSales)
      .where(eq(requestSales.id, id));
    expect(rows).toHaveLength(1);
    const items = (await saleUpdates(contact.id)).filter((item) => item.requestsaleid === id);
    expect(items).toHaveLength(1);
  });
});

describe('solicitudes: el usuario de las reglas', () => {
  it('con el dato adicional del filtro, la opción de empresas se ofrece y se acepta', async () => {
    const email = 'vendedora@demo.test';
    const seller = env.demo.users[email]!;
    await env.database.handle.db
      .update(users)
      .set({ additionalData: { segmento: 'empresas' } })
      .where(eq(users.id, seller.id));
    const viewer = await env.call(email, 'requestSale.viewer');
    expect(viewer.data).toEqual({
      id: seller.id,
      roles: ['user'],
      additionalData: { segmento: 'empresas' },
      flows: [],
    });
    const contact = await contactOf(email);
    const sent = await env.call(email, 'requestSale.create', {
      contactId: contact.id,
      templateId: await templateId('Alta de servicio'),
      mode: 'send',
      content: { tipo: 'empresa', lineas: '3', rut: '210012340017' },
      lines: [{ code: 'PRE-40' }],
    });
    expect(sent.error).toBeUndefined();
    expect(sent.data!.content).toMatchObject({ tipo: 'empresa', rut: '210012340017' });
  });
});

describe('solicitudes: vendedor y borrado', () => {
  it('comercial elige el Vendedor; una vendedora no elige a otra', async () => {
    const contact = await contactOf(SELLER, 9);
    const other = env.demo.users['vendedora@demo.test']!;
    const input = {
      contactId: contact.id,
      templateId: await templateId('Portabilidad'),
      mode: 'draft',
      content: {},
      sellerId: other.id,
    };
    const refused = await env.call(SELLER, 'requestSale.create', input);
    expect(refused.error?.data.domainCode).toBe('REQUEST_SALE_SELLER_INVALID');
    const sellers = await env.call(COMERCIAL, 'requestSale.sellers');
    expect(sellers.data!.map((each) => each.id)).toContain(other.id);
    const chosen = await env.call(COMERCIAL, 'requestSale.create', input);
    expect(chosen.data!.seller).toMatchObject({ id: other.id });
    expect(chosen.data!.permissions).toMatchObject({ pickSeller: true, configCard: true });
  });

  it('su creadora borra un borrador; uno enviado solo lo borra comercial', async () => {
    const contact = await contactOf(SELLER, 9);
    const portability = await templateId('Portabilidad');
    const draft = await env.call(SELLER, 'requestSale.create', {
      contactId: contact.id,
      templateId: portability,
      mode: 'draft',
      content: {},
    });
    expect(draft.data!.permissions.delete).toBe(true);
    const removed = await env.call(SELLER, 'requestSale.delete', { id: draft.data!.id });
    expect(removed.data).toEqual({ id: draft.data!.id });
    expect(await storedRequest(draft.data!.id)).toBeUndefined();

    const sent = await env.call(SELLER, 'requestSale.create', {
      contactId: contact.id,
      templateId: portability,
      mode: 'send',
      content: { numeroPortar: '099454545', compania: 'claro' },
    });
    const refused = await env.call(SELLER, 'requestSale.delete', { id: sent.data!.id });
    expect(refused.error?.data.domainCode).toBe('PERMISSION_DENIED');
    expect(await storedRequest(sent.data!.id)).toBeDefined();
    const byCommercial = await env.call(COMERCIAL, 'requestSale.delete', { id: sent.data!.id });
    expect(byCommercial.error).toBeUndefined();
  });
});

describe('solicitudes: archivos', () => {
  const FILE_TEXT = 'El archivo no terminó de subirse. Vuelve a adjuntarlo.';
  const PNG = Buffer.from('89504e470d0a1a0a', 'hex');

  async function upload(email: string, name: string) {
    return uploadFile(env.app.url, await env.tokenOf(email), {
      name,
      mimeType: 'image/png',
      via: 'requestsale',
      body: PNG,
    });
  }

  const fileOf = (path: string) => ({ name: 'cedula.png', path, type: 'image/png', size: 8 });

  it('un archivo que no subió esta empresa (o que nunca se subió) se rechaza y no se guarda nada', async () => {
    const contact = await contactOf(SELLER, 10);
    const service = await templateId('Alta de servicio');
    const foreign = await upload('vendedor@otra.test', 'ajena.png');
    const [tenantId] = (await upload(SELLER, 'propia.png')).split('/');
    const cases = [
      `/api/files/${foreign}`,
      `${env.app.url}/api/files/${foreign}`,
      `/api/files/${tenantId}/requestsale/0190f7c2-0000-7000-8000-000000000001/nunca.png`,
    ];
    for (const path of cases) {
      const before = await requestCount();
      const refused = await env.call(SELLER, 'requestSale.create', {
        contactId: contact.id,
        templateId: service,
        mode: 'draft',
        content: { tipo: 'movil', cedula: fileOf(path) },
      });
      expect(refused.status, path).toBe(422);
      expect(refused.error?.data.domainCode).toBe('FILE_NOT_UPLOADED');
      expect(refused.error?.message).toBe(FILE_TEXT);
      expect(refused.error?.data.fieldErrors).toEqual({ 'content.cedula': [FILE_TEXT] });
      expect(await requestCount()).toBe(before);
    }
    // Over the legacy REST path too.
    const before = await requestCount();
    const legacy = await fetch(`${env.app.url}/api/crm/requestsale`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${await env.tokenOf(SELLER)}`,
      },
      body: JSON.stringify({
        contactId: contact.id,
        templateId: service,
        mode: 'draft',
        content: { tipo: 'movil', documentos: [fileOf(`/api/files/${foreign}`)] },
      }),
    });
    expect(legacy.status).toBe(422);
    expect(((await legacy.json()) as { code: string }).code).toBe('FILE_NOT_UPLOADED');
    expect(await requestCount()).toBe(before);
  });

  it('un archivo subido se guarda por su dirección permanente; al modificar, uno ajeno se rechaza', async () => {
    const contact = await contactOf(SELLER, 11);
    const own = await upload(SELLER, 'cedula.png');
    const other = await upload(SELLER, 'contrato.png');
    const foreign = await upload('vendedor@otra.test', 'ajena.png');
    const created = await env.call(SELLER, 'requestSale.create', {
      contactId: contact.id,
      templateId: await templateId('Alta de servicio'),
      mode: 'draft',
      content: { tipo: 'movil', cedula: fileOf(`/api/files/${own}`) },
    });
    expect(created.error).toBeUndefined();
    const permanent = `${env.app.url}/api/files/${own}`;
    expect((await storedRequest(created.data!.id))!.content.cedula).toMatchObject({
      path: permanent,
    });
    const refused = await env.call(SELLER, 'requestSale.update', {
      id: created.data!.id,
      mode: 'draft',
      content: {
        tipo: 'movil',
        cedula: fileOf(permanent),
        documentos: [fileOf(`/api/files/${other}`), fileOf(`/api/files/${foreign}`)],
      },
    });
    expect(refused.error?.data.domainCode).toBe('FILE_NOT_UPLOADED');
    expect(refused.error?.data.fieldErrors).toEqual({ 'content.documentos': [FILE_TEXT] });
    expect((await storedRequest(created.data!.id))!.content).not.toHaveProperty('documentos');
    const changed = await env.call(SELLER, 'requestSale.update', {
      id: created.data!.id,
      mode: 'draft',
      content: {
        tipo: 'movil',
        cedula: fileOf(permanent),
        documentos: [fileOf(`/api/files/${other}`)],
      },
    });
    expect(changed.error).toBeUndefined();
    expect((await storedRequest(created.data!.id))!.content).toMatchObject({
      cedula: { path: permanent },
      documentos: [{ path: `${env.app.url}/api/files/${other}` }],
    });
  });
});
