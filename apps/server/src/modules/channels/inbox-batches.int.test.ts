import { describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { channelMessages, contacts, deadLetters, metricRollups } from '@cartera/db/schema';
import { metricsDay } from '@cartera/domain/metrics';
import { providerSenderPhone } from '@cartera/domain/phone-match';
import type { InboundEvent } from '../../providers/adapter';
import { useChannelApp } from '../../testing/channel-app';
import {
  startWhatsappCloudFake,
  type WhatsappCloudFake,
} from '../../providers/whatsapp-cloud/whatsapp-cloud.fake';
import { COMERCIAL as MANAGER, SELLER } from '../../testing/demo-users';
import { findChannel } from './channels.repository';
import { enqueueWebhookEvents, webhookInboxSettled } from './webhook-inbox';

/*
 * The inbox worker takes several customers' messages in one transaction (webhook-inbox.ts,
 * `ingestEventsTogether`, issue #31 item 12): what reaches the timelines, the unread counts and
 * the day's figures must be what one transaction per message wrote, and a batch that fails must
 * fall back to one customer at a time without losing or doubling anything.
 */

const ACCESS_TOKEN = 'EAAG-batches-token';
const fake: WhatsappCloudFake = await startWhatsappCloudFake({ accessToken: ACCESS_TOKEN });
const env = useChannelApp(fake);

async function createWhatsapp(name: string, phoneNumberId: string) {
  const created = await env.call(MANAGER, 'channel.create', {
    type: 'whatsapp_business',
    name,
    config: { phoneNumberId },
    secrets: { accessToken: ACCESS_TOKEN, appSecret: 'batches-secret', verifyToken: 'verify' },
  });
  expect(created.status).toBe(200);
  return created.data as { id: string };
}

const message = (id: string, from: string, text: string): InboundEvent => ({
  kind: 'message',
  providerMessageId: id,
  from: { phone: providerSenderPhone(from)!, name: `Cliente ${from.slice(-3)}` },
  at: new Date(),
  text,
});

/** The seller's stored count of messages in, today. */
async function messagesInToday(sellerId: string) {
  const [row] = await env.database.handle.db
    .select({ value: metricRollups.value })
    .from(metricRollups)
    .where(
      and(
        eq(metricRollups.tenantId, env.demo.demo.id),
        eq(metricRollups.userId, sellerId),
        eq(metricRollups.day, metricsDay(new Date())),
        eq(metricRollups.metric, 'messagesIn'),
      ),
    );
  return Number(row?.value ?? 0);
}

/** The texts on a contact's timeline, oldest first. */
async function texts(contactId: string) {
  return (await env.interactionsOf(contactId)).map(
    (row) => (row.content as { message: { text: string } }).message.text,
  );
}

describe('la bandeja de webhooks toma varios clientes en una transacción', () => {
  it('cuarenta clientes en una tanda: cada mensaje una vez y en orden, sus no leídos y las cifras del día como de a uno', async () => {
    const db = env.database.handle.db;
    const tenantId = env.demo.demo.id;
    const sellerId = env.demo.users[SELLER]!.id;
    const created = await createWhatsapp('WhatsApp Tandas', '120000000000001');
    const channel = (await findChannel(db, tenantId, created.id))!;
    const known = await db
      .insert(contacts)
      .values(
        Array.from({ length: 30 }, (_, index) => ({
          tenantId,
          firstName: `Tanda ${index}`,
          phones: [`+5989800${String(index).padStart(4, '0')}`],
          agentId: sellerId,
        })),
      )
      .returning();
    const before = await messagesInToday(sellerId);

    // One transaction stores every row, so the worker's one lease brings them all.
    await db.transaction(async (tx) => {
      for (const [index, contact] of known.entries()) {
        const from = contact.phones[0]!.slice(1);
        await enqueueWebhookEvents(tx, channel, [message(`wamid.TANDA-${index}-1`, from, 'uno')]);
        if (index < 10) {
          await enqueueWebhookEvents(tx, channel, [message(`wamid.TANDA-${index}-2`, from, 'dos')]);
        }
      }
      // A provider's replay of a message already in the batch, and ten numbers never seen.
      await enqueueWebhookEvents(tx, channel, [message('wamid.TANDA-0-1', '59898000000', 'uno')]);
      for (let index = 0; index < 10; index += 1) {
        const from = `5989810${String(index).padStart(4, '0')}`;
        await enqueueWebhookEvents(tx, channel, [message(`wamid.NUEVO-${index}`, from, 'hola')]);
      }
    });
    await webhookInboxSettled(db);

    const claims = await db
      .select({ id: channelMessages.providerMessageId, n: sql<number>`count(*)::int` })
      .from(channelMessages)
      .where(eq(channelMessages.channelId, channel.id))
      .groupBy(channelMessages.providerMessageId);
    expect(claims).toHaveLength(50);
    expect(claims.every((claim) => claim.n === 1)).toBe(true);
    for (const [index, contact] of known.entries()) {
      expect(await texts(contact.id)).toEqual(index < 10 ? ['uno', 'dos'] : ['uno']);
    }
    const unread = await db
      .select({ id: contacts.id, unread: contacts.unreadCount })
      .from(contacts)
      .where(
        inArray(
          contacts.id,
          known.map((contact) => contact.id),
        ),
      );
    const unreadOf = new Map(unread.map((row) => [row.id, row.unread]));
    known.forEach((contact, index) => expect(unreadOf.get(contact.id)).toBe(index < 10 ? 2 : 1));
    for (let index = 0; index < 10; index += 1) {
      const made = await env.contactsWithPhone(`+5989810${String(index).padStart(4, '0')}`);
      expect(made).toHaveLength(1);
      expect(await texts(made[0]!.id)).toEqual(['hola']);
    }
    // The seller's 40 messages in, counted once each (the replay counts nothing).
    expect((await messagesInToday(sellerId)) - before).toBe(40);
  });

  it('una tanda con eventos de un canal borrado: esos quedan como no procesados y los demás entran', async () => {
    const db = env.database.handle.db;
    const tenantId = env.demo.demo.id;
    const kept = (await findChannel(
      db,
      tenantId,
      (await createWhatsapp('WhatsApp Sigue', '120000000000002')).id,
    ))!;
    const goneId = (await createWhatsapp('WhatsApp Se Va', '120000000000003')).id;
    const gone = (await findChannel(db, tenantId, goneId))!;
    expect((await env.call(MANAGER, 'channel.remove', { id: goneId })).status).toBe(200);

    // Twelve customers: the worker shares them out in groups of three, one of which holds the
    // deleted channel's event, so that group's transaction fails and is taken customer by customer.
    await db.transaction(async (tx) => {
      for (let index = 0; index < 11; index += 1) {
        const from = `5989820${String(index).padStart(4, '0')}`;
        await enqueueWebhookEvents(tx, kept, [message(`wamid.SIGUE-${index}`, from, 'sigue')]);
      }
      await enqueueWebhookEvents(tx, gone, [message('wamid.SEVA-1', '59898299999', 'perdido?')]);
    });
    await webhookInboxSettled(db);

    for (let index = 0; index < 11; index += 1) {
      const made = await env.contactsWithPhone(`+5989820${String(index).padStart(4, '0')}`);
      expect(made).toHaveLength(1);
      expect(await texts(made[0]!.id)).toEqual(['sigue']);
    }
    const letters = await db
      .select({ reason: deadLetters.reason })
      .from(deadLetters)
      .where(eq(deadLetters.channelId, goneId));
    expect(letters).toEqual([{ reason: 'CHANNEL_GONE' }]);
    expect(await env.contactsWithPhone('+59898299999')).toEqual([]);
  });
});
