import { describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { createCompany, createContact } from '@cartera/db/factories';
import { companyContacts, contacts, groups, interactions, users } from '@cartera/db/schema';
import { restLogin, typedCall } from '../../testing/http-client';
import { useDemoApp } from '../../testing/demo-app';
import {
  SELLER,
  OTHER_SELLER as SOUTH_SELLER,
  SUPERVISOR,
  COMERCIAL,
} from '../../testing/demo-users';

const env = useDemoApp({ JOBS_ENABLED: 'false' });

let serial = 0;
function freshPhone() {
  serial += 1;
  return `+5989${String(4_000_000 + serial * 7919).padStart(7, '0')}`;
}

function contactOf(email: string, input: Partial<Parameters<typeof createContact>[2]> = {}) {
  return createContact(env.database.handle.db, env.demo.demo, {
    firstName: input.firstName ?? 'Contacto',
    lastName: input.lastName ?? `Prueba ${serial}`,
    phones: input.phones ?? [freshPhone()],
    agentId: env.demo.users[email]!.id,
    ...input,
  });
}

/** The phone check's reference to a contact `email` may not see, found by its first phone. */
async function referenceTo(email: string, contact: { phones: string[] }) {
  const check = await env.call(email, 'contact.validatePhone', { number: contact.phones[0]! });
  expect(check.data.contactId).toMatch(/^ref\./);
  return check.data.contactId!;
}

async function timeline(contactId: string) {
  return env.database.handle.db
    .select()
    .from(interactions)
    .where(eq(interactions.contactId, contactId))
    .orderBy(interactions.id);
}

describe('transfer (02 §4, §8)', () => {
  it("lists the seller's team, and every seller with showAllSellers", async () => {
    const team = await env.call(SELLER, 'contact.transferAgents');
    const emails = team.data.map((agent) => agent.email).sort();
    expect(emails).toEqual(['jail@demo.test', 'supervisor@demo.test', 'vendedor@demo.test']);

    const { db } = env.database.handle;
    const [north] = await db.select().from(groups).where(eq(groups.id, env.demo.north.id));
    await db
      .update(groups)
      .set({ featureFlags: { ...north!.featureFlags, showAllSellers: 1 } })
      .where(eq(groups.id, env.demo.north.id));
    try {
      const token = (await restLogin(env.app.url, SELLER)).body.token;
      const wider = await typedCall(env.app.url, 'contact.transferAgents', undefined, {
        token,
        method: 'GET',
      });
      expect(wider.data.map((agent) => agent.email)).toContain(SOUTH_SELLER);
    } finally {
      await db
        .update(groups)
        .set({ featureFlags: north!.featureFlags })
        .where(eq(groups.id, env.demo.north.id));
    }
  });

  it('answers the codes of 02 §8 and changes nothing', async () => {
    const contact = await contactOf(SELLER);
    const me = env.demo.users[SELLER]!.id;
    const yourself = await env.call(SELLER, 'contact.transfer', {
      contactId: contact.id,
      agentId: me,
    });
    expect(yourself.error?.data.domainCode).toBe('ERROR_YOURSELF_TRANSFER');
    expect(yourself.error?.message).toBe('No puedes transferirte tus propios contactos a ti mismo');

    const outside = await env.call(SELLER, 'contact.transfer', {
      contactId: contact.id,
      agentId: env.demo.users[SOUTH_SELLER]!.id,
    });
    expect(outside.error?.data.domainCode).toBe('ERROR_NOT_AUTHORIZED_GROUP');

    const unknown = await env.call(SELLER, 'contact.transfer', {
      contactId: contact.id,
      agentId: env.demo.users['vendedor@otra.test']!.id,
    });
    expect(unknown.error?.data.domainCode).toBe('ERROR_INVALID_DATA');

    const alreadyHis = await env.call(SUPERVISOR, 'contact.transfer', {
      contactId: contact.id,
      agentId: me,
    });
    expect(alreadyHis.error?.data.domainCode).toBe('ERROR_ALREADY_BELONGS_TO_AGENT');

    const [row] = await env.database.handle.db
      .select({ agentId: contacts.agentId })
      .from(contacts)
      .where(eq(contacts.id, contact.id));
    expect(row!.agentId).toBe(me);
    expect(await timeline(contact.id)).toHaveLength(0);
  });

  it('hands the contact to a teammate, clears reminder and archiving unless kept, and logs it', async () => {
    const supervisor = env.demo.users[SUPERVISOR]!;
    const cleared = await contactOf(SELLER, {
      archivingReason: 'sin-interes',
      archivingReasonText: 'Sin interés',
      reminder: { reminderDate: '2026-12-01T12:00:00Z' },
    });
    const kept = await contactOf(SELLER, {
      archivingReason: 'sin-interes',
      archivingReasonText: 'Sin interés',
    });
    const first = await env.call(SELLER, 'contact.transfer', {
      contactId: cleared.id,
      agentId: supervisor.id,
      note: 'Lo atiende Sergio',
    });
    expect(first.data).toEqual({ success: true });
    await env.call(SELLER, 'contact.transfer', {
      contactId: kept.id,
      agentId: supervisor.id,
      keepReminderAndArchivingReason: true,
    });
    const rows = await env.database.handle.db
      .select()
      .from(contacts)
      .where(inArray(contacts.id, [cleared.id, kept.id]));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(cleared.id)).toMatchObject({
      agentId: supervisor.id,
      reminder: null,
      archivingReason: null,
    });
    expect(byId.get(kept.id)).toMatchObject({
      agentId: supervisor.id,
      archivingReason: 'sin-interes',
    });
    const [item] = await timeline(cleared.id);
    expect(item).toMatchObject({
      type: 'transfer',
      agentId: env.demo.users[SELLER]!.id,
      content: expect.objectContaining({ description: 'Lo atiende Sergio' }),
    });
    // The seller no longer sees it.
    const gone = await env.call(SELLER, 'contact.get', { id: cleared.id });
    expect(gone.error?.data.domainCode).toBe('CONTACT_NOT_FOUND');
  });
});

describe('transfer over REST', () => {
  it('answers errorCode like the legacy call, then transfers', async () => {
    const contact = await contactOf(SELLER);
    const token = (await restLogin(env.app.url, SELLER)).body.token;
    const post = (receiver: string) =>
      fetch(`${env.app.url}/api/crm/contact/${contact.id}/transfer`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ receiver, note: 'Por REST' }),
      });
    const refused = await post(env.demo.users[SELLER]!.id);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      code: 'ERROR_YOURSELF_TRANSFER',
      errorCode: 'ERROR_YOURSELF_TRANSFER',
      message: 'No puedes transferirte tus propios contactos a ti mismo',
    });
    const done = await post(env.demo.users[SUPERVISOR]!.id);
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ success: true });
  });
});

describe('take-over (02 §8)', () => {
  it("takes an unassigned contact into the user's portfolio, once", async () => {
    const orphan = await createContact(env.database.handle.db, env.demo.demo, {
      firstName: 'Sin dueño',
      phones: [freshPhone()],
    });
    const taken = await env.call(SELLER, 'contact.takeOver', { contactId: orphan.id });
    expect(taken.data).toMatchObject({ success: true, contactId: orphan.id });
    const [row] = await env.database.handle.db
      .select({ agentId: contacts.agentId })
      .from(contacts)
      .where(eq(contacts.id, orphan.id));
    expect(row!.agentId).toBe(env.demo.users[SELLER]!.id);
    expect((await timeline(orphan.id)).map((item) => item.type)).toEqual(['contactTaken']);

    const again = await env.call(SOUTH_SELLER, 'contact.takeOver', { contactId: orphan.id });
    expect(again.error?.data.domainCode).toBe('CONTACT_NOT_OBTAINABLE');
    expect(again.error?.message).toBe(
      'Ocurrió un error al obtener el contacto, por favor intenta nuevamente',
    );
  });

  it("takes a contact whose agent left, never another tenant's", async () => {
    const { db } = env.database.handle;
    const leaver = env.demo.users['cambio@demo.test']!;
    const contact = await contactOf('cambio@demo.test');
    await db.update(users).set({ active: false }).where(eq(users.id, leaver.id));
    try {
      const taken = await env.call(SELLER, 'contact.takeOver', { contactId: contact.id });
      expect(taken.status).toBe(200);
    } finally {
      await db.update(users).set({ active: true }).where(eq(users.id, leaver.id));
    }
    const foreign = await createContact(db, env.demo.other, { firstName: 'Ajeno' });
    const refused = await env.call(SELLER, 'contact.takeOver', { contactId: foreign.id });
    expect(refused.error?.data.domainCode).toBe('CONTACT_NOT_FOUND');
  });
});

describe('sub-conversations (02 §4, 03 §5)', () => {
  it("opens a sub-conversation of a colleague's contact for the user, listed on the parent", async () => {
    const parent = await contactOf(SOUTH_SELLER, { firstName: 'Compartida' });
    const created = await env.call(SELLER, 'contact.createSubConversation', {
      contactId: await referenceTo(SELLER, parent),
      description: 'Consulta por otro producto',
    });
    expect(created.status).toBe(200);
    const copy = await env.call(SELLER, 'contact.get', { id: created.data.id });
    expect(copy.data).toMatchObject({
      firstName: 'Compartida',
      phones: [expect.objectContaining({ phone: parent.phones[0] })],
      parent: { id: parent.id, firstName: 'Compartida' },
      subConversationStatus: 'new',
      agent: { id: env.demo.users[SELLER]!.id },
      can: { createSubConversation: false, subConversationsPanel: false, transfer: false },
    });
    const listed = await env.call(SOUTH_SELLER, 'contact.subConversations', { id: parent.id });
    expect(listed.data).toEqual([
      {
        id: created.data.id,
        firstName: 'Compartida',
        lastName: parent.lastName,
        status: 'new',
        agent: { name: 'Valentín', lastname: 'Vendedor' },
      },
    ]);
    expect((await timeline(parent.id)).map((item) => item.type)).toEqual([
      'subconversation-created',
    ]);

    const nested = await env.call(SELLER, 'contact.createSubConversation', {
      contactId: created.data.id,
    });
    expect(nested.error?.data.domainCode).toBe('SUB_CONVERSATION_NOT_ALLOWED');
    expect(nested.error?.message).toBe(
      'Hubo un error, asegúrese de que el contacto no sea una subconversación',
    );
  });

  it('copies of a contact the user may not see only who the person is: no gov id, detail or location', async () => {
    const parent = await contactOf(SOUTH_SELLER, {
      firstName: 'Reservada',
      govId: '1.234.567-8',
      detail: 'Dato interno de la colega',
    });
    // Its raw id names nothing to this seller (issue #30 S8): only the phone check's reference.
    const before = await env.database.handle.db.select().from(contacts);
    const byId = await env.call(SELLER, 'contact.createSubConversation', { contactId: parent.id });
    expect(byId.error?.data.domainCode).toBe('CONTACT_NOT_FOUND');
    expect(await env.database.handle.db.select().from(contacts)).toHaveLength(before.length);
    const created = await env.call(SELLER, 'contact.createSubConversation', {
      contactId: await referenceTo(SELLER, parent),
    });
    expect(created.status).toBe(200);
    const [copy] = await env.database.handle.db
      .select()
      .from(contacts)
      .where(eq(contacts.id, created.data.id));
    expect(copy).toMatchObject({
      firstName: 'Reservada',
      phones: parent.phones,
      govId: null,
      detail: '',
      contactLocation: null,
    });
    // The supervisor above the colleague sees the contact: the copy keeps everything.
    const full = await env.call('carla.sur@demo.test', 'contact.createSubConversation', {
      contactId: parent.id,
    });
    const [whole] = await env.database.handle.db
      .select()
      .from(contacts)
      .where(eq(contacts.id, full.data.id));
    expect(whole).toMatchObject({ govId: '1.234.567-8', detail: 'Dato interno de la colega' });
  });

  it('follows the roles the group allows and the flag', async () => {
    const { db } = env.database.handle;
    const parent = await contactOf(SOUTH_SELLER);
    const [tenant] = await db.select().from(groups).where(eq(groups.id, env.demo.demo.id));
    await db
      .update(groups)
      .set({
        configs: {
          ...tenant!.configs,
          contacts: {
            ...(tenant!.configs.contacts as object),
            subConversationRoles: ['super', 'owner'],
          },
        },
      })
      .where(eq(groups.id, env.demo.demo.id));
    try {
      const seller = await env.call(SELLER, 'contact.createSubConversation', {
        contactId: await referenceTo(SELLER, parent),
      });
      expect(seller.error?.data.domainCode).toBe('SUB_CONVERSATION_NOT_ALLOWED');
      const owner = await env.call(SOUTH_SELLER, 'contact.createSubConversation', {
        contactId: parent.id,
      });
      expect(owner.status).toBe(200);
    } finally {
      await db
        .update(groups)
        .set({ configs: tenant!.configs })
        .where(eq(groups.id, env.demo.demo.id));
    }
  });
});

describe('unify (02 §4, §6)', () => {
  it('merges B into the base atomically: phones and e-mails united, base values kept, B gone', async () => {
    const { db } = env.database.handle;
    const company = await createCompany(db, env.demo.demo, { businessName: 'Unificadora S.A.' });
    const older = await contactOf(SELLER, {
      firstName: 'Ana',
      lastName: 'Base',
      emails: ['ana@base.uy'],
      govId: null,
      detail: '',
    });
    const newer = await contactOf(SELLER, {
      firstName: 'Anita',
      lastName: 'Otra',
      emails: ['anita@otra.uy', 'ana@base.uy'],
      govId: '4.123.456-7',
      detail: 'Prefiere WhatsApp',
      proximity: 0.7,
    });
    await db.insert(companyContacts).values({
      tenantId: env.demo.demo.id,
      companyId: company.id,
      contactId: newer.id,
      role: 'Dueña',
    });
    await db.insert(interactions).values({
      tenantId: env.demo.demo.id,
      contactId: newer.id,
      type: 'note',
      agentId: env.demo.users[SELLER]!.id,
      content: { body: 'Nota de B' },
    });

    const result = await env.call(SELLER, 'contact.unify', {
      contactA: newer.id,
      contactB: older.id,
      base: 'B',
    });
    expect(result.data).toEqual({ contactBaseId: older.id });
    const merged = await env.call(SELLER, 'contact.get', { id: older.id });
    expect(merged.data).toMatchObject({
      firstName: 'Ana',
      lastName: 'Base',
      govId: '4.123.456-7',
      detail: 'Prefiere WhatsApp',
      emails: ['ana@base.uy', 'anita@otra.uy'],
      proximity: expect.closeTo(0.7, 5),
      affiliations: [expect.objectContaining({ companyId: company.id, role: 'Dueña' })],
    });
    expect(merged.data.phones.map((phone) => phone.phone)).toEqual([
      older.phones[0],
      newer.phones[0],
    ]);
    const [gone] = await db.select().from(contacts).where(eq(contacts.id, newer.id));
    expect(gone).toBeUndefined();
    expect((await timeline(older.id)).map((item) => item.type)).toEqual(['note', 'unify']);

    const copied = await env.call(SELLER, 'contact.conversationText', { id: older.id });
    expect(copied.data.map((line) => [line.agentName, line.type, line.body])).toEqual([
      ['Valentín Vendedor', 'note', 'Nota de B'],
      ['Valentín Vendedor', 'unify', 'Anita Otra'],
    ]);
  });

  it('needs the setting, the role and both contacts in sight', async () => {
    const { db } = env.database.handle;
    const mine = await contactOf(SELLER);
    const theirs = await contactOf(SOUTH_SELLER);
    const hidden = await env.call(SELLER, 'contact.unify', {
      contactA: mine.id,
      contactB: theirs.id,
    });
    expect(hidden.error?.data.domainCode).toBe('CONTACT_NOT_FOUND');

    const same = await env.call(SELLER, 'contact.unify', { contactA: mine.id, contactB: mine.id });
    expect(same.status).toBe(400);

    const other = await contactOf(SELLER);
    const [tenant] = await db.select().from(groups).where(eq(groups.id, env.demo.demo.id));
    await db
      .update(groups)
      .set({
        configs: { ...tenant!.configs, contacts: { unify: { active: true, roles: ['super'] } } },
      })
      .where(eq(groups.id, env.demo.demo.id));
    try {
      const seller = await env.call(SELLER, 'contact.unify', {
        contactA: mine.id,
        contactB: other.id,
      });
      expect(seller.error?.data.domainCode).toBe('UNIFY_NOT_ALLOWED');
      const supervisor = await env.call(SUPERVISOR, 'contact.unify', {
        contactA: mine.id,
        contactB: other.id,
      });
      expect(supervisor.status).toBe(200);
    } finally {
      await db
        .update(groups)
        .set({ configs: tenant!.configs })
        .where(eq(groups.id, env.demo.demo.id));
    }
    const left = await db
      .select({ id: contacts.id })
      .from(contacts)
      .where(
        and(eq(contacts.tenantId, env.demo.demo.id), inArray(contacts.id, [mine.id, other.id])),
      );
    expect(left).toHaveLength(1);
  });
});

describe('visibility of a contact by id', () => {
  it("a seller cannot read another seller's contact; supervisor and comercial can", async () => {
    const contact = await contactOf(SELLER);
    expect((await env.call(SOUTH_SELLER, 'contact.get', { id: contact.id })).status).toBe(404);
    expect((await env.call(SUPERVISOR, 'contact.get', { id: contact.id })).status).toBe(200);
    expect((await env.call(COMERCIAL, 'contact.get', { id: contact.id })).status).toBe(200);
    expect((await env.call('carla.sur@demo.test', 'contact.get', { id: contact.id })).status).toBe(
      404,
    );
  });
});
