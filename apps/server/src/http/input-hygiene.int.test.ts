import { describe, expect, it } from 'vitest';
import { like } from 'drizzle-orm';
import { contacts } from '@cartera/db/schema';
import { INPUT_TEXTS } from '@cartera/domain/input';
import { newId } from '@cartera/domain/ids';
import { useDemoApp } from '../testing/demo-app';
import { SELLER } from '../testing/demo-users';

/*
 * Input no procedure accepts answers 400 with a Spanish field error and changes nothing (issue
 * #19 §10): NUL bytes, halves of characters, dates past what every layer keeps, links that are
 * not web links.
 */
const env = useDemoApp();

describe('higiene de la entrada', () => {
  it('un NUL en un texto responde 400 con el campo y no guarda nada', async () => {
    const result = await env.call(SELLER, 'contact.create', {
      firstName: 'Nul\u0000o',
      phones: [{ phone: '099765432', extensionNumber: '' }],
    });
    expect(result.status).toBe(400);
    expect(result.error?.data.fieldErrors).toEqual({ firstName: [INPUT_TEXTS.invalidText] });
    const stored = await env.database.handle.db
      .select()
      .from(contacts)
      .where(like(contacts.firstName, 'Nul%'));
    expect(stored).toEqual([]);
  });

  it('medio carácter (un surrogate suelto) también, en cualquier nivel de la entrada', async () => {
    const result = await env.call(SELLER, 'contact.list', {
      filters: [{ code: 'x', value: 'a\uD800b' }],
    });
    expect(result.status).toBe(400);
    expect(result.error?.data.fieldErrors).toEqual({
      'filters.0.value': [INPUT_TEXTS.invalidText],
    });
  });

  it('el año 275760 responde 400 con un error de fecha', async () => {
    const result = await env.call('admin@demo.test', 'activity.list', {
      from: new Date('2026-01-01'),
      to: new Date(8.64e15),
    });
    expect(result.status).toBe(400);
    expect(result.error?.data.fieldErrors).toEqual({ to: [INPUT_TEXTS.invalidDate] });
    const asText = await env.call(SELLER, 'interaction.search', {
      contactId: newId(),
      from: '+275760-09-13T00:00:00.000Z',
    });
    expect(asText.status).toBe(400);
    expect(asText.error?.data.fieldErrors?.from).toEqual([INPUT_TEXTS.invalidDate]);
  });

  it('por REST también', async () => {
    const token = await env.tokenOf(SELLER);
    const response = await fetch(`${env.app.url}/api/crm/contacts?search=a%00b`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'INVALID_REQUEST_BODY',
      fieldErrors: { search: [INPUT_TEXTS.invalidText] },
    });
  });

  it('un adjunto con un enlace que no es http ni https se rechaza', async () => {
    const result = await env.call('admin@demo.test', 'interaction.createNote', {
      contactId: newId(),
      id: newId(),
      body: 'nota',
      files: [{ name: 'x', url: 'javascript:alert(1)', mimeType: 'text/plain', size: 1 }],
    });
    expect(result.status).toBe(400);
    expect(result.error?.data.fieldErrors?.['files.0.url']).toContain(INPUT_TEXTS.invalidUrl);
  });
});

describe('cambio de cuenta del administrador', () => {
  it('no entra a la cuenta de un gestor de usuarios, y la respuesta no se guarda en caché', async () => {
    const token = await env.tokenOf('admin@demo.test');
    const gestor = env.demo.users['gestor@demo.test']!;
    const refused = await fetch(
      `${env.app.url}/api/admin/changeaccount/${gestor.id}?tenantId=${gestor.tenantId}`,
      { method: 'POST', headers: { authorization: `Bearer ${token}` } },
    );
    expect(refused.status).toBe(403);
    const seller = env.demo.users[SELLER]!;
    const accepted = await fetch(
      `${env.app.url}/api/admin/changeaccount/${seller.id}?tenantId=${seller.tenantId}`,
      { method: 'POST', headers: { authorization: `Bearer ${token}` } },
    );
    expect(accepted.status).toBe(200);
    expect(accepted.headers.get('cache-control')).toBe('no-store');
    const viaTrpc = await env.call('admin@demo.test', 'account.switchTo', {
      tenantId: gestor.tenantId,
      userId: gestor.id,
    });
    expect(viaTrpc.error?.data.domainCode).toBe('PERMISSION_DENIED');
  });
});
