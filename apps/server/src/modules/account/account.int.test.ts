import { describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { auditLog, sessions } from '@cartera/db/schema';
import { useDemoApp } from '../../testing/demo-app';
import { trpcCall } from '../../testing/http-client';
import type { Me } from '../auth/auth.service';
import { ADMIN } from '../../testing/demo-users';

// The proxy header names the caller's address, as behind the production proxy.
const env = useDemoApp({ TRUSTED_PROXIES: '127.0.0.1' });

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

  it('por REST, POST /api/admin/changeaccount/{id} con la sesión del administrador entrega una sesión que actúa como el usuario, y queda auditado', async () => {
    const token = await env.tokenOf(ADMIN);
    const admin = env.demo.users[ADMIN]!;
    const seller = env.demo.users['vendedora@demo.test']!;
    const response = await fetch(
      `${env.app.url}/api/admin/changeaccount/${seller.id}?tenantId=${seller.tenantId}`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'x-forwarded-for': '203.0.113.7',
          'user-agent': 'integracion-crm/2.1',
        },
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as { token: string; user: Me };
    expect(body.user.user.email).toBe('vendedora@demo.test');
    expect(body.user.impersonatedBy?.name).toBe('Ana Administradora');
    // The new session acts as the seller; the admin's own session is still the admin's.
    const asSeller = await trpcCall<Me>(env.app.url, 'auth.me', undefined, {
      token: body.token,
      method: 'GET',
    });
    expect(asSeller.data?.user.email).toBe('vendedora@demo.test');
    expect((await env.call(ADMIN, 'auth.me')).data?.user.email).toBe(ADMIN);

    const [entry] = await env.database.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.session'), eq(auditLog.targetId, seller.id)));
    expect(entry).toMatchObject({
      tenantId: seller.tenantId,
      actorUserId: admin.id,
      onBehalfOfUserId: null,
      targetType: 'user',
      groupId: seller.groupId,
      ip: '203.0.113.7',
      userAgent: 'integracion-crm/2.1',
      after: { email: 'vendedora@demo.test' },
    });
    expect(JSON.stringify(entry)).not.toContain(body.token);

    const companies = await fetch(`${env.app.url}/api/admin/changeaccount/othercompany`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await companies.json()) as { companies: unknown[] }).companies).toHaveLength(2);
  });

  it('por REST, el cambio a un usuario de otra empresa queda en el historial de las dos', async () => {
    const token = await env.tokenOf(ADMIN);
    const stranger = env.demo.users['vendedor@otra.test']!;
    const admin = env.demo.users[ADMIN]!;
    const response = await fetch(
      `${env.app.url}/api/admin/changeaccount/${stranger.id}?tenantId=${stranger.tenantId}`,
      { method: 'POST', headers: { authorization: `Bearer ${token}` } },
    );
    expect(response.status).toBe(200);
    const entries = await env.database.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.session'), eq(auditLog.targetId, stranger.id)));
    expect(
      entries.map((entry) => [entry.tenantId, entry.groupId, entry.actorUserId]).sort(),
    ).toEqual(
      [
        [stranger.tenantId, stranger.groupId, admin.id],
        [admin.tenantId, admin.groupId, admin.id],
      ].sort(),
    );
  });
});

describe('un token de API nunca se convierte en sesión (issue #30 S1)', () => {
  const sessionCount = async () =>
    (await env.database.handle.db.select({ tokenHash: sessions.tokenHash }).from(sessions)).length;
  const switchAudits = async () =>
    (
      await env.database.handle.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(like(auditLog.action, 'account.%'))
    ).length;

  it('el token de solo lectura del administrador no abre una sesión de otro usuario: GET 405, POST 403, apiKey en la dirección 401', async () => {
    const created = await env.call(ADMIN, 'apiToken.create', { name: 'Lectura', scope: 'read' });
    const readToken = created.data.token;
    const writeToken = (
      await env.call(ADMIN, 'apiToken.create', { name: 'Administración', scope: 'admin' })
    ).data.token;
    const sessionToken = await env.tokenOf(ADMIN);
    const seller = env.demo.users['vendedor@demo.test']!;
    const path = `${env.app.url}/api/admin/changeaccount/${seller.id}?tenantId=${seller.tenantId}`;
    const before = { sessions: await sessionCount(), audits: await switchAudits() };

    // The attack of the report: the read token as bearer on the old GET.
    const get = await fetch(path, { headers: { authorization: `Bearer ${readToken}` } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(await get.json()).toEqual({
      code: 'METHOD_NOT_ALLOWED',
      message: 'Esta dirección no admite este método.',
    });
    // Even an admin's own session no longer switches on a GET.
    const getWithSession = await fetch(path, {
      headers: { authorization: `Bearer ${sessionToken}` },
    });
    expect(getWithSession.status).toBe(405);
    expect((await fetch(`${path}&apiKey=${readToken}`)).status).toBe(405);

    // POST with a token of any scope as bearer: refused.
    for (const token of [readToken, writeToken]) {
      const post = await fetch(path, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(post.status).toBe(403);
      expect(((await post.json()) as { code: string }).code).toBe('PERMISSION_DENIED');
    }
    // The legacy apiKey query is no credential: without a session, 401.
    for (const key of [readToken, sessionToken]) {
      const post = await fetch(`${path}&apiKey=${key}`, { method: 'POST' });
      expect(post.status).toBe(401);
    }
    // With a session, a credential in the address is refused all the same.
    const withKey = await fetch(`${path}&apiKey=${readToken}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sessionToken}` },
    });
    expect(withKey.status).toBe(400);
    expect(((await withKey.json()) as { code: string }).code).toBe('CREDENTIAL_IN_URL');

    // tRPC's switch and return refuse the token too.
    const switched = await trpcCall(
      env.app.url,
      'account.switchTo',
      { tenantId: seller.tenantId, userId: seller.id },
      { token: readToken },
    );
    expect(switched.status).toBe(403);
    const adminToken = await trpcCall(
      env.app.url,
      'account.switchTo',
      { tenantId: seller.tenantId, userId: seller.id },
      { token: writeToken },
    );
    expect(adminToken.status).toBe(403);
    const returned = await trpcCall(env.app.url, 'account.returnToAdmin', undefined, {
      token: readToken,
    });
    expect(returned.status).toBe(403);

    expect(await sessionCount()).toBe(before.sessions);
    expect(await switchAudits()).toBe(before.audits);
    expect((await env.call(ADMIN, 'auth.me')).data?.user.email).toBe(ADMIN);
  });

  it('otro sitio no puede hacer que el navegador del administrador abra la sesión con su cookie', async () => {
    const sessionToken = await env.tokenOf(ADMIN);
    const seller = env.demo.users['vendedor@demo.test']!;
    const path = `${env.app.url}/api/admin/changeaccount/${seller.id}?tenantId=${seller.tenantId}`;
    const before = await sessionCount();
    const crossSite = await fetch(path, {
      method: 'POST',
      headers: {
        cookie: `cartera_session=${sessionToken}`,
        origin: 'https://malicioso.example',
        'sec-fetch-site': 'cross-site',
      },
    });
    expect(crossSite.status).toBe(403);
    expect(((await crossSite.json()) as { code: string }).code).toBe('CROSS_SITE_REQUEST');
    expect(await sessionCount()).toBe(before);
    // The app's own page, with the same cookie, may.
    const ownPage = await fetch(path, {
      method: 'POST',
      headers: { cookie: `cartera_session=${sessionToken}`, origin: env.app.url },
    });
    expect(ownPage.status).toBe(200);
    expect(await sessionCount()).toBe(before + 1);
  });

  it('la sesión de un vendedor no abre sesiones de otros', async () => {
    const token = await env.tokenOf('vendedor@demo.test');
    const colleague = env.demo.users['vendedora@demo.test']!;
    const before = await sessionCount();
    const post = await fetch(
      `${env.app.url}/api/admin/changeaccount/${colleague.id}?tenantId=${colleague.tenantId}`,
      { method: 'POST', headers: { authorization: `Bearer ${token}` } },
    );
    expect(post.status).toBe(403);
    expect(await sessionCount()).toBe(before);
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
      `${env.app.url}/api/admin/changeaccount/${target.id}?tenantId=${target.tenantId}`,
      { method: 'POST', headers: { authorization: `Bearer ${token}` } },
    );
    expect(rest.status).toBe(403);
    const me = await env.call(OTHER, 'auth.me');
    expect(me.data?.tenant.name).toBe('Otra Empresa');
  });
});
