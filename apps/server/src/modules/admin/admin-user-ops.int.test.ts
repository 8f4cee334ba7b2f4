import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditLog, contacts, interactions, metricRollups, users } from '@cartera/db/schema';
import { recountRollups, storedRollups } from '@cartera/db/rollups';
import { newId } from '@cartera/domain/ids';
import { metricsDay } from '@cartera/domain/metrics';
import { useDemoApp } from '../../testing/demo-app';
import { restLogin, trpcCall, uploadFile } from '../../testing/http-client';
import { signInWithOwnPassword, watchSession } from '../../testing/session-fixtures';
import { waitFor } from '../../testing/ws-client';
import {
  ADMIN,
  USERS_MANAGER as MANAGER,
  SELLER,
  OTHER_TENANT as OTHER_SELLER,
} from '../../testing/demo-users';

/*
 * Issue #17, what is left around users: the users of 'Mi Empresa' (a user manager scoped to
 * their company), the user form's linked accounts, photo and product type, the admin's company
 * view, and the three user operations of 01 §7 (regenerateTracings, removeduplicatetracing,
 * movecompany).
 */
const env = useDemoApp();

const idOf = (email: string) => env.demo.users[email]!.id;
const db = () => env.database.handle.db;

/** The user's share of the stored rollups and of a recount of the tenant, keyed alike. */
async function figuresOf(userId: string) {
  const only = (map: Map<string, number>) =>
    new Map([...map].filter(([key, value]) => key.startsWith(`${userId}|`) && value !== 0));
  const tenantId = env.demo.demo.id;
  return {
    stored: only(await storedRollups(db(), tenantId)),
    recount: only(await recountRollups(db(), tenantId)),
  };
}

async function sellerContact(email: string) {
  const [row] = await db()
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.tenantId, env.demo.demo.id), eq(contacts.agentId, idOf(email))))
    .limit(1);
  return row!.id;
}

async function newSeller(email: string, groupId = env.demo.north.id) {
  const created = await env.call(ADMIN, 'admin.createUser', {
    name: 'Mara',
    lastname: 'Mudanza',
    email,
    roles: ['user'],
    groupId,
    password: 'Inicial1',
  });
  expect(created.error).toBeUndefined();
  return created.data;
}

describe('usuarios de Mi Empresa: el gestor de usuarios', () => {
  it('solo ve y cambia a los usuarios de su empresa', async () => {
    const list = await env.call(MANAGER, 'admin.users', {});
    const emails = list.data.map((user) => user.email);
    expect(emails).toContain(SELLER);
    expect(emails).not.toContain(OTHER_SELLER);
    const foreign = idOf(OTHER_SELLER);
    for (const [path, input] of [
      ['admin.updateUser', { id: foreign, data: { name: 'Cambiado' } }],
      ['admin.setUserActive', { id: foreign, active: false }],
      ['admin.resetPassword', { id: foreign, password: 'Otra1234' }],
    ] as const) {
      const refused = await env.call(MANAGER, path, input);
      expect(refused.error?.data.domainCode, path).toBe('USER_NOT_FOUND');
    }
    const [row] = await db().select().from(users).where(eq(users.id, foreign));
    expect(row).toMatchObject({ name: 'Omar', active: true });
    const elsewhere = await env.call(MANAGER, 'admin.createUser', {
      name: 'Fuera',
      email: 'fuera.gestor@demo.test',
      roles: ['user'],
      groupId: env.demo.other.id,
      password: 'Inicial1',
    });
    expect(elsewhere.error?.data.domainCode).toBe('GROUP_NOT_FOUND');
  });

  it('no crea administradores, no cambia a un administrador ni le vincula cuentas', async () => {
    const admin = await env.call(MANAGER, 'admin.createUser', {
      name: 'Falso',
      email: 'falso.admin@demo.test',
      roles: ['user', 'admin'],
      groupId: env.demo.demo.id,
      password: 'Inicial1',
    });
    expect(admin.error?.data.domainCode).toBe('USER_ROLE_NOT_ALLOWED');
    expect(admin.error?.message).toBe(
      'Solo un administrador puede asignar el rol Administrador o cambiar a un administrador.',
    );
    const rows = await db().select().from(users).where(eq(users.email, 'falso.admin@demo.test'));
    expect(rows).toEqual([]);
    const edit = await env.call(MANAGER, 'admin.updateUser', {
      id: idOf(ADMIN),
      data: { name: 'Otra' },
    });
    expect(edit.error?.data.domainCode).toBe('USER_ROLE_NOT_ALLOWED');
    // A linked account is switched into without a password: never an admin's by a user manager.
    const link = await env.call(MANAGER, 'admin.updateUser', {
      id: idOf('cambio@demo.test'),
      data: { linkedUserIds: [idOf(ADMIN)] },
    });
    expect(link.error?.data.domainCode).toBe('USER_ROLE_NOT_ALLOWED');
    // Nor the admin's operations.
    for (const path of ['admin.regenerateTracings', 'admin.removeDuplicateTracing'] as const) {
      const refused = await env.call(MANAGER, path, { id: idOf(SELLER) });
      expect(refused.error?.data.domainCode, path).toBe('PERMISSION_DENIED');
    }
  });
});

describe('el formulario de usuario', () => {
  it('guarda el tipo de producto, la foto subida a la empresa y las cuentas vinculadas', async () => {
    const created = await env.call(MANAGER, 'admin.createUser', {
      name: 'Lía',
      lastname: 'Linkeada',
      email: 'lia@demo.test',
      roles: ['user'],
      groupId: env.demo.south.id,
      password: 'Inicial1',
      productType: 'freelancer',
      photoPath: await uploadFile(env.app.url, await env.tokenOf(MANAGER), {
        name: 'lia.png',
        mimeType: 'image/png',
        via: 'profile',
        body: Buffer.from('89504e470d0a1a0a', 'hex'),
      }),
    });
    expect(created.error).toBeUndefined();
    expect(created.data.productType).toBe('freelancer');
    expect(created.data.photo).toMatch(/lia\.png$/);
    const id = created.data.id;

    const foreignPhoto = await env.call(MANAGER, 'admin.updateUser', {
      id,
      data: { photoPath: `${env.demo.other.id}/profile/${newId()}/otra.png` },
    });
    expect(foreignPhoto.error?.data.domainCode).toBe('PROFILE_PHOTO_INVALID');
    // A path of the company that no upload reached is no photo either (issue #30 §5).
    const neverUploaded = await env.call(MANAGER, 'admin.updateUser', {
      id,
      data: { photoPath: `${env.demo.demo.id}/profile/${newId()}/nunca.png` },
    });
    expect(neverUploaded.error?.data.domainCode).toBe('PROFILE_PHOTO_INVALID');
    const badType = await env.call(MANAGER, 'admin.updateUser', {
      id,
      data: { productType: 'gratis' },
    });
    expect(badType.error?.data.domainCode).toBe('INVALID_REQUEST_BODY');

    // Linked to Victoria (Equipo Sur): both share a key, and Lía, with the switch on, sees her.
    const victoria = idOf('vendedora@demo.test');
    const linked = await env.call(MANAGER, 'admin.updateUser', {
      id,
      data: { linkedUserIds: [victoria], linkedAccountsActive: true },
    });
    expect(linked.data).toMatchObject({ linkedAccountsActive: true, linkedUserIds: [victoria] });
    const listed = (await env.call(MANAGER, 'admin.users', {})).data;
    expect(listed.find((user) => user.id === victoria)?.linkedUserIds).toEqual([id]);
    const body = await signInWithOwnPassword(env.app.url, 'lia@demo.test');
    const accounts = await trpcCall<Array<{ id: string }>>(
      env.app.url,
      'account.linked',
      undefined,
      { token: body.token, method: 'GET' },
    );
    expect(accounts.data?.map((account) => account.id)).toEqual([victoria]);

    const unlinked = await env.call(MANAGER, 'admin.updateUser', {
      id,
      data: { linkedUserIds: [] },
    });
    expect(unlinked.data.linkedUserIds).toEqual([]);
    const [row] = await db().select().from(users).where(eq(users.id, victoria));
    expect(row!.linkedAccountKey).toBeNull();
    const audit = (await env.call(ADMIN, 'admin.audit', { groupId: env.demo.south.id })).data;
    expect(audit.entries.find((entry) => entry.targetId === id)).toMatchObject({
      action: 'user.update',
      before: { linkedUserIds: [victoria] },
      after: { linkedUserIds: [] },
    });
  });
});

describe('la vista de empresa del administrador', () => {
  it('muestra los datos, las cifras y las funcionalidades de su empresa, y nada de otra', async () => {
    const view = await env.call(ADMIN, 'admin.company', { id: env.demo.demo.id });
    expect(view.error).toBeUndefined();
    const [activeUsers] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(eq(users.tenantId, env.demo.demo.id), eq(users.active, true)));
    const [contactCount] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(contacts)
      .where(
        and(eq(contacts.tenantId, env.demo.demo.id), sql`${contacts.parentContactId} is null`),
      );
    expect(view.data).toMatchObject({
      name: 'Demo Uruguay',
      countryName: 'Uruguay',
      active: true,
      activeUsers: activeUsers!.n,
      contacts: contactCount!.n,
      featureFlags: { inbox: 1, training: 1 },
    });
    expect(view.data.groups).toBeGreaterThanOrEqual(3);
    for (const id of [env.demo.other.id, env.demo.north.id]) {
      const refused = await env.call(ADMIN, 'admin.company', { id });
      expect(refused.error?.data.domainCode).toBe('GROUP_NOT_FOUND');
    }
    expect((await env.call(MANAGER, 'admin.company', { id: env.demo.demo.id })).status).toBe(403);
  });
});

describe('regenerar seguimientos (POST /admin/user/{id}/regenerateTracings)', () => {
  it('vuelve a contar las cifras del vendedor desde las conversaciones y responde antes y después', async () => {
    const seller = idOf(SELLER);
    const start = await figuresOf(seller);
    expect(start.stored).toEqual(start.recount);
    // Figures gone wrong: one day's tracing lost, a made-up one added.
    const today = metricsDay(new Date());
    await db()
      .delete(metricRollups)
      .where(and(eq(metricRollups.userId, seller), eq(metricRollups.metric, 'tracing')));
    await db().insert(metricRollups).values({
      tenantId: env.demo.demo.id,
      userId: seller,
      day: today,
      metric: 'contactsTaken',
      dimension: '',
      value: 40,
    });
    const broken = await figuresOf(seller);
    expect(broken.stored).not.toEqual(broken.recount);

    const answer = await env.rest<{
      before: Record<string, number>;
      after: Record<string, number>;
    }>(ADMIN, 'POST', `/api/admin/user/${seller}/regenerateTracings`);
    expect(answer.status).toBe(200);
    expect(answer.body.before.tracing).toBeUndefined();
    const tracing = [...start.recount]
      .filter(([key]) => key.includes('|tracing|'))
      .reduce((sum, [, value]) => sum + value, 0);
    expect(tracing).toBeGreaterThan(0);
    expect(answer.body.after.tracing).toBe(tracing);
    const repaired = await figuresOf(seller);
    expect(repaired.stored).toEqual(repaired.recount);
    expect(repaired.stored).toEqual(start.recount);
    // The other sellers' figures are untouched, and the whole tenant agrees with a recount.
    expect(await storedRollups(db(), env.demo.demo.id)).toEqual(
      await recountRollups(db(), env.demo.demo.id),
    );

    expect(
      (await env.rest(MANAGER, 'POST', `/api/admin/user/${seller}/regenerateTracings`)).status,
    ).toBe(403);
    const foreign = await env.rest<{ code: string }>(
      ADMIN,
      'POST',
      `/api/admin/user/${idOf(OTHER_SELLER)}/regenerateTracings`,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('USER_NOT_FOUND');
  });
});

describe('quitar seguimientos duplicados (POST /admin/user/{id}/removeduplicatetracing)', () => {
  it('une las acciones cargadas dos veces en menos de un minuto, conserva la primera y recuenta', async () => {
    const seller = idOf('vendedora@demo.test');
    const email = 'vendedora@demo.test';
    const contactId = await sellerContact(email);
    const note = (body: string) =>
      env.call(email, 'interaction.createNote', { contactId, id: newId(), body });
    // A double submit, a third copy, a different note, and the same note again much later.
    const first = await note('Llamar el lunes por la cotización');
    await note('Llamar el lunes por la cotización');
    await note('Llamar el lunes por la cotización');
    await note('Otra nota distinta');
    const later = await note('Visita confirmada');
    await note('Visita confirmada');
    // The second 'Visita confirmada' made two minutes after the first: not a double submit.
    const visits = (await env.interactionsOf(contactId)).filter(
      (item) => (item.content as { body?: string }).body === 'Visita confirmada',
    );
    await db()
      .update(interactions)
      .set({ createdAt: new Date(visits[0]!.createdAt.getTime() - 120_000) })
      .where(eq(interactions.id, later.data.id));
    // Moving an item in time is not something the writer does: count again before comparing.
    await env.call(ADMIN, 'admin.regenerateTracings', { id: seller });
    const before = (await figuresOf(seller)).stored;

    const answer = await env.call(ADMIN, 'admin.removeDuplicateTracing', { id: seller });
    expect(answer.error).toBeUndefined();
    expect(answer.data.removed).toBe(2);
    expect(answer.data.after.tracing).toBe(answer.data.before.tracing! - 2);
    const bodies = (await env.interactionsOf(contactId))
      .filter((item) => item.type === 'note' && item.agentId === seller)
      .map((item) => (item.content as { body?: string }).body);
    expect(bodies.filter((body) => body === 'Llamar el lunes por la cotización')).toHaveLength(1);
    expect(bodies.filter((body) => body === 'Visita confirmada')).toHaveLength(2);
    expect(bodies).toContain('Otra nota distinta');
    const kept = (await env.interactionsOf(contactId)).find(
      (item) => (item.content as { body?: string }).body === 'Llamar el lunes por la cotización',
    );
    expect(kept?.id).toBe(first.data.id);
    const after = await figuresOf(seller);
    expect(after.stored).toEqual(after.recount);
    expect(after.stored).not.toEqual(before);

    const again = await env.rest<{ removed: number }>(
      ADMIN,
      'POST',
      `/api/admin/user/${seller}/removeduplicatetracing`,
    );
    expect(again.body.removed).toBe(0);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.targetId, seller), eq(auditLog.action, 'user.removeDuplicateTracing')),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ removed: 2 });
  });
});

describe('mover de empresa (POST /admin/user/{id}/movecompany)', () => {
  it('se niega mientras el usuario tenga contactos asignados, nombrando qué transferir', async () => {
    const refused = await env.call(ADMIN, 'admin.moveCompany', {
      id: idOf(SELLER),
      targetGroupId: env.demo.other.id,
    });
    expect(refused.error?.data.domainCode).toBe('USER_MOVE_BLOCKED');
    expect(refused.error?.message).toMatch(
      /^Antes de mover a este usuario de empresa, transfiere \d+ contactos asignados/,
    );
    const [row] = await db()
      .select()
      .from(users)
      .where(eq(users.id, idOf(SELLER)));
    expect(row).toMatchObject({ tenantId: env.demo.demo.id, active: true });
    const same = await env.call(ADMIN, 'admin.moveCompany', {
      id: idOf(SELLER),
      targetGroupId: env.demo.south.id,
    });
    expect(same.error?.data.domainCode).toBe('USER_MOVE_SAME_COMPANY');
    const nowhere = await env.call(ADMIN, 'admin.moveCompany', {
      id: idOf(SELLER),
      targetGroupId: newId(),
    });
    expect(nowhere.error?.data.domainCode).toBe('GROUP_NOT_FOUND');
  });

  it('lleva al usuario a la otra empresa, cierra sus sesiones y su websocket y deja su historial', async () => {
    const mara = await newSeller('mara@demo.test');
    const body = await signInWithOwnPassword(env.app.url, 'mara@demo.test');
    const tab = await watchSession(env.app.url, body.token);
    try {
      const moved = await env.rest<{
        user: { id: string; tenantId: string; email: string; groupId: string };
        company: { name: string };
      }>(ADMIN, 'POST', `/api/admin/user/${mara.id}/movecompany`, {
        targetGroupId: env.demo.other.id,
      });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({
        user: { tenantId: env.demo.other.id, email: 'mara@demo.test', groupId: env.demo.other.id },
        company: { name: 'Otra Empresa' },
      });
      await waitFor(() => tab.ended !== undefined, 15_000, 'the stream to end');
    } finally {
      tab.close();
    }
    const gone = await trpcCall(env.app.url, 'auth.me', undefined, {
      token: body.token,
      method: 'GET',
    });
    expect(gone.data ?? null).toBeNull();
    // The same person signs in with the same password, now in the other company.
    const again = await restLogin(env.app.url, 'mara@demo.test', 'Propia123');
    expect(again.status).toBe(200);
    const me = await trpcCall<{ tenant: { id: string } }>(env.app.url, 'auth.me', undefined, {
      token: again.body.token,
      method: 'GET',
    });
    expect(me.data?.tenant.id).toBe(env.demo.other.id);
    // The account left behind keeps the source company's history, inactive.
    const [former] = await db().select().from(users).where(eq(users.id, mara.id));
    expect(former).toMatchObject({ tenantId: env.demo.demo.id, active: false });
    expect(former!.email).not.toBe('mara@demo.test');
    expect((await env.call(ADMIN, 'admin.users', {})).data.map((user) => user.email)).not.toContain(
      'mara@demo.test',
    );
    const entries = await db()
      .select({ tenantId: auditLog.tenantId, action: auditLog.action })
      .from(auditLog)
      .where(sql`${auditLog.action} in ('user.moveCompanyOut', 'user.moveCompanyIn')`);
    expect(entries).toEqual(
      expect.arrayContaining([
        { tenantId: env.demo.demo.id, action: 'user.moveCompanyOut' },
        { tenantId: env.demo.other.id, action: 'user.moveCompanyIn' },
      ]),
    );
    expect(
      (
        await env.rest(MANAGER, 'POST', `/api/admin/user/${mara.id}/movecompany`, {
          targetGroupId: env.demo.other.id,
        })
      ).status,
    ).toBe(403);
  });
});
