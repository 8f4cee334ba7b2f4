import { randomUUID } from 'node:crypto';
import type { Channel } from '@cartera/db/schema';
import { es } from '@cartera/domain/i18n';
import type { OutboundResponse } from '../../lib/outbound';
import {
  GraphSimulator,
  inboundText,
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

/** How long after the company's message the simulated phone reports it delivered, then read. */
export const SANDBOX_RECEIPT_DELAYS_MS = { delivered: 1_500, read: 4_000 } as const;

export interface SandboxMessage {
  /** 'customer' wrote it on the test page; 'company' is a reply the simulator received. */
  from: 'customer' | 'company';
  text: string;
  at: Date;
  /** A file the company sent: its kind and the link the provider was given to fetch it. */
  media?: { kind: string; link: string; fileName?: string | undefined };
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

  /** A customer writes from the test page (or the demo seed) to a sandbox channel. */
  async customerWrites(
    channel: Pick<Channel, 'webhookKey' | 'config'>,
    message: { phone: string; name: string; text: string },
  ) {
    const phoneNumberId = channel.config.phoneNumberId ?? '';
    this.channels.set(phoneNumberId, channel);
    const from = message.phone.replace(/\D/g, '');
    const envelope = inboundText(phoneNumberId, { from, name: message.name, text: message.text });
    await this.post(channel, envelope);
    this.logOf(phoneNumberId, from).push({ from: 'customer', text: message.text, at: new Date() });
  }

  /** The conversation of one phone number as the test page shows it, oldest first. */
  conversation(channel: Pick<Channel, 'config'>, phone: string): SandboxMessage[] {
    const phoneNumberId = channel.config.phoneNumberId ?? '';
    const to = phone.replace(/\D/g, '');
    const replies: SandboxMessage[] = this.simulator.sent
      .filter((each) => each.phoneNumberId === phoneNumberId && each.body.to === to)
      .map((each) => ({
        from: 'company' as const,
        text: replyText(each.body),
        at: each.at,
        ...mediaOf(each.body),
      }));
    return [...this.logOf(phoneNumberId, to), ...replies].sort(
      (a, b) => a.at.getTime() - b.at.getTime(),
    );
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
    const key = `${phoneNumberId}:${phone}`;
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
  // What the customer's page shows for a file: its Spanish kind, never a provider token.
  const media = (body[type] ?? {}) as { caption?: string; filename?: string };
  const label = labels[type] ?? labels.document!;
  const detail = media.caption ?? media.filename;
  return detail ? `${label}: ${detail}` : label;
}
