import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, groups } from '@cartera/db/schema';
import { useDemoApp } from '../../testing/demo-app';
import { restLogin, trpcCall } from '../../testing/http-client';
import { ADMIN, COMERCIAL } from '../../testing/demo-users';

/*
 * POST /client (01 §7 'Groups and company'): an admin opens a new client company, a tenant of
 * its own with its first comercial, who must change the first password and sees nothing of the
 * other companies.
 */
const env = useDemoApp();

const client = (email: string) => ({
  name: 'Muebles del Sur',
  displayName: 'Muebles del Sur S.A.',
  country: 'uy',
  user: { name: 'Rosa', lastname: 'Pérez', email, password: 'Inicial1' },
});

describe('una empresa cliente nueva', () => {
  it('el administrador la abre con su comercial, que cambia la contraseña y no ve otras empresas', async () => {
    const created = await env.call(ADMIN, 'admin.createClient', client('rosa@muebles.test'));
    expect(created.status).toBe(200);
    const { id, user } = created.data!;
    const [root] = await env.database.handle.db.select().from(groups).where(eq(groups.id, id));
    expect(root).toMatchObject({ tenantId: id, parentId: null, name: 'Muebles del Sur' });
    const [entry] = await env.database.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, id), eq(auditLog.action, 'client.create')));
    expect(entry?.actorUserId).toBe(env.demo.users[ADMIN]!.id);

    const login = await restLogin(env.app.url, 'rosa@muebles.test', 'Inicial1');
    expect(login.status).toBe(200);
    const owed = await trpcCall(
      env.app.url,
      'contact.list',
      {},
      { token: login.body.token, method: 'GET' },
    );
    expect(owed.status).toBe(403);
    const changed = await trpcCall(
      env.app.url,
      'auth.changePassword',
      { currentPassword: 'Inicial1', newPassword: 'Propia123', repeatPassword: 'Propia123' },
      { token: login.body.token, method: 'POST' },
    );
    expect(changed.status).toBe(200);
    const me = await trpcCall<{ user: { id: string; roles: string[] }; tenant: { id: string } }>(
      env.app.url,
      'auth.me',
      undefined,
      { token: login.body.token, method: 'GET' },
    );
    expect(me.data).toMatchObject({ user: { id: user.id, roles: ['comercial'] }, tenant: { id } });
    const contacts = await trpcCall<{ items: unknown[] }>(
      env.app.url,
      'contact.list',
      {},
      { token: login.body.token, method: 'GET' },
    );
    expect(contacts.data?.items).toEqual([]);
  });

  it('un correo ya usado, datos malos o quien no es administrador no abren nada', async () => {
    const count = async () => (await env.database.handle.db.select().from(groups)).length;
    const before = await count();
    const taken = await env.call(ADMIN, 'admin.createClient', client(COMERCIAL));
    expect(taken.error?.data.domainCode).toBe('USER_EMAIL_TAKEN');
    const bad = await env.call(ADMIN, 'admin.createClient', {
      ...client('otra@muebles.test'),
      name: '',
    });
    expect(bad.status).toBe(400);
    const refused = await env.call(COMERCIAL, 'admin.createClient', client('x@muebles.test'));
    expect(refused.status).toBe(403);
    const rest = await env.rest(COMERCIAL, 'POST', '/api/client', client('y@muebles.test'));
    expect(rest.status).toBe(403);
    expect(await count()).toBe(before);

    const viaRest = await env.rest(ADMIN, 'POST', '/api/client', client('z@muebles.test'));
    expect(viaRest.status).toBe(201);
    expect(await count()).toBe(before + 1);
  });
});
