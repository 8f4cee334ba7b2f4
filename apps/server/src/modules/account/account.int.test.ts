import { describe, expect, it } from 'vitest';
import { useDemoApp } from '../../testing/demo-app';
import type { Me } from '../auth/auth.service';

const env = useDemoApp({});
const ADMIN = 'admin@demo.test';

describe('cambio de cuenta del administrador', () => {
  it('lista los usuarios agrupados: gestores de proyecto, comerciales, supervisores y vendedores', async () => {
    const { data } = await env.call(ADMIN, 'account.users', {});
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
    const byName = await env.call(ADMIN, 'account.users', { search: 'VALENT' });
    expect(byName.data?.sellers.map((user) => user.email)).toEqual(['vendedor@demo.test']);
    const byLastname = await env.call(ADMIN, 'account.users', { search: 'vendedora' });
    expect(byLastname.data?.sellers.map((user) => user.email)).toEqual(['vendedora@demo.test']);
    const byEmail = await env.call(ADMIN, 'account.users', { search: 'PROYECTO@' });
    expect(byEmail.data?.projectManagers).toHaveLength(1);
  });

  it('ve otra empresa y sus usuarios', async () => {
    const companies = await env.call(ADMIN, 'account.companies');
    expect(companies.data?.map((company) => company.name)).toEqual([
      'Demo Uruguay',
      'Otra Empresa',
    ]);
    const other = await env.call(ADMIN, 'account.users', { tenantId: env.demo.other.id });
    expect(other.data?.sellers.map((user) => user.email)).toEqual(['vendedor@otra.test']);
  });

  it('usa la cuenta de un vendedor y vuelve a administrador', async () => {
    const seller = env.demo.users['vendedor@demo.test']!;
    const switched = await env.call(ADMIN, 'account.switchTo', {
      tenantId: seller.tenantId,
      userId: seller.id,
    });
    expect(switched.data?.user.email).toBe('vendedor@demo.test');
    expect(switched.data?.impersonatedBy?.name).toBe('Ana Administradora');
    // While impersonating, admin-only procedures are refused: the session acts as the seller.
    expect((await env.call(ADMIN, 'account.users', {})).status).toBe(403);

    const back = await env.call(ADMIN, 'account.returnToAdmin');
    expect(back.data?.user.email).toBe('admin@demo.test');
    expect(back.data?.impersonatedBy).toBeNull();
    const again = await env.call(ADMIN, 'account.returnToAdmin');
    expect(again.error?.data.domainCode).toBe('NOT_IMPERSONATING');
  });

  it('no permite usar la cuenta de otro administrador', async () => {
    const admin = env.demo.users['admin@demo.test']!;
    const result = await env.call(ADMIN, 'account.switchTo', {
      tenantId: admin.tenantId,
      userId: admin.id,
    });
    expect(result.status).toBe(403);
  });

  it('por REST, GET /api/admin/changeaccount/{id} entrega un token que actúa como el usuario', async () => {
    const token = await env.tokenOf(ADMIN);
    const seller = env.demo.users['vendedora@demo.test']!;
    const response = await fetch(
      `${env.app.url}/api/admin/changeaccount/${seller.id}?tenantId=${seller.tenantId}&apiKey=${token}`,
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { token: string; user: Me };
    expect(body.user.user.email).toBe('vendedora@demo.test');
    expect(body.user.impersonatedBy?.name).toBe('Ana Administradora');
    const companies = await fetch(`${env.app.url}/api/admin/changeaccount/othercompany`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await companies.json()) as { companies: unknown[] }).companies).toHaveLength(2);
  });
});

describe('cuentas vinculadas', () => {
  it('pasa entre las cuentas de la misma persona', async () => {
    const linked = await env.call('comercial@demo.test', 'account.linked');
    expect(linked.data?.map((user) => user.email)).toEqual(['carla.sur@demo.test']);
    const target = linked.data![0]!;
    const switched = await env.call('comercial@demo.test', 'account.switchLinked', {
      tenantId: target.tenantId,
      userId: target.id,
    });
    expect(switched.data?.user.email).toBe('carla.sur@demo.test');
    expect(switched.data?.impersonatedBy).toBeNull();
  });

  it('no deja saltar a una cuenta que no está vinculada', async () => {
    const stranger = env.demo.users['vendedor@demo.test']!;
    const result = await env.call('comercial@demo.test', 'account.switchLinked', {
      tenantId: stranger.tenantId,
      userId: stranger.id,
    });
    expect(result.status).toBe(403);
  });
});

describe('aislamiento entre empresas', () => {
  it('vendedor@otra.test no puede listar, buscar, usar ni leer usuarios de Demo Uruguay', async () => {
    const OTHER = 'vendedor@otra.test';
    const token = await env.tokenOf(OTHER);
    const target = env.demo.users['vendedor@demo.test']!;
    expect((await env.call(OTHER, 'account.users', { tenantId: env.demo.demo.id })).status).toBe(
      403,
    );
    expect((await env.call(OTHER, 'account.users', { search: 'vendedor' })).status).toBe(403);
    expect((await env.call(OTHER, 'account.companies')).status).toBe(403);
    expect(
      (await env.call(OTHER, 'account.switchTo', { tenantId: target.tenantId, userId: target.id }))
        .status,
    ).toBe(403);
    expect(
      (
        await env.call(OTHER, 'account.switchLinked', {
          tenantId: target.tenantId,
          userId: target.id,
        })
      ).status,
    ).toBe(403);
    expect((await env.call(OTHER, 'account.linked')).data).toEqual([]);
    const colleagues = await env.call(OTHER, 'user.lookup', { search: 'demo' });
    expect(colleagues.data).toEqual([]);
    const byId = await env.call(OTHER, 'user.lookup', { ids: [target.id] });
    expect(byId.data).toEqual([]);
    expect((await env.call(OTHER, 'seller.panel')).status).toBe(403);
    const rest = await fetch(
      `${env.app.url}/api/admin/changeaccount/${target.id}?tenantId=${target.tenantId}&apiKey=${token}`,
    );
    expect(rest.status).toBe(403);
    const me = await env.call(OTHER, 'auth.me');
    expect(me.data?.tenant.name).toBe('Otra Empresa');
  });
});
