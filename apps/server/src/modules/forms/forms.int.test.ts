import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { contacts, formLinks, interactions, users } from '@cartera/db/schema';
import { createTestDatabase, type TestDatabase } from '@cartera/db/testing';
import { errorMessages, es } from '@cartera/domain/i18n';
import { newId } from '@cartera/domain/ids';
import { restLogin, typedCall, type ProcedurePath } from '../../testing/http-client';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { webhookInboxSettled } from '../channels/webhook-inbox';
import { COMERCIAL, OTHER_SELLER, OTHER_TENANT } from '../../testing/demo-users';

/*
 * Forms (issue #42 item 3): the company's forms, a link sent through the demo's 'Canal de
 * prueba' to a customer who wrote in, and the public page's endpoints: what they show, what they
 * refuse in Spanish (writing nothing), their limit, and what an answer writes.
 */
let database: TestDatabase;
let app: TestApp;
let sandboxId: string;
let sandboxKey: string;
const tokens = new Map<string, string>();

async function tokenOf(email: string) {
  if (!tokens.has(email)) tokens.set(email, (await restLogin(app.url, email)).body.token);
  return tokens.get(email)!;
}

async function call<P extends ProcedurePath>(email: string, path: P, input?: unknown) {
  const query = ['form.list', 'form.choices', 'channel.list', 'auth.me'].includes(path);
  return typedCall(app.url, path, input, {
    token: await tokenOf(email),
    method: query ? 'GET' : 'POST',
  });
}

async function publicPage(token: string, method = 'GET', body?: unknown, ip = '203.0.113.7') {
  const response = await fetch(`${app.url}/api/comercial/forms/public/${token}`, {
    method,
    headers: { 'x-forwarded-for': ip, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A customer writes to the sandbox channel (the reply window opens); answers the contact and its seller. */
async function customer(phone: string, name: string) {
  const wrote = await fetch(`${app.url}/api/sandbox/whatsapp/${sandboxKey}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, name, text: 'Hola, quiero información' }),
  });
  expect(wrote.status).toBe(201);
  await webhookInboxSettled(database.handle.db);
  const digits = `+${phone.replace(/\D/g, '')}`;
  const [contact] = await database.handle.db
    .select()
    .from(contacts)
    .where(sql`${contacts.phones} @> array[${digits}]::text[]`);
  const [agent] = await database.handle.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, contact!.agentId!));
  return { contact: contact!, seller: agent!.email };
}

const FORM = {
  name: 'Datos para la cotización',
  description: 'Completá tus datos y te enviamos la cotización.',
  fields: [
    { kind: 'contact', field: 'email', label: 'Tu correo', required: true },
    { kind: 'custom', field: 'plan', label: '¿Qué plan te interesa?', required: true },
    { kind: 'custom', field: 'visitas', label: 'Visitas por mes', required: false },
  ],
};

let formId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await startTestApp(database.handle, { CARTERA_SEED_DEMO: 'true', JOBS_ENABLED: 'false' });
  const listed = await call(COMERCIAL, 'channel.list');
  const sandbox = listed.data.find((channel) => channel.sandbox)!;
  sandboxId = sandbox.id;
  sandboxKey = sandbox.sandboxUrl!.split('/').at(-1)!;
  for (const field of [
    { code: 'plan', name: 'Plan', type: 'select', options: [{ name: 'Básico' }, { name: 'Pro' }] },
    { code: 'visitas', name: 'Visitas', type: 'number', maxChars: 3 },
  ]) {
    const created = await call(COMERCIAL, 'customField.create', { entity: 'contact', ...field });
    expect(created.status).toBe(200);
  }
  const created = await call(COMERCIAL, 'form.create', FORM);
  expect(created.status).toBe(200);
  formId = created.data.id;
});

afterAll(async () => {
  await app?.stop();
  await database?.destroy();
});

async function sendLink(email: string, contactId: string, form = formId) {
  return call(email, 'form.sendLink', {
    id: newId(),
    contactId,
    formId: form,
    channelId: sandboxId,
  });
}

describe('Formularios', () => {
  it('la lista muestra los formularios propios; las preguntas deben ser campos que se pueden preguntar', async () => {
    const list = await call(COMERCIAL, 'form.list');
    expect(list.data).toEqual([
      expect.objectContaining({ id: formId, origin: 'own', name: FORM.name, active: true }),
    ]);
    const bad = await call(COMERCIAL, 'form.create', {
      name: '',
      fields: [
        { kind: 'custom', field: 'noexiste', label: 'X' },
        { kind: 'contact', field: 'phones', label: 'Teléfono' },
      ],
    });
    expect(bad.error?.data.domainCode).toBe('INVALID_REQUEST_BODY');
    expect(JSON.stringify(bad.error)).toContain(es.forms.validation.nameRequired);
    const unknown = await call(COMERCIAL, 'form.create', {
      name: 'Otro',
      fields: [{ kind: 'custom', field: 'noexiste', label: 'X' }],
    });
    expect(JSON.stringify(unknown.error)).toContain(es.forms.validation.unknownField);
    // The menu's 'Formularios' counts the company's active form.
    const me = await call(COMERCIAL, 'auth.me');
    expect(me.data!.settings.formChannels).toBe(1);
  });

  it('otra empresa no encuentra el formulario; un vendedor no lo envía a un contacto que no ve', async () => {
    const [stranger] = await database.handle.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, OTHER_TENANT));
    const [theirs] = await database.handle.db
      .select({ id: contacts.id })
      .from(contacts)
      .where(eq(contacts.agentId, stranger!.id))
      .orderBy(contacts.id)
      .limit(1);
    const foreign = await call(OTHER_TENANT, 'form.sendLink', {
      id: newId(),
      contactId: theirs!.id,
      formId,
      channelId: sandboxId,
    });
    expect(foreign.error?.data.domainCode).toBe('FORM_NOT_FOUND');
    const { contact, seller } = await customer('+598 99 000 911', 'Lucía');
    const otherSeller = seller === OTHER_SELLER ? 'vendedor@demo.test' : OTHER_SELLER;
    const refused = await sendLink(otherSeller, contact.id);
    expect(refused.error?.data.domainCode).toBe('CONTACT_NOT_FOUND');
    const ownersForm = await call(COMERCIAL, 'form.update', {
      id: formId,
      values: FORM,
    });
    expect(ownersForm.status).toBe(200);
    const otherCompany = await call(OTHER_TENANT, 'form.choices');
    expect(otherCompany.data.map((form) => form.id)).not.toContain(formId);
    const links = await database.handle.db
      .select()
      .from(formLinks)
      .where(eq(formLinks.contactId, contact.id));
    expect(links).toEqual([]);
  });

  it('el enlace enviado abre el formulario sin datos de la empresa; la respuesta se escribe una vez', async () => {
    const { contact, seller } = await customer('+598 99 000 912', 'Martín');
    const messageId = newId();
    const input = { id: messageId, contactId: contact.id, formId, channelId: sandboxId };
    const sent = await call(seller, 'form.sendLink', input);
    expect(sent.status).toBe(200);
    // A retry of the same message makes no second link.
    const retried = await call(seller, 'form.sendLink', input);
    expect(retried.data.linkId).toBe(sent.data.linkId);
    expect(
      await database.handle.db.select().from(formLinks).where(eq(formLinks.contactId, contact.id)),
    ).toHaveLength(1);
    const token = sent.data.url.split('/f/')[1]!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const message = await database.handle.db
      .select()
      .from(interactions)
      .where(eq(interactions.id, sent.data.messageId));
    expect((message[0]!.content as { message: { text: string } }).message.text).toContain(
      sent.data.url,
    );

    const page = await publicPage(token);
    expect(page.status).toBe(200);
    expect(page.body).toEqual({
      name: FORM.name,
      description: FORM.description,
      fields: [
        { key: 'contact.email', label: 'Tu correo', required: true, type: 'email', options: [] },
        {
          key: 'custom.plan',
          label: '¿Qué plan te interesa?',
          required: true,
          type: 'select',
          options: ['Básico', 'Pro'],
        },
        {
          key: 'custom.visitas',
          label: 'Visitas por mes',
          required: false,
          type: 'number',
          options: [],
        },
      ],
    });
    expect(JSON.stringify(page.body)).not.toMatch(/Demo|Martín|vendedor/);

    // Bad values: the Spanish text of each question, nothing written.
    const bad = await publicPage(token, 'POST', {
      answers: { 'contact.email': '', 'custom.plan': 'Gold', 'custom.visitas': '12345' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      code: 'INVALID_REQUEST_BODY',
      fieldErrors: { 'contact.email': [es.fields.required] },
    });
    const wrong = await publicPage(token, 'POST', {
      answers: { 'contact.email': 'martin@example.com', 'custom.plan': 'Gold' },
    });
    expect(wrong.body).toMatchObject({
      code: 'INVALID_REQUEST_BODY',
      fieldErrors: { 'custom.plan': [es.fields.invalidOption] },
    });
    const before = await database.handle.db
      .select()
      .from(contacts)
      .where(eq(contacts.id, contact.id));
    expect(before[0]!.additionalData).not.toHaveProperty('plan');
    expect(before[0]!.emails).toEqual([]);

    const ok = await publicPage(token, 'POST', {
      answers: {
        'contact.email': 'martin@example.com',
        'custom.plan': 'Pro',
        'custom.visitas': '12',
      },
    });
    expect(ok).toEqual({ status: 201, body: { ok: true } });
    const [after] = await database.handle.db
      .select()
      .from(contacts)
      .where(eq(contacts.id, contact.id));
    expect(after!.emails).toEqual(['martin@example.com']);
    expect(after!.additionalData).toMatchObject({ plan: 'Pro', visitas: 12 });
    const items = await database.handle.db
      .select()
      .from(interactions)
      .where(and(eq(interactions.contactId, contact.id), eq(interactions.type, 'formAnswer')));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      createdBySystem: true,
      content: {
        formId,
        formName: FORM.name,
        answers: [
          { label: 'Tu correo', value: 'martin@example.com' },
          { label: '¿Qué plan te interesa?', value: 'Pro' },
          { label: 'Visitas por mes', value: '12' },
        ],
      },
    });

    // Used once: the page and a second answer say so, in Spanish.
    const again = await publicPage(token);
    expect(again).toEqual({
      status: 410,
      body: expect.objectContaining({
        code: 'FORM_LINK_USED',
        message: errorMessages.FORM_LINK_USED,
      }),
    });
    const twice = await publicPage(token, 'POST', { answers: { 'custom.plan': 'Básico' } });
    expect(twice.body).toMatchObject({ code: 'FORM_LINK_USED' });
  });

  it('un enlace desconocido o vencido no muestra nada; los envíos seguidos se limitan', async () => {
    const unknown = await publicPage('x'.repeat(32));
    expect(unknown).toMatchObject({ status: 404, body: { code: 'FORM_LINK_NOT_FOUND' } });

    const { contact, seller } = await customer('+598 99 000 913', 'Sofía');
    const sent = await sendLink(seller, contact.id);
    const token = sent.data.url.split('/f/')[1]!;
    await database.handle.db
      .update(formLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(formLinks.token, token));
    expect(await publicPage(token)).toMatchObject({
      status: 410,
      body: { code: 'FORM_LINK_EXPIRED' },
    });

    const { contact: other, seller: otherSeller } = await customer('+598 99 000 914', 'Pablo');
    const limited = (await sendLink(otherSeller, other.id)).data.url.split('/f/')[1]!;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const answer = await publicPage(limited, 'POST', { answers: {} }, '198.51.100.9');
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
    const [row] = await database.handle.db
      .select()
      .from(formLinks)
      .where(eq(formLinks.token, limited));
    expect(row!.submittedAt).toBeNull();
  });
});
