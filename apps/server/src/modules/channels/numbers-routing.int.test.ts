import { beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { contacts, deadLetters, webhookInbox } from '@cartera/db/schema';
import { newId } from '@cartera/domain/ids';
import { providerSenderPhone } from '@cartera/domain/phone-match';
import { useChannelApp } from '../../testing/channel-app';
import { waitFor } from '../../testing/ws-client';
import { metaSignature } from '../../providers/provider-http';
import { inboundText, signedWebhook } from '../../providers/whatsapp-cloud/graph-simulator';
import {
  startWhatsappCloudFake,
  type WhatsappCloudFake,
} from '../../providers/whatsapp-cloud/whatsapp-cloud.fake';
import { enqueueWebhookEvents, MAX_ATTEMPTS, webhookInboxSettled } from './webhook-inbox';
import { findChannel } from './channels.repository';
import { COMERCIAL as MANAGER } from '../../testing/demo-users';

/*
 * Issue #31 items 3, 4, 5 and 10: Latin American numbers as WhatsApp writes them, routing by the
 * number a webhook names, and the dead letters ('Mensajes no procesados') of what cannot be taken
 * in.
 */

const ACCESS_TOKEN = 'EAAG-numbers-token';
const APP_SECRET = 'numbers-app-secret';
const SALES_NUMBER_ID = '110000000000001';
const SUPPORT_NUMBER_ID = '110000000000002';
const UNKNOWN_NUMBER_ID = '110000000000009';

const fake: WhatsappCloudFake = await startWhatsappCloudFake({ accessToken: ACCESS_TOKEN });
const env = useChannelApp(fake);

let sales: { id: string; webhookUrl: string };

async function createWhatsapp(name: string, phoneNumberId: string, origin?: string) {
  const created = await env.call(MANAGER, 'channel.create', {
    type: 'whatsapp_business',
    name,
    config: { phoneNumberId, ...(origin ? { origin } : {}) },
    secrets: { accessToken: ACCESS_TOKEN, appSecret: APP_SECRET, verifyToken: 'verify' },
  });
  expect(created.status).toBe(200);
  return created.data;
}

const post = (url: string, envelope: unknown) =>
  env.postWebhook(url, signedWebhook(APP_SECRET, envelope));

async function texts(contactId: string) {
  return (await env.interactionsOf(contactId)).map(
    (row) => (row.content as { message: { text: string } }).message.text,
  );
}

beforeAll(async () => {
  // No origin given: the contacts it creates still get the channel's (issue #31 item 10).
  sales = await createWhatsapp('WhatsApp Ventas MX', SALES_NUMBER_ID);
});

describe('números de América Latina como los escribe WhatsApp', () => {
  it('un celular mexicano 521… llega al contacto guardado como +52… y la respuesta sale al 521…', async () => {
    const [stored] = await env.database.handle.db
      .insert(contacts)
      .values({
        tenantId: env.demo.demo.id,
        firstName: 'Ximena',
        lastName: 'Hernández',
        phones: ['+525512345678'],
        agentId: env.demo.users['vendedor@demo.test']!.id,
      })
      .returning();
    const answer = await post(
      sales.webhookUrl,
      inboundText(SALES_NUMBER_ID, {
        from: '5215512345678',
        name: 'Ximena',
        text: '¿Hacen envíos a Monterrey?',
      }),
    );
    expect(answer.status).toBe(200);
    expect(await texts(stored!.id)).toEqual(['¿Hacen envíos a Monterrey?']);
    expect(await env.contactsWithPhone('+5215512345678')).toEqual([]);

    const id = newId();
    const sent = await env.call('vendedor@demo.test', 'channel.sendMessage', {
      id,
      contactId: stored!.id,
      channelId: sales.id,
      text: 'Sí, enviamos a todo México.',
    });
    expect(sent.status).toBe(200);
    const replyOf = () =>
      fake.simulator.sent.find((each) => JSON.stringify(each.body).includes('todo México'));
    await waitFor(() => replyOf() !== undefined, 15_000, 'the reply');
    expect(replyOf()!.body).toMatchObject({ to: '5215512345678' });
  });

  it('y al revés: un contacto guardado como 521… recibe al que escribe como 52…', async () => {
    const [stored] = await env.database.handle.db
      .insert(contacts)
      .values({ tenantId: env.demo.demo.id, firstName: 'Rodrigo', phones: ['+5213398765432'] })
      .returning();
    await post(
      sales.webhookUrl,
      inboundText(SALES_NUMBER_ID, { from: '523398765432', text: 'Buenas tardes' }),
    );
    expect(await texts(stored!.id)).toEqual(['Buenas tardes']);
    expect(await env.contactsWithPhone('+523398765432')).toEqual([]);
  });

  it('los dos primeros mensajes de un número nuevo, como 521… y como 52…, a la vez: un solo contacto con los dos', async () => {
    // Stored in the inbox together, one lease brings both, and the two forms of one sender go
    // to two lanes taken in at the same time: the one that waits for the sender's lock read the
    // contacts before it was granted, so it must read again under the lock and find the contact
    // the other created (inbound-writer.ts).
    const db = env.database.handle.db;
    const channel = (await findChannel(db, env.demo.demo.id, sales.id))!;
    const message = (id: string, from: string, text: string) => ({
      kind: 'message' as const,
      providerMessageId: id,
      from: { phone: providerSenderPhone(from)!, name: 'Paola' },
      at: new Date(),
      text,
    });
    await db.transaction(async (tx) => {
      await enqueueWebhookEvents(tx, channel, [message('wamid.PAOLA-1', '5218112345670', 'Hola')]);
      await enqueueWebhookEvents(tx, channel, [
        message('wamid.PAOLA-2', '528112345670', '¿Precio?'),
      ]);
    });
    await webhookInboxSettled(db);
    const created = await env.contactsWithPhone('+528112345670');
    expect(created).toHaveLength(1);
    expect(await env.contactsWithPhone('+5218112345670')).toEqual([]);
    expect((await texts(created[0]!.id)).sort()).toEqual(['Hola', '¿Precio?']);
  });

  it('Argentina 549 llega al contacto tipeado sin el 9; Brasil con noveno dígito, al guardado sin él', async () => {
    const [argentina, brasil] = await env.database.handle.db
      .insert(contacts)
      .values([
        { tenantId: env.demo.demo.id, firstName: 'Julián', phones: ['+541145678901'] },
        { tenantId: env.demo.demo.id, firstName: 'Thiago', phones: ['+552187654321'] },
      ])
      .returning();
    await post(
      sales.webhookUrl,
      inboundText(SALES_NUMBER_ID, { from: '5491145678901', text: '¿Envían a Rosario?' }),
    );
    await post(
      sales.webhookUrl,
      inboundText(SALES_NUMBER_ID, { from: '5521987654321', text: 'Olá, tudo bem?' }),
    );
    expect(await texts(argentina!.id)).toEqual(['¿Envían a Rosario?']);
    expect(await texts(brasil!.id)).toEqual(['Olá, tudo bem?']);
    expect(await env.contactsWithPhone('+5491145678901')).toEqual([]);
    expect(await env.contactsWithPhone('+5521987654321')).toEqual([]);
  });

  it('un número nuevo 521… crea un contacto con su forma E.164 y el origen del canal', async () => {
    await post(
      sales.webhookUrl,
      inboundText(SALES_NUMBER_ID, { from: '5218187654321', name: 'Paola', text: 'Hola' }),
    );
    const [created] = await env.contactsWithPhone('+528187654321');
    expect(created).toMatchObject({ firstName: 'Paola', origin: 'whatsapp' });
  });

  it('un remitente que la biblioteca rechaza crea su contacto con el número como vino', async () => {
    await post(
      sales.webhookUrl,
      inboundText(SALES_NUMBER_ID, { from: '12345', name: 'Número raro', text: 'Hola?' }),
    );
    const [created] = await env.contactsWithPhone('+12345');
    expect(created).toMatchObject({ firstName: 'Número raro', phones: ['+12345'] });
    expect(await texts(created!.id)).toEqual(['Hola?']);
  });
});

describe('ruteo por número y mensajes no procesados', () => {
  it('un evento de otro número de la empresa va a su canal, no al de la URL', async () => {
    const support = await createWhatsapp('WhatsApp Soporte', SUPPORT_NUMBER_ID, 'soporte');
    await post(
      sales.webhookUrl,
      inboundText(SUPPORT_NUMBER_ID, { from: '59899700100', name: 'Rosa', text: 'Soporte, ayuda' }),
    );
    const [rosa] = await env.contactsWithPhone('+59899700100');
    expect(rosa).toMatchObject({ origin: 'soporte' });
    const [item] = await env.interactionsOf(rosa!.id);
    expect(item!.content).toMatchObject({ channelId: support.id, channelName: 'WhatsApp Soporte' });
  });

  it('un número que ningún canal tiene queda en el canal de la URL; Reintentar tras crear el canal lo toma una vez', async () => {
    const envelope = inboundText(UNKNOWN_NUMBER_ID, {
      id: 'wamid.DEAD-LETTER-1',
      from: '59899700200',
      name: 'Sin canal',
      text: 'Hola, ¿hay alguien?',
    });
    expect((await post(sales.webhookUrl, envelope)).status).toBe(200);
    expect(await env.contactsWithPhone('+59899700200')).toEqual([]);
    const listed = await env.call(MANAGER, 'channel.deadLetters', { channelId: sales.id });
    expect(listed.status).toBe(200);
    expect(listed.data.count).toBe(1);
    const [letter] = listed.data.items;
    expect(letter).toMatchObject({
      reason: 'NO_CHANNEL_FOR_NUMBER',
      detail: UNKNOWN_NUMBER_ID,
      provider: 'whatsapp',
    });
    expect(JSON.stringify(letter!.payload)).toContain('Hola, ¿hay alguien?');

    // A seller does not manage 'Canales'.
    const seller = await env.call('vendedor@demo.test', 'channel.deadLetters', {
      channelId: sales.id,
    });
    expect(seller.status).toBe(403);

    // Still no channel: it stays, with its reason.
    const early = await env.call(MANAGER, 'channel.retryDeadLetter', {
      channelId: sales.id,
      id: letter!.id,
    });
    expect(early.data).toEqual({ resolved: false });
    expect(
      (await env.call(MANAGER, 'channel.deadLetters', { channelId: sales.id })).data.count,
    ).toBe(1);

    const added = await createWhatsapp('WhatsApp Nuevo', UNKNOWN_NUMBER_ID);
    const retried = await env.call(MANAGER, 'channel.retryDeadLetter', {
      channelId: sales.id,
      id: letter!.id,
    });
    expect(retried.data).toEqual({ resolved: true });
    await env.webhooksSettled();
    // Twice changes nothing.
    await env.call(MANAGER, 'channel.retryDeadLetter', { channelId: sales.id, id: letter!.id });
    await env.webhooksSettled();
    const [customer] = await env.contactsWithPhone('+59899700200');
    expect(await texts(customer!.id)).toEqual(['Hola, ¿hay alguien?']);
    const [item] = await env.interactionsOf(customer!.id);
    expect(item!.content).toMatchObject({ channelId: added.id });
    expect(
      (await env.call(MANAGER, 'channel.deadLetters', { channelId: sales.id })).data.count,
    ).toBe(0);
  });

  it('eventos que el buzón no pudo tomar tras sus reintentos quedan como no procesados, con aviso', async () => {
    const before = (await env.call(MANAGER, 'channel.deadLetters', { channelId: sales.id })).data
      .count;
    // A row that failed every attempt: the worker gives it up on its next failure.
    // Its event cannot be written (a time that is not a date): every attempt fails.
    const broken = {
      kind: 'message',
      providerMessageId: 'wamid.BROKEN-1',
      from: { phone: '+59899700300' },
      at: 'no es una fecha',
      text: 'Hola',
    };
    await env.database.handle.db.insert(webhookInbox).values({
      tenantId: env.demo.demo.id,
      channelId: sales.id,
      events: { json: [broken] } as never,
      attempts: MAX_ATTEMPTS - 1,
    });
    await env.webhooksSettled();
    const [row] = await env.database.handle.db
      .select()
      .from(deadLetters)
      .where(and(eq(deadLetters.channelId, sales.id), isNull(deadLetters.resolvedAt)))
      .orderBy(sql`${deadLetters.createdAt} desc`)
      .limit(1);
    expect(row).toMatchObject({ reason: 'INGEST_FAILED' });
    const after = (await env.call(MANAGER, 'channel.deadLetters', { channelId: sales.id })).data;
    expect(after.count).toBe(before + 1);
  });

  it('un mensaje sin remitente o sin id queda como no procesado con su motivo y un aviso en el registro; el resto entra', async () => {
    const warn = vi.spyOn(env.app.deps.logger, 'warn');
    try {
      const envelope = inboundText(SALES_NUMBER_ID, {
        id: 'wamid.WITH-ALL-1',
        from: '59899700400',
        text: 'Este sí llega',
      }) as unknown as { entry: Array<{ changes: Array<{ value: { messages: unknown[] } }> }> };
      const { messages } = envelope.entry[0]!.changes[0]!.value;
      const timestamp = String(Math.floor(Date.now() / 1000));
      messages.push(
        { id: 'wamid.NO-SENDER-1', timestamp, type: 'text', text: { body: 'Sin remitente' } },
        { from: '59899700401', timestamp, type: 'text', text: { body: 'Sin id' } },
      );
      expect((await post(sales.webhookUrl, envelope)).status).toBe(200);
      const [customer] = await env.contactsWithPhone('+59899700400');
      expect(await texts(customer!.id)).toEqual(['Este sí llega']);
      expect(await env.contactsWithPhone('+59899700401')).toEqual([]);

      const listed = await env.call(MANAGER, 'channel.deadLetters', { channelId: sales.id });
      const letter = listed.data.items.find((each) => each.reason === 'MESSAGE_WITHOUT_SENDER');
      expect(letter).toMatchObject({
        provider: 'whatsapp',
        detail: 'messages[1] wamid.NO-SENDER-1; messages[2]',
      });
      expect(JSON.stringify(letter!.payload)).toContain('Sin remitente');
      expect(JSON.stringify(letter!.payload)).toContain('Sin id');
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ reason: 'MESSAGE_WITHOUT_SENDER', channelId: sales.id }),
        'webhooks: event not taken in, kept as a dead letter',
      );
    } finally {
      warn.mockRestore();
    }
  });

  it('un cuerpo firmado que no se puede leer queda como no procesado y se responde 200', async () => {
    const body = Buffer.from('{"entry": [ roto');
    const response = await fetch(sales.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': metaSignature(APP_SECRET, body),
      },
      body,
    });
    expect(response.status).toBe(200);
    const listed = await env.call(MANAGER, 'channel.deadLetters', { channelId: sales.id });
    expect(listed.data.items.some((each) => each.reason === 'UNPARSEABLE_PAYLOAD')).toBe(true);
  });

  it('lo que llega a una URL de ninguna empresa lo ven los administradores de la plataforma', async () => {
    const response = await fetch(sales.webhookUrl.replace(/[^/]+$/, 'z'.repeat(32)), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ object: 'whatsapp_business_account', entry: [] }),
    });
    expect(response.status).toBe(404);
    const admins = await env.call('admin@demo.test', 'admin.deadLetters');
    expect(admins.status).toBe(200);
    expect(admins.data.items[0]).toMatchObject({ reason: 'UNKNOWN_WEBHOOK', provider: 'whatsapp' });
    expect((await env.call(MANAGER, 'admin.deadLetters')).status).toBe(403);
  });
});
