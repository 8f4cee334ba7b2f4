import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { contacts, groups, requestSaleHistory, requestSales } from '@cartera/db/schema';
import { newId } from '@cartera/domain/ids';
import { INTERACTION_CONTENT } from '@cartera/domain/interactions';
import { useDemoApp } from '../../testing/demo-app';
import { requestSalesFixtures } from '../../testing/request-sales-fixtures';
import {
  COMERCIAL,
  ADMIN,
  SELLER,
  OTHER_SELLER,
  SUPERVISOR,
  OTHER_TENANT,
} from '../../testing/demo-users';

/*
 * Request sales (issue #15): sharing (read cannot edit, write can), comments with their unseen
 * counts, the archive refusal of a contact with active requests, the back office and its
 * actions, the legacy REST paths, and another company refused everywhere.
 */
const env = useDemoApp();

const { contactOf, templateId } = requestSalesFixtures(env);

/** A sent 'Portabilidad' request of Valentín on one of his contacts. */
async function sellerRequest(index = 2) {
  const contact = await contactOf(SELLER, index);
  const created = await env.call(SELLER, 'requestSale.create', {
    contactId: contact.id,
    templateId: await templateId('Portabilidad'),
    mode: 'send',
    content: { numeroPortar: '099111222', compania: 'antel' },
    // 'Portabilidad' has no line items: codes sent anyway are not kept.
    lines: [{ code: 'PRE-0' }],
  });
  expect(created.error).toBeUndefined();
  expect(created.data!.lines).toEqual([]);
  return { contact, request: created.data! };
}

describe('solicitudes: compartir', () => {
  it('compartida como Ver la ve y no la modifica; como Editar la modifica', async () => {
    const { request } = await sellerRequest();
    const other = env.demo.users[OTHER_SELLER]!;
    const hidden = await env.call(OTHER_SELLER, 'requestSale.get', { id: request.id });
    expect(hidden.error?.data.domainCode).toBe('REQUEST_SALE_NOT_FOUND');

    const shared = await env.call(SELLER, 'requestSale.share', {
      requestId: request.id,
      userId: other.id,
    });
    expect(shared.data!.shared).toEqual([
      { userId: other.id, name: other.name, lastname: other.lastname, permission: 'read' },
    ]);
    const seen = await env.call(OTHER_SELLER, 'requestSale.get', { id: request.id });
    expect(seen.data).toMatchObject({ id: request.id, permissions: { edit: false, share: false } });
    const edit = await env.call(OTHER_SELLER, 'requestSale.update', {
      id: request.id,
      mode: 'send',
      content: { numeroPortar: '099333444', compania: 'claro' },
    });
    expect(edit.error?.data.domainCode).toBe('REQUEST_SALE_NOT_EDITABLE');
    const reshare = await env.call(OTHER_SELLER, 'requestSale.share', {
      requestId: request.id,
      userId: env.demo.users[SUPERVISOR]!.id,
    });
    expect(reshare.error?.data.domainCode).toBe('PERMISSION_DENIED');
    const [stored] = await env.database.handle.db
      .select()
      .from(requestSales)
      .where(eq(requestSales.id, request.id));
    expect(stored!.content).toEqual({ numeroPortar: '099111222', compania: 'antel' });

    await env.call(SELLER, 'requestSale.share', {
      requestId: request.id,
      userId: other.id,
      permission: 'write',
    });
    const edited = await env.call(OTHER_SELLER, 'requestSale.update', {
      id: request.id,
      mode: 'send',
      content: { numeroPortar: '099333444', compania: 'claro' },
    });
    expect(edited.data!.content).toEqual({ numeroPortar: '099333444', compania: 'claro' });

    const removed = await env.call(SELLER, 'requestSale.unshare', {
      requestId: request.id,
      userId: other.id,
    });
    expect(removed.error).toBeUndefined();
    const gone = await env.call(OTHER_SELLER, 'requestSale.get', { id: request.id });
    expect(gone.error?.data.domainCode).toBe('REQUEST_SALE_NOT_FOUND');
  });

  it('no se comparte con un usuario de otra empresa', async () => {
    const { request } = await sellerRequest();
    const refused = await env.call(SELLER, 'requestSale.share', {
      requestId: request.id,
      userId: env.demo.users[OTHER_TENANT]!.id,
    });
    expect(refused.error?.data.domainCode).toBe('REQUEST_SALE_SHARE_INVALID');
  });
});

describe('solicitudes: comentarios', () => {
  it('un comentario sube el contador de no vistos de comercial y Marcar como visto lo limpia', async () => {
    const { contact, request } = await sellerRequest(3);
    const added = await env.call(SELLER, 'requestSale.addComment', {
      requestId: request.id,
      text: 'El cliente pide instalación el sábado',
    });
    expect(added.data).toMatchObject({ total: 1, unseen: 0 });
    expect(added.data!.items[0]).toMatchObject({
      text: 'El cliente pide instalación el sábado',
      author: { id: env.demo.users[SELLER]!.id },
      deletable: true,
    });
    const before = await env.call(COMERCIAL, 'requestSale.get', { id: request.id });
    expect(before.data).toMatchObject({ commentCount: 1, unseenCount: 1 });
    const panel = await env.call(COMERCIAL, 'requestSale.listByContact', {
      contactId: contact.id,
    });
    expect(panel.data!.find((each) => each.id === request.id)!.unseenCount).toBe(1);

    const sellerSeen = await env.call(SELLER, 'requestSale.markSeen', { requestId: request.id });
    expect(sellerSeen.error?.data.domainCode).toBe('PERMISSION_DENIED');
    const seen = await env.call(COMERCIAL, 'requestSale.markSeen', { requestId: request.id });
    expect(seen.data).toEqual({ requestId: request.id, unseen: 0 });
    const after = await env.call(COMERCIAL, 'requestSale.unseen', { requestIds: [request.id] });
    expect(after.data).toEqual([{ requestId: request.id, unseen: 0 }]);

    const items = await env.interactionsOf(contact.id);
    const last = items.filter((item) => item.type === 'saleupdate').at(-1)!;
    expect(INTERACTION_CONTENT.saleupdate.parse(last.content)).toMatchObject({
      type: 'comment',
      comment: 'El cliente pide instalación el sábado',
      requestsaleid: request.id,
    });
  });

  it('los comentarios vienen de a 5, los más nuevos primero; el autor borra el suyo y el admin oculta', async () => {
    const { request } = await sellerRequest(3);
    for (let index = 1; index <= 6; index++) {
      await env.call(index % 2 ? SELLER : COMERCIAL, 'requestSale.addComment', {
        requestId: request.id,
        text: `Comentario ${index}`,
      });
    }
    const first = await env.call(SELLER, 'requestSale.comments', { requestId: request.id });
    expect(first.data!.items.map((item) => item.text)).toEqual([
      'Comentario 6',
      'Comentario 5',
      'Comentario 4',
      'Comentario 3',
      'Comentario 2',
    ]);
    expect(first.data!.total).toBe(6);
    const second = await env.call(SELLER, 'requestSale.comments', {
      requestId: request.id,
      cursor: first.data!.nextCursor,
    });
    expect(second.data!.items.map((item) => item.text)).toEqual(['Comentario 1']);
    expect(second.data!.nextCursor).toBeNull();

    const commercials = first.data!.items.find((item) => item.text === 'Comentario 6')!;
    expect(commercials.deletable).toBe(false);
    const notYours = await env.call(SELLER, 'requestSale.deleteComment', {
      requestId: request.id,
      commentId: commercials.id,
    });
    expect(notYours.error?.data.domainCode).toBe('REQUEST_COMMENT_NOT_YOURS');
    const mine = first.data!.items.find((item) => item.text === 'Comentario 5')!;
    const deleted = await env.call(SELLER, 'requestSale.deleteComment', {
      requestId: request.id,
      commentId: mine.id,
    });
    expect(deleted.data!.total).toBe(5);

    const hidden = await env.call(ADMIN, 'requestSale.setCommentVisible', {
      requestId: request.id,
      commentId: commercials.id,
      visible: false,
    });
    expect(hidden.data!.items.find((item) => item.id === commercials.id)!.visible).toBe(false);
    const sellerView = await env.call(SELLER, 'requestSale.comments', { requestId: request.id });
    expect(sellerView.data!.items.some((item) => item.id === commercials.id)).toBe(false);
    expect(sellerView.data!.total).toBe(4);
    const sellerHides = await env.call(SELLER, 'requestSale.setCommentVisible', {
      requestId: request.id,
      commentId: commercials.id,
      visible: true,
    });
    expect(sellerHides.error?.data.domainCode).toBe('PERMISSION_DENIED');
  });

  it('un comentario vacío se rechaza y no se guarda', async () => {
    const { request } = await sellerRequest(3);
    const refused = await env.call(SELLER, 'requestSale.addComment', {
      requestId: request.id,
      text: '   ',
    });
    expect(refused.error?.data.fieldErrors?.text).toEqual(['El comentario es obligatorio']);
    const rows = await env.database.handle.db
      .select()
      .from(requestSaleHistory)
      .where(eq(requestSaleHistory.requestId, request.id));
    expect(rows).toEqual([]);
  });
});

describe('solicitudes: archivar el contacto', () => {
  it('archivar un contacto con una solicitud activa se rechaza con closingRequestSale y sus datos', async () => {
    const { contact, request } = await sellerRequest(4);
    const refused = await env.call(SELLER, 'interaction.archive', {
      contactId: contact.id,
      id: newId(),
      reason: 'sin-interes',
    });
    expect(refused.error?.data.domainCode).toBe('closingRequestSale');
    expect(refused.error?.message).toBe('Existe una solicitud activa');
    expect(refused.error?.data.details).toMatchObject({
      requestSales: [
        { id: request.id, title: 'Portabilidad', status: 'Enviada', statusType: 'new' },
      ],
    });
    const [stored] = await env.database.handle.db
      .select({ archivingReason: contacts.archivingReason })
      .from(contacts)
      .where(eq(contacts.id, contact.id));
    expect(stored!.archivingReason).toBeNull();

    await env.call(COMERCIAL, 'requestSale.changeStatus', {
      id: request.id,
      statusType: 'cancel',
    });
    const archived = await env.call(SELLER, 'interaction.archive', {
      contactId: contact.id,
      id: newId(),
      reason: 'sin-interes',
    });
    expect(archived.error).toBeUndefined();
  });
});

describe('solicitudes: back office', () => {
  it('fechas fuera de rango o imposibles responden 400, por tRPC y por REST', async () => {
    for (const date of ['0000-01-01', '-010000-01-01', '+200000-01-01', '2026-02-30T25:00:00Z']) {
      const refused = await env.call(COMERCIAL, 'requestSale.backoffice', { from: date, to: date });
      expect(refused.status).toBe(400);
      expect(refused.error?.data.domainCode).toBe('INVALID_REQUEST_BODY');
      const legacy = await env.rest(
        COMERCIAL,
        'GET',
        `/api/crm/backoffice/requestsale?from=${encodeURIComponent(date)}`,
      );
      expect(legacy).toMatchObject({ status: 400, body: { code: 'INVALID_REQUEST_BODY' } });
    }
  });

  it('lista por páginas con filtros; una vendedora ve las suyas y las compartidas, un supervisor su equipo', async () => {
    const all = await env.call(COMERCIAL, 'requestSale.backoffice', { limit: 5 });
    expect(all.data!.items).toHaveLength(5);
    const first = all.data!.items[0]!;
    const [client] = await env.database.handle.db
      .select()
      .from(contacts)
      .where(eq(contacts.id, first.contactId!));
    expect(first.contact).toEqual({
      id: client!.id,
      firstName: client!.firstName,
      lastName: client!.lastName,
    });
    const next = await env.call(COMERCIAL, 'requestSale.backoffice', {
      limit: 5,
      cursor: all.data!.nextCursor,
    });
    const ids = new Set(all.data!.items.map((item) => item.id));
    expect(next.data!.items.some((item) => ids.has(item.id))).toBe(false);

    const canceled = await env.call(COMERCIAL, 'requestSale.backoffice', {
      statusTypes: ['cancel'],
      limit: 200,
    });
    expect(canceled.data!.items.length).toBeGreaterThan(0);
    expect(canceled.data!.items.every((item) => item.statusType === 'cancel')).toBe(true);
    const portability = await templateId('Portabilidad');
    const byTemplate = await env.call(COMERCIAL, 'requestSale.backoffice', {
      templateId: portability,
      limit: 200,
    });
    expect(byTemplate.data!.items.every((item) => item.template.id === portability)).toBe(true);

    const future = await env.call(COMERCIAL, 'requestSale.backoffice', {
      from: new Date(Date.now() + 86_400_000),
    });
    expect(future.data!.items).toEqual([]);
    const today = await env.call(COMERCIAL, 'requestSale.backoffice', {
      from: new Date(Date.now() - 86_400_000),
      to: new Date(Date.now() + 86_400_000),
      limit: 200,
    });
    expect(today.data!.items.length).toBeGreaterThan(0);

    const seller = env.demo.users[SELLER]!;
    const own = await env.call(SELLER, 'requestSale.backoffice', { limit: 200 });
    expect(own.data!.items.length).toBeGreaterThan(0);
    // Valentín sees his own and the one Lucía's seed shares with him.
    for (const item of own.data!.items) {
      const mine = item.creator.id === seller.id || item.seller?.id === seller.id;
      if (!mine)
        expect((await env.call(SELLER, 'requestSale.get', { id: item.id })).data).toBeTruthy();
    }
    expect(own.data!.items.some((item) => item.creator.id !== seller.id)).toBe(true);

    const team = await env.call(SUPERVISOR, 'requestSale.backoffice', { limit: 200 });
    const creators = new Set(team.data!.items.map((item) => item.creator.id));
    expect(creators.has(seller.id)).toBe(true);
  });

  it('asignar un auditor pone la solicitud en modo auditoría: su creador ya no la edita', async () => {
    const { request } = await sellerRequest(5);
    const refused = await env.call(SELLER, 'requestSale.audit', {
      id: request.id,
      auditorId: env.demo.users[COMERCIAL]!.id,
    });
    expect(refused.error?.data.domainCode).toBe('PERMISSION_DENIED');
    const foreignAuditor = await env.call(COMERCIAL, 'requestSale.audit', {
      id: request.id,
      auditorId: env.demo.users[OTHER_TENANT]!.id,
    });
    expect(foreignAuditor.error?.data.domainCode).toBe('REQUEST_SALE_USER_INVALID');
    expect(foreignAuditor.error?.message).toBe(
      'El usuario elegido debe ser un usuario activo de tu empresa.',
    );
    const audited = await env.call(COMERCIAL, 'requestSale.audit', {
      id: request.id,
      auditorId: env.demo.users[COMERCIAL]!.id,
    });
    expect(audited.data!.auditor).toMatchObject({ id: env.demo.users[COMERCIAL]!.id });
    const view = await env.call(SELLER, 'requestSale.get', { id: request.id });
    expect(view.data!.permissions.edit).toBe(false);
    const edit = await env.call(SELLER, 'requestSale.update', {
      id: request.id,
      content: { numeroPortar: '099555666', compania: 'claro' },
    });
    expect(edit.error?.data.domainCode).toBe('REQUEST_SALE_NOT_EDITABLE');

    const other = env.demo.users[OTHER_SELLER]!;
    const moved = await env.call(COMERCIAL, 'requestSale.changeCreator', {
      id: request.id,
      creatorId: other.id,
    });
    expect(moved.data!.creator).toMatchObject({ id: other.id });
    const foreign = await env.call(COMERCIAL, 'requestSale.changeCreator', {
      id: request.id,
      creatorId: env.demo.users[OTHER_TENANT]!.id,
    });
    expect(foreign.error?.data.domainCode).toBe('REQUEST_SALE_USER_INVALID');
  });

  it('el seed tiene solicitudes en cada estado, con comentarios y compartidas', async () => {
    const rows = await env.database.handle.db
      .select({ statusType: requestSales.statusType })
      .from(requestSales)
      .where(eq(requestSales.tenantId, env.demo.demo.id));
    expect(new Set(rows.map((row) => row.statusType))).toEqual(
      new Set(['draft', 'new', 'resend', 'processing', 'processed', 'linked', 'cancel']),
    );
  });
});

describe('solicitudes: REST', () => {
  it('la familia /crm/requestsale crea, lee, comenta y cambia el estado', async () => {
    const contact = await contactOf(SELLER, 6);
    const created = await env.rest<{ id: string; statusType: string }>(
      SELLER,
      'POST',
      '/api/crm/requestsale',
      {
        contactId: contact.id,
        templateId: await templateId('Portabilidad'),
        mode: 'send',
        content: { numeroPortar: '099777888', compania: 'movistar' },
      },
    );
    expect(created.status).toBe(201);
    const id = created.body.id;
    const byContact = await env.rest<Array<{ id: string }>>(
      SELLER,
      'GET',
      `/api/crm/requestsale/contact/${contact.id}`,
    );
    expect(byContact.body.map((each) => each.id)).toContain(id);
    const comment = await env.rest<{ total: number }>(
      SELLER,
      'POST',
      `/api/crm/requestsale/${id}/comment`,
      { text: 'Desde la API' },
    );
    expect(comment).toMatchObject({ status: 201, body: { total: 1 } });
    const seen = await env.rest(COMERCIAL, 'PATCH', `/api/crm/requestsale/${id}/seen`);
    expect(seen.body).toEqual({ requestId: id, unseen: 0 });
    const status = await env.rest<{ statusType: string }>(
      COMERCIAL,
      'PATCH',
      `/api/crm/backoffice/requestsale/${id}/status`,
      { statusType: 'linked' },
    );
    expect(status.body.statusType).toBe('linked');
    const list = await env.rest<{ items: Array<{ id: string }> }>(
      COMERCIAL,
      'GET',
      '/api/crm/backoffice/requestsale?statusTypes=linked&limit=200',
    );
    expect(list.body.items.map((each) => each.id)).toContain(id);
    const templates = await env.rest<Array<{ title: string }>>(
      SELLER,
      'GET',
      '/api/requestsaletemplate',
    );
    expect(templates.body.map((each) => each.title)).toContain('Portabilidad');
    const removed = await env.rest(COMERCIAL, 'DELETE', `/api/requestsale/${id}`);
    expect(removed).toMatchObject({ status: 200, body: { id } });
    const gone = await env.rest(SELLER, 'GET', `/api/crm/requestsale/${id}`);
    expect(gone.status).toBe(404);
  });
});

describe('solicitudes: otra empresa', () => {
  it('otra empresa no lee, no cambia, no comenta ni comparte una solicitud ajena', async () => {
    // The other company has request sales on too, so each refusal is the tenant's, not the flag's.
    const other = env.demo.other;
    await env.database.handle.db
      .update(groups)
      .set({ featureFlags: sql`${groups.featureFlags} || '{"requestSale": 1}'::jsonb` })
      .where(eq(groups.id, other.id));
    const { contact, request } = await sellerRequest(7);
    const id = request.id;
    const calls = [
      env.call(OTHER_TENANT, 'requestSale.get', { id }),
      env.call(OTHER_TENANT, 'requestSale.update', { id, content: {} }),
      env.call(OTHER_TENANT, 'requestSale.changeStatus', { id, statusType: 'cancel' }),
      env.call(OTHER_TENANT, 'requestSale.delete', { id }),
      env.call(OTHER_TENANT, 'requestSale.comments', { requestId: id }),
      env.call(OTHER_TENANT, 'requestSale.addComment', { requestId: id, text: 'Hola' }),
      env.call(OTHER_TENANT, 'requestSale.share', {
        requestId: id,
        userId: env.demo.users[OTHER_TENANT]!.id,
      }),
    ];
    for (const result of await Promise.all(calls)) {
      expect(result.error?.data.domainCode).toBe('REQUEST_SALE_NOT_FOUND');
    }
    const panel = await env.call(OTHER_TENANT, 'requestSale.listByContact', {
      contactId: contact.id,
    });
    expect(panel.error?.data.domainCode).toBe('CONTACT_NOT_FOUND');
    const templates = await env.call(OTHER_TENANT, 'requestSale.templates', {});
    expect(templates.data).toEqual([]);
    const template = await env.call(OTHER_TENANT, 'requestSale.template', {
      id: request.templateId,
    });
    expect(template.error?.data.domainCode).toBe('REQUEST_TEMPLATE_NOT_FOUND');
    const list = await env.call(OTHER_TENANT, 'requestSale.backoffice', { limit: 200 });
    expect(list.data!.items).toEqual([]);
    const unseen = await env.call(OTHER_TENANT, 'requestSale.unseen', { requestIds: [id] });
    expect(unseen.data).toEqual([]);
    const [stored] = await env.database.handle.db
      .select()
      .from(requestSales)
      .where(eq(requestSales.id, id));
    expect(stored!.statusType).toBe('new');
  });
});
