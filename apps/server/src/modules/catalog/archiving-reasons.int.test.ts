import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createContact } from '@cartera/db/factories';
import { users } from '@cartera/db/schema';
import { newId } from '@cartera/domain/ids';
import { useDemoApp } from '../../testing/demo-app';
import { COMERCIAL, SELLER, OTHER_SELLER } from '../../testing/demo-users';

const env = useDemoApp();

const reasonsOf = async (email: string) =>
  (await env.call(email, 'catalog.allArchivingReasons')).data;

describe("archiving reasons of 'Mi Empresa' (03 §3)", () => {
  it('creates a reason the seller picks at once, with its next action', async () => {
    const created = await env.call(COMERCIAL, 'catalog.createArchivingReason', {
      code: ' recontactar ',
      name: 'Recontactar en un mes',
      groupCode: 'seguimiento',
      nextAction: 'persistentReminder',
    });
    expect(created.error).toBeUndefined();
    expect(created.data).toMatchObject({
      code: 'recontactar',
      type: null,
      nextAction: 'persistentReminder',
      limitedToRoles: [],
      active: true,
    });
    expect((await reasonsOf(COMERCIAL)).map((reason) => reason.code)).toContain('recontactar');

    const contact = await createContact(env.database.handle.db, env.demo.demo, {
      firstName: 'Motivo',
      agentId: env.demo.users[SELLER]!.id,
    });
    const picker = await env.call(SELLER, 'interaction.archivingReasons', {
      contactId: contact.id,
    });
    expect(picker.data.map((reason) => reason.code)).toContain('recontactar');
    const archived = await env.call(SELLER, 'interaction.archive', {
      contactId: contact.id,
      id: newId(),
      reason: 'recontactar',
    });
    expect(archived.data).toEqual({ nextAction: 'persistentReminder' });
  });

  it('refuses a duplicate code in Spanish and changes nothing', async () => {
    const before = await reasonsOf(COMERCIAL);
    const duplicate = await env.call(COMERCIAL, 'catalog.createArchivingReason', {
      code: 'sin-interes',
      name: 'Otro nombre',
    });
    expect(duplicate.error?.data.domainCode).toBe('ARCHIVING_REASON_CODE_TAKEN');
    expect(duplicate.error?.message).toBe('Ya existe un motivo de archivo con ese código.');
    expect(await reasonsOf(COMERCIAL)).toEqual(before);
  });

  it('updates a reason but its code; deactivated or limited to roles, the seller no longer sees it', async () => {
    const contact = await createContact(env.database.handle.db, env.demo.demo, {
      firstName: 'Motivo',
      agentId: env.demo.users[SELLER]!.id,
    });
    const sellerCodes = async () =>
      (await env.call(SELLER, 'interaction.archivingReasons', { contactId: contact.id })).data.map(
        (reason) => reason.code,
      );

    const limited = await env.call(COMERCIAL, 'catalog.updateArchivingReason', {
      code: 'competencia',
      data: { name: 'Compró a otro', type: 'sale', limitedToRoles: ['super'] },
    });
    expect(limited.data).toMatchObject({
      code: 'competencia',
      name: 'Compró a otro',
      type: 'sale',
    });
    expect(await sellerCodes()).not.toContain('competencia');

    await env.call(COMERCIAL, 'catalog.updateArchivingReason', {
      code: 'pausa',
      data: { name: 'En pausa', nextAction: 'persistentReminder', active: false },
    });
    expect(await sellerCodes()).not.toContain('pausa');
    const stored = await reasonsOf(COMERCIAL);
    expect(stored.find((reason) => reason.code === 'pausa')?.active).toBe(false);
    // The others keep their place and values.
    expect(stored.map((reason) => reason.code).slice(0, 3)).toEqual([
      'sin-interes',
      'precio',
      'competencia',
    ]);

    const missing = await env.call(COMERCIAL, 'catalog.updateArchivingReason', {
      code: 'no-existe',
      data: { name: 'Nada' },
    });
    expect(missing.error?.data.domainCode).toBe('ARCHIVING_REASON_NOT_FOUND');
  });

  it('refuses bad input and other roles', async () => {
    const badCode = await env.call(COMERCIAL, 'catalog.createArchivingReason', {
      code: 'con espacios',
      name: 'X',
    });
    expect(badCode.error?.data.domainCode).toBe('INVALID_REQUEST_BODY');
    const seller = await env.call(SELLER, 'catalog.createArchivingReason', {
      code: 'del-vendedor',
      name: 'X',
    });
    expect(seller.error?.data.domainCode).toBe('PERMISSION_DENIED');
  });

  it('refuses a duplicate tag or origin code in Spanish and changes nothing', async () => {
    const tags = (await env.call(COMERCIAL, 'catalog.allTags')).data;
    const taken = tags[0]!;
    const tag = await env.call(COMERCIAL, 'catalog.createTag', {
      code: taken.code,
      name: 'Otra etiqueta',
      color: '#E03131',
    });
    expect(tag.error?.message).toBe('Ya existe una etiqueta con ese código.');
    expect((await env.call(COMERCIAL, 'catalog.allTags')).data).toEqual(tags);

    const origins = (await env.call(COMERCIAL, 'catalog.allOrigins')).data;
    const origin = await env.call(COMERCIAL, 'catalog.updateOrigin', {
      id: origins[1]!.id,
      data: { code: origins[0]!.code, name: 'Otro origen' },
    });
    expect(origin.error?.message).toBe('Ya existe un origen con ese código.');
    expect((await env.call(COMERCIAL, 'catalog.allOrigins')).data).toEqual(origins);
  });

  it('offers a reason limited by a user filter to the matching seller and not to another', async () => {
    const db = env.database.handle.db;
    const setZone = (email: string, zona: string) =>
      db
        .update(users)
        .set({ additionalData: { zona } })
        .where(and(eq(users.tenantId, env.demo.demo.id), eq(users.email, email)));
    await setZone(SELLER, 'norte');
    await setZone(OTHER_SELLER, 'sur');

    const created = await env.call(COMERCIAL, 'catalog.createArchivingReason', {
      code: 'solo-norte',
      name: 'Solo zona norte',
      usersFilters: [{ key: ' zona ', type: 'select', value: [' norte ', ''] }],
    });
    expect(created.error).toBeUndefined();
    expect(created.data.usersFilters).toEqual([{ key: 'zona', type: 'select', value: ['norte'] }]);

    const codesOf = async (email: string) => {
      const contact = await createContact(db, env.demo.demo, {
        firstName: 'Filtro',
        agentId: env.demo.users[email]!.id,
      });
      const picker = await env.call(email, 'interaction.archivingReasons', {
        contactId: contact.id,
      });
      return picker.data.map((reason) => reason.code);
    };
    expect(await codesOf(SELLER)).toContain('solo-norte');
    expect(await codesOf(OTHER_SELLER)).not.toContain('solo-norte');
  });

  it('refuses a bad filter in Spanish, under its field, and stores nothing', async () => {
    const before = await reasonsOf(COMERCIAL);
    const badKey = await env.call(COMERCIAL, 'catalog.createArchivingReason', {
      code: 'filtro-malo',
      name: 'Filtro malo',
      usersFilters: [{ key: 'zona norte', type: 'string', value: 'x' }],
    });
    expect(badKey.error?.data.fieldErrors).toEqual({
      'usersFilters.0.key': [
        'Campo no válido: usa el código del dato del usuario (letras, números, «_» o «-»).',
      ],
    });
    const empty = await env.call(COMERCIAL, 'catalog.updateArchivingReason', {
      code: 'precio',
      data: { name: 'Precio', usersFilters: [{ key: 'zona', type: 'select', value: [] }] },
    });
    expect(empty.error?.data.fieldErrors).toEqual({
      'data.usersFilters.0.value': ['Indica al menos un valor.'],
    });
    const notNumber = await env.call(COMERCIAL, 'catalog.createTag', {
      code: 'filtro-malo',
      name: 'Filtro malo',
      color: '#E03131',
      usersFilters: [{ key: 'nivel', type: 'number', value: 'alto' }],
    });
    expect(notNumber.error?.data.fieldErrors).toEqual({
      'usersFilters.0.value': ['El valor debe ser un número entero.'],
    });
    expect(await reasonsOf(COMERCIAL)).toEqual(before);
    const tags = (await env.call(COMERCIAL, 'catalog.allTags')).data;
    expect(tags.map((tag) => tag.code)).not.toContain('filtro-malo');
  });
});
