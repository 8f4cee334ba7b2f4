import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createCustomField } from '@cartera/db/factories';
import { customFields, groups } from '@cartera/db/schema';
import { es } from '@cartera/domain/i18n';
import { useDemoApp } from '../../testing/demo-app';
import { uploadFile } from '../../testing/http-client';
import { OTHER_SELLER, SELLER } from '../../testing/demo-users';

const env = useDemoApp({ JOBS_ENABLED: 'false' });

let serial = 0;
/** A Uruguayan mobile nobody else uses in this file. */
function freshMobile() {
  serial += 1;
  return `095 ${String(200 + serial).padStart(3, '0')} ${String(800 - serial).padStart(3, '0')}`;
}

async function sellersContact(firstName: string) {
  const created = await env.call(SELLER, 'contact.create', {
    firstName,
    lastName: 'Cambios',
    phones: [{ phone: freshMobile(), extensionNumber: '' }],
    emails: ['cambios@ejemplo.com'],
    govId: '12345678',
    detail: 'Cliente de siempre',
  });
  expect(created.error).toBeUndefined();
  return created.data.id;
}

async function setHideContactPhoto(value: 1 | null) {
  const db = env.database.handle.db;
  const [tenant] = await db.select().from(groups).where(eq(groups.id, env.demo.demo.id));
  const flags = { ...tenant!.featureFlags };
  if (value === null) delete flags.hideContactPhoto;
  else flags.hideContactPhoto = value;
  await db.update(groups).set({ featureFlags: flags }).where(eq(groups.id, env.demo.demo.id));
}

describe('contact.update with only the changed fields (02 §7, 03 §2.1 editing in place)', () => {
  it('changes only the keys given and keeps every other value, custom fields by code', async () => {
    const db = env.database.handle.db;
    await createCustomField(db, env.demo.demo, {
      entity: 'contact',
      code: 'cambios_rubro',
      name: 'Rubro',
      type: 'string',
    });
    await createCustomField(db, env.demo.demo, {
      entity: 'contact',
      code: 'cambios_zona',
      name: 'Zona',
      type: 'string',
    });
    const id = await sellersContact('Camila');
    const first = await env.call(SELLER, 'contact.update', {
      id,
      changes: { additionalData: { cambios_rubro: 'Ferretería', cambios_zona: 'Norte' } },
    });
    expect(first.error).toBeUndefined();

    const renamed = await env.call(SELLER, 'contact.update', {
      id,
      changes: { firstName: ' Camila Andrea ', additionalData: { cambios_zona: 'Sur' } },
    });
    expect(renamed.error).toBeUndefined();
    expect(renamed.data).toMatchObject({
      firstName: 'Camila Andrea',
      lastName: 'Cambios',
      emails: ['cambios@ejemplo.com'],
      govId: '12345678',
      detail: 'Cliente de siempre',
      additionalData: { cambios_rubro: 'Ferretería', cambios_zona: 'Sur' },
    });
    expect(renamed.data.phones).toHaveLength(1);
    const read = await env.call(SELLER, 'contact.get', { id });
    expect(read.data).toEqual(renamed.data);
  });

  it('applies the sheet rules to the result: an emptied first name is refused and nothing changes', async () => {
    const id = await sellersContact('Rosario');
    const refused = await env.call(SELLER, 'contact.update', {
      id,
      changes: { firstName: '  ' },
    });
    expect(refused.error?.data.domainCode).toBe('INVALID_REQUEST_BODY');
    expect(refused.error?.data.fieldErrors).toEqual({ firstName: [es.contacts.fieldRequired] });
    expect((await env.call(SELLER, 'contact.get', { id })).data.firstName).toBe('Rosario');
    // Unknown keys are refused, not ignored.
    const unknown = await env.call(SELLER, 'contact.update', {
      id,
      changes: { agentId: env.demo.users[OTHER_SELLER]!.id },
    });
    expect(unknown.status).toBe(400);
  });

  it('judges only the custom fields it names: a field made required since does not stop a change', async () => {
    const id = await sellersContact('Pendiente');
    const field = await createCustomField(env.database.handle.db, env.demo.demo, {
      entity: 'contact',
      code: 'cambios_requerido',
      name: 'Requerido',
      type: 'string',
      required: true,
    });
    try {
      const renamed = await env.call(SELLER, 'contact.update', {
        id,
        changes: { lastName: 'Renombrada' },
      });
      expect(renamed.error).toBeUndefined();
      expect(renamed.data.lastName).toBe('Renombrada');
      // Naming it judges it: required.
      const emptied = await env.call(SELLER, 'contact.update', {
        id,
        changes: { additionalData: { cambios_requerido: null } },
      });
      expect(emptied.error?.data.domainCode).toBe('CUSTOM_FIELD_INVALID');
      // The full sheet judges every field.
      const sheet = await env.call(SELLER, 'contact.update', {
        id,
        values: { firstName: 'Pendiente', phones: renamed.data.phones },
      });
      expect(sheet.error?.data.domainCode).toBe('CUSTOM_FIELD_INVALID');
    } finally {
      await env.database.handle.db
        .update(customFields)
        .set({ active: false })
        .where(eq(customFields.id, field.id));
    }
  });

  it('PATCH /api/crm/contact/{id}?version=1 changes only the fields sent; without it the body is the whole sheet', async () => {
    const id = await sellersContact('Rest');
    const patch = async (query: string, body: unknown) => {
      const response = await fetch(`${env.app.url}/api/crm/contact/${id}${query}`, {
        method: 'PATCH',
        headers: {
          authorization: `Bearer ${await env.tokenOf(SELLER)}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const changed = await patch('?version=1', { detail: 'Prefiere la tarde' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      firstName: 'Rest',
      lastName: 'Cambios',
      govId: '12345678',
      detail: 'Prefiere la tarde',
    });
    // The sheet's PATCH needs the whole sheet: the same partial body is refused in Spanish.
    const partial = await patch('', { detail: 'Otra cosa' });
    expect(partial.status).toBe(400);
    expect(partial.body.code).toBe('INVALID_REQUEST_BODY');
    expect(partial.body.fieldErrors).toHaveProperty('firstName');
    // A key the changes do not know is refused, and nothing changed.
    const unknown = await patch('?version=1', { apodo: 'Resty' });
    expect(unknown.status).toBe(400);
    const after = await env.call(SELLER, 'contact.get', { id });
    expect(after.data.detail).toBe('Prefiere la tarde');
  });

  it('a contact the caller does not see is not found', async () => {
    const id = await sellersContact('Ajena');
    const other = await env.call(OTHER_SELLER, 'contact.update', {
      id,
      changes: { firstName: 'Robada' },
    });
    expect(other.error?.data.domainCode).toBe('CONTACT_NOT_FOUND');
  });

  it('sets and removes the photo, an uploaded image; hideContactPhoto withholds it everywhere', async () => {
    const id = await sellersContact('Fotografiada');
    const key = await uploadFile(env.app.url, await env.tokenOf(SELLER), {
      name: 'cliente.png',
      mimeType: 'image/png',
      via: 'contact-photo',
      body: Buffer.from('89504e470d0a1a0a', 'hex'),
    });
    const refused = await env.call(SELLER, 'contact.update', {
      id,
      changes: { photoPath: 'https://evil.example/x.png' },
    });
    expect(refused.error?.data.fieldErrors).toEqual({
      photoPath: [es.contactEditor.photoInvalid],
    });
    const foreign = await env.call(SELLER, 'contact.update', {
      id,
      changes: { photoPath: `${env.demo.users[OTHER_SELLER]!.tenantId}x/profile/abc/yo.png` },
    });
    expect(foreign.error?.data.fieldErrors).toEqual({
      photoPath: [es.contactEditor.photoInvalid],
    });

    const set = await env.call(SELLER, 'contact.update', { id, changes: { photoPath: key } });
    expect(set.error).toBeUndefined();
    expect(set.data.photo).toBe(`${env.app.url}/api/files/${key}`);
    // The picture is the contact's: who may not read the contact does not read it either.
    const read = async (email: string) =>
      (
        await fetch(set.data.photo!, {
          headers: { authorization: `Bearer ${await env.tokenOf(email)}` },
        })
      ).status;
    expect(await read(SELLER)).toBe(200);
    expect(await read(OTHER_SELLER)).toBe(404);
    const inbox = await env.call(SELLER, 'inbox.conversations', {
      inbox: 'me',
      search: 'Fotografiada',
    });
    expect(inbox.data.items.find((item) => item.id === id)?.photo).toBe(set.data.photo);

    await setHideContactPhoto(1);
    try {
      expect((await env.call(SELLER, 'contact.get', { id })).data.photo).toBeNull();
      const hidden = await env.call(SELLER, 'inbox.conversations', {
        inbox: 'me',
        search: 'Fotografiada',
      });
      expect(hidden.data.items.find((item) => item.id === id)?.photo).toBeNull();
    } finally {
      await setHideContactPhoto(null);
    }
    expect((await env.call(SELLER, 'contact.get', { id })).data.photo).toBe(set.data.photo);

    const removed = await env.call(SELLER, 'contact.update', { id, changes: { photoPath: null } });
    expect(removed.data.photo).toBeNull();
  });
});
