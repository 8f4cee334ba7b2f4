import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { groups } from '@cartera/db/schema';
import { useDemoApp } from '../../testing/demo-app';
import { COMERCIAL, SELLER } from '../../testing/demo-users';

/*
 * The `search` field of a request template (02 §7): the server calls the field's endpoint with
 * the search text only through the outbound guard and answers [{title, value, values}]; a
 * refused address or a failing endpoint answers an empty list with `failed`. The fake endpoint
 * on 127.0.0.1 is reachable only because this file's instance lists that host
 * (`OUTBOUND_ALLOWED_HOSTS`); `localhost` and private addresses stay refused.
 */
const env = useDemoApp({ JOBS_ENABLED: 'false', OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });

let host: Server;
let base: string;
const asked: string[] = [];

beforeAll(async () => {
  host = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    asked.push(url.pathname + url.search);
    if (url.pathname === '/direcciones') {
      const search = url.searchParams.get('search') ?? '';
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify([
          { title: `${search} 1234, Montevideo`, value: 'dir-1', values: { barrio: 'Centro' } },
          { title: `${search} 99, Canelones`, value: 2 },
          { title: 'sin valor' },
        ]),
      );
      return;
    }
    response.statusCode = 500;
    response.end('caído');
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => host.close(() => resolve()));
});

async function templateWith(endpointUrl: string) {
  const created = await env.call(COMERCIAL, 'requestSale.createTemplate', {
    title: `Búsqueda ${Math.random().toString(36).slice(2, 8)}`,
    body: [{ type: 'search', field: 'direccion', title: 'Dirección', endpointUrl }],
  });
  expect(created.error).toBeUndefined();
  return created.data!.id;
}

describe('solicitudes: campo de búsqueda', () => {
  it('llama al endpoint del campo con el texto y responde título, valor y valores', async () => {
    const templateId = await templateWith(`${base}/direcciones?pais=uy`);
    const found = await env.call(SELLER, 'requestSale.searchField', {
      templateId,
      field: 'direccion',
      search: 'Av. Italia',
    });
    expect(found.data).toEqual({
      failed: false,
      items: [
        { title: 'Av. Italia 1234, Montevideo', value: 'dir-1', values: { barrio: 'Centro' } },
        { title: 'Av. Italia 99, Canelones', value: '2' },
      ],
    });
    expect(asked.at(-1)).toBe('/direcciones?pais=uy&search=Av.+Italia');
  });

  it('un endpoint que falla responde una lista vacía con el aviso', async () => {
    const templateId = await templateWith(`${base}/roto`);
    const failed = await env.call(SELLER, 'requestSale.searchField', {
      templateId,
      field: 'direccion',
      search: 'x',
    });
    expect(failed.data).toEqual({ items: [], failed: true });
  });

  it.each([
    ['una dirección privada', 'http://10.0.0.7/direcciones'],
    ['localhost (no está en la lista de la instancia)', 'http://localhost:9/direcciones'],
    ['un esquema que no es http', 'file:///etc/passwd'],
  ])('%s no se llama: lista vacía con el aviso', async (_, endpointUrl) => {
    const templateId = await templateWith(endpointUrl);
    const before = asked.length;
    const refused = await env.call(SELLER, 'requestSale.searchField', {
      templateId,
      field: 'direccion',
      search: 'x',
    });
    expect(refused.data).toEqual({ items: [], failed: true });
    expect(asked.length).toBe(before);
  });

  it('otra empresa no usa el campo de una plantilla ajena', async () => {
    // The other company has request sales on too: the refusal is the tenant's, not the flag's.
    await env.database.handle.db
      .update(groups)
      .set({ featureFlags: sql`${groups.featureFlags} || '{"requestSale": 1}'::jsonb` })
      .where(eq(groups.id, env.demo.other.id));
    const templateId = await templateWith(`${base}/direcciones`);
    const before = asked.length;
    const refused = await env.call('vendedor@otra.test', 'requestSale.searchField', {
      templateId,
      field: 'direccion',
      search: 'x',
    });
    expect(refused.error?.data.domainCode).toBe('REQUEST_TEMPLATE_NOT_FOUND');
    expect(asked.length).toBe(before);
  });
});
