import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createContact, createUser } from '@cartera/db/factories';
import { newId } from '@cartera/domain/ids';
import { groups, sharedInboxes, type Contact, type User } from '@cartera/db/schema';
import { useDemoApp } from '../../testing/demo-app';
import { tokenFor } from '../../testing/test-app';
import { waitFor, watchTopic } from '../../testing/ws-client';
import { OTHER_SELLER } from '../../testing/demo-users';

const env = useDemoApp({ JOBS_ENABLED: 'false' });

/** Equipo Sur's seller who shares her portfolio, and the colleagues around her. */
let owner: User;
let member: User;
let outsider: User;
let superMember: User;
let ownerContact: Contact;
let olderContact: Contact;
let sharedInboxId: string;

beforeAll(async () => {
  const { db } = env.database.handle;
  const { south, north } = env.demo;
  owner = await createUser(db, south, {
    email: 'duena@demo.test',
    name: 'Delia',
    lastname: 'Dueña',
  });
  member = await createUser(db, north, {
    email: 'miembro@demo.test',
    name: 'Mario',
    lastname: 'Miembro',
  });
  outsider = await createUser(db, north, {
    email: 'ajeno@demo.test',
    name: 'Aldo',
    lastname: 'Ajeno',
  });
  superMember = await createUser(db, north, {
    email: 'super.miembro@demo.test',
    name: 'Susana',
    lastname: 'Supervisora',
    role: 'super',
  });
  const now = Date.now();
  olderContact = await createContact(db, env.demo.demo, {
    firstName: 'Antigua',
    agentId: owner.id,
    lastInteractionAt: new Date(now - 3 * 86_400_000),
  });
  ownerContact = await createContact(db, env.demo.demo, {
    firstName: 'Compartida',
    agentId: owner.id,
    lastInteractionAt: new Date(now),
  });
  const created = await env.call('comercial@demo.test', 'sharedInbox.create', {
    name: 'Cartera de Delia',
    ownerId: owner.id,
    memberIds: [member.id, superMember.id],
  });
  expect(created.status).toBe(200);
  sharedInboxId = created.data.id;
});

async function watch(user: User, topic: string) {
  return watchTopic(env.app.url, await tokenFor(env.database.handle, user), topic);
}

describe('Carteras compartidas (issue #6 §10)', () => {
  it('a member sees the shared inbox with its owner and the owner’s contacts, newest first', async () => {
    const mine = await env.call(member.email, 'sharedInbox.mine');
    expect(mine.status).toBe(200);
    expect(mine.data).toEqual([
      {
        id: sharedInboxId,
        name: 'Cartera de Delia',
        ownerId: owner.id,
        ownerName: 'Delia Dueña',
        contactCount: 2,
      },
    ]);
    const page = await env.call(member.email, 'sharedInbox.contacts', { sharedInboxId });
    expect(page.status).toBe(200);
    expect(page.data.items.map((item) => item.id)).toEqual([ownerContact.id, olderContact.id]);
    expect(page.data.items.map((item) => item.unattended)).toEqual([false, true]);
    expect(page.data.nextCursor).toBeNull();
  });

  it("'Siguiente contacto' walks the shared inbox for its members only", async () => {
    const next = (email: string, contactId: string) =>
      env.call(email, 'inbox.next', { inbox: 'shared', sharedInboxId, contactId });
    expect((await next(member.email, ownerContact.id)).data).toEqual({ id: olderContact.id });
    expect((await next(member.email, olderContact.id)).data).toEqual({ id: null });
    const refused = await next(outsider.email, ownerContact.id);
    expect(refused.error?.data.domainCode).toBe('SHARED_INBOX_NOT_FOUND');
    const missing = await env.call(member.email, 'inbox.next', {
      inbox: 'shared',
      contactId: ownerContact.id,
    });
    expect(missing.status).toBe(400);
  });

  it('someone who is not a member does not see it, nor its contacts', async () => {
    expect((await env.call(outsider.email, 'sharedInbox.mine')).data).toEqual([]);
    for (const email of [outsider.email, OTHER_SELLER, owner.email]) {
      const page = await env.call(email, 'sharedInbox.contacts', { sharedInboxId });
      expect(page.status, email).toBe(404);
      expect(page.error?.data.domainCode).toBe('SHARED_INBOX_NOT_FOUND');
      expect(page.error?.message).toBe('No se encontró la cartera compartida.');
    }
  });

  it("a member seller works the owner's contacts; a non-member seller and another company don't", async () => {
    const get = await env.call(member.email, 'contact.get', { id: ownerContact.id });
    expect(get.status).toBe(200);
    const timeline = await env.call(member.email, 'interaction.timeline', {
      contactId: ownerContact.id,
    });
    expect(timeline.status).toBe(200);
    const list = await env.call(member.email, 'contact.list', { search: 'Compartida' });
    expect(list.data.items.map((item) => item.id)).toContain(ownerContact.id);

    for (const email of [outsider.email, OTHER_SELLER, 'vendedor@otra.test']) {
      const refused = await env.call(email, 'contact.get', { id: ownerContact.id });
      expect(refused.error?.data.domainCode, email).toBe('CONTACT_NOT_FOUND');
      const hidden = await env.call(email, 'interaction.timeline', {
        contactId: ownerContact.id,
      });
      expect(hidden.error?.data.domainCode, email).toBe('CONTACT_NOT_FOUND');
    }
    // The member's own contacts stay theirs: the outsider's contact is still out of reach.
    const outsiderContact = await createContact(env.database.handle.db, env.demo.demo, {
      firstName: 'Ajena',
      agentId: outsider.id,
    });
    const other = await env.call(member.email, 'contact.get', { id: outsiderContact.id });
    expect(other.error?.data.domainCode).toBe('CONTACT_NOT_FOUND');
  });

  it('a supervisor who is a member sees the shared contacts outside their team', async () => {
    const get = await env.call(superMember.email, 'contact.get', { id: ownerContact.id });
    expect(get.status).toBe(200);
    // Equipo Norte's own supervisor, not a member, still does not.
    const north = await env.call('supervisor@demo.test', 'contact.get', { id: ownerContact.id });
    expect(north.error?.data.domainCode).toBe('CONTACT_NOT_FOUND');
  });

  it('live events of a shared contact reach its members, never a non-member or another company', async () => {
    const topic = `contact:${ownerContact.id}`;
    const memberWatch = await watch(member, topic);
    const outsiderWatch = await watch(outsider, topic);
    const strangerWatch = await watch(env.demo.users['vendedor@otra.test']!, topic);
    try {
      const id = newId();
      const note = await env.call(owner.email, 'interaction.createNote', {
        contactId: ownerContact.id,
        id,
        body: 'Para el equipo',
      });
      expect(note.status).toBe(200);
      await waitFor(() => memberWatch.received.length === 1, 15_000, 'the note event');
      expect(memberWatch.received[0]).toMatchObject({
        type: 'interaction.created',
        topic,
        payload: { contactId: ownerContact.id, interactionId: id, type: 'note' },
      });
      // The member writes on the shared contact like on their own.
      const reply = await env.call(member.email, 'interaction.createNote', {
        contactId: ownerContact.id,
        id: newId(),
        body: 'Lo atiendo yo',
      });
      expect(reply.status).toBe(200);
      await waitFor(() => memberWatch.received.length === 2, 15_000, 'the reply event');
      expect(outsiderWatch.received).toEqual([]);
      expect(strangerWatch.received).toEqual([]);
    } finally {
      memberWatch.stop();
      outsiderWatch.stop();
      strangerWatch.stop();
    }
  });
});

describe('datos de demostración', () => {
  it("carla.sur@demo.test works Julia's shared portfolio", async () => {
    const julia = env.demo.users['jail@demo.test']!;
    const mine = await env.call('carla.sur@demo.test', 'sharedInbox.mine');
    expect(mine.data).toMatchObject([
      { name: 'Cartera de Julia', ownerId: julia.id, ownerName: 'Julia Limitada' },
    ]);
    expect(mine.data[0]!.contactCount).toBeGreaterThan(0);
    const page = await env.call('carla.sur@demo.test', 'sharedInbox.contacts', {
      sharedInboxId: mine.data[0]!.id,
    });
    expect(page.data.items.length).toBeGreaterThan(0);
    const first = page.data.items[0]!;
    expect((await env.call('carla.sur@demo.test', 'contact.get', { id: first.id })).status).toBe(
      200,
    );
  });
});

describe('gestión de carteras compartidas', () => {
  it('admin and comercial list the company’s shared inboxes; sellers and supervisors may not', async () => {
    for (const email of ['admin@demo.test', 'comercial@demo.test']) {
      const list = await env.call(email, 'sharedInbox.list');
      expect(list.status, email).toBe(200);
      expect(list.data.find((inbox) => inbox.id === sharedInboxId)).toMatchObject({
        ownerName: 'Delia Dueña',
        memberIds: [member.id, superMember.id],
      });
    }
    for (const email of ['vendedor@demo.test', 'supervisor@demo.test']) {
      const refused = await env.call(email, 'sharedInbox.list');
      expect(refused.error?.data.domainCode, email).toBe('PERMISSION_DENIED');
      const create = await env.call(email, 'sharedInbox.create', {
        name: 'Mía',
        ownerId: owner.id,
        memberIds: [outsider.id],
      });
      expect(create.error?.data.domainCode, email).toBe('PERMISSION_DENIED');
    }
  });

  it('refuses an owner among the members, users of another company or inactive, and stores nothing', async () => {
    const { db } = env.database.handle;
    const before = await db.$count(sharedInboxes);
    const stranger = env.demo.users['vendedor@otra.test']!;
    const inactive = await createUser(db, env.demo.south, {
      email: 'baja@demo.test',
      active: false,
    });
    const cases = [
      {
        input: { name: 'X', ownerId: owner.id, memberIds: [owner.id, member.id] },
        fields: {
          memberIds: ['El dueño no puede estar entre los usuarios con quienes se comparte'],
        },
      },
      {
        input: { name: 'X', ownerId: stranger.id, memberIds: [member.id] },
        fields: { ownerId: ['El dueño debe ser un usuario activo de la empresa'] },
      },
      {
        input: { name: 'X', ownerId: owner.id, memberIds: [member.id, inactive.id] },
        fields: { memberIds: ['Todos deben ser usuarios activos de la empresa'] },
      },
    ];
    for (const { input, fields } of cases) {
      const result = await env.call('admin@demo.test', 'sharedInbox.create', input);
      expect(result.status).toBe(400);
      expect(result.error?.data.domainCode).toBe('INVALID_REQUEST_BODY');
      expect(result.error?.data.fieldErrors).toEqual(fields);
    }
    const empty = await env.call('admin@demo.test', 'sharedInbox.create', {
      name: '  ',
      ownerId: owner.id,
      memberIds: [],
    });
    expect(empty.error?.data.fieldErrors).toEqual({
      name: ['El nombre es obligatorio'],
      memberIds: ['Elige al menos un usuario'],
    });
    expect(await db.$count(sharedInboxes)).toBe(before);
  });

  it('edits and removes a shared inbox: members gained and lost see it appear and go', async () => {
    const created = await env.call('admin@demo.test', 'sharedInbox.create', {
      name: 'Temporal',
      ownerId: owner.id,
      memberIds: [member.id],
    });
    const id = created.data.id;
    const updated = await env.call('comercial@demo.test', 'sharedInbox.update', {
      id,
      data: { name: 'Temporal Sur', ownerId: owner.id, memberIds: [outsider.id] },
    });
    expect(updated.data).toMatchObject({ name: 'Temporal Sur', memberIds: [outsider.id] });
    const outsiderSees = await env.call(outsider.email, 'sharedInbox.mine');
    expect(outsiderSees.data.map((inbox) => inbox.name)).toEqual(['Temporal Sur']);
    expect((await env.call(outsider.email, 'contact.get', { id: ownerContact.id })).status).toBe(
      200,
    );

    const removed = await env.call('comercial@demo.test', 'sharedInbox.remove', { id });
    expect(removed.data).toEqual({ removed: true });
    expect((await env.call(outsider.email, 'sharedInbox.mine')).data).toEqual([]);
    expect(
      (await env.call(outsider.email, 'contact.get', { id: ownerContact.id })).error?.data
        .domainCode,
    ).toBe('CONTACT_NOT_FOUND');
    const again = await env.call('comercial@demo.test', 'sharedInbox.remove', { id });
    expect(again.error?.data.domainCode).toBe('SHARED_INBOX_NOT_FOUND');
  });

  it("another company's manager neither sees nor changes Demo's shared inboxes", async () => {
    const { db } = env.database.handle;
    const other = env.demo.other;
    const otherAdmin = await createUser(db, other, { email: 'admin@otra.test', role: 'admin' });
    // Otra Empresa has no inbox feature: the management is refused as a whole.
    const disabled = await env.call(otherAdmin.email, 'sharedInbox.list');
    expect(disabled.error?.data.domainCode).toBe('DISABLED_FEATURE');
    await db
      .update(groups)
      .set({ featureFlags: { ...other.featureFlags, inbox: 1 } })
      .where(eq(groups.id, other.id));
    try {
      expect((await env.call(otherAdmin.email, 'sharedInbox.list')).data).toEqual([]);
      const update = await env.call(otherAdmin.email, 'sharedInbox.update', {
        id: sharedInboxId,
        data: {
          name: 'Robada',
          ownerId: env.demo.users['vendedor@otra.test']!.id,
          memberIds: [otherAdmin.id],
        },
      });
      expect(update.error?.data.domainCode).toBe('SHARED_INBOX_NOT_FOUND');
      const remove = await env.call(otherAdmin.email, 'sharedInbox.remove', {
        id: sharedInboxId,
      });
      expect(remove.error?.data.domainCode).toBe('SHARED_INBOX_NOT_FOUND');
      // Demo's users cannot be put in another company's shared inbox either.
      const cross = await env.call(otherAdmin.email, 'sharedInbox.create', {
        name: 'Cruzada',
        ownerId: owner.id,
        memberIds: [member.id],
      });
      expect(cross.error?.data.fieldErrors).toEqual({
        ownerId: ['El dueño debe ser un usuario activo de la empresa'],
        memberIds: ['Todos deben ser usuarios activos de la empresa'],
      });
    } finally {
      await db
        .update(groups)
        .set({ featureFlags: other.featureFlags })
        .where(eq(groups.id, other.id));
    }
    const [row] = await db.select().from(sharedInboxes).where(eq(sharedInboxes.id, sharedInboxId));
    expect(row).toMatchObject({ name: 'Cartera de Delia', memberIds: [member.id, superMember.id] });
  });
});
