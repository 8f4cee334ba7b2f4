import { describe, expect, it } from 'vitest';
import { es } from '@cartera/domain/i18n';
import { useDemoApp } from '../../testing/demo-app';
import { COMERCIAL, SELLER } from '../../testing/demo-users';

/*
 * The contact form definition of 'Mi Empresa' (issue #17): what a comercial saves is what the
 * sheet of every seller shows and what contact.create requires; sellers cannot change it and
 * another company's configuration is untouched.
 */
const env = useDemoApp();

describe('la definición del formulario de contacto', () => {
  it('lo guardado cambia el formulario del vendedor: orden, ocultos, obligatorios, teléfono opcional y unificar', async () => {
    const otherBefore = await env.groupConfigs(env.demo.other.id);
    const current = (await env.call(COMERCIAL, 'contact.formSettings')).data;
    expect(current.form.map((item) => item.kind)).toContain('detail');
    expect(current.unify).toEqual({ active: true, roles: ['all'] });

    const form = [
      { kind: 'lastName' },
      { kind: 'firstName' },
      ...current.form
        .filter((item) => !['firstName', 'lastName'].includes(item.kind))
        .map((item) =>
          item.kind === 'detail'
            ? { ...item, hidden: true }
            : item.kind === 'emails'
              ? { ...item, required: true }
              : item,
        ),
    ];
    const saved = await env.call(COMERCIAL, 'contact.saveFormSettings', {
      form,
      phoneOptional: true,
      unify: { active: true, roles: ['super'] },
    });
    expect(saved.error).toBeUndefined();
    expect(saved.data.form.slice(0, 2).map((item) => item.kind)).toEqual(['lastName', 'firstName']);

    const sheet = (await env.call(SELLER, 'contact.form')).data;
    expect(sheet.definition.find((item) => item.kind === 'detail')?.hidden).toBe(true);
    expect(sheet.definition[0]?.kind).toBe('lastName');
    expect(sheet.flags.phoneOptional).toBe(true);
    expect(sheet.flags.requiredKinds).toEqual(['emails']);

    // No phone is fine now; no e-mail is not, with the sheet's Spanish text.
    const refused = await env.call(SELLER, 'contact.create', {
      firstName: 'Sin correo',
      phones: [],
    });
    expect(refused.status).toBe(400);
    expect(refused.error?.data.fieldErrors).toEqual({ 'emails.0': [es.contacts.fieldRequired] });
    const created = await env.call(SELLER, 'contact.create', {
      firstName: 'Con correo',
      phones: [],
      emails: ['con.correo@ejemplo.com'],
    });
    expect(created.status).toBe(200);

    // The seller may no longer unify (only supervisors).
    const viewed = await env.call(SELLER, 'contact.get', { id: created.data.id });
    expect(viewed.data.can.unify).toBe(false);

    // The rest of the section stays; the other company's configuration is untouched.
    const stored = (await env.groupConfigs(env.demo.demo.id)).contacts as Record<string, unknown>;
    expect(stored.unify).toEqual({ active: true, roles: ['super'] });
    expect(await env.groupConfigs(env.demo.other.id)).toEqual(otherBefore);
  });

  it('rechaza en español ocultar el nombre o repetir un campo, y un vendedor no lo cambia', async () => {
    const before = (await env.call(COMERCIAL, 'contact.formSettings')).data;
    const hidden = await env.call(COMERCIAL, 'contact.saveFormSettings', {
      form: [{ kind: 'firstName', hidden: true }, { kind: 'phones' }],
      phoneOptional: false,
      unify: { active: false, roles: [] },
    });
    expect(hidden.status).toBe(400);
    expect(hidden.error?.data.fieldErrors).toEqual({
      'form.0': ['El nombre y los teléfonos no se pueden ocultar.'],
    });
    const repeated = await env.call(COMERCIAL, 'contact.saveFormSettings', {
      form: [{ kind: 'firstName' }, { kind: 'phones' }, { kind: 'phones' }],
      phoneOptional: false,
      unify: { active: false, roles: [] },
    });
    expect(repeated.error?.data.fieldErrors).toEqual({
      'form.2': ['Un campo aparece más de una vez.'],
    });
    const bySeller = await env.call(SELLER, 'contact.saveFormSettings', {
      form: [{ kind: 'firstName' }, { kind: 'phones' }],
      phoneOptional: false,
      unify: { active: false, roles: [] },
    });
    expect(bySeller.error?.data.domainCode).toBe('PERMISSION_DENIED');
    expect((await env.call(SELLER, 'contact.formSettings')).status).toBe(403);
    expect((await env.call(COMERCIAL, 'contact.formSettings')).data).toEqual(before);
  });
});

describe('campos adicionales ocultos por la definición', () => {
  it('un campo obligatorio que el formulario no muestra no se exige; mostrado, sí', async () => {
    const before = (await env.call(COMERCIAL, 'contact.formSettings')).data;
    const field = await env.call(COMERCIAL, 'customField.create', {
      entity: 'contact',
      code: 'cliente_desde',
      name: 'Cliente desde',
      type: 'string',
      required: true,
    });
    expect(field.error).toBeUndefined();
    const create = () =>
      env.call(SELLER, 'contact.create', {
        firstName: 'Oculto',
        phones: [],
        emails: ['oculto@ejemplo.com'],
      });
    const shown = await create();
    expect(shown.error?.data.fieldErrors).toEqual({
      cliente_desde: [es.fields.required],
    });

    await env.call(COMERCIAL, 'contact.saveFormSettings', {
      ...before,
      form: before.form.map((item) =>
        item.kind === 'additionalData' ? { ...item, hidden: true } : item,
      ),
    });
    expect((await create()).status).toBe(200);
    await env.call(COMERCIAL, 'customField.update', { id: field.data.id, data: { active: false } });
    await env.call(COMERCIAL, 'contact.saveFormSettings', before);
  });
});
