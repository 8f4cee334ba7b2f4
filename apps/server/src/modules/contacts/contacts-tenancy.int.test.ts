/**
 * Tenant isolation of contacts: a user of Otra Empresa — a comercial, who sees the whole of
 * their own tenant — reaches no Demo Uruguay contact through any contacts procedure or any
 * contact REST path. The procedure table must name every procedure of the contacts router.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createContact, createUser } from '@cartera/db/factories';
import { contacts, groups, interactions, type Contact } from '@cartera/db/schema';
import { seedDemo, type DemoData } from '@cartera/db/seed';
import { createTestDatabase, type TestDatabase } from '@cartera/db/testing';
import { restLogin, trpcCall } from '../../testing/http-client';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { contactsRouter } from './contacts.router';

let database: TestDatabase;
let app: TestApp;
let demo: DemoData;
let target: Contact;
let second: Contact;
let token: string;

const PHONE = '+59894321987';

beforeAll(async () => {
  database = await createTestDatabase();
  demo = await seedDemo(database.handle.db);
  const { db } = database.handle;
  target = await createContact(db, demo.demo, {
    firstName: 'Reservada',
    lastName: 'Uruguaya',
    phones: [PHONE],
    emails: ['reservada@demo.uy'],
    agentId: demo.users['vendedor@demo.test']!.id,
  });
  second = await createContact(db, demo.demo, {
    firstName: 'Segunda',
    agentId: demo.users['vendedor@demo.test']!.id,
  });
  await db.insert(interactions).values({
    tenantId: demo.demo.id,
    contactId: target.id,
    type: 'note',
    content: { body: 'Secreto comercial' },
  });
  await createUser(db, demo.other, {
    email: 'comercial@otra.test',
    name: 'Olga',
    lastname: 'Comercial',
    role: 'comercial',
    password: 'Demo1234',
  });
  // Unify on in Otra Empresa too, so what refuses below is the tenant, not the setting.
  await db
    .update(groups)
    .set({ configs: { contacts: { unify: { active: true, roles: ['all'] } } } })
    .where(eq(groups.id, demo.other.id));
  app = await startTestApp(database.handle, { JOBS_ENABLED: 'false' });
  token = (await restLogin(app.url, 'comercial@otra.test')).body.token;
});

afterAll(async () => {
  await app?.stop();
  await database?.destroy();
});

const values = () => ({
  firstName: 'Intruso',
  phones: [{ phone: '+5491155551234', extensionNumber: '' }],
});

/** Each contacts procedure aimed at the Demo Uruguay contact, and what must come back. */
const attempts: Record<
  string,
  { method: 'GET' | 'POST'; input: () => unknown; expect: (result: CallResult) => void }
> = {
  list: {
    method: 'GET',
    input: () => ({ search: 'Reservada' }),
    expect: (result) => expect(result.data).toMatchObject({ items: [] }),
  },
  // The contact map: Demo Uruguay's located contacts (the seed's, in Montevideo) are not there.
  map: {
    method: 'GET',
    input: () => ({ zoom: 11, bounds: { south: -35, west: -56.5, north: -34.6, east: -55.8 } }),
    expect: (result) => expect(result.data).toMatchObject({ total: 0, clusters: [], points: [] }),
  },
  lookup: {
    method: 'GET',
    input: () => ({ ids: [target.id] }),
    expect: (result) => expect(result.data).toEqual([]),
  },
  form: {
    method: 'GET',
    input: () => undefined,
    expect: (result) => expect(result.status).toBe(200),
  },
  // The company's form definition ('Mi Empresa'): Otra Empresa reads and writes its own only.
  formSettings: {
    method: 'GET',
    input: () => undefined,
    expect: (result) => {
      expect(result.status).toBe(200);
      expect(JSON.stringify(result.data)).not.toContain('Reservada');
    },
  },
  saveFormSettings: {
    method: 'POST',
    input: () => ({ items: [] }),
    expect: (result) => expect(result.status).toBe(400),
  },
  get: { method: 'GET', input: () => ({ id: target.id }), expect: notFound },
  create: {
    method: 'POST',
    // The same number in another tenant is no duplicate, and says nothing about the other one.
    input: () => ({ firstName: 'Propia', phones: [{ phone: PHONE, extensionNumber: '' }] }),
    expect: (result) => expect(result.status).toBe(200),
  },
  update: { method: 'POST', input: () => ({ id: target.id, values: values() }), expect: notFound },
  validatePhone: {
    method: 'GET',
    input: () => ({ number: PHONE, contactId: target.id }),
    // Otra Empresa's own 'Propia' (made above) may hold the number; the Demo contact never shows.
    expect: (result) => {
      expect(result.status).toBe(200);
      expect((result.data as { contactId: string | null }).contactId).not.toBe(target.id);
      expect(JSON.stringify(result.data)).not.toContain('Reservada');
    },
  },
  externalValidate: {
    method: 'POST',
    input: () => ({ contactId: target.id, values: values() }),
    // No external system in Otra Empresa: refused before the contact is even looked at.
    expect: (result) => expect(result.error?.data.domainCode).toBe('DISABLED_FEATURE'),
  },
  conversationText: { method: 'GET', input: () => ({ id: target.id }), expect: notFound },
  // The external statistics panel (issue #43 item 3): the contact is looked up before any setting.
  externalStats: { method: 'GET', input: () => ({ id: target.id }), expect: notFound },
  transferAgents: {
    method: 'GET',
    input: () => undefined,
    expect: (result) =>
      expect(
        (result.data as Array<{ email: string }>).every((agent) =>
          agent.email.endsWith('@otra.test'),
        ),
      ).toBe(true),
  },
  transfer: {
    method: 'POST',
    input: () => ({ contactId: target.id, agentId: demo.users['vendedor@otra.test']!.id }),
    expect: notFound,
  },
  takeOver: { method: 'POST', input: () => ({ contactId: target.id }), expect: notFound },
  subConversations: { method: 'GET', input: () => ({ id: target.id }), expect: notFound },
  createSubConversation: {
    method: 'POST',
    input: () => ({ contactId: target.id }),
    expect: notFound,
  },
  unify: {
    method: 'POST',
    input: () => ({ contactA: target.id, contactB: second.id }),
    expect: notFound,
  },
};

type CallResult = Awaited<ReturnType<typeof trpcCall>>;

function notFound(result: CallResult) {
  expect(result.status).toBe(404);
  expect(result.error?.data.domainCode).toBe('CONTACT_NOT_FOUND');
}

describe('Otra Empresa no alcanza un contacto de Demo Uruguay', () => {
  it('la tabla nombra cada procedimiento de contactos', () => {
    const names = Object.keys(
      (contactsRouter as unknown as { _def: { procedures: object } })._def.procedures,
    );
    expect(names.sort()).toEqual(Object.keys(attempts).sort());
  });

  for (const [name, attempt] of Object.entries(attempts)) {
    it(`contact.${name}`, async () => {
      const result = await trpcCall(app.url, `contact.${name}`, attempt.input(), {
        token,
        method: attempt.method,
      });
      attempt.expect(result);
    });
  }

  it('por ninguna ruta REST de contactos', async () => {
    const docs = (await (await fetch(`${app.url}/api/docs`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const paths = Object.entries(docs.paths).filter(([path]) =>
      path.startsWith('/api/crm/contact'),
    );
    expect(paths.length).toBeGreaterThanOrEqual(9);
    for (const [path, operations] of paths) {
      for (const method of Object.keys(operations)) {
        const url = `${app.url}${path.replace('{id}', target.id)}`;
        const body = path.endsWith('/unify')
          ? { contactA: target.id, contactB: second.id }
          : path.endsWith('/reminder')
            ? { data: { contactId: target.id, reminderDate: new Date(Date.now() + 3_600_000) } }
            : path.endsWith('/transfer')
              ? { receiver: demo.users['vendedor@otra.test']!.id }
              : path.endsWith('/validateNumber')
                ? { number: PHONE, contactId: target.id }
                : method === 'patch' || path === '/api/crm/contact'
                  ? values()
                  : {};
        const response = await fetch(
          method === 'get' && path === '/api/crm/contacts' ? `${url}?search=Reservada` : url,
          {
            method: method.toUpperCase(),
            headers: {
              authorization: `Bearer ${token}`,
              ...(method === 'get' ? {} : { 'content-type': 'application/json' }),
            },
            body: method === 'get' ? undefined : JSON.stringify(body),
          },
        );
        const text = await response.text();
        const label = `${method.toUpperCase()} ${path}`;
        // Nothing of the Demo Uruguay contact in any answer.
        expect(text, label).not.toContain('Reservada');
        expect(text, label).not.toContain('reservada@demo.uy');
        expect(text, label).not.toContain('Secreto');
        if (path.includes('{id}') || path.endsWith('/unify') || path.endsWith('/reminder')) {
          expect(response.status, label).toBe(404);
        } else {
          expect(response.status, label).toBeLessThan(300);
        }
      }
    }
    const [row] = await database.handle.db
      .select()
      .from(contacts)
      .where(eq(contacts.id, target.id));
    expect(row).toMatchObject({
      firstName: 'Reservada',
      agentId: demo.users['vendedor@demo.test']!.id,
      parentContactId: null,
    });
    const subs = await database.handle.db
      .select()
      .from(contacts)
      .where(eq(contacts.parentContactId, target.id));
    expect(subs).toEqual([]);
  });
});
