import { describe, expect, it } from 'vitest';
import { useDemoApp } from '../../testing/demo-app';

/*
 * Changing a custom field's definition changes what was sent and nothing else: a field left out
 * of the change keeps its value (it is not reset to the creation default).
 */
const env = useDemoApp();
const MANAGER = 'comercial@demo.test';

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
