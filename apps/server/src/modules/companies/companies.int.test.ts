import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createContact } from '@cartera/db/factories';
import { seedDemo, type DemoData } from '@cartera/db/seed';
import { companies, contacts, customFields, groups } from '@cartera/db/schema';
import { createTestDatabase, type TestDatabase } from '@cartera/db/testing';
import {
  restLogin,
  typedCall,
  type CallOptions,
  type ProcedurePath,
} from '../../testing/http-client';
import { startTestApp, type TestApp } from '../../testing/test-app';

let database: TestDatabase;
let app: TestApp;
let demo: DemoData;
let comercial: string;
let seller: string;
let outsider: string;

beforeAll(async () => {
  database = await createTestDatabase();
  demo = await seedDemo(database.handle.db);
  app = await startTestApp(database.handle, { JOBS_ENABLED: 'false' });
  comercial = (await restLogin(app.url, 'comercial@demo.test')).body.token;
  seller = (await restLogin(app.url, 'vendedor@demo.test')).body.token;
  outsider = (await restLogin(app.url, 'vendedor@otra.test')).body.token;
});

afterAll(async () => {
  await app?.stop();
  await database?.destroy();
});

const trpc = <P extends ProcedurePath>(path: P, input?: unknown, options?: CallOptions) =>
  typedCall(app.url, path, input, options);
const query = <P extends ProcedurePath>(path: P, input: unknown, token: string) =>
  typedCall(app.url, path, input, { token, method: 'GET' });

async function rest<T = { code?: string; message?: string }>(
  method: string,
  path: string,
  token: string,
  body?: unknown,
) {
  const response = await fetch(`${app.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function companyByName(name: string) {
  const [row] = await database.handle.db
    .select()
    .from(companies)
    .where(and(eq(companies.tenantId, demo.demo.id), eq(companies.displayName, name)));
  return row!;
}

describe('empresas', () => {
  it('crea una empresa con origen por defecto y la encuentra al buscar', async () => {
    const created = await trpc(
      'company.create',
      {
        businessName: '  Nueva Empresa S.A.  ',
        displayName: 'Nueva Empresa',
        taxCode: '219999990011',
      },
      { token: seller },
    );
    expect(created.status).toBe(200);
    expect(created.data).toMatchObject({
      businessName: 'Nueva Empresa S.A.',
      origin: 'Carga manual',
    });
    const found = await query('company.list', { search: 'nueva empresa' }, seller);
    expect(found.data.items.map((item: { id: string }) => item.id)).toContain(created.data.id);
  });

  it("un código fiscal repetido responde COMPANY_ALREADY_EXISTS con '{singular} ya registrada'", async () => {
    const again = await trpc(
      'company.create',
      {
        businessName: 'Copia',
        displayName: 'Copia',
        taxCode: '219999990011',
      },
      { token: seller },
    );
    expect(again.status).toBe(409);
    expect(again.error?.message).toBe('Empresa ya registrada');
    expect(again.error?.data.domainCode).toBe('COMPANY_ALREADY_EXISTS');
  });

  it('exige nombre, nombre visible y código fiscal, y limita la descripción a 300', async () => {
    const bad = await trpc(
      'company.create',
      {
        businessName: ' ',
        description: 'x'.repeat(301),
      },
      { token: seller },
    );
    expect(bad.status).toBe(400);
    expect(bad.error?.data.domainCode).toBe('INVALID_REQUEST_BODY');
    const fields = bad.error?.data.fieldErrors ?? {};
    expect(fields.businessName).toEqual(['Nombre requerido']);
    expect(fields.description).toEqual(['La descripción no debe de superar los 300 caracteres']);
    const missing = await trpc('company.create', { businessName: 'Sin datos' }, { token: seller });
    expect(missing.error?.data.fieldErrors).toEqual({
      displayName: ['Este campo es requerido'],
      taxCode: ['Este campo es requerido'],
    });
  });

  it('pagina con cursor sin saltear ni repetir empresas', async () => {
    const whole = await query('company.list', { limit: 50 }, seller);
    const first = await query('company.list', { limit: 20 }, seller);
    const second = await query(
      'company.list',
      { limit: 20, cursor: first.data.nextCursor },
      seller,
    );
    const ids = (page: { data?: { items: Array<{ id: string }> } }) =>
      page.data!.items.map((item: { id: string }) => item.id);
    expect([...ids(first), ...ids(second)]).toEqual(ids(whole).slice(0, 40));
  });

  it('filtra por campos configurables con los prefijos not, gt y lt', async () => {
    const big = await query(
      'company.list',
      { filters: [{ code: 'empleados', value: 'gt:300' }] },
      seller,
    );
    expect(big.data.items.length).toBeGreaterThan(0);
    for (const item of big.data.items) expect(item.additionalData.empleados).toBeGreaterThan(300);
    const small = await query(
      'company.list',
      { filters: [{ code: 'empleados', value: 'lt:50' }] },
      seller,
    );
    for (const item of small.data.items) expect(item.additionalData.empleados).toBeLessThan(50);
    const agro = await query(
      'company.list',
      { filters: [{ code: 'rubro', value: 'Agro' }] },
      seller,
    );
    const notAgro = await query(
      'company.list',
      { filters: [{ code: 'rubro', value: 'not:Agro' }] },
      seller,
    );
    expect(agro.data.items.every((item) => item.additionalData.rubro === 'Agro')).toBe(true);
    expect(notAgro.data.items.some((item) => item.additionalData.rubro === 'Agro')).toBe(false);
    const vip = await query(
      'company.list',
      { filters: [{ code: 'etiquetas', value: 'vip' }] },
      seller,
    );
    expect(vip.data.items.length).toBe(6);
  });

  it('asigna y quita el encargado', async () => {
    const company = await companyByName('Hotel Rambla');
    const supervisor = demo.users['supervisor@demo.test']!;
    const assigned = await trpc(
      'company.assignManager',
      { companyId: company.id, managerId: supervisor.id },
      { token: seller },
    );
    expect(assigned.data.managerId).toBe(supervisor.id);
    const cleared = await trpc(
      'company.assignManager',
      { companyId: company.id, managerId: null },
      { token: seller },
    );
    expect(cleared.data.managerId).toBeNull();
    const stranger = demo.users['vendedor@otra.test']!;
    const refused = await trpc(
      'company.assignManager',
      { companyId: company.id, managerId: stranger.id },
      { token: seller },
    );
    expect(refused.error?.data.domainCode).toBe('USER_NOT_FOUND');
  });

  it('borra varias a la vez solo si todas son de la empresa', async () => {
    const [a, b] = await Promise.all([
      trpc(
        'company.create',
        { businessName: 'Borrar A', displayName: 'A', taxCode: 'DEL-A' },
        { token: comercial },
      ),
      trpc(
        'company.create',
        { businessName: 'Borrar B', displayName: 'B', taxCode: 'DEL-B' },
        { token: comercial },
      ),
    ]);
    const foreign = (
      await database.handle.db.select().from(companies).where(eq(companies.tenantId, demo.other.id))
    )[0]!;
    const mixed = await rest('POST', '/api/companyGroup/massiveAction/delete', comercial, {
      companies: [a.data.id, foreign.id],
    });
    expect(mixed.status).toBe(404);
    expect(await companyByName('A')).toBeDefined();
    // A seller may not delete in bulk.
    expect((await trpc('company.delete', { ids: [a.data.id] }, { token: seller })).status).toBe(
      403,
    );
    const done = await rest<{ deleted: string[] }>(
      'POST',
      '/api/companyGroup/massiveAction/delete',
      comercial,
      {
        companies: [a.data.id, b.data.id],
      },
    );
    expect(done.status).toBe(200);
    expect(done.body.deleted.sort()).toEqual([a.data.id, b.data.id].sort());
  });
});

describe('sectores y contactos de una empresa', () => {
  it('sin los sectores de las empresas (enableCompanyGroupSectors) no se crean ni borran sectores', async () => {
    const admin = (await restLogin(app.url, 'admin@demo.test')).body.token;
    const company = await companyByName('Barraca Central');
    const flag = (value: 1 | null) =>
      trpc(
        'admin.setFlag',
        { groupId: demo.demo.id, flag: 'enableCompanyGroupSectors', value },
        { token: admin },
      );
    expect((await flag(null)).error).toBeUndefined();
    const refused = await trpc(
      'company.createSector',
      { companyId: company.id, name: 'Depósito' },
      { token: seller },
    );
    expect(refused.error?.data.domainCode).toBe('DISABLED_FEATURE');
    const listed = await query('company.sectors', { companyId: company.id }, seller);
    expect(listed.data.items.some((sector) => sector.name === 'Depósito')).toBe(false);
    expect((await flag(1)).error).toBeUndefined();
    const created = await trpc(
      'company.createSector',
      { companyId: company.id, name: 'Depósito' },
      { token: seller },
    );
    expect(created.data.name).toBe('Depósito');
  });

  it("crear un sector dos veces responde 'El nombre del sector ya está en uso.'", async () => {
    const company = await companyByName('Barraca Central');
    const created = await trpc(
      'company.createSector',
      { companyId: company.id, name: 'Ventas' },
      { token: seller },
    );
    expect(created.data.name).toBe('Ventas');
    const again = await trpc(
      'company.createSector',
      { companyId: company.id, name: ' ventas ' },
      { token: seller },
    );
    expect(again.error?.message).toBe('El nombre del sector ya está en uso.');
    const tooLong = await trpc(
      'company.createSector',
      { companyId: company.id, name: 'x'.repeat(61) },
      { token: seller },
    );
    expect(tooLong.error?.data.fieldErrors).toBeDefined();
    const listed = await query(
      'company.sectors',
      { companyId: company.id, search: 'vent' },
      seller,
    );
    expect(listed.data.items.map((sector) => sector.name)).toEqual(['Ventas']);
  });

  it('agrega contactos con rol y sector, y solo ofrece los que aún no pertenecen', async () => {
    const company = await companyByName('Clínica Sur');
    const members = (await query('company.get', { id: company.id }, seller)).data.contacts;
    const before = await query(
      'company.selectableContacts',
      { companyId: company.id, search: 'andrea' },
      seller,
    );
    expect(before.data.items.map((item) => `${item.firstName} ${item.lastName}`)).toEqual([
      'Andrea Pérez',
    ]);
    const sectors = await query('company.sectors', { companyId: company.id }, seller);
    const sector = sectors.data.items[0]!;
    const contact = before.data.items[0]!;
    const added = await rest<Array<{ contactId: string; role: string; sectorName: string }>>(
      'POST',
      `/api/comercial/companyGroup/${company.id}/addContacts`,
      seller,
      {
        contacts: [contact.id],
        sector: sector.id,
        role: 'Gerente',
      },
    );
    expect(added.status).toBe(200);
    // The answer lists every contact of the company; the demo already affiliates some.
    expect(added.body.find((item) => item.contactId === contact.id)).toMatchObject({
      contactId: contact.id,
      role: 'Gerente',
      sectorName: sector.name,
    });
    const after = await query(
      'company.selectableContacts',
      { companyId: company.id, search: 'andrea' },
      seller,
    );
    expect(after.data.items).toEqual([]);
    const twice = await rest(
      'POST',
      `/api/comercial/companyGroup/${company.id}/addContacts`,
      seller,
      {
        contacts: [contact.id],
        role: 'Otro',
      },
    );
    expect(twice.body.code).toBe('CONTACT_ALREADY_AFFILIATED');
    const detail = await query('company.get', { id: company.id }, seller);
    expect(detail.data.contacts).toHaveLength(members.length + 1);
    expect(detail.data.contacts.filter((item) => item.contactId === contact.id)).toHaveLength(1);
  });

  it('ordena los contactos de una empresa por proximidad, de mayor a menor', async () => {
    const { db } = database.handle;
    const company = await companyByName('Hotel Rambla');
    const agentId = demo.users['vendedor@demo.test']!.id;
    const far = await createContact(db, demo.demo, {
      firstName: 'Lejano',
      proximity: 0.1,
      agentId,
    });
    const near = await createContact(db, demo.demo, {
      firstName: 'Cercano',
      proximity: 0.95,
      agentId,
    });
    await trpc(
      'company.addContacts',
      { companyId: company.id, contacts: [far.id, near.id], role: 'Cliente' },
      { token: seller },
    );
    const detail = await query('company.get', { id: company.id }, seller);
    // The demo affiliates other contacts too: the two new ones keep their order among them.
    const names = detail.data.contacts.map((contact) => contact.firstName);
    expect(names.filter((name) => name === 'Cercano' || name === 'Lejano')).toEqual([
      'Cercano',
      'Lejano',
    ]);
    const proximities = detail.data.contacts.map((contact) => contact.proximity);
    expect(proximities).toEqual([...proximities].sort((a, b) => b - a));
  });
});

describe('campos configurables en empresas', () => {
  it("un campo requerido impide guardar con 'El campo es requerido.'", async () => {
    await database.handle.db
      .update(customFields)
      .set({ required: true })
      .where(and(eq(customFields.tenantId, demo.demo.id), eq(customFields.code, 'rubro')));
    const refused = await trpc(
      'company.create',
      {
        businessName: 'Sin rubro',
        displayName: 'Sin rubro',
        taxCode: 'SIN-RUBRO',
      },
      { token: seller },
    );
    expect(refused.error?.data).toMatchObject({
      domainCode: 'CUSTOM_FIELD_INVALID',
      details: { fields: { rubro: 'El campo es requerido.' } },
    });
    await database.handle.db
      .update(customFields)
      .set({ required: false })
      .where(and(eq(customFields.tenantId, demo.demo.id), eq(customFields.code, 'rubro')));
  });

  it('guarda un valor de cada uno de los 12 tipos', async () => {
    const [contact] = await database.handle.db
      .select()
      .from(contacts)
      .where(eq(contacts.tenantId, demo.demo.id));
    const parent = await companyByName('Seguros del Plata');
    const values = {
      rubro: 'Servicios',
      empleados: 42,
      sitio_web: 'https://ejemplo.com.uy',
      fecha_alta: '2024-02-29',
      lineas: ['Seguros', 'Ahorro'],
      telefonos: ['099123456', '24001234'],
      contacto_principal: contact!.id,
      referentes: [contact!.id],
      casa_matriz: parent.id,
      relacionadas: [parent.id],
      etiquetas: ['vip', 'exporta'],
      sucursal: { formatted_address: 'Av. 18 de Julio 1234, Montevideo', place_id: 'abc' },
    };
    const created = await trpc(
      'company.create',
      {
        businessName: 'Todos los tipos',
        displayName: 'Todos los tipos',
        taxCode: 'TIPOS-12',
        additionalData: values,
      },
      { token: seller },
    );
    expect(created.status).toBe(200);
    expect(created.data.additionalData).toEqual(values);
    const fetched = await query('company.get', { id: created.data.id }, seller);
    expect(fetched.data.additionalData).toEqual(values);
  });

  it('rechaza valores inválidos por tipo y referencias de otra empresa', async () => {
    const foreign = (
      await database.handle.db.select().from(companies).where(eq(companies.tenantId, demo.other.id))
    )[0]!;
    const refused = await trpc(
      'company.create',
      {
        businessName: 'Inválida',
        displayName: 'Inválida',
        taxCode: 'INVALIDA-1',
        additionalData: {
          empleados: 'muchos',
          fecha_alta: '2023-02-30',
          telefonos: ['12'],
          rubro: 'Minería',
          casa_matriz: foreign.id,
        },
      },
      { token: seller },
    );
    expect(refused.error?.data.details).toEqual({
      fields: {
        empleados: 'Tiene que ser rellenado con un número.',
        fecha_alta: 'La fecha tiene que ser válida con el formato DD/MM/YYYY',
        telefonos: 'El número de teléfono tiene que ser un válido.',
        rubro: 'Selecciona una opción válida.',
        casa_matriz: 'El valor no es válido.',
      },
    });
  });

  it('comprueba los campos únicos en el servidor', async () => {
    const taken = await query(
      'customField.checkUnique',
      {
        entity: 'company',
        code: 'codigo_cliente',
        value: 'C-0001',
      },
      seller,
    );
    expect(taken.data).toMatchObject({
      success: false,
      error: 'El valor ya está registrado en otra empresa.',
    });
    const free = await query(
      'customField.checkUnique',
      {
        entity: 'company',
        code: 'codigo_cliente',
        value: 'C-9999',
      },
      seller,
    );
    expect(free.data.success).toBe(true);
    const duplicate = await trpc(
      'company.create',
      {
        businessName: 'Duplicada',
        displayName: 'Duplicada',
        taxCode: 'DUP-1',
        additionalData: { codigo_cliente: 'C-0001' },
      },
      { token: seller },
    );
    expect(duplicate.error?.data.details).toEqual({
      fields: { codigo_cliente: 'El valor ya está registrado en otra empresa.' },
    });
  });

  it('crea, edita y borra opciones compartidas con nombre obligatorio de hasta 200', async () => {
    const fields = await query(
      'customField.forForm',
      { entity: 'company', mode: 'create' },
      seller,
    );
    const labels = fields.data.find((field) => field.code === 'etiquetas')!;
    expect(fields.data).toHaveLength(13);
    const option = await trpc(
      'customField.createSharedOption',
      { fieldId: labels.id, data: { name: 'Mayorista' } },
      { token: seller },
    );
    expect(option.data).toMatchObject({ name: 'Mayorista', backgroundColor: '#0080FF' });
    const empty = await trpc(
      'customField.createSharedOption',
      { fieldId: labels.id, data: { name: '' } },
      { token: seller },
    );
    expect(empty.status).toBe(400);
    const long = await trpc(
      'customField.createSharedOption',
      { fieldId: labels.id, data: { name: 'x'.repeat(201) } },
      { token: seller },
    );
    expect(long.status).toBe(400);
    const edited = await trpc(
      'customField.updateSharedOption',
      {
        fieldId: labels.id,
        code: option.data.code,
        data: { name: 'Mayorista grande', backgroundColor: '#36B37E' },
      },
      { token: seller },
    );
    expect(edited.data.backgroundColor).toBe('#36B37E');
    const removed = await trpc(
      'customField.deleteSharedOption',
      { fieldId: labels.id, code: option.data.code },
      { token: seller },
    );
    expect(removed.status).toBe(200);
  });
});

describe('etiquetas y orígenes', () => {
  it('la empresa de demostración tiene las etapas del embudo', async () => {
    const tags = await query('catalog.tags', undefined, seller);
    expect(tags.data.map((tag) => tag.name)).toEqual([
      'Nuevo',
      'Contactado',
      'Ofertado',
      'Pre-venta',
      'Venta',
      'Cancelado',
      'Sin etiqueta',
    ]);
  });

  it('filtra etiquetas por grupo y por campos del usuario', async () => {
    await trpc(
      'catalog.createTag',
      {
        code: 'solo-sur',
        name: 'Solo Sur',
        color: '#0C8599',
        groupFilters: [demo.south.id],
      },
      { token: comercial },
    );
    await trpc(
      'catalog.createOrigin',
      {
        code: 'zona-3',
        name: 'Zona 3',
        usersFilters: [{ key: 'zona', type: 'number', value: 3 }],
      },
      { token: comercial },
    );
    const northTags = await query('catalog.tags', undefined, seller);
    expect(northTags.data.map((tag) => tag.code)).not.toContain('solo-sur');
    const southSeller = (await restLogin(app.url, 'vendedora@demo.test')).body.token;
    const southTags = await query('catalog.tags', undefined, southSeller);
    expect(southTags.data.map((tag) => tag.code)).toContain('solo-sur');
    const sellerOrigins = await query('catalog.origins', undefined, seller);
    expect(sellerOrigins.data.map((origin) => origin.code)).not.toContain('zona-3');
    const duplicate = await trpc(
      'catalog.createTag',
      { code: 'new', name: 'Otro', color: '#0C8599' },
      { token: comercial },
    );
    expect(duplicate.error?.data.domainCode).toBe('STATUS_TAG_CODE_TAKEN');
  });
});

describe('aislamiento entre empresas', () => {
  beforeAll(async () => {
    // Otra Empresa gets the companies screen too, so only tenant scoping stands in the way.
    await database.handle.db
      .update(groups)
      .set({ featureFlags: { businessSalesModel: 1 } })
      .where(eq(groups.id, demo.other.id));
  });

  it('Otra Empresa no puede leer ni modificar una empresa de Demo Uruguay por su id', async () => {
    const target = await companyByName('Café del Puerto');
    expect((await query('company.get', { id: target.id }, outsider)).error?.data.domainCode).toBe(
      'COMPANY_NOT_FOUND',
    );
    const update = await trpc(
      'company.update',
      {
        id: target.id,
        data: { businessName: 'Robada', displayName: 'Robada', taxCode: 'X' },
      },
      { token: outsider },
    );
    expect(update.error?.data.domainCode).toBe('COMPANY_NOT_FOUND');
    expect((await rest('GET', `/api/comercial/companyGroup/${target.id}`, outsider)).status).toBe(
      404,
    );
    expect(
      (
        await rest('PATCH', `/api/comercial/companyGroup/${target.id}`, outsider, {
          businessName: 'Robada',
          displayName: 'Robada',
          taxCode: 'X',
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await rest('POST', `/api/comercial/companyGroup/${target.id}/sectors`, outsider, {
          name: 'X',
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await rest(
          'PATCH',
          `/api/group/${demo.demo.id}/companyfield/defaultField/modify`,
          outsider,
          {
            field: 'taxCode',
            hidden: true,
          },
        )
      ).status,
    ).toBe(403);
    const list = await query('company.list', { search: 'Café' }, outsider);
    expect(list.data.items).toEqual([]);
    expect((await companyByName('Café del Puerto')).businessName).toBe('Café del Puerto S.A.');
  });
});

describe('campos por defecto ocultos', () => {
  it('un código fiscal oculto por la empresa deja de ser obligatorio', async () => {
    const path = `/api/group/${demo.demo.id}/companyfield/defaultField/modify`;
    await rest('PATCH', path, comercial, { field: 'taxCode', hidden: true });
    const created = await trpc(
      'company.create',
      { businessName: 'Sin RUT', displayName: 'Sin RUT' },
      { token: seller },
    );
    expect(created.status).toBe(200);
    expect(created.data.taxCode).toBeNull();
    await rest('PATCH', path, comercial, { field: 'taxCode', hidden: false });
    const required = await trpc(
      'company.create',
      { businessName: 'Sin RUT 2', displayName: 'Sin RUT 2' },
      { token: seller },
    );
    expect(required.error?.data.fieldErrors).toEqual({ taxCode: ['Este campo es requerido'] });
  });
});

describe('adaptadores REST', () => {
  it('POST /api/comercial/companyGroup recibe una lista y GET /api/crm/companygroups pagina de a 20', async () => {
    const created = await rest<unknown[]>('POST', '/api/comercial/companyGroup', comercial, [
      { businessName: 'REST Uno', displayName: 'REST Uno', taxCode: 'REST-1' },
      { businessName: 'REST Dos', displayName: 'REST Dos', taxCode: 'REST-2' },
    ]);
    expect(created.status).toBe(201);
    expect(created.body).toHaveLength(2);
    const picker = await rest<{ items: unknown[] }>('GET', '/api/crm/companygroups', comercial);
    expect(picker.body.items).toHaveLength(20);
    const invalid = await rest('POST', '/api/comercial/companyGroup', comercial, [
      { displayName: 'x' },
    ]);
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe('Cuerpo de solicitud inválido');
  });

  it('PATCH defaultField/modify cambia cómo se muestra un campo por defecto', async () => {
    const result = await rest<{ defaultFields: Record<string, unknown>; taxCodeLabel: string }>(
      'PATCH',
      `/api/group/${demo.demo.id}/companyfield/defaultField/modify`,
      comercial,
      {
        field: 'description',
        hidden: true,
      },
    );
    expect(result.status).toBe(200);
    expect(result.body.defaultFields.description).toEqual({ hidden: true });
    expect(result.body.taxCodeLabel).toBe('RUT');
  });
});

describe("el panel de empresas de 'Mi Empresa'", () => {
  it('guarda nombre, ícono y campos fijos; el vendedor los ve; otra empresa no cambia', async () => {
    const configsOf = async (tenantId: string) =>
      (await database.handle.db.select().from(groups).where(eq(groups.id, tenantId)))[0]!.configs;
    const otherBefore = await configsOf(demo.other.id);
    const saved = await trpc(
      'company.savePanel',
      {
        panelLabel: ' Clientes ',
        icon: 'briefcase',
        defaultFields: {
          displayName: { label: 'Nombre de fantasía', required: true },
          origin: { hidden: true },
        },
      },
      { token: comercial },
    );
    expect(saved.error).toBeUndefined();
    const settings = await query('company.settings', undefined, seller);
    expect(settings.data).toMatchObject({ panelLabel: 'Clientes', icon: 'briefcase' });
    expect(settings.data.defaultFields.displayName).toEqual({
      hidden: false,
      required: true,
      label: 'Nombre de fantasía',
    });
    expect(settings.data.defaultFields.origin).toMatchObject({ hidden: true });

    const tooLong = await trpc(
      'company.savePanel',
      { panelLabel: 'x'.repeat(41), icon: 'bank', defaultFields: {} },
      { token: comercial },
    );
    expect(tooLong.error?.data.fieldErrors).toEqual({
      panelLabel: ['El nombre admite hasta 40 caracteres.'],
    });
    const bySeller = await trpc(
      'company.savePanel',
      { panelLabel: 'Mías', icon: 'bank', defaultFields: {} },
      { token: seller },
    );
    expect(bySeller.error?.data.domainCode).toBe('PERMISSION_DENIED');
    expect((await query('company.settings', undefined, seller)).data.panelLabel).toBe('Clientes');
    expect(await configsOf(demo.other.id)).toEqual(otherBefore);

    // An empty name gives the panel its default name back.
    await trpc(
      'company.savePanel',
      {
        panelLabel: '',
        icon: 'building',
        defaultFields: { origin: { hidden: false }, displayName: {} },
      },
      { token: comercial },
    );
    expect((await query('company.settings', undefined, seller)).data.panelLabel).toBe('Empresas');
  });
});
