import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo, type DemoData } from '@cartera/db/seed';
import { createTestDatabase, type TestDatabase } from '@cartera/db/testing';
import { restLogin, trpcCall, type CallOptions } from '../../testing/http-client';
import { startTestApp, type TestApp } from '../../testing/test-app';
import type { Me } from '../auth/auth.service';

let database: TestDatabase;
let app: TestApp;
let demo: DemoData;

beforeAll(async () => {
  database = await createTestDatabase();
  demo = await seedDemo(database.handle.db);
  app = await startTestApp(database.handle);
});

afterAll(async () => {
  await app?.stop();
  await database?.destroy();
});

const trpc = <T = unknown>(path: string, input?: unknown, options?: CallOptions) =>
  trpcCall<T>(app.url, path, input, options);

async function tokenOf(email: string) {
  const { body } = await restLogin(app.url, email);
  return body.token;
}

type Users = {
  tenant: { name: string };
  projectManagers: Array<{ email: string }>;
  comercial: Array<{ email: string }>;
  supervisors: Array<{ email: string }>;
  sellers: Array<{ email: string }>;
};

describe('cambio de cuenta del administrador', () => {
  it('lista los usuarios agrupados: gestores de proyecto, comerciales, supervisores y vendedores', async () => {
    const token = await tokenOf('admin@demo.test');
    const { data } = await trpc<Users>('account.users', {}, { token, method: 'GET' });
    expect(data?.tenant.name).toBe('Demo Uruguay');
    expect(Object.keys(data!)).toEqual([
      'tenant',
      'projectManagers',
      'comercial',
      'supervisors',
      'sellers',
    ]);
    expect(data?.projectManagers.map((user) => user.email)).toEqual(['proyecto@demo.test']);
    expect(data?.supervisors.map((user) => user.email).sort()).toEqual([
      'carla.sur@demo.test',
      'supervisor@demo.test',
    ]);
    expect(data?.sellers.map((user) => user.email).sort()).toEqual([
      'cambio@demo.test',
      'jail@demo.test',
      'vendedor@demo.test',
      'vendedora@demo.test',
    ]);
  });

  it('busca sin distinguir mayúsculas en nombre, apellido y correo', async () => {
    const token = await tokenOf('admin@demo.test');
    const byName = await trpc<Users>(
      'account.users',
      { search: 'VALENT' },
      { token, method: 'GET' },
    );
    expect(byName.data?.sellers.map((user) => user.email)).toEqual(['vendedor@demo.test']);
    const byLastname = await trpc<Users>(
      'account.users',
      { search: 'vendedora' },
      {
        token,
        method: 'GET',
      },
    );
    expect(byLastname.data?.sellers.map((user) => user.email)).toEqual(['vendedora@demo.test']);
    const byEmail = await trpc<Users>(
      'account.users',
      { search: 'PROYECTO@' },
      {
        token,
        method: 'GET',
      },
    );
    expect(byEmail.data?.projectManagers).toHaveLength(1);
  });

  it('ve otra empresa y sus usuarios', async () => {
    const token = await tokenOf('admin@demo.test');
    const companies = await trpc<Array<{ name: string; id: string }>>(
      'account.companies',
      undefined,
      {
        token,
        method: 'GET',
      },
    );
    expect(companies.data?.map((company) => company.name)).toEqual([
      'Demo Uruguay',
      'Otra Empresa',
    ]);
    const other = await trpc<Users>(
      'account.users',
      { tenantId: demo.other.id },
      {
        token,
        method: 'GET',
      },
    );
    expect(other.data?.sellers.map((user) => user.email)).toEqual(['vendedor@otra.test']);
  });

  it('usa la cuenta de un vendedor y vuelve a administrador', async () => {
    const token = await tokenOf('admin@demo.test');
    const seller = demo.users['vendedor@demo.test']!;
    const switched = await trpc<Me>(
      'account.switchTo',
      {
        tenantId: seller.tenantId,
        userId: seller.id,
      },
      { token },
    );
    expect(switched.data?.user.email).toBe('vendedor@demo.test');
    expect(switched.data?.impersonatedBy?.name).toBe('Ana Administradora');
    // While impersonating, admin-only procedures are refused: the session acts as the seller.
    expect((await trpc('account.users', {}, { token, method: 'GET' })).status).toBe(403);

    const back = await trpc<Me>('account.returnToAdmin', undefined, { token });
    expect(back.data?.user.email).toBe('admin@demo.test');
    expect(back.data?.impersonatedBy).toBeNull();
    const again = await trpc('account.returnToAdmin', undefined, { token });
    expect(again.error?.data.domainCode).toBe('NOT_IMPERSONATING');
  });

  it('no permite usar la cuenta de otro administrador', async () => {
    const token = await tokenOf('admin@demo.test');
    const admin = demo.users['admin@demo.test']!;
    const result = await trpc(
      'account.switchTo',
      { tenantId: admin.tenantId, userId: admin.id },
      {
        token,
      },
    );
    expect(result.status).toBe(403);
  });

  it('por REST, GET /api/admin/changeaccount/{id} entrega un token que actúa como el usuario', async () => {
    const token = await tokenOf('admin@demo.test');
    const seller = demo.users['vendedora@demo.test']!;
    const response = await fetch(
      `${app.url}/api/admin/changeaccount/${seller.id}?tenantId=${seller.tenantId}&apiKey=${token}`,
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { token: string; user: Me };
    expect(body.user.user.email).toBe('vendedora@demo.test');
    expect(body.user.impersonatedBy?.name).toBe('Ana Administradora');
    const companies = await fetch(`${app.url}/api/admin/changeaccount/othercompany`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await companies.json()) as { companies: unknown[] }).companies).toHaveLength(2);
  });
});

describe('cuentas vinculadas', () => {
  it('pasa entre las cuentas de la misma persona', async () => {
    const token = await tokenOf('comercial@demo.test');
    const linked = await trpc<Array<{ email: string; tenantId: string; id: string }>>(
      'account.linked',
      undefined,
      { token, method: 'GET' },
    );
    expect(linked.data?.map((user) => user.email)).toEqual(['carla.sur@demo.test']);
    const target = linked.data![0]!;
    const switched = await trpc<Me>(
      'account.switchLinked',
      {
        tenantId: target.tenantId,
        userId: target.id,
      },
      { token },
    );
    expect(switched.data?.user.email).toBe('carla.sur@demo.test');
    expect(switched.data?.impersonatedBy).toBeNull();
  });

  it('no deja saltar a una cuenta que no está vinculada', async () => {
    const token = await tokenOf('comercial@demo.test');
    const stranger = demo.users['vendedor@demo.test']!;
    const result = await trpc(
      'account.switchLinked',
      {
        tenantId: stranger.tenantId,
        userId: stranger.id,
      },
      { token },
    );
    expect(result.status).toBe(403);
  });
});

describe('aislamiento entre empresas', () => {
  it('vendedor@otra.test no puede listar, buscar, usar ni leer usuarios de Demo Uruguay', async () => {
    const token = await tokenOf('vendedor@otra.test');
    const target = demo.users['vendedor@demo.test']!;
    const get = { token, method: 'GET' as const };
    expect((await trpc('account.users', { tenantId: demo.demo.id }, get)).status).toBe(403);
    expect((await trpc('account.users', { search: 'vendedor' }, get)).status).toBe(403);
    expect((await trpc('account.companies', undefined, get)).status).toBe(403);
    expect(
      (await trpc('account.switchTo', { tenantId: target.tenantId, userId: target.id }, { token }))
        .status,
    ).toBe(403);
    expect(
      (
        await trpc(
          'account.switchLinked',
          { tenantId: target.tenantId, userId: target.id },
          { token },
        )
      ).status,
    ).toBe(403);
    expect((await trpc<unknown[]>('account.linked', undefined, get)).data).toEqual([]);
    const colleagues = await trpc<Array<{ email: string }>>('user.lookup', { search: 'demo' }, get);
    expect(colleagues.data).toEqual([]);
    const byId = await trpc<Array<{ email: string }>>('user.lookup', { ids: [target.id] }, get);
    expect(byId.data).toEqual([]);
    expect((await trpc('seller.panel', undefined, get)).status).toBe(403);
    const rest = await fetch(
      `${app.url}/api/admin/changeaccount/${target.id}?tenantId=${target.tenantId}&apiKey=${token}`,
    );
    expect(rest.status).toBe(403);
    const me = await trpc<Me>('auth.me', undefined, get);
    expect(me.data?.tenant.name).toBe('Otra Empresa');
  });
});
