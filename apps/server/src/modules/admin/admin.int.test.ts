import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TRPCClientError } from '@trpc/client';
import { auditLog, groups, sessions } from '@cartera/db/schema';
import { useDemoApp } from '../../testing/demo-app';
import { restLogin, trpcCall } from '../../testing/http-client';
import { signInWithOwnPassword, watchSession } from '../../testing/session-fixtures';
import { connectWs, waitFor } from '../../testing/ws-client';
import {
  ADMIN,
  USERS_MANAGER as MANAGER,
  SELLER,
  OTHER_SELLER as SELLER_SOUTH,
} from '../../testing/demo-users';

/*
 * 'Administración' (issue #17): the group tree, feature flags inherited down it, users with a
 * first password to change, deactivation that ends sessions at once, and the audit log written
 * with each change. Tenants never cross; a user manager manages users but not flags.
 */
const env = useDemoApp();

const groupsOf = async (email = ADMIN, search?: string) =>
  (await env.call(email, 'admin.groups', search ? { search } : {})).data;

async function auditCount() {
  const rows = await env.database.handle.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(eq(auditLog.tenantId, env.demo.demo.id));
  return rows.length;
}

function codeOf(error: unknown) {
  return error instanceof TRPCClientError
    ? (error.data as { domainCode?: string } | undefined)?.domainCode
    : undefined;
}

describe('árbol de grupos', () => {
  it('crea, renombra, busca y mueve grupos, con su historial; un nombre repetido no cambia nada', async () => {
    const created = await env.call(ADMIN, 'admin.createGroup', {
      parentId: env.demo.demo.id,
      name: 'Equipo Oeste',
    });
    expect(created.error).toBeUndefined();
    expect(created.data).toMatchObject({
      name: 'Equipo Oeste',
      parentId: env.demo.demo.id,
      ancestors: [env.demo.demo.id],
      country: 'uy',
      countryName: 'Uruguay',
      active: true,
    });
    const west = created.data.id;

    const before = { groups: await groupsOf(), audit: await auditCount() };
    const duplicate = await env.call(ADMIN, 'admin.createGroup', {
      parentId: env.demo.demo.id,
      name: 'equipo oeste',
    });
    expect(duplicate.error?.data.domainCode).toBe('GROUP_NAME_TAKEN');
    expect(duplicate.error?.message).toBe(
      'Ya existe un grupo con ese nombre dentro del mismo grupo.',
    );
    expect(await groupsOf()).toEqual(before.groups);
    expect(await auditCount()).toBe(before.audit);

    const sub = await env.call(ADMIN, 'admin.createGroup', { parentId: west, name: 'Célula A' });
    const renamed = await env.call(ADMIN, 'admin.updateGroup', {
      id: west,
      data: { name: 'Equipo Poniente', country: 'ar' },
    });
    expect(renamed.data).toMatchObject({ name: 'Equipo Poniente', countryName: 'Argentina' });

    // 01 §5: by name, by id, by country name (the tree keeps the groups above a match).
    const byCountry = await groupsOf(ADMIN, 'argentina');
    expect(byCountry.filter((group) => group.match).map((group) => group.name)).toEqual([
      'Equipo Poniente',
    ]);
    expect(byCountry.map((group) => group.id)).toContain(env.demo.demo.id);
    expect((await groupsOf(ADMIN, 'celula')).find((group) => group.match)?.id).toBe(sub.data.id);
    expect((await groupsOf(ADMIN, sub.data.id)).filter((group) => group.match)).toHaveLength(1);

    // Moving carries the subtree; never into itself.
    const moved = await env.call(ADMIN, 'admin.moveGroup', {
      id: west,
      parentId: env.demo.north.id,
    });
    expect(moved.data.ancestors).toEqual([env.demo.demo.id, env.demo.north.id]);
    const [cell] = await env.database.handle.db
      .select({ ancestors: groups.ancestors })
      .from(groups)
      .where(eq(groups.id, sub.data.id));
    expect(cell!.ancestors).toEqual([env.demo.demo.id, env.demo.north.id, west]);
    const loop = await env.call(ADMIN, 'admin.moveGroup', { id: west, parentId: sub.data.id });
    expect(loop.error?.data.domainCode).toBe('GROUP_MOVE_INVALID');
    const root = await env.call(ADMIN, 'admin.updateGroup', {
      id: env.demo.demo.id,
      data: { active: false },
    });
    expect(root.error?.data.domainCode).toBe('GROUP_ROOT_LOCKED');

    const audit = await env.call(ADMIN, 'admin.audit', { groupId: west });
    expect(audit.data.entries.map((entry) => entry.action)).toEqual([
      'group.move',
      'group.update',
      'group.create',
    ]);
    expect(audit.data.entries[1]).toMatchObject({
      actor: { id: env.demo.users[ADMIN]!.id, name: 'Ana Administradora' },
      before: { name: 'Equipo Oeste', country: 'uy' },
      after: { name: 'Equipo Poniente', country: 'ar' },
    });
  });

  it('nadie alcanza los grupos de otra empresa: una funcionalidad de otra empresa no cambia nada', async () => {
    const otherGroup = env.demo.other.id;
    const flag = await env.call(ADMIN, 'admin.setFlag', {
      groupId: otherGroup,
      flag: 'inbox',
      value: 1,
    });
    expect(flag.error?.data.domainCode).toBe('GROUP_NOT_FOUND');
    expect(flag.error?.message).toBe('No se encontró el grupo en tu empresa.');
    const [row] = await env.database.handle.db
      .select({ flags: groups.featureFlags })
      .from(groups)
      .where(eq(groups.id, otherGroup));
    expect(row!.flags).toEqual({});
    const child = await env.call(ADMIN, 'admin.createGroup', { parentId: otherGroup, name: 'X' });
    expect(child.error?.data.domainCode).toBe('GROUP_NOT_FOUND');
    expect((await groupsOf()).map((group) => group.id)).not.toContain(otherGroup);
  });
});

describe('funcionalidades por grupo', () => {
  it('apagada en un grupo, el servidor deja de ofrecerla a sus usuarios sin reiniciar; heredar la vuelve a dar', async () => {
    const unassigned = (email: string) => env.call(email, 'inbox.unassigned', {});
    expect((await unassigned(SELLER)).error).toBeUndefined();

    const off = await env.call(ADMIN, 'admin.setFlag', {
      groupId: env.demo.north.id,
      flag: 'inbox',
      value: 0,
    });
    expect(off.data.featureFlags).toEqual({ inbox: 0 });
    expect((await unassigned(SELLER)).error?.data.domainCode).toBe('PERMISSION_DENIED');
    expect((await env.call(SELLER, 'auth.me')).data?.featureFlags.inbox).toBe(0);
    // Equipo Sur still inherits the company's 1.
    expect((await unassigned(SELLER_SOUTH)).error).toBeUndefined();

    await env.call(ADMIN, 'admin.setFlag', {
      groupId: env.demo.north.id,
      flag: 'inbox',
      value: null,
    });
    expect((await unassigned(SELLER)).error).toBeUndefined();
    const audit = await env.call(ADMIN, 'admin.audit', { groupId: env.demo.north.id });
    expect(audit.data.entries.slice(0, 2)).toMatchObject([
      { action: 'group.flag', before: { inbox: 0 }, after: { inbox: null } },
      { action: 'group.flag', before: { inbox: null }, after: { inbox: 0 } },
    ]);
  });

  it('una pestaña abierta escuchando su sesión se entera del cambio', async () => {
    const { body } = await restLogin(env.app.url, SELLER_SOUTH);
    const connection = connectWs(env.app.url, body.token);
    const received: string[] = [];
    let started = false;
    const subscription = connection.client.realtime.events.subscribe(
      { lastEventId: null, topics: ['session'] },
      {
        onStarted: () => (started = true),
        onData: (item) => received.push(item.data.type),
      },
    );
    try {
      await waitFor(() => started, 15_000, 'subscription start');
      await env.call(ADMIN, 'admin.setFlag', {
        groupId: env.demo.south.id,
        flag: 'snooze',
        value: 0,
      });
      await waitFor(() => received.includes('session.changed'), 15_000, 'session.changed');
    } finally {
      subscription.unsubscribe();
      connection.close();
      await env.call(ADMIN, 'admin.setFlag', {
        groupId: env.demo.south.id,
        flag: 'snooze',
        value: null,
      });
    }
  });

  it('un gestor de usuarios no cambia funcionalidades ni grupos', async () => {
    for (const [path, input] of [
      ['admin.setFlag', { groupId: env.demo.north.id, flag: 'inbox', value: 0 }],
      ['admin.createGroup', { parentId: env.demo.demo.id, name: 'Gestores' }],
    ] as const) {
      const refused = await env.call(MANAGER, path, input);
      expect(refused.error?.data.domainCode).toBe('PERMISSION_DENIED');
    }
  });
});

describe('usuarios', () => {
  it('un usuario creado con contraseña inicial debe cambiarla, y entra según su rol', async () => {
    const created = await env.call(ADMIN, 'admin.createUser', {
      name: 'Nora',
      lastname: 'Nueva',
      email: 'Nora.Nueva@demo.test',
      roles: ['user'],
      userType: 'a_prueba',
      groupId: env.demo.north.id,
      color: '#1C7ED6',
      phoneWork: '24001234',
      password: 'Inicial1',
    });
    expect(created.error).toBeUndefined();
    expect(created.data).toMatchObject({
      email: 'nora.nueva@demo.test',
      userType: 'a_prueba',
      groupName: 'Equipo Norte',
      country: 'uy',
      forcePasswordChange: true,
      active: true,
    });
    const { body } = await restLogin(env.app.url, 'nora.nueva@demo.test', 'Inicial1');
    const call = (path: string, input?: unknown, method: 'GET' | 'POST' = 'GET') =>
      trpcCall<unknown>(env.app.url, path, input, { token: body.token, method });
    const me = (await call('auth.me')).data as { user: { mustChangePassword: boolean } };
    expect(me.user.mustChangePassword).toBe(true);
    expect((await call('contact.list', {})).status).toBe(403);
    const changed = await call(
      'auth.changePassword',
      { currentPassword: 'Inicial1', newPassword: 'Propia123', repeatPassword: 'Propia123' },
      'POST',
    );
    expect(changed.status).toBe(200);
    expect((await call('contact.list', {})).status).toBe(200);
    // A seller: no administration.
    expect((await call('admin.users', {})).status).toBe(403);

    const duplicate = await env.call(MANAGER, 'admin.createUser', {
      name: 'Otra',
      email: 'NORA.nueva@demo.test',
      roles: ['user'],
      groupId: env.demo.south.id,
      password: 'Inicial1',
    });
    expect(duplicate.error?.data.domainCode).toBe('USER_EMAIL_TAKEN');
    expect(duplicate.error?.message).toBe('Ya existe un usuario con ese correo electrónico.');
  });

  it('valida la contraseña inicial y los datos en español', async () => {
    const weak = await env.call(ADMIN, 'admin.createUser', {
      name: 'Débil',
      email: 'debil@demo.test',
      roles: ['user'],
      groupId: env.demo.north.id,
      password: 'corta',
    });
    expect(weak.error?.data.fieldErrors).toMatchObject({
      password: ['La contraseña no es válida'],
    });
    const noRoles = await env.call(ADMIN, 'admin.createUser', {
      name: 'Sin rol',
      email: 'sinrol@demo.test',
      roles: [],
      groupId: env.demo.north.id,
      password: 'Inicial1',
    });
    expect(noRoles.error?.data.fieldErrors).toMatchObject({ roles: ['Elige al menos un rol.'] });
    const elsewhere = await env.call(ADMIN, 'admin.createUser', {
      name: 'Fuera',
      email: 'fuera@demo.test',
      roles: ['user'],
      groupId: env.demo.other.id,
      password: 'Inicial1',
    });
    expect(elsewhere.error?.data.domainCode).toBe('GROUP_NOT_FOUND');
    const users = (await env.call(ADMIN, 'admin.users', {})).data;
    expect(users.map((user) => user.email)).not.toContain('fuera@demo.test');
    expect(users.map((user) => user.email)).not.toContain('vendedor@otra.test');
  });

  it('un gestor de usuarios edita usuarios pero no da el rol Administrador', async () => {
    const created = await env.call(MANAGER, 'admin.createUser', {
      name: 'Sofía',
      lastname: 'Subagente',
      email: 'sofia@demo.test',
      roles: ['user'],
      userType: 'independiente',
      groupId: env.demo.south.id,
      password: 'Inicial1',
    });
    expect(created.data.userType).toBe('independiente');
    const promote = await env.call(MANAGER, 'admin.updateUser', {
      id: created.data.id,
      data: { roles: ['admin'] },
    });
    expect(promote.error?.data.domainCode).toBe('USER_ROLE_NOT_ALLOWED');
    const edited = await env.call(MANAGER, 'admin.updateUser', {
      id: created.data.id,
      data: { roles: ['super'], groupId: env.demo.north.id, jailUrl: ['/training'] },
    });
    expect(edited.data).toMatchObject({
      roles: ['super'],
      groupName: 'Equipo Norte',
      jailUrl: ['/training'],
    });
    const onAdmin = await env.call(MANAGER, 'admin.forcePasswordChange', {
      id: env.demo.users[ADMIN]!.id,
    });
    expect(onAdmin.error?.data.domainCode).toBe('USER_ROLE_NOT_ALLOWED');
    const self = await env.call(ADMIN, 'admin.setUserActive', {
      id: env.demo.users[ADMIN]!.id,
      active: false,
    });
    expect(self.error?.data.domainCode).toBe('USER_SELF_CHANGE');
    const list = await env.call(MANAGER, 'admin.users', {
      groupId: env.demo.north.id,
    });
    expect(list.data.map((user) => user.email)).toContain('sofia@demo.test');
  });

  it('al desactivar a un usuario terminan sus sesiones y su websocket; reactivado vuelve a entrar', async () => {
    const created = await env.call(ADMIN, 'admin.createUser', {
      name: 'Dario',
      email: 'dario@demo.test',
      roles: ['user'],
      groupId: env.demo.north.id,
      password: 'Inicial1',
    });
    const id = created.data.id;
    const body = await signInWithOwnPassword(env.app.url, 'dario@demo.test');
    const tab = await watchSession(env.app.url, body.token);
    try {
      const off = await env.call(ADMIN, 'admin.setUserActive', { id, active: false });
      expect(off.data.active).toBe(false);
      await waitFor(() => tab.ended !== undefined, 15_000, 'the stream to end');
      expect(codeOf(tab.ended)).toBe('UNAUTHENTICATED');
    } finally {
      tab.close();
    }
    const left = await env.database.handle.db
      .select({ hash: sessions.tokenHash })
      .from(sessions)
      .where(and(eq(sessions.tenantId, env.demo.demo.id), eq(sessions.userId, id)));
    expect(left).toEqual([]);
    const refused = await trpcCall(env.app.url, 'auth.me', undefined, { token: body.token });
    expect(refused.data ?? null).toBeNull();
    const listed = await trpcCall(
      env.app.url,
      'contact.list',
      {},
      {
        token: body.token,
        method: 'GET',
      },
    );
    expect(listed.status).toBe(401);
    expect((await restLogin(env.app.url, 'dario@demo.test', 'Propia123')).status).toBe(401);

    await env.call(ADMIN, 'admin.setUserActive', { id, active: true });
    const reset = await env.call(ADMIN, 'admin.resetPassword', { id, password: 'Otra1234' });
    expect(reset.data.forcePasswordChange).toBe(true);
    expect((await restLogin(env.app.url, 'dario@demo.test', 'Otra1234')).status).toBe(200);
    const entries = (await env.call(ADMIN, 'admin.audit', { groupId: env.demo.north.id })).data
      .entries;
    const ofDario = entries.filter((entry) => entry.targetId === id).map((entry) => entry.action);
    expect(ofDario).toEqual([
      'user.resetPassword',
      'user.activate',
      'user.deactivate',
      'user.create',
    ]);
    expect(JSON.stringify(entries)).not.toContain('Otra1234');
  });
});

describe('rutas REST heredadas (01 §7 Groups and company)', () => {
  it('lee y cambia las funcionalidades de un grupo; otra empresa y un gestor de usuarios no', async () => {
    const north = env.demo.north.id;
    const read = await env.rest<{ own: object; effective: Record<string, number> }>(
      ADMIN,
      'GET',
      `/api/group/${north}/featureflag`,
    );
    expect(read.status).toBe(200);
    expect(read.body.effective).toMatchObject({ inbox: 1, training: 1 });

    const changed = await env.rest<{ own: object; effective: Record<string, number> }>(
      ADMIN,
      'PATCH',
      `/api/group/${north}/featureflag`,
      { flag: 'training', value: 0 },
    );
    expect(changed.body).toMatchObject({ own: { training: 0 }, effective: { training: 0 } });
    expect(
      (await env.call(SELLER, 'training.items', { type: 'instance' })).error?.data.domainCode,
    ).toBe('PERMISSION_DENIED');
    await env.rest(ADMIN, 'PATCH', `/api/group/${north}/featureflag`, {
      flag: 'training',
      value: null,
    });

    const elsewhere = await env.rest<{ code: string; message: string }>(
      ADMIN,
      'PATCH',
      `/api/group/${env.demo.other.id}/featureflag`,
      { flag: 'inbox', value: 1 },
    );
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.code).toBe('GROUP_NOT_FOUND');
    const manager = await env.rest(MANAGER, 'PATCH', `/api/group/${north}/featureflag`, {
      flag: 'inbox',
      value: 0,
    });
    expect(manager.status).toBe(403);
    const tree = await env.rest<Array<{ id: string }>>(MANAGER, 'GET', '/api/groups?search=norte');
    expect(tree.status).toBe(200);
    expect(tree.body.map((group) => group.id)).toContain(north);
  });
});
