import { randomBytes, randomUUID } from 'node:crypto';
import type { Channel } from '@cartera/db/schema';
import { mapUrlOf } from '@cartera/domain/chat-parts';
import { NPS_RANGES } from '@cartera/domain/nps';
import { es } from '@cartera/domain/i18n';
import { phoneMatchKey } from '@cartera/domain/phone-match';
import type { OutboundResponse } from '../../lib/outbound';
import {
  GraphSimulator,
  inboundMessage,
  signedWebhook,
  statusUpdate,
} from '../whatsapp-cloud/graph-simulator';
import { registerInProcessProvider } from '../provider-http';
import type { WebhookRequest } from '../adapter';

/**
 * The demo's 'Canal de prueba' (issue #12 §7): a WhatsApp Business channel whose Graph API is an
 * in-process simulator, so `npm start` shows a whole live conversation without an account at
 * Meta. Everything but the provider is real: the channel's adapter builds the documented
 * request, the simulator answers as Graph does, customers' messages are signed with the
 * channel's app secret and go through the webhook's verification and ingestion, replies go
 * through the outbox job, and delivery receipts come back as status webhooks.
 *
 * Its secrets are not secret (they never leave the process) and are documented as demo values.
 */
export const SANDBOX_ACCESS_TOKEN = 'sandbox-access-token';
export const SANDBOX_APP_SECRET = 'sandbox-app-secret';

/** The demo's 'Canal de prueba' business account (WABA) and its approved template. */
export const SANDBOX_WABA_ID = 'sandbox-waba';
export const SANDBOX_TEMPLATE = {
  name: 'retomar_conversacion',
  language: 'es',
  body: 'Hola {{1}}, te escribimos de nuevo por tu consulta. ¿Seguimos conversando?',
};

/**
 * The demo's approved NPS templates (issue #42): {{1}} is the contact's first name and {{2}} the
 * configuration's question; the second asks with three quick-reply buttons (the first step of
 * the two-step answer, NPS_RANGES).
 */
export const SANDBOX_NPS_TEMPLATES = [
  {
    name: 'encuesta_nps',
    language: 'es',
    body: 'Hola {{1}}, {{2}} Responde con un número del 0 al 10.',
    components: [{ type: 'BODY', text: 'Hola {{1}}, {{2}} Responde con un número del 0 al 10.' }],
  },
  {
    name: 'encuesta_nps_botones',
    language: 'es',
    body: 'Hola {{1}}, {{2}}',
    components: [
      { type: 'BODY', text: 'Hola {{1}}, {{2}}' },
      {
        type: 'BUTTONS',
        buttons: NPS_RANGES.map((range) => ({ type: 'QUICK_REPLY', text: range.title })),
      },
    ],
  },
] as const;

/** How long after the company's message the simulated phone reports it delivered, then read. */
export const SANDBOX_RECEIPT_DELAYS_MS = { delivered: 1_500, read: 4_000 } as const;

/**
 * What the customer's page offers to tap while sellers cannot send interactive messages (issue
 * #31 §11): quick-reply buttons and a list, answered with the documented `button_reply` and
 * `list_reply` events. WhatsApp's limits apply: at most 3 buttons of 20 characters, list rows of
 * 24 characters with a description of 72. Change them here; the titles are in the catalogue.
 */
const quick = es.channels.sandbox.quickReplies;
export const SANDBOX_QUICK_REPLIES: SandboxChoices[] = [
  {
    kind: 'button_reply',
    options: [
      { id: 'si_me_interesa', title: quick.yes },
      { id: 'no_gracias', title: quick.no },
      { id: 'mas_informacion', title: quick.more },
    ],
  },
  {
    kind: 'list_reply',
    options: [
      { id: 'envio_domicilio', title: quick.delivery, description: quick.deliveryHint },
      { id: 'retiro_local', title: quick.pickup, description: quick.pickupHint },
      { id: 'hablar_vendedor', title: quick.talk, description: quick.talkHint },
    ],
  },
];

export interface SandboxOption {
  id: string;
  title: string;
  description?: string | undefined;
}

/** Buttons or list rows to answer with; `replyTo` is the company message that offered them. */
export interface SandboxChoices {
  /** `button`: a template's quick-reply buttons (issue #42), answered as WhatsApp's `button`. */
  kind: 'button_reply' | 'list_reply' | 'button';
  options: SandboxOption[];
  replyTo?: string | undefined;
}

export interface SandboxPlace {
  latitude: number;
  longitude: number;
  name?: string | undefined;
  address?: string | undefined;
}

/** What the customer sends from the test page: words, a tapped choice or a place. */
export type CustomerContent =
  | { type: 'text'; text: string }
  | {
      type: 'button_reply' | 'list_reply' | 'button';
      reply: SandboxOption & { replyTo?: string | undefined };
    }
  | { type: 'location'; location: SandboxPlace };

/** A customer's message as WhatsApp shows it to them: one tick, two, two blue ones. */
export type SandboxTicks = 'sent' | 'delivered' | 'read';

export interface SandboxMessage {
  /** The provider's id (`wamid.…`). */
  id: string;
  /** 'customer' wrote it on the test page; 'company' is a reply the simulator received. */
  from: 'customer' | 'company';
  text: string;
  at: Date;
  /** A file the company sent: its kind and the link the provider was given to fetch it. */
  media?: { kind: string; link: string; fileName?: string | undefined };
  /** The customer's ticks (their own messages only). */
  status?: SandboxTicks;
  /** The button or list row the customer tapped. */
  choice?: { kind: 'button_reply' | 'list_reply' | 'button'; id: string; title: string };
  /** A place the customer shared, with a map link. */
  location?: SandboxPlace & { mapUrl: string };
  /** Buttons or a list the company's interactive message offered. */
  choices?: SandboxChoices;
}

type Deliver = (channel: Pick<Channel, 'webhookKey'>, request: WebhookRequest) => Promise<unknown>;

export class WhatsappSandbox {
  /** Where the sandbox channels' adapter sends (`sandbox://…`, never a network address). */
  readonly origin = `sandbox://graph-${randomUUID()}`;
  readonly simulator = new GraphSimulator({
    accessToken: SANDBOX_ACCESS_TOKEN,
    origin: this.origin,
  });
  private readonly customerLog = new Map<string, SandboxMessage[]>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly unregister: () => void;
  private deliver: Deliver | undefined;
  /** The channel each phone number id belongs to (receipts are sent to its webhook). */
  private readonly channels = new Map<string, Pick<Channel, 'webhookKey'>>();

  constructor() {
    this.unregister = registerInProcessProvider(this.origin, async (url, request) => {
      const path = url.slice(this.origin.length);
      const headers = Object.fromEntries(
        Object.entries(request.headers ?? {}).map(([key, value]) => [key.toLowerCase(), value]),
      );
      const body = Buffer.from(request.body ?? '');
      const sentBefore = this.simulator.sent.length;
      const answer = this.simulator.handle(request.method ?? 'GET', path, headers, body);
      const sent = this.simulator.sent.slice(sentBefore);
      for (const message of sent) this.scheduleReceipts(message.phoneNumberId, message);
      const response: OutboundResponse = {
        status: answer.status,
        ok: answer.status >= 200 && answer.status < 300,
        headers: answer.headers,
        text: answer.body.toString('utf8'),
        bytes: answer.body,
      };
      return response;
    });
  }

  /** Set once the app is built: how a simulated webhook reaches the channel's route. */
  connect(deliver: Deliver) {
    this.deliver = deliver;
  }

  /**
   * A customer writes from the test page (or the demo seed) to a sandbox channel: words, a tapped
   * button or list row (`interactive` `button_reply`/`list_reply`) or a place (`location`), as
   * WhatsApp Cloud posts them. `phone` is sent as WhatsApp writes it (its digits, so a Mexican
   * `521…` stays `521…`). Returns the message's provider id.
   */
  async customerWrites(
    channel: Pick<Channel, 'webhookKey' | 'config'>,
    message: { phone: string; name: string } & (CustomerContent | { text: string }),
  ): Promise<string> {
    const phoneNumberId = channel.config.phoneNumberId ?? '';
    this.channels.set(phoneNumberId, channel);
    const from = message.phone.replace(/\D/g, '');
    const content: CustomerContent =
      'type' in message ? message : { type: 'text', text: message.text };
    const id = `wamid.IN${randomBytes(10).toString('hex')}`;
    const at = new Date();
    const envelope = inboundMessage(
      phoneNumberId,
      { id, from, name: message.name, at },
      messageFields(content, channel.config.displayPhoneNumber),
    );
    await this.post(channel, envelope);
    this.logOf(phoneNumberId, from).push({ id, from: 'customer', at, ...customerShown(content) });
    return id;
  }

  /**
   * The conversation of one phone number as the test page shows it, oldest first. Numbers that
   * are one customer (Mexico's `521`/`52`, Argentina's `549`/`54`, Brazil with or without the
   * ninth digit) are one phone here too. `delivered` lists the customer's messages the channel
   * has taken in (on the seller's timeline); the others show one tick until then.
   */
  conversation(
    channel: Pick<Channel, 'config'>,
    phone: string,
    delivered: ReadonlySet<string> = new Set(),
  ): SandboxMessage[] {
    const phoneNumberId = channel.config.phoneNumberId ?? '';
    const key = phoneMatchKey(phone);
    const replies: SandboxMessage[] = this.simulator.sent
      .filter(
        (each) =>
          each.phoneNumberId === phoneNumberId && phoneMatchKey(String(each.body.to)) === key,
      )
      .map((each) => ({
        id: each.id,
        from: 'company' as const,
        text: replyText(each.body),
        at: each.at,
        ...mediaOf(each.body),
        ...choicesOf(each.id, each.body, this.simulator.templates),
      }));
    const mine = this.logOf(phoneNumberId, phone);
    // Marking a message read marks the ones before it too, as WhatsApp shows it.
    const read = new Set(
      this.simulator.reads
        .filter((each) => each.phoneNumberId === phoneNumberId)
        .map((each) => each.messageId),
    );
    const lastRead = mine.findLastIndex((each) => read.has(each.id));
    const customer = mine.map((each, index): SandboxMessage => {
      const status: SandboxTicks =
        index <= lastRead ? 'read' : delivered.has(each.id) ? 'delivered' : 'sent';
      return { ...each, status };
    });
    return [...customer, ...replies].sort((a, b) => a.at.getTime() - b.at.getTime());
  }

  /** The provider ids of the customer's messages from this number (to look up their ticks). */
  customerMessageIds(channel: Pick<Channel, 'config'>, phone: string): string[] {
    return this.logOf(channel.config.phoneNumberId ?? '', phone).map((each) => each.id);
  }

  /**
   * Registers a sandbox channel so receipts of its sends find their way back. The demo's
   * business account has its approved template from the start (and after every restart).
   */
  track(channel: Pick<Channel, 'webhookKey' | 'config'>) {
    this.channels.set(channel.config.phoneNumberId ?? '', channel);
    const known = this.simulator.templates.some(
      (each) => each.wabaId === SANDBOX_WABA_ID && each.name === SANDBOX_TEMPLATE.name,
    );
    if (channel.config.wabaId === SANDBOX_WABA_ID) {
      for (const [index, template] of SANDBOX_NPS_TEMPLATES.entries()) {
        if (
          this.simulator.templates.some(
            (each) => each.wabaId === SANDBOX_WABA_ID && each.name === template.name,
          )
        )
          continue;
        this.simulator.templates.push({
          id: `sandbox-nps-template-${index + 1}`,
          wabaId: SANDBOX_WABA_ID,
          name: template.name,
          language: template.language,
          category: 'MARKETING',
          status: 'APPROVED',
          components: template.components.map((component) => ({ ...component })),
        });
      }
    }
    if (channel.config.wabaId === SANDBOX_WABA_ID && !known) {
      this.simulator.templates.push({
        id: 'sandbox-template-1',
        wabaId: SANDBOX_WABA_ID,
        name: SANDBOX_TEMPLATE.name,
        language: SANDBOX_TEMPLATE.language,
        category: 'UTILITY',
        status: 'APPROVED',
        components: [{ type: 'BODY', text: SANDBOX_TEMPLATE.body }],
      });
    }
  }

  close() {
    this.unregister();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private logOf(phoneNumberId: string, phone: string) {
    const key = `${phoneNumberId}:${phoneMatchKey(phone)}`;
    if (!this.customerLog.has(key)) this.customerLog.set(key, []);
    return this.customerLog.get(key)!;
  }

  private scheduleReceipts(
    phoneNumberId: string,
    message: { id: string; body: Record<string, unknown> },
  ) {
    const channel = this.channels.get(phoneNumberId);
    if (!channel) return;
    const to = String(message.body.to ?? '');
    for (const status of ['delivered', 'read'] as const) {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        void this.post(channel, statusUpdate(phoneNumberId, { id: message.id, status, to })).catch(
          () => undefined,
        );
      }, SANDBOX_RECEIPT_DELAYS_MS[status]);
      timer.unref();
      this.timers.add(timer);
    }
  }

  private async post(channel: Pick<Channel, 'webhookKey'>, envelope: unknown) {
    if (!this.deliver) throw new Error('the sandbox is not connected to the app');
    const { body, headers } = signedWebhook(SANDBOX_APP_SECRET, envelope);
    await this.deliver(channel, { rawBody: body, headers, url: '' });
  }
}

/** The message's own fields of the webhook (integrations.md §1; the conformance samples). */
function messageFields(content: CustomerContent, businessPhone: string | undefined) {
  if (content.type === 'text') return { type: 'text', text: { body: content.text } };
  if (content.type === 'location') {
    const { latitude, longitude, name, address } = content.location;
    return {
      type: 'location',
      location: { latitude, longitude, ...(name ? { name } : {}), ...(address ? { address } : {}) },
    };
  }
  const { id, title, description, replyTo } = content.reply;
  const context = replyTo
    ? { context: { from: (businessPhone ?? '15550001111').replace(/\D/g, ''), id: replyTo } }
    : {};
  // A template's quick reply: WhatsApp's `button` with the payload the send gave it.
  if (content.type === 'button')
    return { type: 'button', ...context, button: { payload: id, text: title } };
  const tapped = {
    id,
    title,
    ...(content.type === 'list_reply' && description ? { description } : {}),
  };
  return {
    type: 'interactive',
    // WhatsApp names the message that offered the buttons; the page's own set answers none.
    ...(replyTo
      ? { context: { from: (businessPhone ?? '15550001111').replace(/\D/g, ''), id: replyTo } }
      : {}),
    interactive: { type: content.type, [content.type]: tapped },
  };
}

/** How the customer's own message reads on their page. */
function customerShown(
  content: CustomerContent,
): Pick<SandboxMessage, 'text' | 'choice' | 'location'> {
  if (content.type === 'text') return { text: content.text };
  if (content.type === 'location') {
    const place = content.location;
    return {
      text: [place.name, place.address].filter(Boolean).join(', '),
      location: { ...place, mapUrl: mapUrlOf({ ...place }) },
    };
  }
  const { id, title } = content.reply;
  return { text: title, choice: { kind: content.type, id, title } };
}

/**
 * The buttons or list rows of a company's `interactive` message (integrations.md §1: `button`
 * with `action.buttons[].reply`, `list` with `action.sections[].rows`), for the customer to tap.
 */
function choicesOf(
  id: string,
  body: Record<string, unknown>,
  templates: ReadonlyArray<{ name: string; language: string; components: unknown[] }>,
): Pick<SandboxMessage, 'choices'> {
  if (body.type === 'template') return templateChoicesOf(id, body, templates);
  if (body.type !== 'interactive') return {};
  const interactive = (body.interactive ?? {}) as {
    type?: string;
    action?: {
      buttons?: Array<{ reply?: { id?: string; title?: string } }>;
      sections?: Array<{ rows?: Array<{ id?: string; title?: string; description?: string }> }>;
    };
  };
  const options: SandboxOption[] =
    interactive.type === 'button'
      ? (interactive.action?.buttons ?? []).flatMap(({ reply }) =>
          reply?.id && reply.title ? [{ id: reply.id, title: reply.title }] : [],
        )
      : interactive.type === 'list'
        ? (interactive.action?.sections ?? []).flatMap((section) =>
            (section.rows ?? []).flatMap((row) =>
              row.id && row.title
                ? [
                    {
                      id: row.id,
                      title: row.title,
                      ...(row.description ? { description: row.description } : {}),
                    },
                  ]
                : [],
            ),
          )
        : [];
  if (!options.length) return {};
  const kind = interactive.type === 'button' ? 'button_reply' : 'list_reply';
  return { choices: { kind, options, replyTo: id } };
}

/**
 * A template's quick-reply buttons (its BUTTONS component, as the business account approved it)
 * with the payloads the send gave each (`button` components by index), for the customer to tap.
 */
function templateChoicesOf(
  id: string,
  body: Record<string, unknown>,
  templates: ReadonlyArray<{ name: string; language: string; components: unknown[] }>,
): Pick<SandboxMessage, 'choices'> {
  const sent = (body.template ?? {}) as {
    name?: string;
    language?: { code?: string };
    components?: Array<{
      type?: string;
      sub_type?: string;
      index?: string;
      parameters?: Array<{ payload?: string }>;
    }>;
  };
  const template = templates.find(
    (each) => each.name === sent.name && each.language === sent.language?.code,
  );
  const buttons = (template?.components ?? []).flatMap((component) => {
    const { type, buttons: listed } = component as {
      type?: string;
      buttons?: Array<{ type?: string; text?: string }>;
    };
    return type === 'BUTTONS' ? (listed ?? []) : [];
  });
  const options = buttons.flatMap((button, index) => {
    if (button.type !== 'QUICK_REPLY' || !button.text) return [];
    const payload = sent.components?.find(
      (each) =>
        each.type === 'button' && each.sub_type === 'quick_reply' && each.index === String(index),
    )?.parameters?.[0]?.payload;
    return [{ id: payload ?? button.text, title: button.text }];
  });
  if (!options.length) return {};
  return { choices: { kind: 'button', options, replyTo: id } };
}

function mediaOf(body: Record<string, unknown>): Pick<SandboxMessage, 'media'> {
  const kind = String(body.type ?? 'text');
  if (!['image', 'audio', 'video', 'document', 'sticker'].includes(kind)) return {};
  const media = (body[kind] ?? {}) as { link?: string; filename?: string };
  if (!media.link) return {};
  return { media: { kind, link: media.link, fileName: media.filename } };
}

const labels = es.conversation.timeline.chat.media;

function replyText(body: Record<string, unknown>): string {
  const type = String(body.type ?? 'text');
  if (type === 'text') return String((body.text as { body?: string } | undefined)?.body ?? '');
  if (type === 'template') {
    const name = String((body.template as { name?: string } | undefined)?.name ?? '');
    return `${labels.template}: ${name}`;
  }
  if (type === 'interactive') {
    const interactive = (body.interactive ?? {}) as { body?: { text?: string } };
    return String(interactive.body?.text ?? '');
  }
  // What the customer's page shows for a file: its Spanish kind, never a provider token.
  const media = (body[type] ?? {}) as { caption?: string; filename?: string };
  const label = labels[type] ?? labels.document!;
  const detail = media.caption ?? media.filename;
  return detail ? `${label}: ${detail}` : label;
}
