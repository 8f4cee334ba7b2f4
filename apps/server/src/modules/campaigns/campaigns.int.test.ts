import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { channelTemplates, contacts, groups, interactions } from '@cartera/db/schema';
import { newId } from '@cartera/domain/ids';
import { useChannelApp } from '../../testing/channel-app';
import {
  startWhatsappCloudFake,
  type WhatsappCloudFake,
} from '../../providers/whatsapp-cloud/whatsapp-cloud.fake';
import { COMERCIAL, PROJECT_MANAGER, SELLER } from '../../testing/demo-users';
import { nextWindowOpening } from './campaign-sender';

/*
 * Campaigns (issue #42 item 2): a template to a segment through the WhatsApp Cloud fake, at the
 * rate asked for, each contact once; pause and resume; opt-outs and missing values skipped.
 */

const ACCESS_TOKEN = 'EAAG-campaigns-token';
const PHONE_NUMBER_ID = '130000000000001';
const fake: WhatsappCloudFake = await startWhatsappCloudFake({ accessToken: ACCESS_TOKEN });
const env = useChannelApp(fake);

let channelId: string;

beforeAll(async () => {
  const db = env.database.handle.db;
  const tenantId = env.demo.demo.id;
  const [tenant] = await db.select().from(groups).where(eq(groups.id, tenantId));
  await db
    .update(groups)
    .set({ featureFlags: { ...tenant!.featureFlags, campaigns: 1 } })
    .where(eq(groups.id, tenantId));
  const created = await env.call(COMERCIAL, 'channel.create', {
    type: 'whatsapp_business',
    name: 'WhatsApp Campañas',
    config: { phoneNumberId: PHONE_NUMBER_ID },
    secrets: { accessToken: ACCESS_TOKEN, appSecret: 'campaigns-secret', verifyToken: 'verify' },
  });
  expect(created.status).toBe(200);
  channelId = (created.data as { id: string }).id;
  await db.insert(channelTemplates).values({
    tenantId,
    channelId,
    name: 'promo_invierno',
    language: 'es',
    status: 'APPROVED',
    category: 'MARKETING',
    body: 'Hola {{1}}, este invierno tenemos {{2}}.',
  });
});

/** `count` contacts of the demo company tagged `tag`, with numbers of their own. */
async function taggedContacts(tag: string, count: number, prefix: string) {
  return env.database.handle.db
    .insert(contacts)
    .values(
      Array.from({ length: count }, (_, index) => ({
        tenantId: env.demo.demo.id,
        firstName: `Cliente${index}`,
        statusTag: tag,
        phones: [`+598${prefix}${String(index).padStart(4, '0')}`],
        agentId: env.demo.users[SELLER]!.id,
      })),
    )
    .returning();
}

const campaignInput = (tag: string, rate: number) => ({
  name: `Campaña ${tag}`,
  channelId,
  template: { name: 'promo_invierno', language: 'es' },
  parameters: [
    { source: 'field', field: 'firstName' },
    { source: 'text', value: 'descuentos' },
  ],
  segment: { statusTag: tag },
  windowStart: 0,
  windowEnd: 24,
  ratePerSecond: rate,
});

async function statistics(id: string) {
  const answer = await env.call(PROJECT_MANAGER, 'campaign.statistics', { id });
  expect(answer.error).toBeUndefined();
  return answer.data!;
}

/** The provider's messages to numbers starting with `prefix`, oldest first. */
const sentTo = (prefix: string) =>
  fake.simulator.sent
    .filter((each) => String((each.body as { to?: string }).to ?? '').startsWith(`598${prefix}`))
    .sort((a, b) => a.at.getTime() - b.at.getTime());

/** The most messages the provider received within any one second. */
function busiestSecond(times: number[]) {
  let most = 0;
  let from = 0;
  for (let to = 0; to < times.length; to += 1) {
    while (times[to]! - (times[from] ?? 0) >= 1_000) from += 1;
    most = Math.max(most, to - from + 1);
  }
  return most;
}

describe('campañas', () => {
  it('300 contactos a 50 por segundo: el proveedor nunca ve más de 50 en un segundo y cada uno recibe uno', async () => {
    await taggedContacts('campania-300', 300, '97');
    const created = await env.call(
      PROJECT_MANAGER,
      'campaign.create',
      campaignInput('campania-300', 50),
    );
    expect(created.error).toBeUndefined();
    const id = (created.data as { id: string }).id;
    const preview = await env.call(PROJECT_MANAGER, 'campaign.preview', {
      segment: { statusTag: 'campania-300' },
      parameters: campaignInput('x', 1).parameters,
    });
    expect(preview.data).toMatchObject({ count: 300 });
    expect((preview.data as { sample: Array<{ values: string[] }> }).sample[0]!.values[1]).toBe(
      'descuentos',
    );

    expect((await env.call(PROJECT_MANAGER, 'campaign.start', { id })).error).toBeUndefined();
    await expect.poll(async () => (await statistics(id)).status, { timeout: 60_000 }).toBe('done');
    const figures = await statistics(id);
    expect(figures).toMatchObject({ total: 300, sent: 300, failed: 0, unknown: 0, pending: 0 });

    const sent = sentTo('97');
    expect(sent).toHaveLength(300);
    expect(new Set(sent.map((each) => (each.body as { to: string }).to)).size).toBe(300);
    expect(busiestSecond(sent.map((each) => each.at.getTime()))).toBeLessThanOrEqual(50);
    expect(sent[0]!.body).toMatchObject({
      type: 'template',
      template: { name: 'promo_invierno', language: { code: 'es' } },
    });
  });

  it('en pausa no envía más; al reanudar sigue donde quedó, sin repetir a nadie', async () => {
    await taggedContacts('campania-pausa', 30, '96');
    const created = await env.call(
      PROJECT_MANAGER,
      'campaign.create',
      campaignInput('campania-pausa', 10),
    );
    const id = (created.data as { id: string }).id;
    await env.call(PROJECT_MANAGER, 'campaign.start', { id });
    await expect
      .poll(async () => (await statistics(id)).sent, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(5);
    const paused = await env.call(PROJECT_MANAGER, 'campaign.pause', { id });
    expect(paused.data).toMatchObject({ status: 'paused' });
    // What was in flight ends; then nothing is pending being sent.
    await expect.poll(async () => (await statistics(id)).sending, { timeout: 10_000 }).toBe(0);
    const atPause = await statistics(id);
    expect(atPause.pending).toBeGreaterThan(0);
    expect(sentTo('96')).toHaveLength(atPause.sent);

    const again = await env.call(PROJECT_MANAGER, 'campaign.pause', { id });
    expect(again.error?.data.domainCode).toBe('CAMPAIGN_NOT_EDITABLE');
    expect((await env.call(PROJECT_MANAGER, 'campaign.resume', { id })).error).toBeUndefined();
    await expect.poll(async () => (await statistics(id)).status, { timeout: 60_000 }).toBe('done');
    const sent = sentTo('96');
    expect(sent).toHaveLength(30);
    expect(new Set(sent.map((each) => (each.body as { to: string }).to)).size).toBe(30);
  });

  it("quien respondió 'BAJA' y quien no tiene el dato de la plantilla quedan fuera, con su motivo", async () => {
    const [optedOut, noValue, fine] = await taggedContacts('campania-baja', 3, '95');
    const db = env.database.handle.db;
    await db.insert(interactions).values({
      id: newId(),
      tenantId: env.demo.demo.id,
      contactId: optedOut!.id,
      type: 'channelMessage',
      content: { message: { text: ' Baja.' }, origin: 'contact', channelId },
      createdBySystem: false,
    });
    await db
      .update(contacts)
      .set({ additionalData: { rubro: 'Ferretería' } })
      .where(eq(contacts.id, fine!.id));
    await db
      .update(contacts)
      .set({ additionalData: { rubro: 'Kiosco' } })
      .where(eq(contacts.id, optedOut!.id));
    const created = await env.call(PROJECT_MANAGER, 'campaign.create', {
      ...campaignInput('campania-baja', 20),
      parameters: [
        { source: 'field', field: 'firstName' },
        { source: 'custom', code: 'rubro' },
      ],
    });
    const id = (created.data as { id: string }).id;
    await env.call(PROJECT_MANAGER, 'campaign.start', { id });
    await expect.poll(async () => (await statistics(id)).status, { timeout: 30_000 }).toBe('done');
    const figures = await statistics(id);
    expect(figures).toMatchObject({ total: 3, sent: 1, skipped: 2 });
    expect(figures.reasons).toEqual({ OPTED_OUT: 1, MISSING_VALUES: 1 });
    const rows = await env.call(PROJECT_MANAGER, 'campaign.recipients', { id, state: 'skipped' });
    expect(rows.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          contactId: noValue!.id,
          reason: 'MISSING_VALUES',
          detail: 'rubro',
        }),
        expect.objectContaining({ contactId: optedOut!.id, reason: 'OPTED_OUT' }),
      ]),
    );
    // The one sent reads on the contact's timeline as the template with its values.
    const [item] = await env.interactionsOf(fine!.id);
    expect(item!.content).toMatchObject({
      message: { text: 'Hola Cliente2, este invierno tenemos Ferretería.' },
      campaign: { id },
    });
  });

  it('rechaza en español lo que no se puede enviar, una que no existe no se encuentra y un vendedor no entra', async () => {
    const bad = await env.call(PROJECT_MANAGER, 'campaign.create', {
      ...campaignInput('x', 20),
      parameters: [{ source: 'field', field: 'firstName' }],
    });
    expect(bad.error?.data.fieldErrors).toEqual({
      parameters: ['La plantilla tiene 2 variables y se indicaron 1'],
    });
    const noName = await env.call(PROJECT_MANAGER, 'campaign.create', {
      ...campaignInput('x', 20),
      name: ' ',
    });
    expect(noName.error?.data.fieldErrors).toMatchObject({
      name: ['Escribe un nombre para la campaña'],
    });
    const missing = await env.call(PROJECT_MANAGER, 'campaign.get', { id: newId() });
    expect(missing.error?.data.domainCode).toBe('CAMPAIGN_NOT_FOUND');
    const seller = await env.call(SELLER, 'campaign.list', undefined);
    expect(seller.error?.data.domainCode).toBe('PERMISSION_DENIED');
  });

  it('la ventana diaria: dentro no espera; fuera, abre a su hora en Montevideo', () => {
    // 2026-11-27 15:00 UTC is 12:00 in Montevideo (UTC-3).
    const noon = Date.UTC(2026, 10, 27, 15);
    expect(nextWindowOpening(noon, 9, 20)).toBeNull();
    // 23:00 in Montevideo: the next day's 09:00 there, 12:00 UTC.
    expect(nextWindowOpening(Date.UTC(2026, 10, 28, 2), 9, 20)?.toISOString()).toBe(
      '2026-11-28T12:00:00.000Z',
    );
    // 06:00 in Montevideo: the same day's 09:00.
    expect(nextWindowOpening(Date.UTC(2026, 10, 27, 9), 9, 20)?.toISOString()).toBe(
      '2026-11-27T12:00:00.000Z',
    );
  });
});
