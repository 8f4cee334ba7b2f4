import { es } from '@cartera/domain/i18n';
import {
  SANDBOX_NPS_TEMPLATES,
  SANDBOX_TEMPLATE,
  SANDBOX_WABA_ID,
} from '../../providers/sandbox/sandbox';
import { newId } from '@cartera/domain/ids';
import type { DemoData } from '@cartera/db/seed';
import type { AppDeps } from '../../deps';
import { createSession, resolveSession, revokeSession } from '../sessions/session.service';
import { sendChannelMessage } from './channel-outbound.service';
import { upsertTemplates } from './channel-templates.repository';
import { findContactsWithPhone } from './sandbox.repository';
import { webhookInboxSettled } from './webhook-inbox';
import { createSandboxChannel } from './channels.service';

/**
 * The demo's 'Canal de prueba' and its first conversations (issue #12 §8), written through the
 * real paths on the first start of a demo installation: customers' messages are signed webhooks,
 * the sellers' replies go through `channel.sendMessage` and the outbox job, and the simulated
 * phones send their delivery receipts a few seconds later. One customer's number is not on
 * WhatsApp, so one reply ends in error.
 */
const CONVERSATIONS = [
  {
    customer: 'Hola, ¿me pasan el precio del plan anual?',
    reply: '¡Hola! Claro, el plan anual tiene un 15 % de descuento. ¿Te envío la propuesta?',
  },
  {
    customer: 'Buenas tardes, ¿siguen teniendo stock del modelo que vi en la feria?',
    reply: 'Buenas tardes. Sí, nos quedan unidades. ¿Querés que te lo reserve?',
  },
  {
    customer: '¿A qué hora abren mañana?',
    reply: 'Abrimos a las 9. Te espero.',
  },
];

export async function seedSandbox(deps: AppDeps, demo: DemoData) {
  const sellers = ['vendedor@demo.test', 'vendedora@demo.test']
    .map((email) => demo.users[email])
    .filter((user) => user !== undefined);
  if (!sellers.length) return;
  const channel = await createSandboxChannel(deps.db, deps.env, demo.demo.id, {
    name: es.channels.sandbox.channelName,
    color: '#25D366',
    roundRobin: { enabled: true, userIds: sellers.map((seller) => seller.id) },
    config: { origin: 'whatsapp', wabaId: SANDBOX_WABA_ID },
  });
  deps.sandbox.track(channel);
  // An approved template: what may go to a customer who has not written for 24 hours.
  await upsertTemplates(deps.db, [
    {
      tenantId: demo.demo.id,
      channelId: channel.id,
      name: SANDBOX_TEMPLATE.name,
      language: SANDBOX_TEMPLATE.language,
      category: 'UTILITY',
      status: 'APPROVED',
      body: SANDBOX_TEMPLATE.body,
    },
    // The NPS surveys' templates (issue #42).
    ...SANDBOX_NPS_TEMPLATES.map((template) => ({
      tenantId: demo.demo.id,
      channelId: channel.id,
      name: template.name,
      language: template.language,
      category: 'MARKETING',
      status: 'APPROVED',
      body: template.body,
      components: template.components.map((component) => ({ ...component })),
    })),
  ]);

  const seller = sellers[0]!;
  const contacts = await findContactsWithPhone(deps.db, demo.demo.id, seller.id, 4);
  // The last of them has a number that is not on WhatsApp: its reply is refused.
  const refused = contacts.at(-1);
  if (refused) deps.sandbox.simulator.notOnWhatsapp.add(refused.phones[0]!.replace(/\D/g, ''));

  const { token } = await createSession(deps.db, { tenantId: seller.tenantId, userId: seller.id });
  try {
    const session = await resolveSession(deps.db, token);
    if (!session) return;
    for (const [index, contact] of contacts.entries()) {
      const script = CONVERSATIONS[index % CONVERSATIONS.length]!;
      await deps.sandbox.customerWrites(channel, {
        phone: contact.phones[0]!,
        name: contact.firstName,
        text: script.customer,
      });
      // The reply comes after the customer's message is on the timeline.
      await webhookInboxSettled(deps.db);
      await sendChannelMessage(deps, session.user, {
        id: newId(),
        contactId: contact.id,
        channelId: channel.id,
        text: script.reply,
      });
    }
  } finally {
    await revokeSession(deps.db, token);
  }
  // Someone new writes: the round robin gives the new contact to the next seller.
  await deps.sandbox.customerWrites(channel, {
    phone: '+59899555010',
    name: 'Florencia Núñez',
    text: 'Hola, vi su publicidad en Instagram. ¿Hacen envíos al interior?',
  });
  await webhookInboxSettled(deps.db);
  deps.logger.info({ channelId: channel.id }, "channels: seeded the demo's 'Canal de prueba'");
}
