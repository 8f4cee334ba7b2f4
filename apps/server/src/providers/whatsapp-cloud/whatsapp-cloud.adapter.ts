import { DIALOG360_WEBHOOK_HEADER } from '@cartera/domain/channels';
import { providerSenderPhone } from '@cartera/domain/phone-match';
import {
  ProviderError,
  type ChannelAdapter,
  type ChannelContext,
  type SharedContact,
  type InboundEvent,
  type InboundMedia,
  type InteractiveContent,
  type MediaKind,
  type OutboundMessage,
  type ProviderTemplate,
  type WebhookRequest,
} from '../adapter';
import { callProvider, header, jsonOf, metaSignature, sameSecret } from '../provider-http';

/**
 * WhatsApp Business Cloud API (Meta Graph) and 360dialog, which serves the same API with its own
 * address and key (integrations.md §1–§2): one body builder and one webhook parser, two ways to
 * reach and authenticate.
 *
 * Secrets: Cloud — `accessToken`, `appSecret` (signs webhooks), `verifyToken` (the handshake);
 * 360dialog — `apiKey`, `webhookSecret` (a header 360dialog is configured to send, since it signs
 * nothing). Config: Cloud — `phoneNumberId`, `wabaId`.
 */
interface Transport {
  messagesUrl: string;
  mediaUrl: (mediaId: string) => string;
  /** 360dialog serves the media file itself at its own address (its docs: swap the host). */
  fileUrl: (url: string) => string;
  headers: Record<string, string>;
}

export const WEBHOOK_SECRET_HEADER = DIALOG360_WEBHOOK_HEADER;

function transport(context: ChannelContext): Transport {
  const { channel, secrets, urls } = context;
  if (channel.type === 'whatsapp_360_dialog') {
    return {
      messagesUrl: `${urls.dialog360}/messages`,
      mediaUrl: (id) => `${urls.dialog360}/${encodeURIComponent(id)}`,
      fileUrl: (url) => {
        const parsed = new URL(url);
        return `${urls.dialog360}${parsed.pathname}${parsed.search}`;
      },
      headers: { 'D360-API-KEY': secrets.apiKey ?? '' },
    };
  }
  const phoneNumberId = encodeURIComponent(channel.config.phoneNumberId ?? '');
  return {
    messagesUrl: `${urls.metaGraph}/${phoneNumberId}/messages`,
    mediaUrl: (id) => `${urls.metaGraph}/${encodeURIComponent(id)}`,
    fileUrl: (url) => url,
    headers: { authorization: `Bearer ${secrets.accessToken ?? ''}` },
  };
}

/** The body of a send (integrations.md §1), the same for both transports. */
export function whatsappBody(message: OutboundMessage): Record<string, unknown> {
  const base = {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: digits(message.to),
    // A reply quotes the customer's (or our) message on their phone.
    ...(message.replyTo ? { context: { message_id: message.replyTo.providerMessageId } } : {}),
  };
  if (message.template) {
    return {
      ...base,
      type: 'template',
      template: {
        name: message.template.name,
        language: { code: message.template.language },
        components: [
          ...(message.template.parameters.length
            ? [
                {
                  type: 'body',
                  parameters: message.template.parameters.map((text) => ({ type: 'text', text })),
                },
              ]
            : []),
          // Each quick-reply button's payload, by its index in the template.
          ...(message.template.quickReplies ?? []).map((payload, index) => ({
            type: 'button',
            sub_type: 'quick_reply',
            index: String(index),
            parameters: [{ type: 'payload', payload }],
          })),
        ],
      },
    };
  }
  if (message.interactive)
    return { ...base, type: 'interactive', interactive: interactiveOf(message.interactive) };
  if (message.media) {
    const kind = message.media.kind;
    const media: Record<string, unknown> = { link: message.media.url };
    if (message.media.caption && kind !== 'audio' && kind !== 'sticker') {
      media.caption = message.media.caption;
    }
    if (kind === 'document' && message.media.fileName) media.filename = message.media.fileName;
    return { ...base, type: kind, [kind]: media };
  }
  return { ...base, type: 'text', text: { body: message.text ?? '', preview_url: false } };
}

/** WhatsApp's `interactive` object: `button` with reply buttons, or `list` with one section. */
function interactiveOf(content: InteractiveContent) {
  if (content.kind === 'buttons') {
    return {
      type: 'button',
      body: { text: content.body },
      action: {
        buttons: content.options.map(({ id, title }) => ({ type: 'reply', reply: { id, title } })),
      },
    };
  }
  return {
    type: 'list',
    body: { text: content.body },
    action: {
      button: content.button,
      sections: [
        {
          rows: content.options.map(({ id, title, description }) => ({
            id,
            title,
            ...(description ? { description } : {}),
          })),
        },
      ],
    },
  };
}

function digits(phone: string) {
  return phone.replace(/\D/g, '');
}

/** Graph error codes that mean the channel itself is unusable (token expired, no permission). */
const CHANNEL_BROKEN = new Set([190, 10, 200, 100]);

function refusal(status: number, body: Record<string, unknown>): ProviderError {
  const error = (body.error ?? {}) as { code?: number; message?: string };
  const meta = (body.meta ?? {}) as { developerMessage?: string };
  const code = error.code ?? status;
  const message = error.message ?? meta.developerMessage ?? `HTTP ${status}`;
  const broken = status === 401 || status === 403 || CHANNEL_BROKEN.has(Number(code));
  return new ProviderError(
    broken ? 'CHANNEL_ERROR' : 'SEND_MESSAGE_ERROR',
    false,
    String(code),
    message,
  );
}

const MEDIA_KINDS: readonly MediaKind[] = ['image', 'video', 'audio', 'document', 'sticker'];

interface GraphMessage {
  from?: string;
  id?: string;
  timestamp?: string;
  type?: string;
  text?: { body?: string };
  /** Present when the customer answers one of the conversation's messages. */
  context?: {
    id?: string;
    from?: string;
    referred_product?: { catalog_id?: string; product_retailer_id?: string };
  };
  /** Present on the first message after a Click-to-WhatsApp ad. */
  referral?: {
    source_url?: string;
    headline?: string;
    body?: string;
    thumbnail_url?: string;
    image_url?: string;
  };
  reaction?: { message_id?: string; emoji?: string };
  contacts?: Array<{
    name?: { formatted_name?: string; first_name?: string; last_name?: string };
    phones?: Array<{ phone?: string; wa_id?: string; type?: string }>;
    org?: { company?: string; title?: string };
  }>;
  [kind: string]: unknown;
}

/** A shared contact card of the Cloud API as the conversation shows it. */
function sharedContactOf(card: NonNullable<GraphMessage['contacts']>[number]): SharedContact {
  const phone = card.phones?.[0];
  const name =
    card.name?.formatted_name ??
    [card.name?.first_name, card.name?.last_name].filter(Boolean).join(' ');
  const description = [card.org?.title, card.org?.company].filter(Boolean).join(', ');
  const phoneNumber = phone?.phone ?? (phone?.wa_id ? `+${phone.wa_id}` : undefined);
  return {
    displayName: name || phoneNumber || '',
    ...(phoneNumber ? { phoneNumber } : {}),
    ...(description ? { description } : {}),
  };
}

/**
 * The documented types beyond text, media, contacts and reactions (issue #31): the button or
 * list row tapped, a template's quick reply, a location, an order, a system notice; anything
 * else keeps its type name for a Spanish notice.
 */
function readOtherType(message: GraphMessage, event: Extract<InboundEvent, { kind: 'message' }>) {
  const type = message.type ?? 'unknown';
  if (type === 'interactive') {
    const interactive = (message.interactive ?? {}) as {
      type?: string;
      button_reply?: { id?: string; title?: string };
      list_reply?: { id?: string; title?: string; description?: string };
      nfm_reply?: { body?: string; name?: string };
    };
    const kind = interactive.type;
    const tapped =
      kind === 'button_reply'
        ? interactive.button_reply
        : kind === 'list_reply'
          ? interactive.list_reply
          : undefined;
    if ((kind === 'button_reply' || kind === 'list_reply') && tapped?.title) {
      event.text = tapped.title;
      event.choice = {
        kind,
        title: tapped.title,
        ...(tapped.id ? { id: tapped.id } : {}),
        ...(kind === 'list_reply' && interactive.list_reply?.description
          ? { description: interactive.list_reply.description }
          : {}),
      };
      return;
    }
    if (kind === 'nfm_reply' && interactive.nfm_reply?.body) {
      // A WhatsApp Flow answered: its closing text (the answers stay in the provider's JSON).
      event.text = interactive.nfm_reply.body;
      return;
    }
    event.unsupported = kind ? `interactive ${kind}` : 'interactive';
    return;
  }
  if (type === 'button') {
    const button = (message.button ?? {}) as { text?: string; payload?: string };
    const title = button.text ?? button.payload ?? '';
    event.text = title;
    event.choice = { kind: 'button', title, ...(button.payload ? { id: button.payload } : {}) };
    return;
  }
  if (type === 'location') {
    const place = (message.location ?? {}) as {
      latitude?: number | string;
      longitude?: number | string;
      name?: string;
      address?: string;
      url?: string;
    };
    const latitude = Number(place.latitude);
    const longitude = Number(place.longitude);
    if (Number.isFinite(latitude) && Number.isFinite(longitude)) {
      event.location = {
        latitude,
        longitude,
        ...(place.name ? { name: place.name } : {}),
        ...(place.address ? { address: place.address } : {}),
        ...(place.url ? { url: place.url } : {}),
      };
      event.text = '';
      return;
    }
  }
  if (type === 'order') {
    const order = (message.order ?? {}) as {
      catalog_id?: string;
      text?: string;
      product_items?: Array<{
        product_retailer_id?: string;
        quantity?: number | string;
        item_price?: number | string;
        currency?: string;
      }>;
    };
    event.order = {
      ...(order.catalog_id ? { catalogId: order.catalog_id } : {}),
      ...(order.text ? { note: order.text } : {}),
      items: (order.product_items ?? []).map((item) => ({
        productId: item.product_retailer_id ?? '',
        quantity: Number(item.quantity ?? 1) || 1,
        ...(item.item_price !== undefined && Number.isFinite(Number(item.item_price))
          ? { price: Number(item.item_price) }
          : {}),
        ...(item.currency ? { currency: item.currency } : {}),
      })),
    };
    event.text = order.text ?? '';
    return;
  }
  if (type === 'system') {
    const system = (message.system ?? {}) as {
      type?: string;
      body?: string;
      new_wa_id?: string;
      wa_id?: string;
    };
    const newId = system.new_wa_id ?? system.wa_id;
    const newPhone = providerSenderPhone(newId);
    event.system = {
      kind: system.type ?? 'system',
      ...(newPhone ? { newPhone } : {}),
      ...(system.body ? { body: system.body } : {}),
    };
    event.text = '';
    return;
  }
  if (type === 'request_welcome') {
    // The customer opened the chat for the first time (nothing written yet).
    event.system = { kind: 'request_welcome' };
    event.text = '';
    return;
  }
  // WhatsApp's own `unsupported` may name what it could not show (`unsupported.type`).
  const named = (message.unsupported as { type?: string } | undefined)?.type;
  event.unsupported = type === 'unsupported' && named ? named : type;
  event.text = '';
}

interface GraphStatus {
  id?: string;
  status?: string;
  timestamp?: string;
  errors?: Array<{ code?: number; title?: string; message?: string }>;
}

function at(timestamp: string | undefined) {
  const seconds = Number(timestamp);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date();
}

/** The events of a Cloud API webhook envelope (messages and statuses of every change). */
export function parseWhatsappEnvelope(body: unknown): InboundEvent[] {
  const events: InboundEvent[] = [];
  const entries = (body as { entry?: unknown[] } | null)?.entry;
  if (!Array.isArray(entries)) return events;
  for (const entry of entries) {
    const changes = (entry as { changes?: unknown[] }).changes;
    if (!Array.isArray(changes)) continue;
    for (const change of changes) {
      const value = (change as { value?: Record<string, unknown> }).value ?? {};
      const names = new Map<string, string>();
      for (const contact of (value.contacts as Array<{
        wa_id?: string;
        profile?: { name?: string };
      }>) ?? []) {
        if (contact.wa_id && contact.profile?.name) names.set(contact.wa_id, contact.profile.name);
      }
      for (const [index, message] of ((value.messages as GraphMessage[]) ?? []).entries()) {
        // As WhatsApp wrote it (a Mexican mobile is 521…): matched to the contact by ingestion.
        const phone = providerSenderPhone(message.from);
        if (!message.id || !phone) {
          // Kept as a dead letter of the webhook's part, never dropped in silence (issue #31).
          events.push({
            kind: 'unreadable',
            reason: message.id ? 'MESSAGE_WITHOUT_SENDER' : 'MESSAGE_WITHOUT_ID',
            detail: `messages[${index}]${message.id ? ` ${message.id}` : ''}`,
          });
          continue;
        }
        const event: Extract<InboundEvent, { kind: 'message' }> = {
          kind: 'message',
          providerMessageId: message.id,
          from: { phone, ...(names.get(message.from!) ? { name: names.get(message.from!)! } : {}) },
          at: at(message.timestamp),
        };
        if (message.context?.id) event.replyTo = message.context.id;
        const asked = message.context?.referred_product;
        if (asked?.product_retailer_id) {
          event.product = {
            productId: asked.product_retailer_id,
            ...(asked.catalog_id ? { catalogId: asked.catalog_id } : {}),
          };
        }
        const referral = message.referral;
        if (referral && (referral.source_url || referral.headline)) {
          const thumbnail = referral.thumbnail_url ?? referral.image_url;
          event.ad = {
            ...(referral.headline ? { title: referral.headline } : {}),
            ...(referral.body ? { body: referral.body } : {}),
            ...(referral.source_url ? { sourceUrl: referral.source_url } : {}),
            ...(thumbnail ? { thumbnailUrl: thumbnail } : {}),
            showAttribution: true,
          };
        }
        if (message.type === 'text') event.text = message.text?.body ?? '';
        else if (message.type === 'reaction' && message.reaction?.message_id) {
          event.reaction = true;
          event.replyTo = message.reaction.message_id;
          event.text = message.reaction.emoji ?? '';
        } else if (message.type === 'contacts' && message.contacts?.length) {
          event.contacts = message.contacts.map(sharedContactOf);
          event.text = '';
        } else if (MEDIA_KINDS.includes(message.type as MediaKind)) {
          const media = (message[message.type!] ?? {}) as {
            id?: string;
            mime_type?: string;
            caption?: string;
            filename?: string;
          };
          const inbound: InboundMedia = { kind: message.type as MediaKind };
          if (media.id) inbound.providerMediaId = media.id;
          if (media.mime_type) inbound.mimeType = media.mime_type;
          if (media.filename) inbound.fileName = media.filename;
          if (media.caption) {
            inbound.caption = media.caption;
            event.text = media.caption;
          }
          event.media = inbound;
        } else {
          readOtherType(message, event);
        }
        events.push(event);
      }
      for (const status of (value.statuses as GraphStatus[]) ?? []) {
        if (!status.id || !['sent', 'delivered', 'read', 'failed'].includes(status.status ?? '')) {
          continue;
        }
        const error = status.errors?.[0];
        events.push({
          kind: 'status',
          providerMessageId: status.id,
          status: status.status as 'sent' | 'delivered' | 'read' | 'failed',
          at: at(status.timestamp),
          ...(error
            ? {
                error: {
                  code: String(error.code ?? ''),
                  message: error.message ?? error.title ?? '',
                },
              }
            : {}),
        });
      }
    }
  }
  return events;
}

interface GraphTemplate {
  id?: string;
  name?: string;
  language?: string;
  category?: string;
  status?: string;
  components?: Array<{ type?: string; text?: string }>;
}

/** The templates of the business account (Cloud API only: 360dialog keeps its own). */
function templatesUrl(context: ChannelContext) {
  if (context.channel.type !== 'whatsapp_business' || !context.channel.config.wabaId) {
    throw new ProviderError(
      'CHANNEL_ERROR',
      false,
      undefined,
      'the channel has no business account id',
    );
  }
  return `${context.urls.metaGraph}/${encodeURIComponent(context.channel.config.wabaId)}/message_templates`;
}

function templateOf(raw: GraphTemplate): ProviderTemplate | null {
  if (!raw.id || !raw.name) return null;
  const components = raw.components ?? [];
  return {
    providerTemplateId: raw.id,
    name: raw.name,
    language: raw.language ?? 'es',
    category: raw.category ?? 'UTILITY',
    status: raw.status ?? 'PENDING',
    body: components.find((component) => component.type === 'BODY')?.text ?? '',
    components,
  };
}

export const whatsappCloudAdapter: ChannelAdapter = {
  verifyWebhook({ channel, secrets }, request: WebhookRequest) {
    if (channel.type === 'whatsapp_360_dialog') {
      return sameSecret(header(request.headers, WEBHOOK_SECRET_HEADER), secrets.webhookSecret);
    }
    if (!secrets.appSecret) return false;
    return sameSecret(
      header(request.headers, 'x-hub-signature-256'),
      metaSignature(secrets.appSecret, request.rawBody),
    );
  },

  answerHandshake({ secrets }, query) {
    if (query['hub.mode'] !== 'subscribe') return null;
    if (!sameSecret(query['hub.verify_token'], secrets.verifyToken)) return null;
    return query['hub.challenge'] ?? null;
  },

  parseWebhook(_context, request) {
    return parseWhatsappEnvelope(JSON.parse(request.rawBody.toString('utf8')));
  },

  async send(context, message) {
    const route = transport(context);
    const response = await callProvider(
      route.messagesUrl,
      {
        method: 'POST',
        headers: { ...route.headers, 'content-type': 'application/json' },
        body: JSON.stringify(whatsappBody(message)),
      },
      'SEND_MESSAGE_ERROR',
    );
    const body = jsonOf(response);
    if (!response.ok) throw refusal(response.status, body);
    const id = (body.messages as Array<{ id?: string }> | undefined)?.[0]?.id;
    if (!id)
      throw new ProviderError('SEND_MESSAGE_ERROR', true, undefined, 'answer without a message id');
    return { providerMessageId: id };
  },

  async markRead(context, read) {
    const route = transport(context);
    const response = await callProvider(
      route.messagesUrl,
      {
        method: 'POST',
        headers: { ...route.headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          status: 'read',
          message_id: read.providerMessageId,
        }),
      },
      'SEND_MESSAGE_ERROR',
    );
    if (!response.ok) throw refusal(response.status, jsonOf(response));
  },

  async listTemplates(context) {
    const route = transport(context);
    const templates: ProviderTemplate[] = [];
    let url: string | undefined =
      `${templatesUrl(context)}?fields=name,status,category,language,components&limit=100`;
    // Graph pages with an absolute `paging.next`; bounded, whatever the provider answers.
    for (let page = 0; url && page < 50; page += 1) {
      const response = await callProvider(url, { headers: route.headers }, 'CHANNEL_ERROR');
      const body = jsonOf(response);
      if (!response.ok) throw refusal(response.status, body);
      for (const raw of (body.data as GraphTemplate[] | undefined) ?? []) {
        const template = templateOf(raw);
        if (template) templates.push(template);
      }
      url = (body.paging as { next?: string } | undefined)?.next;
    }
    return templates;
  },

  async createTemplate(context, template) {
    const route = transport(context);
    const response = await callProvider(
      templatesUrl(context),
      {
        method: 'POST',
        headers: { ...route.headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: template.name,
          language: template.language,
          category: template.category,
          components: [{ type: 'BODY', text: template.body }],
        }),
      },
      'CHANNEL_ERROR',
    );
    const body = jsonOf(response) as { id?: string; status?: string; error?: unknown };
    if (!response.ok || !body.id) throw refusal(response.status, body);
    return { providerTemplateId: body.id, status: body.status ?? 'PENDING' };
  },

  async deleteTemplate(context, template) {
    const route = transport(context);
    const response = await callProvider(
      `${templatesUrl(context)}?name=${encodeURIComponent(template.name)}`,
      { method: 'DELETE', headers: route.headers },
      'CHANNEL_ERROR',
    );
    // Already gone at the provider: deleted all the same.
    if (!response.ok && response.status !== 404) throw refusal(response.status, jsonOf(response));
  },

  async downloadMedia(context, media) {
    if (!media.providerMediaId)
      throw new ProviderError('SEND_MESSAGE_ERROR', false, undefined, 'no media id');
    const route = transport(context);
    const described = await callProvider(
      route.mediaUrl(media.providerMediaId),
      { headers: route.headers },
      'SEND_MESSAGE_ERROR',
    );
    const info = jsonOf(described) as { url?: string; mime_type?: string };
    if (!described.ok || !info.url) throw refusal(described.status, jsonOf(described));
    const file = await callProvider(
      route.fileUrl(info.url),
      { headers: route.headers, maxBytes: 100 * 1024 * 1024, timeoutMs: 60_000 },
      'SEND_MESSAGE_ERROR',
    );
    if (!file.ok) throw refusal(file.status, jsonOf(file));
    return {
      bytes: file.bytes,
      mimeType: info.mime_type ?? media.mimeType ?? 'application/octet-stream',
    };
  },
};
