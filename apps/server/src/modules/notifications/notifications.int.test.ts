import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createGroup, createTenant, createUser } from '@cartera/db/factories';
import {
  auditLog,
  domainEvents,
  notifications,
  notificationShipments,
  users,
  type Group,
  type User,
} from '@cartera/db/schema';
import { newId } from '@cartera/domain/ids';
import { runJob } from '../../app-jobs';
import { useDemoApp } from '../../testing/demo-app';
import { ADMIN, OTHER_TENANT, SELLER } from '../../testing/demo-users';
import { waitFor, watchTopic } from '../../testing/ws-client';
import { sendShipmentJob } from './notifications.jobs';
import { deliverShipment } from './shipment-delivery.service';

/*
 * In-app notifications and admin shipments (issue #41): a platform admin writes a shipment for a
 * company's sellers and sends it; the job delivers it in batches, once per user even when it is
 * stopped half-way and run again; users read, view and open their own; statistics count them.
 */
const env = useDemoApp();

interface TestCompany {
  root: Group;
  team: Group;
  sellers: User[];
  supervisor: User;
}

let company: TestCompany;
let unique = 0;
const email = (name: string) => `${name}.${++unique}@avisos.test`;

async function createCompany(name: string, sellers: number): Promise<TestCompany> {
  const db = env.database.handle.db;
  const root = await createTenant(db, { name, country: 'uy' });
  const team = await createGroup(db, root, { name: 'Ventas' });
  const created: User[] = [];
  for (let index = 0; index < sellers; index += 1) {
    created.push(await createUser(db, team, { email: email('vendedor'), role: 'user' }));
  }
  const supervisor = await createUser(db, team, { email: email('supervisor'), role: 'super' });
  return { root, team, sellers: created, supervisor };
}

const ARTICLE = {
  title: 'Nueva función: reportes',
  description: 'Ya puedes descargar tus ventas del mes.',
  type: 'article',
  redirectURL: 'https://ayuda.cartera.test/reportes',
  popup: true,
};

async function notificationsOf(userId: string) {
  return env.database.handle.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId));
}

beforeAll(async () => {
  company = await createCompany('Avisos del Sur', 2);
});

describe('envíos de notificaciones', () => {
  it('el administrador envía un artículo a los vendedores de una empresa; solo ellos lo reciben, en vivo', async () => {
    const created = await env.call(ADMIN, 'notification.createShipment', {
      ...ARTICLE,
      audience: { companies: [company.root.id], roles: ['user'] },
    });
    expect(created.status).toBe(200);
    const shipment = created.data!;
    expect(shipment).toMatchObject({ status: 'draft', type: 'article', popup: true });

    const preview = await env.call(ADMIN, 'notification.previewAudience', {
      companies: [company.root.id],
      roles: ['user'],
    });
    expect(preview.data).toEqual({ count: 2 });
    // A group reaches its subgroups' users too; roles narrow it; named users are added.
    const sub = await createGroup(env.database.handle.db, company.team, { name: 'Norte' });
    const north = await createUser(env.database.handle.db, sub, {
      email: email('norte'),
      role: 'super',
    });
    const byGroup = await env.call(ADMIN, 'notification.previewAudience', {
      groups: [company.team.id],
      roles: ['super'],
      users: [env.demo.users[SELLER]!.id],
    });
    expect(byGroup.data).toEqual({ count: 3 });
    await env.database.handle.db.update(users).set({ active: false }).where(eq(users.id, north.id));
    const inactive = await env.call(ADMIN, 'notification.previewAudience', {
      groups: [sub.id],
    });
    expect(inactive.data).toEqual({ count: 0 });

    const seller = company.sellers[0]!;
    const watched = await watchTopic(env.app.url, await env.tokenOf(seller.email), 'notifications');
    try {
      const sent = await env.call(ADMIN, 'notification.sendShipment', { id: shipment.id });
      expect(sent.data).toMatchObject({ status: 'sending' });
      await runJob(
        sendShipmentJob,
        { tenantId: env.demo.demo.id, shipmentId: shipment.id },
        env.app.deps,
      );
      await waitFor(() => watched.received.length > 0, 15_000, 'notification.delivered');
      expect(watched.received[0]).toMatchObject({
        type: 'notification.delivered',
        topic: 'notifications',
        payload: { shipmentId: shipment.id, kind: 'right-bottom-notification' },
      });
    } finally {
      watched.stop();
    }

    const [stored] = await env.database.handle.db
      .select()
      .from(notificationShipments)
      .where(eq(notificationShipments.id, shipment.id));
    expect(stored).toMatchObject({ status: 'sent', delivered: 2 });

    // Each seller of the company has it; its supervisor, the demo's sellers and another company's don't.
    for (const each of company.sellers) expect(await notificationsOf(each.id)).toHaveLength(1);
    expect(await notificationsOf(company.supervisor.id)).toHaveLength(0);
    expect(await notificationsOf(env.demo.users[SELLER]!.id)).toHaveLength(0);
    expect(await notificationsOf(env.demo.users[OTHER_TENANT]!.id)).toHaveLength(0);
    const otherList = await env.call(OTHER_TENANT, 'notification.list', {});
    expect(otherList.data).toEqual([]);

    // The seller reads it: the card's label, the unread count, viewed and opened.
    const list = await env.call(seller.email, 'notification.list', {});
    expect(list.data).toHaveLength(1);
    const notification = list.data![0]!;
    expect(notification).toMatchObject({
      title: ARTICLE.title,
      body: ARTICLE.description,
      viewed: false,
      actionLabel: 'Ver articulo',
      setting: {
        type: 'right-bottom-notification',
        action: { redirectType: 'url', redirectURL: ARTICLE.redirectURL },
        metadata: { title: ARTICLE.title, multimediaType: 'article' },
      },
    });
    expect((await env.call(seller.email, 'notification.unreadCount')).data).toEqual({ count: 1 });
    // The admin's statistics follow it live: the first view and the first opening are told.
    const adminWatch = await watchTopic(
      env.app.url,
      await env.tokenOf(ADMIN),
      'notification-shipments',
    );
    await env.call(seller.email, 'notification.track', { id: notification.id, action: 'viewed' });
    await env.call(seller.email, 'notification.track', { id: notification.id, action: 'viewed' });
    const opened = await env.call(seller.email, 'notification.track', {
      id: notification.id,
      action: 'opened',
    });
    expect(opened.data).toMatchObject({ viewed: true, openedAt: expect.any(Date), closedAt: null });
    try {
      await waitFor(() => adminWatch.received.length >= 2, 15_000, 'notification.tracked');
      expect(adminWatch.received.map((event) => event.payload)).toEqual([
        { shipmentId: shipment.id, action: 'viewed' },
        { shipmentId: shipment.id, action: 'opened' },
      ]);
    } finally {
      adminWatch.stop();
    }
    expect((await env.call(seller.email, 'notification.unreadCount')).data).toEqual({ count: 0 });
    const page = await env.call(seller.email, 'notification.page', {});
    expect(page.data).toMatchObject({ total: 1, unviewed: 0 });
    expect(
      (await env.call(seller.email, 'notification.get', { id: notification.id })).data,
    ).toMatchObject({
      id: notification.id,
    });

    // Nobody else reads, views or opens it.
    const stranger = await env.call(company.sellers[1]!.email, 'notification.get', {
      id: notification.id,
    });
    expect(stranger.error?.data.domainCode).toBe('NOTIFICATION_NOT_FOUND');
    const foreign = await env.call(OTHER_TENANT, 'notification.track', {
      id: notification.id,
      action: 'opened',
    });
    expect(foreign.error?.data.domainCode).toBe('NOTIFICATION_NOT_FOUND');

    const statistics = await env.call(ADMIN, 'notification.statistics', { id: shipment.id });
    expect(statistics.data).toMatchObject({
      status: 'sent',
      delivered: 2,
      viewed: 1,
      opened: 1,
      closed: 0,
      byCompany: [
        {
          companyId: company.root.id,
          company: 'Avisos del Sur',
          delivered: 2,
          viewed: 1,
          opened: 1,
        },
      ],
      byRole: [{ role: 'user', delivered: 2, viewed: 1, opened: 1, closed: 0 }],
    });

    // The admin's changes are in the audit log of the admin's company.
    const audit = await env.database.handle.db
      .select({ action: auditLog.action, actor: auditLog.actorUserId, tenantId: auditLog.tenantId })
      .from(auditLog)
      .where(eq(auditLog.targetId, shipment.id));
    expect(audit.map((entry) => entry.action).sort()).toEqual([
      'notificationShipment.create',
      'notificationShipment.send',
    ]);
    expect(audit[0]).toMatchObject({
      actor: env.demo.users[ADMIN]!.id,
      tenantId: env.demo.users[ADMIN]!.tenantId,
    });

    // Sent is final.
    const again = await env.call(ADMIN, 'notification.sendShipment', { id: shipment.id });
    expect(again.error?.data.domainCode).toBe('NOTIFICATION_SHIPMENT_SENT');
  });

  it('solo los administradores escriben envíos', async () => {
    const refused = await env.call(company.supervisor.email, 'notification.createShipment', {
      ...ARTICLE,
      audience: { companies: [company.root.id] },
    });
    expect(refused.status).toBe(403);
    const shipments = await env.call(SELLER, 'notification.shipments', {});
    expect(shipments.status).toBe(403);
  });

  it('una entrada mala se rechaza en español y no guarda nada', async () => {
    const count = async () =>
      (
        await env.database.handle.db
          .select({ n: sql<number>`count(*)::int` })
          .from(notificationShipments)
      )[0]!.n;
    const before = await count();
    const cases = [
      // No audience at all.
      { ...ARTICLE, audience: {} },
      // Roles alone reach nobody.
      { ...ARTICLE, audience: { roles: ['user'] } },
      // More than 20 users named one by one (01 §9).
      { ...ARTICLE, audience: { users: Array.from({ length: 21 }, () => newId()) } },
      // A link that is not https.
      {
        ...ARTICLE,
        redirectURL: 'http://ayuda.cartera.test',
        audience: { companies: [company.root.id] },
      },
      // No title.
      { ...ARTICLE, title: '  ', audience: { companies: [company.root.id] } },
    ];
    for (const input of cases) {
      const answer = await env.call(ADMIN, 'notification.createShipment', input);
      expect(answer.status, JSON.stringify(input.audience)).toBe(400);
      expect(answer.error?.data.domainCode).toBe('INVALID_REQUEST_BODY');
    }
    const https = await env.call(ADMIN, 'notification.createShipment', cases[3]);
    expect(JSON.stringify(https.error)).toContain('Ingresa una dirección https válida.');

    // A company that does not exist: the spec's creation failure.
    const unknown = await env.call(ADMIN, 'notification.createShipment', {
      ...ARTICLE,
      audience: { companies: [newId()] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.error).toMatchObject({
      message: 'Ocurrió un error al querer agregar una nueva notificación.',
      data: { domainCode: 'NOTIFICATION_CREATE_ERROR' },
    });
    // An image that is not an upload for notifications.
    const image = await env.call(ADMIN, 'notification.createShipment', {
      ...ARTICLE,
      image: `${env.app.url}/api/files/${env.demo.demo.id}/notification/${newId()}/foto.png`,
      audience: { companies: [company.root.id] },
    });
    expect(image.error?.data.domainCode).toBe('NOTIFICATION_CREATE_ERROR');
    expect(await count()).toBe(before);
  });

  it('programa un envío para más tarde, con plantillas y los usuarios a elegir', async () => {
    const template = await env.call(ADMIN, 'notification.saveTemplate', {
      values: { name: 'Capacitación', ...ARTICLE, type: 'video', popup: false },
    });
    expect(template.data).toMatchObject({ name: 'Capacitación', type: 'video', popup: false });
    expect((await env.call(ADMIN, 'notification.templates')).data).toEqual([template.data]);

    const picked = await env.call(ADMIN, 'notification.shipmentUsers', {
      search: company.supervisor.email,
    });
    expect(picked.error).toBeUndefined();
    expect(picked.data).toEqual([
      expect.objectContaining({
        id: company.supervisor.id,
        company: 'Avisos del Sur',
        roles: ['super'],
      }),
    ]);
    // The form names the users a shipment already holds by their ids.
    const named = await env.call(ADMIN, 'notification.shipmentUsers', {
      ids: [company.supervisor.id],
    });
    expect(named.data).toEqual(picked.data);

    const created = await env.call(ADMIN, 'notification.createShipment', {
      ...ARTICLE,
      type: 'video',
      popup: false,
      audience: { users: [company.supervisor.id] },
    });
    const past = await env.call(ADMIN, 'notification.sendShipment', {
      id: created.data!.id,
      at: new Date(Date.now() - 60_000),
    });
    expect(past.error?.data.domainCode).toBe('NOTIFICATION_SCHEDULE_INVALID');
    const at = new Date(Date.now() + 60 * 60_000);
    const scheduled = await env.call(ADMIN, 'notification.sendShipment', {
      id: created.data!.id,
      at,
    });
    expect(scheduled.data).toMatchObject({ status: 'scheduled', scheduledAt: at });

    // Still changeable while it waits; a job of another moment does nothing.
    const changed = await env.call(ADMIN, 'notification.updateShipment', {
      id: created.data!.id,
      values: {
        ...ARTICLE,
        title: 'Clase en vivo',
        type: 'video',
        popup: false,
        audience: { users: [company.supervisor.id] },
      },
    });
    expect(changed.data).toMatchObject({ title: 'Clase en vivo', status: 'scheduled' });
    const early = await deliverShipment(env.app.deps, {
      tenantId: env.demo.demo.id,
      shipmentId: created.data!.id,
      notBefore: new Date(at.getTime() - 1000).toISOString(),
    });
    expect(early.batches).toEqual([]);
    await runJob(
      sendShipmentJob,
      { tenantId: env.demo.demo.id, shipmentId: created.data!.id, notBefore: at.toISOString() },
      env.app.deps,
    );
    const [banner] = await notificationsOf(company.supervisor.id);
    expect(banner).toMatchObject({ kind: 'banner', title: 'Clase en vivo' });
    const list = await env.call(company.supervisor.email, 'notification.list', {});
    expect(list.data![0]).toMatchObject({ actionLabel: 'Ver video' });
  });

  it('la imagen sube por el flujo de archivos y la ven los usuarios de otra empresa; las rutas REST', async () => {
    const picture = 'png-bytes';
    const ticket = await env.rest<{
      url: string;
      headers: Record<string, string>;
      fileUrl: string;
    }>(ADMIN, 'POST', '/api/aws/documents', {
      name: 'novedad.png',
      mimeType: 'image/png',
      via: 'notification',
      size: picture.length,
    });
    expect(ticket.status).toBe(200);
    const put = await fetch(ticket.body.url, {
      method: 'PUT',
      headers: ticket.body.headers,
      body: picture,
    });
    expect(put.status).toBe(200);

    // Another company's user reads nothing of the admin's company before a shipment takes it.
    const seller = company.sellers[1]!;
    const read = async () =>
      fetch(ticket.body.fileUrl, {
        headers: { authorization: `Bearer ${await env.tokenOf(seller.email)}` },
      });
    expect((await read()).status).toBe(404);

    const created = await env.rest<{ id: string; image: string }>(
      ADMIN,
      'POST',
      '/api/notification/admin/shipment',
      { ...ARTICLE, image: ticket.body.fileUrl, audience: { users: [seller.id] } },
    );
    expect(created.status).toBe(201);
    expect(created.body.image).toBe(ticket.body.fileUrl);
    const sent = await env.rest(
      ADMIN,
      'POST',
      `/api/notification/admin/shipment/${created.body.id}/send`,
      {},
    );
    expect(sent.status).toBe(200);
    await runJob(
      sendShipmentJob,
      { tenantId: env.demo.demo.id, shipmentId: created.body.id },
      env.app.deps,
    );
    expect((await read()).status).toBe(200);

    const page = await env.rest<{
      items: { id: string; setting: { metadata: { thumbnailURL: string } } }[];
    }>(seller.email, 'GET', '/api/notification/user?platform=web&page=1');
    expect(page.status).toBe(200);
    const item = page.body.items.find(
      (each) => each.setting.metadata.thumbnailURL === ticket.body.fileUrl,
    );
    expect(item).toBeDefined();
    const closed = await env.rest(seller.email, 'PUT', `/api/notification/${item!.id}`, {
      action: 'closed',
    });
    expect(closed.body).toMatchObject({ viewed: true, closedAt: expect.any(String) });
    const statistics = await env.rest(
      ADMIN,
      'GET',
      `/api/notification/admin/shipment/${created.body.id}/statistics`,
    );
    expect(statistics.body).toMatchObject({ delivered: 1, viewed: 1, closed: 1, opened: 0 });
    const refused = await env.rest(
      seller.email,
      'GET',
      '/api/notification/admin/shipment/templates',
    );
    expect(refused.status).toBe(403);
  });

  it('un envío a 2.000 usuarios sale por lotes y, detenido a mitad y repetido, llega una vez a cada uno', async () => {
    const db = env.database.handle.db;
    const big = await createTenant(db, { name: 'Masiva', country: 'uy' });
    const [{ hash }] = (await db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.id, company.supervisor.id))) as [{ hash: string }];
    const rows = Array.from({ length: 2000 }, (_, index) => ({
      tenantId: big.id,
      id: newId(),
      groupId: big.id,
      name: `Vendedor ${index}`,
      email: `masivo.${index}@avisos.test`,
      roles: ['user' as const],
      passwordHash: hash,
    }));
    for (let start = 0; start < rows.length; start += 500) {
      await db.insert(users).values(rows.slice(start, start + 500));
    }
    const created = await env.call(ADMIN, 'notification.createShipment', {
      ...ARTICLE,
      audience: { companies: [big.id] },
    });
    const shipmentId = created.data!.id;
    await env.call(ADMIN, 'notification.sendShipment', { id: shipmentId });

    // Killed half-way: two batches of 300 in, then the job starts again from the beginning.
    const data = { tenantId: env.demo.demo.id, shipmentId, notBefore: null };
    const half = await deliverShipment(env.app.deps, data, { batchSize: 300, maxBatches: 2 });
    expect(half).toEqual({ batches: [300, 300], finished: false });
    const [midway] = await db
      .select()
      .from(notificationShipments)
      .where(eq(notificationShipments.id, shipmentId));
    expect(midway?.status).toBe('sending');

    const rest = await deliverShipment(env.app.deps, data, { batchSize: 300 });
    expect(rest.finished).toBe(true);
    // Every batch is at most its size; the first two found everything there already.
    expect(rest.batches.slice(0, 2)).toEqual([0, 0]);
    expect(Math.max(...rest.batches)).toBeLessThanOrEqual(300);
    expect(rest.batches.reduce((sum, each) => sum + each, 0)).toBe(1400);

    const [counts] = await db
      .select({
        total: sql<number>`count(*)::int`,
        users: sql<number>`count(distinct ${notifications.userId})::int`,
      })
      .from(notifications)
      .where(eq(notifications.shipmentId, shipmentId));
    expect(counts).toEqual({ total: 2000, users: 2000 });

    // Each user was told live once: the events of the shipment name each user once.
    const events = await db
      .select({ audience: domainEvents.audience, payload: domainEvents.payload })
      .from(domainEvents)
      .where(eq(domainEvents.tenantId, big.id));
    const told = events
      .filter((event) => (event.payload as { shipmentId?: string }).shipmentId === shipmentId)
      .flatMap((event) => event.audience.userIds ?? []);
    expect(told).toHaveLength(2000);
    expect(new Set(told).size).toBe(2000);

    // The job once more: nothing changes.
    await runJob(sendShipmentJob, data, env.app.deps);
    const statistics = await env.call(ADMIN, 'notification.statistics', { id: shipmentId });
    expect(statistics.data).toMatchObject({ status: 'sent', delivered: 2000, audience: 2000 });
  });
});
