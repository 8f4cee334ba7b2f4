import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { contacts, interactions, npsSurveys, users } from '@cartera/db/schema';
import { createTestDatabase, type TestDatabase } from '@cartera/db/testing';
import { es, format } from '@cartera/domain/i18n';
import { newId } from '@cartera/domain/ids';
import { restLogin, typedCall } from '../../testing/http-client';
import { COMERCIAL, OTHER_TENANT, SUPERVISOR } from '../../testing/demo-users';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { webhookInboxSettled } from '../channels/webhook-inbox';

/*
 * NPS over WhatsApp (issue #42 item 1) on the demo's 'Canal de prueba': the survey after an
 * archiving, the score written ('9') or tapped in two steps, the comment, the figures, the
 * detractor's reminder, cancel, the manual send's codes and the company's walls.
 */
let database: TestDatabase;
let app: TestApp;
let sandbox: { id: string; sandboxUrl: string | null };
let api: string;
const tokens = new Map<string, string>();

async function tokenOf(email: string) {
  if (!tokens.has(email)) tokens.set(email, (await restLogin(app.url, email)).body.token);
  return tokens.get(email)!;
}

async function customerWrites(phone: string, body: Record<string, unknown>) {
  const wrote = await fetch(api, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, name: 'Cliente NPS', ...body }),
  });
  expect(wrote.status).toBe(201);
  await webhookInboxSettled(database.handle.db);
}

async function contactOf(phone: string) {
  const [row] = await database.handle.db
    .select()
    .from(contacts)
    .where(sql`${contacts.phones} @> array[${phone}]::text[]`);
  return row!;
}

async function agentEmail(agentId: string) {
  const [row] = await database.handle.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, agentId));
  return row!.email;
}

async function surveyOf(contactId: string) {
  const [row] = await database.handle.db
    .select()
    .from(npsSurveys)
    .where(eq(npsSurveys.contactId, contactId))
    .orderBy(sql`${npsSurveys.createdAt} desc`)
    .limit(1);
  return row;
}

const pollSurvey = (contactId: string) =>
  expect.poll(async () => (await surveyOf(contactId)) ?? null, { timeout: 20_000 });

const today = new Date().toISOString().slice(0, 10);

async function createConfig(input: Record<string, unknown>) {
  const created = await typedCall(
    app.url,
    'nps.create',
    {
      name: 'Post venta',
      question: '¿Qué tan probable es que nos recomiendes?',
      channelId: sandbox.id,
      templateName: 'encuesta_nps',
      templateLanguage: 'es',
      trigger: 'manual',
      ...input,
    } as never,
    { token: await tokenOf(COMERCIAL) },
  );
  expect(created.status).toBe(200);
  return created.data!;
}

/** A new customer writes, so the channel's round robin gives them a seller. */
async function newCustomer(phone: string) {
  await customerWrites(phone, { text: 'Hola' });
  const contact = await contactOf(phone);
  expect(contact.agentId).not.toBeNull();
  return contact;
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await startTestApp(database.handle, { CARTERA_SEED_DEMO: 'true', JOBS_ENABLED: 'true' });
  const listed = await typedCall(app.url, 'channel.list', undefined, {
    token: await tokenOf(COMERCIAL),
    method: 'GET',
  });
  sandbox = listed.data!.find((channel) => channel.sandbox)!;
  api = `${app.url}/api/sandbox/whatsapp/${sandbox.sandboxUrl!.split('/').at(-1)}/messages`;
});

afterAll(async () => {
  await app?.stop();
  await database?.destroy();
});

describe('NPS por WhatsApp', () => {
  it('tras archivar, envía la plantilla; lee el 9, el comentario y mueve las cifras', async () => {
    const config = await createConfig({ trigger: 'archiving', archivingReasons: ['sin-interes'] });
    expect(config).toMatchObject({ trigger: 'archiving', minDaysBetween: 90, mode: 'text' });

    const contact = await newCustomer('+59899700001');
    const seller = await tokenOf(await agentEmail(contact.agentId!));
    // Another reason sends nothing.
    const other = await newCustomer('+59899700002');
    await typedCall(
      app.url,
      'interaction.archive',
      { contactId: other.id, id: newId(), reason: 'precio' },
      { token: await tokenOf(await agentEmail(other.agentId!)) },
    );
    const archived = await typedCall(
      app.url,
      'interaction.archive',
      { contactId: contact.id, id: newId(), reason: 'sin-interes' },
      { token: seller },
    );
    expect(archived.status).toBe(200);
    await pollSurvey(contact.id).toMatchObject({ status: 'sended', trigger: 'archiving' });
    expect(await surveyOf(other.id)).toBeUndefined();

    // The customer's phone shows the template with the name and the question.
    const shown = (await (
      await fetch(`${api}?phone=${encodeURIComponent('+59899700001')}`)
    ).json()) as Array<{ from: string; text: string }>;
    expect(shown.at(-1)).toMatchObject({ from: 'company' });

    await customerWrites('+59899700001', { text: '9' });
    await pollSurvey(contact.id).toMatchObject({
      status: 'answered',
      score: 9,
      awaiting: 'comment',
    });
    await customerWrites('+59899700001', { text: 'Muy buena atención' });
    await pollSurvey(contact.id).toMatchObject({ comment: 'Muy buena atención', awaiting: null });

    // The message carries its npsSurvey (03 §3).
    const survey = (await surveyOf(contact.id))!;
    const [message] = await database.handle.db
      .select()
      .from(interactions)
      .where(eq(interactions.id, survey.messageId));
    expect(message!.content).toMatchObject({
      npsSurvey: { _id: survey.id, surveyStatus: 'answered', isCanceled: false, score: 9 },
      message: { type: 'template' },
    });

    const figures = await typedCall(
      app.url,
      'nps.statistics',
      { from: today, to: today, configId: config.id },
      { token: await tokenOf(COMERCIAL), method: 'GET' },
    );
    expect(figures.data).toMatchObject({
      sent: 1,
      answered: 1,
      promoters: 1,
      nps: 100,
      responseRate: 100,
    });
    expect(figures.data!.distribution[9]).toBe(1);
    expect(figures.data!.bySeller).toEqual([
      expect.objectContaining({ sellerId: contact.agentId, answered: 1, nps: 100 }),
    ]);
    const drill = await typedCall(
      app.url,
      'nps.surveys',
      { from: today, to: today, category: 'promoter' },
      { token: await tokenOf(COMERCIAL), method: 'GET' },
    );
    expect(drill.data!.items).toEqual([
      expect.objectContaining({ contactId: contact.id, score: 9, comment: 'Muy buena atención' }),
    ]);

    // Archived again within the 90 days: no second survey.
    await typedCall(
      app.url,
      'interaction.unarchive',
      { contactId: contact.id, id: newId() },
      { token: seller },
    );
    await typedCall(
      app.url,
      'interaction.archive',
      { contactId: contact.id, id: newId(), reason: 'sin-interes' },
      { token: seller },
    );
    const again = await typedCall(
      app.url,
      'nps.sendSurvey',
      { id: config.id, contacts: [contact.id] },
      { token: await tokenOf(COMERCIAL) },
    );
    expect(again.data!.results).toEqual([
      expect.objectContaining({ skipped: 'recent', surveyId: null }),
    ]);
    const count = await database.handle.db
      .select({ id: npsSurveys.id })
      .from(npsSurveys)
      .where(eq(npsSurveys.contactId, contact.id));
    expect(count).toHaveLength(1);
  });

  it("el '3' de un detractor deja un recordatorio a su vendedor", async () => {
    const config = await createConfig({ name: 'A mano' });
    const contact = await newCustomer('+59899700003');
    const sent = await typedCall(
      app.url,
      'nps.sendSurvey',
      { id: config.id, contacts: [contact.id] },
      { token: await tokenOf(COMERCIAL) },
    );
    expect(sent.data!.results[0]).toMatchObject({ code: null, skipped: null });
    await pollSurvey(contact.id).toMatchObject({ status: 'sended', trigger: 'manual' });
    await customerWrites('+59899700003', { text: 'Le doy un tres' });
    await pollSurvey(contact.id).toMatchObject({ score: 3, status: 'answered' });
    await expect
      .poll(async () => (await contactOf('+59899700003')).reminder, { timeout: 10_000 })
      .toMatchObject({ comment: format(es.nps.reminder, { score: 3 }) });
    const [reminder] = await database.handle.db
      .select()
      .from(interactions)
      .where(and(eq(interactions.contactId, contact.id), eq(interactions.type, 'reminder')));
    expect(reminder).toMatchObject({ agentId: contact.agentId, status: 'active' });

    // The seller's supervisor reads it among the figures of their reach ('Rendimiento').
    const figures = await typedCall(
      app.url,
      'nps.statistics',
      { from: today, to: today },
      { token: await tokenOf(SUPERVISOR), method: 'GET' },
    );
    expect(figures.status).toBe(200);
    const follow = await typedCall(
      app.url,
      'nps.changeActionStatus',
      { surveyId: (await surveyOf(contact.id))!.id, actionStatus: 'contacted' },
      { token: await tokenOf(COMERCIAL) },
    );
    expect(follow.data).toMatchObject({ actionStatus: 'contacted' });
  });

  it('con botones en dos pasos: el rango, luego el puntaje', async () => {
    const config = await createConfig({
      name: 'Botones',
      templateName: 'encuesta_nps_botones',
      mode: 'buttons',
    });
    const contact = await newCustomer('+59899700004');
    await typedCall(
      app.url,
      'nps.sendSurvey',
      { id: config.id, contacts: [contact.id] },
      { token: await tokenOf(COMERCIAL) },
    );
    await pollSurvey(contact.id).toMatchObject({ status: 'sended' });
    const phone = encodeURIComponent('+59899700004');
    type Shown = Array<{
      id: string;
      from: string;
      choices?: { kind: string; options: Array<{ id: string; title: string }>; replyTo: string };
    }>;
    const offered = ((await (await fetch(`${api}?phone=${phone}`)).json()) as Shown).at(-1)!;
    expect(offered.choices).toMatchObject({
      kind: 'button',
      options: [
        { id: 'nps:range:0-6', title: '0–6' },
        { id: 'nps:range:7-8', title: '7–8' },
        { id: 'nps:range:9-10', title: '9–10' },
      ],
    });
    await customerWrites('+59899700004', {
      type: 'button',
      reply: { id: 'nps:range:9-10', title: '9–10', replyTo: offered.id },
    });
    // The second step: the range's scores as reply buttons.
    const second = await expect
      .poll(
        async () =>
          ((await (await fetch(`${api}?phone=${phone}`)).json()) as Shown).at(-1)?.choices ?? null,
        { timeout: 15_000 },
      )
      .toMatchObject({
        kind: 'button_reply',
        options: [
          { id: 'nps:score:9', title: '9' },
          { id: 'nps:score:10', title: '10' },
        ],
      });
    void second;
    const last = ((await (await fetch(`${api}?phone=${phone}`)).json()) as Shown).at(-1)!;
    await customerWrites('+59899700004', {
      type: 'button_reply',
      reply: { id: 'nps:score:10', title: '10', replyTo: last.id },
    });
    await pollSurvey(contact.id).toMatchObject({ score: 10, status: 'answered' });
  });

  it('una encuesta cancelada no lee la respuesta; los códigos del envío a mano', async () => {
    const config = await createConfig({ name: 'Cancelable' });
    const contact = await newCustomer('+59899700005');
    const seller = await tokenOf(await agentEmail(contact.agentId!));
    await typedCall(
      app.url,
      'nps.sendSurvey',
      { id: config.id, contacts: [contact.id] },
      { token: await tokenOf(COMERCIAL) },
    );
    await pollSurvey(contact.id).toMatchObject({ status: 'sended' });
    const survey = (await surveyOf(contact.id))!;
    const canceled = await typedCall(
      app.url,
      'nps.cancel',
      { surveyId: survey.id, canceled: true },
      { token: seller },
    );
    expect(canceled.data).toMatchObject({ isCanceled: true, surveyStatus: 'sended' });
    await customerWrites('+59899700005', { text: '5' });
    await customerWrites('+59899700005', { text: 'hola?' });
    expect(await surveyOf(contact.id)).toMatchObject({ score: null, canceled: true });

    const [noPhone] = await database.handle.db
      .insert(contacts)
      .values({
        tenantId: contact.tenantId,
        firstName: 'Sin teléfono',
        agentId: contact.agentId,
        phones: [],
      })
      .returning();
    const codes = await typedCall(
      app.url,
      'nps.sendSurvey',
      { id: config.id, contacts: [noPhone!.id, newId()] },
      { token: await tokenOf(COMERCIAL) },
    );
    expect(codes.error).toBeUndefined();
    expect(codes.data!.results.map((each) => each.code)).toEqual([
      'CONTACT_WITHOUT_PHONE_NUMBER',
      'CONTACT_NOT_FOUND',
    ]);
    const missing = await typedCall(
      app.url,
      'nps.sendSurvey',
      { id: newId(), contacts: [contact.id] },
      { token: await tokenOf(COMERCIAL) },
    );
    expect(missing.error?.data.domainCode).toBe('NET_PROMOTER_SCORE_NOT_FOUND');

    // Another company sees none of it.
    const foreign = await typedCall(
      app.url,
      'nps.get',
      { id: config.id },
      { token: await tokenOf(OTHER_TENANT), method: 'GET' },
    );
    expect(foreign.status).toBe(403);
    const rest = await fetch(`${app.url}/api/company/netPromoterScores/${config.id}`, {
      headers: { authorization: `Bearer ${await tokenOf(COMERCIAL)}` },
    });
    expect(rest.status).toBe(200);
    const removed = await fetch(`${app.url}/api/company/netPromoterScores/${config.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${await tokenOf(COMERCIAL)}` },
    });
    expect(removed.status).toBe(200);
    const gone = await fetch(`${app.url}/api/company/netPromoterScores/${config.id}`, {
      headers: { authorization: `Bearer ${await tokenOf(COMERCIAL)}` },
    });
    expect(gone.status).toBe(404);
  });
});
