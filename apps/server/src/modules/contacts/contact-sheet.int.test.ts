import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createContact, createCustomField } from '@cartera/db/factories';
import { blockedNumbers, companyContacts, contacts, groups, sectors } from '@cartera/db/schema';
import { es } from '@cartera/domain/i18n';
import { useDemoApp } from '../../testing/demo-app';
import { restLogin, typedCall } from '../../testing/http-client';
import {
  startFakeExternalContacts,
  type FakeExternalContacts,
} from '../../testing/fake-external-contacts';
import { SELLER, OTHER_SELLER } from '../../testing/demo-users';

// The fake external system listens on 127.0.0.1, which the operator lists as exempt from the
// outbound-URL guard; 'localhost' is not listed.
const env = useDemoApp({ JOBS_ENABLED: 'false', OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
let external: FakeExternalContacts;

/** A Uruguayan mobile nobody else uses in this file. */
let serial = 0;
function freshMobile() {
  serial += 1;
  return `094 ${String(100 + serial).padStart(3, '0')} ${String(900 - serial).padStart(3, '0')}`;
}

beforeAll(async () => {
  external = await startFakeExternalContacts();
  await env.database.handle.db.insert(blockedNumbers).values({
    tenantId: env.demo.demo.id,
    phone: '+59894999111',
    reason: 'Pidió no ser contactado',
  });
});

afterAll(async () => {
  await external?.stop();
});

describe('contact sheet: create and update (02 §5)', () => {
  it('creates a contact owned by its creator with the number normalised, then reads it back', async () => {
    const created = await env.call(SELLER, 'contact.create', {
      firstName: '  Lucía ',
      lastName: 'Fernández',
      phones: [{ phone: '099 123 456', extensionNumber: '' }],
      emails: ['Lucia@Ejemplo.com.uy', ''],
      origin: null,
    });
    expect(created.status).toBe(200);
    const detail = await env.call(SELLER, 'contact.get', { id: created.data.id });
    expect(detail.data).toMatchObject({
      firstName: 'Lucía',
      lastName: 'Fernández',
      phones: [{ phone: '+59899123456', national: '099 123 456', extensionNumber: '' }],
      emails: ['lucia@ejemplo.com.uy'],
      agent: { id: env.demo.users[SELLER]!.id },
      firstAgent: { id: env.demo.users[SELLER]!.id },
    });
    // The search text is kept: the list finds her by the number typed another way.
    const found = await env.call(SELLER, 'contact.list', { search: '99123456' });
    expect(found.data.items.map((item) => item.id)).toContain(created.data.id);
  });

  it('answers the sheet texts for every broken rule and stores nothing', async () => {
    const before = await env.database.handle.db.$count(contacts);
    const result = await env.call(SELLER, 'contact.create', {
      firstName: ' ',
      lastName: 'x'.repeat(101),
      phones: [
        { phone: '099 765 432', extensionNumber: '' },
        { phone: '+598 99 765 432', extensionNumber: '' },
        { phone: '', extensionNumber: '' },
        { phone: '12', extensionNumber: '' },
      ],
      emails: ['no-es-un-email'],
      origin: 'no-existe',
    });
    expect(result.status).toBe(400);
    expect(result.error?.data.fieldErrors).toEqual({
      firstName: [es.contacts.fieldRequired],
      lastName: ['No debe tener más de 100 caracteres'],
      'emails.0': [es.contacts.invalidEmail],
      'phones.0.phone': [es.contacts.phoneRepeated],
      'phones.1.phone': [es.contacts.phoneRepeated],
      'phones.2.phone': [es.contacts.extraPhoneRequired],
      'phones.3.phone': [
        'El numero de teléfono tiene que ser un numero valido de Uruguay o de otro país con el codigo correspondiente',
      ],
      origin: [es.contacts.invalidOrigin],
    });
    expect(await env.database.handle.db.$count(contacts)).toBe(before);
  });

  it('refuses a blocked number and a number of another contact, naming the phone row', async () => {
    const owner = await env.call(OTHER_SELLER, 'contact.create', {
      firstName: 'Dueña',
      phones: [{ phone: '094 555 001', extensionNumber: '' }],
    });
    expect(owner.status).toBe(200);
    const result = await env.call(SELLER, 'contact.create', {
      firstName: 'Repetido',
      phones: [
        { phone: '094 999 111', extensionNumber: '' },
        { phone: '094555001', extensionNumber: '' },
      ],
    });
    expect(result.status).toBe(400);
    expect(result.error?.data.fieldErrors).toEqual({
      'phones.0.phone': ['El número está bloqueado: Pidió no ser contactado'],
      'phones.1.phone': [es.contacts.phoneTaken],
    });
  });

  it('requires the first phone, a tag and a company when the tenant says so', async () => {
    const { db } = env.database.handle;
    const [tenant] = await db.select().from(groups).where(eq(groups.id, env.demo.demo.id));
    await db
      .update(groups)
      .set({ featureFlags: { ...tenant!.featureFlags, requiredTags: 1, requiredCompany: 1 } })
      .where(eq(groups.id, env.demo.demo.id));
    try {
      const token = (await restLogin(env.app.url, SELLER)).body.token;
      const result = await typedCall(
        env.app.url,
        'contact.create',
        { firstName: 'Sin datos', phones: [] },
        { token },
      );
      expect(result.error?.data.fieldErrors).toEqual({
        'phones.0.phone': [es.contacts.phoneRequired],
        statusTag: [es.contacts.tagRequired],
        affiliatedCompanyGroup: [es.contacts.companyRequired],
      });
    } finally {
      await db
        .update(groups)
        .set({ featureFlags: tenant!.featureFlags })
        .where(eq(groups.id, env.demo.demo.id));
    }
  });

  it('stores companies with their sector and role, and a custom field value', async () => {
    const { db } = env.database.handle;
    const [sector] = await db
      .select()
      .from(sectors)
      .where(eq(sectors.tenantId, env.demo.demo.id))
      .limit(1);
    await createCustomField(db, env.demo.demo, {
      entity: 'contact',
      code: 'rubro',
      name: 'Rubro',
      type: 'string',
    });
    const created = await env.call(SELLER, 'contact.create', {
      firstName: 'Afiliada',
      phones: [{ phone: freshMobile(), extensionNumber: '' }],
      affiliatedCompanyGroup: [
        { companyId: sector!.companyId, sectorId: sector!.id, role: 'Compras' },
        { companyId: null, sectorId: null, role: '' },
      ],
      additionalData: { rubro: 'Ferretería' },
    });
    expect(created.status).toBe(200);
    const detail = await env.call(SELLER, 'contact.get', { id: created.data.id });
    expect(detail.data.affiliations).toEqual([
      expect.objectContaining({
        companyId: sector!.companyId,
        sectorId: sector!.id,
        sectorName: sector!.name,
        role: 'Compras',
      }),
    ]);
    expect(detail.data.additionalData).toEqual({ rubro: 'Ferretería' });
    const links = await db
      .select()
      .from(companyContacts)
      .where(eq(companyContacts.contactId, created.data.id));
    expect(links).toHaveLength(1);
  });

  it('keeps the origin while editing and lets the owner edit; another seller gets not found', async () => {
    const created = await env.call(SELLER, 'contact.create', {
      firstName: 'Origen',
      phones: [{ phone: freshMobile(), extensionNumber: '' }],
      origin: 'web',
    });
    expect(created.status).toBe(200);
    const updated = await env.call(SELLER, 'contact.update', {
      id: created.data.id,
      values: {
        firstName: 'Origen Editado',
        phones: [{ phone: freshMobile(), extensionNumber: '' }],
        origin: 'referido',
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.data).toMatchObject({ firstName: 'Origen Editado', origin: 'web' });
    const foreign = await env.call(OTHER_SELLER, 'contact.update', {
      id: created.data.id,
      values: { firstName: 'Robado', phones: [{ phone: freshMobile(), extensionNumber: '' }] },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.error?.data.domainCode).toBe('CONTACT_NOT_FOUND');
    const [row] = await env.database.handle.db
      .select({ firstName: contacts.firstName })
      .from(contacts)
      .where(eq(contacts.id, created.data.id));
    expect(row!.firstName).toBe('Origen Editado');
  });
});

describe('phone validation (02 §7 validate number, §8 popover)', () => {
  it('answers valid for a free number, with its stored and national forms', async () => {
    const result = await env.call(SELLER, 'contact.validatePhone', { number: '99 111 222' });
    expect(result.data).toMatchObject({
      success: true,
      type: 'valid',
      phoneNumber: '+59899111222',
      national: '099 111 222',
      error: null,
    });
  });

  it('explains an invalid and a blocked number', async () => {
    const invalid = await env.call(SELLER, 'contact.validatePhone', { number: '123' });
    expect(invalid.data).toMatchObject({ success: false, type: 'invalid' });
    expect(invalid.data.error).toContain('Uruguay');
    const blocked = await env.call(SELLER, 'contact.validatePhone', { number: '094999111' });
    expect(blocked.data).toMatchObject({
      success: false,
      type: 'blocknumber',
      blockReason: 'Pidió no ser contactado',
    });
  });

  it("offers a sub-conversation of a colleague's contact, and 'go to my contact' for one's own", async () => {
    const number = freshMobile();
    const theirs = await env.call(OTHER_SELLER, 'contact.create', {
      firstName: 'Ajena',
      phones: [{ phone: number, extensionNumber: '' }],
    });
    const foreign = await env.call(SELLER, 'contact.validatePhone', { number });
    expect(foreign.data).toMatchObject({
      success: false,
      type: 'duplicate',
      error: 'El número ya pertenece a un contacto de Victoria Vendedora',
      itsMine: false,
      isObtainable: false,
      subConversation: true,
      unifyContacts: false,
    });
    // The colleague's contact is named by a reference for this seller, never by its id.
    const reference = foreign.data.contactId!;
    expect(reference).toMatch(/^ref\./);
    expect(JSON.stringify(foreign.data)).not.toContain(theirs.data.id);
    // Nor can it be read out of the reference: it is sealed, not just signed (issue #30 S8).
    const decoded = reference
      .slice('ref.'.length)
      .split('.')
      .map((part) => Buffer.from(part, 'base64url').toString('latin1'))
      .join(' ');
    expect(decoded).not.toContain(theirs.data.id);
    expect(decoded).not.toContain(env.demo.users[SELLER]!.id);
    const sub = await env.call(SELLER, 'contact.createSubConversation', { contactId: reference });
    expect(sub.status).toBe(200);
    // Another user cannot use it, and a tampered one names nothing.
    const stolen = await env.call(OTHER_SELLER, 'contact.createSubConversation', {
      contactId: reference,
    });
    expect(stolen.error?.data.domainCode).toBe('CONTACT_NOT_FOUND');
    const forged = await env.call(SELLER, 'contact.createSubConversation', {
      contactId: `${reference.slice(0, -4)}AAAA`,
    });
    expect(forged.error?.data.domainCode).toBe('CONTACT_NOT_FOUND');
    const own = await env.call(OTHER_SELLER, 'contact.validatePhone', { number });
    expect(own.data).toMatchObject({ itsMine: true, subConversation: false });
    expect(own.data.error).toBe('El número ya pertenece a tu contacto Ajena');
    // Editing that same contact, its own number is no duplicate.
    const editing = await env.call(OTHER_SELLER, 'contact.validatePhone', {
      number,
      contactId: theirs.data.id,
    });
    expect(editing.data.type).toBe('valid');
  });

  it('finds the contact of a number written in another of its forms (México 521, Argentina 549)', async () => {
    await env.database.handle.db.insert(contacts).values([
      { tenantId: env.demo.demo.id, firstName: 'Ximena', phones: ['+5215598760000'] },
      { tenantId: env.demo.demo.id, firstName: 'Julián', phones: ['+5491123450000'] },
    ]);
    const mexico = await env.call(SELLER, 'contact.validatePhone', { number: '+52 55 9876 0000' });
    expect(mexico.data).toMatchObject({ type: 'duplicate', phoneNumber: '+525598760000' });
    const argentina = await env.call(SELLER, 'contact.validatePhone', {
      number: '+54 11 2345 0000',
    });
    expect(argentina.data).toMatchObject({ type: 'duplicate' });
  });

  it('offers to take over an unassigned contact, and unify for a visible one being edited', async () => {
    const { db } = env.database.handle;
    const number = freshMobile();
    const orphan = await createContact(db, env.demo.demo, {
      firstName: 'Huérfano',
      phones: [`+598${number.replace(/\D/g, '').slice(1)}`],
    });
    const result = await env.call(SELLER, 'contact.validatePhone', { number });
    expect(result.data).toMatchObject({
      type: 'duplicate',
      isObtainable: true,
      error: es.contacts.phoneDuplicateUnassigned,
    });
    // Unassigned, so not the seller's to see: taken over through the reference.
    expect(result.data.contactId).toMatch(/^ref\./);
    const taken = await env.call(SELLER, 'contact.takeOver', { contactId: result.data.contactId! });
    expect(taken.data.contactId).toBe(orphan.id);

    const a = await env.call(SELLER, 'contact.create', {
      firstName: 'Mío A',
      phones: [{ phone: freshMobile(), extensionNumber: '' }],
    });
    const bNumber = freshMobile();
    const b = await env.call(SELLER, 'contact.create', {
      firstName: 'Mío B',
      phones: [{ phone: bNumber, extensionNumber: '' }],
    });
    const unify = await env.call(SELLER, 'contact.validatePhone', {
      number: bNumber,
      contactId: a.data.id,
    });
    expect(unify.data).toMatchObject({
      itsMine: true,
      unifyContacts: true,
      unifyContact: { id: b.data.id, firstName: 'Mío B' },
    });
  });
});

describe('external contact system (02 §4, §7, §8)', () => {
  async function connect() {
    const config = external.config('Padrón');
    const { db } = env.database.handle;
    await db
      .update(groups)
      .set({
        configs: sql`jsonb_set(${groups.configs}, '{contacts,externalSystem}', ${JSON.stringify(config)}::jsonb, true)`,
      })
      .where(eq(groups.id, env.demo.demo.id));
  }
  async function disconnect() {
    await env.database.handle.db
      .update(groups)
      .set({ configs: sql`${groups.configs} #- '{contacts,externalSystem}'` })
      .where(eq(groups.id, env.demo.demo.id));
  }

  it('validates, creates with POST and updates with PATCH ?id=, each with the token', async () => {
    await connect();
    try {
      const form = await env.call(SELLER, 'contact.form');
      expect(form.data.externalSystem).toBe('Padrón');
      const values = {
        firstName: 'Externa',
        phones: [{ phone: freshMobile(), extensionNumber: '' }],
      };
      const check = await env.call(SELLER, 'contact.externalValidate', { values });
      expect(check.data).toEqual({
        isValid: true,
        errorMessage: null,
        operationType: 'creation',
        system: 'Padrón',
      });
      const created = await env.call(SELLER, 'contact.create', values);
      expect(created.status).toBe(200);
      expect(external.created.has(created.data.id)).toBe(true);
      const updated = await env.call(SELLER, 'contact.update', {
        id: created.data.id,
        values: { ...values, firstName: 'Externa Editada' },
      });
      expect(updated.status).toBe(200);
      const patch = external.requests.find((request) => request.method === 'PATCH');
      expect(patch).toMatchObject({
        path: '/contacts',
        query: { id: created.data.id },
        authorization: `Bearer ${external.token}`,
        body: expect.objectContaining({ firstName: 'Externa Editada' }),
      });
      expect(
        external.requests.every((request) => request.authorization === `Bearer ${external.token}`),
      ).toBe(true);
    } finally {
      await disconnect();
    }
  });

  it('refuses what the system refuses with its message, and rolls back when its create fails', async () => {
    await connect();
    try {
      const before = await env.database.handle.db.$count(contacts);
      const refused = await env.call(SELLER, 'contact.create', {
        firstName: 'Rechazado Pérez',
        phones: [{ phone: freshMobile(), extensionNumber: '' }],
      });
      expect(refused.status).toBe(422);
      expect(refused.error?.data.domainCode).toBe('EXTERNAL_VALIDATION_FAILED');
      expect(refused.error?.data.details).toMatchObject({
        system: 'Padrón',
        message: external.rejectMessage,
      });

      external.failWrites(500, { error: 'Base del padrón caída' });
      const failed = await env.call(SELLER, 'contact.create', {
        firstName: 'Caída',
        phones: [{ phone: freshMobile(), extensionNumber: '' }],
      });
      expect(failed.status).toBe(502);
      expect(failed.error?.data).toMatchObject({
        domainCode: 'EXTERNAL_SYSTEM_ERROR',
        details: { system: 'Padrón', operation: 'creation', message: 'Base del padrón caída' },
      });
      expect(await env.database.handle.db.$count(contacts)).toBe(before);
    } finally {
      external.recover();
      await disconnect();
    }
  });
});

describe('external contact system on a private address', () => {
  it('is never called: the guard refuses it with its Spanish text and nothing is saved', async () => {
    const config = external.config('Padrón');
    // The same fake, named so that it resolves to a loopback address the operator did not list.
    const local = (url: string) => url.replace('127.0.0.1', 'localhost');
    const metadata = 'http://169.254.169.254/latest/meta-data';
    for (const urls of [
      {
        validateUrl: local(config.validateUrl),
        createUrl: local(config.createUrl),
        updateUrl: local(config.updateUrl),
      },
      { validateUrl: metadata, createUrl: metadata, updateUrl: metadata },
    ]) {
      await env.database.handle.db
        .update(groups)
        .set({
          configs: sql`jsonb_set(${groups.configs}, '{contacts,externalSystem}', ${JSON.stringify({ ...config, ...urls })}::jsonb, true)`,
        })
        .where(eq(groups.id, env.demo.demo.id));
      const calls = external.requests.length;
      const before = await env.database.handle.db.$count(contacts);
      const refused = await env.call(SELLER, 'contact.create', {
        firstName: 'Interna',
        phones: [{ phone: freshMobile(), extensionNumber: '' }],
      });
      expect(refused.status).toBe(422);
      expect(refused.error).toMatchObject({
        message:
          'La dirección configurada no está permitida: debe ser una dirección pública http o https.',
        data: { domainCode: 'OUTBOUND_URL_NOT_ALLOWED' },
      });
      expect(external.requests.length).toBe(calls);
      expect(await env.database.handle.db.$count(contacts)).toBe(before);
    }
    await env.database.handle.db
      .update(groups)
      .set({ configs: sql`${groups.configs} #- '{contacts,externalSystem}'` })
      .where(eq(groups.id, env.demo.demo.id));
  });
});

describe('tenant isolation of a contact', () => {
  it('Otra Empresa cannot read, edit or check a Demo Uruguay contact', async () => {
    const mine = await env.call(SELLER, 'contact.create', {
      firstName: 'Privada',
      phones: [{ phone: freshMobile(), extensionNumber: '' }],
    });
    const stranger = 'vendedor@otra.test';
    const read = await env.call(stranger, 'contact.get', { id: mine.data.id });
    expect(read.status).toBe(404);
    const edit = await env.call(stranger, 'contact.update', {
      id: mine.data.id,
      values: { firstName: 'X', phones: [{ phone: '+5491123456789', extensionNumber: '' }] },
    });
    expect(edit.status).toBe(404);
    const [row] = await env.database.handle.db
      .select({ firstName: contacts.firstName })
      .from(contacts)
      .where(and(eq(contacts.id, mine.data.id), eq(contacts.tenantId, env.demo.demo.id)));
    expect(row!.firstName).toBe('Privada');
  });
});
