import { describe, expect, it } from 'vitest';
import { useDemoApp } from '../../testing/demo-app';
import { COMERCIAL as MANAGER, SELLER, OTHER_TENANT } from '../../testing/demo-users';

/*
 * Changing a custom field's definition changes what was sent and nothing else: a field left out
 * of the change keeps its value (it is not reset to the creation default).
 */
const env = useDemoApp();

describe('cambiar la definición de un campo configurable', () => {
  it('cambia solo lo enviado, borra un límite enviado como null y controla los límites', async () => {
    const created = await env.call(MANAGER, 'customField.create', {
      entity: 'contact',
      code: 'apodo',
      name: 'Apodo',
      type: 'string',
      minChars: 2,
      maxChars: 20,
      uniqueField: true,
      required: true,
    });
    expect(created.status).toBe(200);
    const id = created.data.id;

    const renamed = await env.call(MANAGER, 'customField.update', { id, data: { name: 'Alias' } });
    expect(renamed.data).toMatchObject({
      name: 'Alias',
      minChars: 2,
      maxChars: 20,
      uniqueField: true,
      required: true,
      active: true,
    });

    // Raising the minimum past the old maximum while clearing the maximum is one valid change.
    const widened = await env.call(MANAGER, 'customField.update', {
      id,
      data: { minChars: 30, maxChars: null },
    });
    expect(widened.status).toBe(200);
    expect(widened.data).toMatchObject({ minChars: 30, maxChars: null, uniqueField: true });

    const crossed = await env.call(MANAGER, 'customField.update', { id, data: { maxChars: 10 } });
    expect(crossed.status).toBe(400);
    expect(crossed.error?.data.domainCode).toBe('INVALID_REQUEST_BODY');
    const [stored] = (
      await env.call(MANAGER, 'customField.list', { entity: 'contact' })
    ).data.filter((field: { id: string }) => field.id === id);
    expect(stored).toMatchObject({ name: 'Alias', minChars: 30, maxChars: null });
  });
});

/*
 * 'Mi Empresa' (issue #17) manages the fields: a field of type option needs options, each once,
 * and every refusal carries the Spanish text under its field; sellers manage nothing; another
 * company never sees or changes them.
 */

const fieldErrors = (result: { error?: { data: { fieldErrors?: Record<string, string[]> } } }) =>
  result.error?.data.fieldErrors ?? {};

describe("los campos de 'Mi Empresa'", () => {
  it('crea un campo de opciones que el formulario de un vendedor muestra; desactivado, deja de mostrarse', async () => {
    const created = await env.call(MANAGER, 'customField.create', {
      entity: 'contact',
      code: 'interes',
      name: 'Interés',
      type: 'select',
      options: [{ name: 'Alto' }, { name: 'Bajo' }],
    });
    expect(created.error).toBeUndefined();
    const forSeller = async () =>
      (await env.call(SELLER, 'customField.forForm', { entity: 'contact', mode: 'create' })).data;
    expect((await forSeller()).find((field) => field.code === 'interes')?.options).toEqual([
      { name: 'Alto' },
      { name: 'Bajo' },
    ]);

    const off = await env.call(MANAGER, 'customField.update', {
      id: created.data.id,
      data: { active: false },
    });
    expect(off.data.active).toBe(false);
    expect((await forSeller()).map((field) => field.code)).not.toContain('interes');
  });

  it('rechaza en español, bajo cada campo, una definición inválida y no guarda nada', async () => {
    const before = (await env.call(MANAGER, 'customField.list', { entity: 'contact' })).data;
    const noOptions = await env.call(MANAGER, 'customField.create', {
      entity: 'contact',
      code: 'nivel',
      name: '  ',
      type: 'multiselect',
      options: [],
    });
    expect(noOptions.status).toBe(400);
    expect(fieldErrors(noOptions).name).toEqual(['Ingresa un nombre.']);

    const repeated = await env.call(MANAGER, 'customField.create', {
      entity: 'contact',
      code: 'nivel',
      name: 'Nivel',
      type: 'select',
      options: [{ name: 'Uno' }, { name: ' uno ' }],
    });
    expect(fieldErrors(repeated).options).toEqual(['Las opciones no pueden repetirse.']);

    const empty = await env.call(MANAGER, 'customField.create', {
      entity: 'contact',
      code: 'nivel',
      name: 'Nivel',
      type: 'select',
      options: [],
    });
    expect(fieldErrors(empty).options).toEqual(['Agrega al menos una opción.']);

    const badCode = await env.call(MANAGER, 'customField.create', {
      entity: 'contact',
      code: '1nivel',
      name: 'Nivel',
      type: 'string',
    });
    expect(fieldErrors(badCode).code).toEqual([
      'Empieza con una letra y usa solo letras, números, guiones y _ (hasta 60).',
    ]);

    const crossed = await env.call(MANAGER, 'customField.create', {
      entity: 'contact',
      code: 'nivel',
      name: 'Nivel',
      type: 'string',
      minChars: 9,
      maxChars: 3,
    });
    expect(fieldErrors(crossed).minChars).toEqual(['El mínimo no puede ser mayor que el máximo.']);

    const taken = await env.call(MANAGER, 'customField.create', {
      entity: 'contact',
      code: 'apodo',
      name: 'Otro',
      type: 'string',
    });
    expect(taken.error?.data.domainCode).toBe('CUSTOM_FIELD_CODE_TAKEN');
    expect(taken.error?.message).toBe('Ya existe un campo con ese código.');

    expect((await env.call(MANAGER, 'customField.list', { entity: 'contact' })).data).toEqual(
      before,
    );
  });

  it('un vendedor no administra campos y otra empresa no ve ni cambia los de esta', async () => {
    const refused = await env.call(SELLER, 'customField.create', {
      entity: 'company',
      code: 'rubro',
      name: 'Rubro',
      type: 'string',
    });
    expect(refused.error?.data.domainCode).toBe('PERMISSION_DENIED');
    expect((await env.call(SELLER, 'customField.list', { entity: 'company' })).status).toBe(403);

    const own = (await env.call(MANAGER, 'customField.list', { entity: 'contact' })).data;
    const field = own.find((each) => each.code === 'apodo')!;
    const foreign = await env.call(OTHER_TENANT, 'customField.forForm', {
      entity: 'contact',
      mode: 'edit',
    });
    expect(foreign.data.map((each) => each.code)).not.toContain('apodo');
    const foreignOption = await env.call(OTHER_TENANT, 'customField.createSharedOption', {
      fieldId: field.id,
      data: { name: 'Intrusa' },
    });
    expect(foreignOption.error?.data.domainCode).toBe('CUSTOM_FIELD_NOT_FOUND');
    expect((await env.call(MANAGER, 'customField.list', { entity: 'contact' })).data).toEqual(own);
  });
});
