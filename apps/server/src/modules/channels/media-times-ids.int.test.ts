import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { channelMessages, interactions } from '@cartera/db/schema';
import { es } from '@cartera/domain/i18n';
import { newId, uuidV7Time } from '@cartera/domain/ids';
import { useChannelApp } from '../../testing/channel-app';
import {
  graphError,
  inboundMedia,
  inboundText,
  signedWebhook,
} from '../../providers/whatsapp-cloud/graph-simulator';
import {
  startWhatsappCloudFake,
  type WhatsappCloudFake,
} from '../../providers/whatsapp-cloud/whatsapp-cloud.fake';
import { SELLER, OTHER_SELLER } from '../../testing/demo-users';

/*
 * Issue #31 items 6, 8 and 9 through WhatsApp Cloud: a customer's file that the provider does not
 * give at once is tried again on the configured schedule (seconds here) and, past it, the item
 * says so and offers 'Reintentar'; a customer's message shows the provider's time and opens the
 * reply window from it; ids a client makes are recent UUIDv7s.
 */

const ACCESS_TOKEN = 'EAAG-media-token';
const APP_SECRET = 'media-app-secret';
const PHONE_NUMBER_ID = '106540352249999';

const fake: WhatsappCloudFake = await startWhatsappCloudFake({ accessToken: ACCESS_TOKEN });
// Three tries one second apart, instead of the production schedule.
const env = useChannelApp(fake, {
  env: { MEDIA_FETCH_RETRY_SECONDS: '1', MEDIA_FETCH_ATTEMPTS: '3' },
});

let channel: { id: string; webhookUrl: string };

const post = (envelope: unknown) =>
  env.postWebhook(channel.webhookUrl, signedWebhook(APP_SECRET, envelope));

const contactWithPhone = async (phone: string) => (await env.contactsWithPhone(phone))[0]!;

async function itemWithCaption(contactId: string, caption: string) {
  const items = await env.interactionsOf(contactId);
  return items.find(
    (each) => (each.content as { message: { text: string } }).message.text === caption,
  );
}

interface MediaContent {
  message: { media: string | null };
  mediaError?: { code: string; providerCode: string | null; attempts: number };
}

const mediaLookups = (mediaId: string) =>
  fake.requests.filter((each) => each.method === 'GET' && each.path === `/v22.0/${mediaId}`).length;

const PHOTO = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489',
  'hex',
);

beforeAll(async () => {
  const created = await env.call('comercial@demo.test', 'channel.create', {
    type: 'whatsapp_business',
    name: 'WhatsApp Archivos',
    config: { phoneNumberId: PHONE_NUMBER_ID, wabaId: '102290129349999' },
    secrets: { accessToken: ACCESS_TOKEN, appSecret: APP_SECRET, verifyToken: 'v' },
    roundRobin: { enabled: true, userIds: [env.demo.users[SELLER]!.id] },
  });
  expect(created.status).toBe(200);
  channel = created.data;
});

describe('archivos del cliente que el proveedor no entrega a la primera (#31)', () => {
  it('una descarga que falla dos veces y luego funciona muestra el archivo', async () => {
    const mediaId = fake.simulator.storeMedia(PHOTO, 'image/png');
    fake.simulator.failMediaNext(
      graphError(1, 'An unknown error occurred', 500),
      graphError(2, 'Service temporarily unavailable', 503),
    );
    const answer = await post(
      inboundMedia(PHONE_NUMBER_ID, {
        from: '59891000111',
        kind: 'image',
        mediaId,
        mimeType: 'image/png',
        caption: 'Foto al tercer intento',
      }),
    );
    expect(answer.status).toBe(200);
    const contact = await contactWithPhone('+59891000111');
    const content = async () =>
      (await itemWithCaption(contact.id, 'Foto al tercer intento'))?.content as
        MediaContent | undefined;
    await expect
      .poll(async () => (await content())?.message.media, { timeout: 30_000 })
      .toMatch(/\/api\/files\/channels\//);
    expect(mediaLookups(mediaId)).toBe(3);
    expect((await content())?.mediaError).toBeUndefined();
    const stored = await fetch((await content())!.message.media!, {
      headers: { authorization: `Bearer ${await env.tokenOf(SELLER)}` },
    });
    expect(Buffer.from(await stored.arrayBuffer())).toEqual(PHOTO);
  });

  it("una descarga que sigue fallando queda con el aviso y 'Reintentar' la trae", async () => {
    const mediaId = fake.simulator.storeMedia(PHOTO, 'image/png');
    fake.simulator.failMediaNext(
      graphError(1, 'An unknown error occurred', 500),
      graphError(1, 'An unknown error occurred', 500),
      graphError(1, 'An unknown error occurred', 500),
    );
    await post(
      inboundMedia(PHONE_NUMBER_ID, {
        from: '59891000222',
        kind: 'document',
        mediaId,
        mimeType: 'image/png',
        fileName: 'presupuesto.png',
        caption: 'Nunca llega',
      }),
    );
    const contact = await contactWithPhone('+59891000222');
    const item = async () => (await itemWithCaption(contact.id, 'Nunca llega'))!;
    await expect
      .poll(async () => ((await item())?.content as unknown as MediaContent).mediaError?.attempts, {
        timeout: 30_000,
      })
      .toBe(3);
    const failed = (await item()).content as unknown as MediaContent;
    expect(failed.message.media).toBeNull();
    expect(failed.mediaError).toMatchObject({ code: 'MEDIA_DOWNLOAD_FAILED', providerCode: '500' });
    expect(mediaLookups(mediaId)).toBe(3);

    // Another seller does not see the contact: nothing happens.
    const stranger = await env.call(OTHER_SELLER, 'channel.retryMedia', {
      interactionId: (await item()).id,
    });
    expect(stranger.status).toBe(404);
    expect(mediaLookups(mediaId)).toBe(3);

    const retried = await env.call(SELLER, 'channel.retryMedia', {
      interactionId: (await item()).id,
    });
    expect(retried.status).toBe(200);
    await expect
      .poll(async () => ((await item()).content as unknown as MediaContent).message.media, {
        timeout: 30_000,
      })
      .toMatch(/\/api\/files\/channels\//);
    expect(((await item()).content as unknown as MediaContent).mediaError).toBeUndefined();
    expect(mediaLookups(mediaId)).toBe(4);
    // Nothing left to retry.
    const again = await env.call(SELLER, 'channel.retryMedia', {
      interactionId: (await item()).id,
    });
    expect(again.status).toBe(404);
  });
});

describe('hora del proveedor y orden del historial (#31)', () => {
  it('un mensaje con la hora del proveedor de hace minutos muestra esa hora y la ventana cuenta desde ella', async () => {
    const sentAt = new Date(Math.floor((Date.now() - 10 * 60_000) / 1000) * 1000);
    const arrival = Date.now();
    await post(
      inboundText(PHONE_NUMBER_ID, { from: '59891000333', text: 'Escrito hace diez', at: sentAt }),
    );
    const contact = await contactWithPhone('+59891000333');
    const item = (await itemWithCaption(contact.id, 'Escrito hace diez'))!;
    // Shown at the provider's time; its id (the timeline's order) made at arrival.
    expect(item.createdAt.getTime()).toBe(sentAt.getTime());
    expect(uuidV7Time(item.id)!).toBeGreaterThanOrEqual(arrival - 1_000);
    const [claim] = await env.database.handle.db
      .select({ createdAt: channelMessages.createdAt })
      .from(channelMessages)
      .where(eq(channelMessages.interactionId, item.id));
    expect(claim!.createdAt.getTime()).toBe(sentAt.getTime());
    const window = await env.call(SELLER, 'channel.replyWindow', {
      contactId: contact.id,
      channelId: channel.id,
    });
    expect(window.data).toMatchObject({ limited: true, open: true });
    expect(new Date(window.data.closesAt!).getTime()).toBe(sentAt.getTime() + 24 * 3_600_000);
  });

  it('una hora del proveedor en el futuro se toma como la de llegada', async () => {
    const before = Date.now();
    await post(
      inboundText(PHONE_NUMBER_ID, {
        from: '59891000333',
        text: 'Reloj adelantado',
        at: new Date(Date.now() + 3_600_000),
      }),
    );
    const contact = await contactWithPhone('+59891000333');
    const item = (await itemWithCaption(contact.id, 'Reloj adelantado'))!;
    expect(item.createdAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(item.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
  });
});

describe('identificadores que da el cliente (#31)', () => {
  const v7At = (ms: number) => newId(ms);
  const CLIENT_ID_ERROR =
    'El identificador debe ser un UUIDv7 no posterior a la hora del servidor ni de hace más de 24 horas.';

  async function exists(id: string) {
    const rows = await env.database.handle.db
      .select({ id: interactions.id })
      .from(interactions)
      .where(eq(interactions.id, id));
    return rows.length > 0;
  }

  it('channel.sendMessage con un id aleatorio (v4) o de hace 25 h da el error en español y no guarda nada', async () => {
    const contact = await contactWithPhone('+59891000333');
    for (const id of ['3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e', v7At(Date.now() - 25 * 3_600_000)]) {
      const refused = await env.call(SELLER, 'channel.sendMessage', {
        id,
        contactId: contact.id,
        channelId: channel.id,
        text: 'Con un id ajeno',
      });
      expect(refused.status).toBe(400);
      expect(refused.error?.data.domainCode).toBe('INVALID_REQUEST_BODY');
      expect(refused.error?.data.fieldErrors).toMatchObject({ id: [CLIENT_ID_ERROR] });
      expect(await exists(id)).toBe(false);
    }
    const recent = v7At(Date.now() - 10 * 60_000);
    const accepted = await env.call(SELLER, 'channel.sendMessage', {
      id: recent,
      contactId: contact.id,
      channelId: channel.id,
      text: 'Escrito sin conexión hace diez minutos',
    });
    expect(accepted.status).toBe(200);
    expect(await exists(recent)).toBe(true);
  });

  it('channel.scheduleMessage y el SMS por REST rechazan un id aleatorio (v4) sin guardar nada', async () => {
    const contact = await contactWithPhone('+59891000333');
    const id = 'c8a1f0f2-9b3e-4d6a-a1b2-0c3d4e5f6a7b';
    const refused = await env.call(SELLER, 'channel.scheduleMessage', {
      id,
      contactId: contact.id,
      channelId: channel.id,
      text: 'Mañana te escribo',
      date: new Date(Date.now() + 3_600_000),
    });
    expect(refused.status).toBe(400);
    expect(refused.error?.data.fieldErrors).toMatchObject({ id: [CLIENT_ID_ERROR] });
    expect(await exists(id)).toBe(false);
    const rest = await fetch(`${env.app.url}/api/channels/sms/message`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await env.tokenOf(SELLER)}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ id, contactId: contact.id, text: 'Hola' }),
    });
    expect(rest.status).toBe(400);
    expect(await exists(id)).toBe(false);
  });
});

describe('errores del proveedor en español (#31)', () => {
  it('un envío rechazado guarda el código del proveedor, que el catálogo explica en español', async () => {
    // A number WhatsApp does not deliver to: every send to it is refused with 131026.
    await post(inboundText(PHONE_NUMBER_ID, { from: '59891000444', text: 'Escribime' }));
    fake.simulator.notOnWhatsapp.add('59891000444');
    const contact = await contactWithPhone('+59891000444');
    const id = newId();
    const sent = await env.call(SELLER, 'channel.sendMessage', {
      id,
      contactId: contact.id,
      channelId: channel.id,
      text: 'No llega',
    });
    expect(sent.status).toBe(200);
    const row = async () =>
      (
        await env.database.handle.db
          .select({ status: interactions.status, content: interactions.content })
          .from(interactions)
          .where(eq(interactions.id, id))
      )[0]!;
    await expect.poll(async () => (await row()).status, { timeout: 15_000 }).toBe('error');
    expect((await row()).content).toMatchObject({
      errorCode: 'SEND_MESSAGE_ERROR',
      providerErrorCode: '131026',
    });
    expect(es.conversation.timeline.chat.providerErrors['131026']).toMatch(/no se pudo entregar/);
  });
});
