import { es, format } from '@cartera/domain/i18n';
import type { ErrorCode } from '@cartera/domain/errors';
import {
  ProviderError,
  type ChannelAdapter,
  type ChannelContext,
  type DeliveryStatus,
  type InboundEvent,
  type InboundMedia,
  type MediaKind,
  type OutboundMessage,
  type SessionState,
  type SharedContact,
} from '../adapter';
import { callProvider, header, jsonOf, sameSecret } from '../provider-http';

/**
 * A WhatsApp session gateway in the Evolution API v2 shape (integrations.md §7): the company's
 * `unofficial_wpp` number and each seller's `personal_whatsapp`. The gateway runs at an address
 * the tenant configures (`config.gatewayUrl`), so every call goes through the outbound guard.
 *
 * Config: `gatewayUrl`, `instanceName`. Secrets: `apiKey` (the `apikey` header of every call),
 * `instanceKey` (the instance's own token, which the gateway puts in its webhooks).
 *
 * Webhooks carry no signature: the envelope's `apikey` (or an `apikey` header) must equal the
 * channel's instanceKey, compared in constant time, and name the channel's instance. The
 * gateway's global key is not enough: every company on the same gateway may hold it.
 */

export const EVOLUTION_WEBHOOK_EVENTS = ['MESSAGES_UPSERT', 'MESSAGES_UPDATE', 'CONNECTION_UPDATE'];

function base(context: ChannelContext) {
  return (context.channel.config.gatewayUrl ?? '').replace(/\/+$/, '');
}

function instance(context: ChannelContext) {
  return encodeURIComponent(context.channel.config.instanceName ?? '');
}

function headers(context: ChannelContext, json = false) {
  return {
    apikey: context.secrets.apiKey ?? '',
    ...(json ? { 'content-type': 'application/json' } : {}),
  };
}

/** The gateway's error text: `response.message` (a string or a list), else the HTTP status. */
function messageOf(status: number, body: Record<string, unknown>) {
  const response = body.response as { message?: unknown } | undefined;
  const message = response?.message ?? body.message ?? body.error;
  if (Array.isArray(message)) return JSON.stringify(message).slice(0, 500);
  return typeof message === 'string' ? message : `HTTP ${status}`;
}

/**
 * A refusal: a wrong key or an unknown instance make the channel unusable (CHANNEL_ERROR, the
 * channel is set disconnected); anything else (a number without WhatsApp…) fails this message.
 */
function refusal(
  status: number,
  body: Record<string, unknown>,
  failure: ErrorCode = 'SEND_MESSAGE_ERROR',
) {
  const broken = status === 401 || status === 403 || status === 404;
  return new ProviderError(
    broken ? 'CHANNEL_ERROR' : failure,
    false,
    String(status),
    messageOf(status, body),
  );
}

const MEDIA_TYPE: Record<MediaKind, string> = {
  image: 'image',
  sticker: 'image',
  video: 'video',
  audio: 'audio',
  document: 'document',
};

/** The body of one outbound message: `sendText` or `sendMedia` (the file by its URL). */
export function evolutionRequest(
  message: Pick<OutboundMessage, 'to' | 'text' | 'media' | 'replyTo'>,
): { path: 'sendText' | 'sendMedia'; body: Record<string, unknown> } {
  const number = message.to.replace(/\D/g, '');
  // A reply names the quoted message's key (and its text, which the phone shows).
  const quoted = message.replyTo
    ? {
        quoted: {
          key: { id: message.replyTo.providerMessageId },
          message: { conversation: message.replyTo.text },
        },
      }
    : {};
  if (message.media) {
    return {
      path: 'sendMedia',
      body: {
        number,
        mediatype: MEDIA_TYPE[message.media.kind],
        mimetype: message.media.mimeType,
        caption: message.media.caption ?? '',
        media: message.media.url,
        fileName: message.media.fileName ?? message.media.url.split('/').pop() ?? 'file',
        ...quoted,
      },
    };
  }
  return { path: 'sendText', body: { number, text: message.text ?? '', ...quoted } };
}

// ---------------------------------------------------------------------------------------------
// Webhooks

interface MessageKey {
  remoteJid?: string;
  fromMe?: boolean;
  id?: string;
}

interface UpsertData {
  key?: MessageKey;
  pushName?: string;
  messageTimestamp?: number | string;
  message?: Record<string, unknown> | null;
  /** Evolution v2 copies the message's context (quote, ad) here too. */
  contextInfo?: ContextInfo | null;
}

/** Baileys' context of a message: the quoted message's id and the ad it came from. */
interface ContextInfo {
  stanzaId?: string;
  externalAdReply?: {
    title?: string;
    body?: string;
    thumbnailUrl?: string;
    sourceUrl?: string;
    renderLargerThumbnail?: boolean;
    showAdAttribution?: boolean;
  };
}

interface ContactCard {
  displayName?: string;
  vcard?: string;
}

/** The phone of a vCard: its first TEL, by the WhatsApp id it names when it names one. */
export function phoneOfVcard(vcard: string | undefined): string | undefined {
  const line = (vcard ?? '').split(/\r?\n/).find((each) => /^(item\d+\.)?TEL/i.test(each));
  if (!line) return undefined;
  const waid = /waid=(\d{6,15})/i.exec(line);
  if (waid) return `+${waid[1]}`;
  const value = line.slice(line.indexOf(':') + 1).trim();
  return value || undefined;
}

function sharedContactOf(card: ContactCard): SharedContact {
  const phoneNumber = phoneOfVcard(card.vcard);
  return {
    displayName: card.displayName || phoneNumber || '',
    ...(phoneNumber ? { phoneNumber } : {}),
  };
}

/** The message's context, wherever this gateway version put it. */
function contextOf(data: UpsertData): ContextInfo | undefined {
  if (data.contextInfo) return data.contextInfo;
  for (const value of Object.values(data.message ?? {})) {
    const context = (value as { contextInfo?: ContextInfo } | null)?.contextInfo;
    if (context && typeof context === 'object') return context;
  }
  return undefined;
}

/**
 * Baileys' delivery statuses, by name or by number (0 ERROR … 5 PLAYED). PENDING says nothing
 * new (the send's own answer made the message 'sent').
 */
const STATUS: Record<string, DeliveryStatus> = {
  ERROR: 'failed',
  SERVER_ACK: 'sent',
  DELIVERY_ACK: 'delivered',
  READ: 'read',
  PLAYED: 'read',
  '0': 'failed',
  '2': 'sent',
  '3': 'delivered',
  '4': 'read',
  '5': 'read',
};

const PLAYED = new Set(['PLAYED', '5']);

const MEDIA_MESSAGES: Record<string, MediaKind> = {
  imageMessage: 'image',
  videoMessage: 'video',
  audioMessage: 'audio',
  documentMessage: 'document',
  documentWithCaptionMessage: 'document',
  stickerMessage: 'sticker',
};

/** `messages.upsert`, `MESSAGES_UPSERT` and `messages-upsert` are the same event. */
function eventName(value: unknown) {
  return typeof value === 'string' ? value.toLowerCase().replace(/[_-]/g, '.') : '';
}

function listOf<T>(value: unknown): T[] {
  if (Array.isArray(value)) return value as T[];
  return value && typeof value === 'object' ? [value as T] : [];
}

/** The phone of a 1:1 chat (`<digits>@s.whatsapp.net`) in E.164; groups and lists: none. */
export function phoneOfJid(jid: string | undefined): string | undefined {
  const match = /^(\d{6,15})(?::\d+)?@s\.whatsapp\.net$/.exec(jid ?? '');
  return match ? `+${match[1]}` : undefined;
}

function at(seconds: number | string | undefined) {
  const value = Number(seconds);
  return Number.isFinite(value) && value > 0 ? new Date(value * 1000) : new Date();
}

function inboundMessage(data: UpsertData): InboundEvent | null {
  const key = data.key ?? {};
  if (key.fromMe) return null;
  // Kept as a dead letter of the webhook, never dropped in silence (issue #31).
  if (!key.id) return { kind: 'unreadable', reason: 'MESSAGE_WITHOUT_ID', detail: 'key.id' };
  // Groups, status broadcasts and channels are not a conversation with one customer.
  if (/@(g\.us|broadcast|newsletter)$/.test(key.remoteJid ?? '')) return null;
  const phone = phoneOfJid(key.remoteJid);
  if (!phone) {
    // A hidden number (@lid) or no chat at all: nobody to answer, but not dropped in silence.
    return {
      kind: 'unreadable',
      reason: 'MESSAGE_WITHOUT_SENDER',
      detail: `${key.id} ${key.remoteJid ?? ''}`.trim(),
    };
  }
  const message = data.message ?? {};
  const event: Extract<InboundEvent, { kind: 'message' }> = {
    kind: 'message',
    providerMessageId: key.id,
    from: { phone, ...(data.pushName ? { name: data.pushName } : {}) },
    at: at(data.messageTimestamp),
  };
  if (typeof message.conversation === 'string') event.text = message.conversation;
  const extended = message.extendedTextMessage as { text?: unknown } | undefined;
  if (typeof extended?.text === 'string') event.text = extended.text;
  for (const [type, kind] of Object.entries(MEDIA_MESSAGES)) {
    let media = message[type] as Record<string, unknown> | undefined;
    if (!media) continue;
    // A document with a caption nests the document itself one level down.
    const nested = (media.message as Record<string, unknown> | undefined)?.documentMessage;
    if (nested && typeof nested === 'object') media = nested as Record<string, unknown>;
    const file: InboundMedia = { kind, providerMediaId: key.id };
    if (typeof media.url === 'string') file.url = media.url;
    if (typeof media.mimetype === 'string') file.mimeType = media.mimetype;
    if (typeof media.fileName === 'string') file.fileName = media.fileName;
    if (typeof media.caption === 'string') {
      file.caption = media.caption;
      event.text = media.caption;
    }
    event.media = file;
    break;
  }
  const reaction = message.reactionMessage as { key?: MessageKey; text?: string } | undefined;
  if (reaction?.key?.id) {
    event.reaction = true;
    event.replyTo = reaction.key.id;
    event.text = reaction.text ?? '';
  }
  const card = message.contactMessage as ContactCard | undefined;
  const cards = message.contactsArrayMessage as { contacts?: ContactCard[] } | undefined;
  if (card || cards?.contacts?.length) {
    event.contacts = (card ? [card] : (cards?.contacts ?? [])).map(sharedContactOf);
    event.text = '';
  }
  const context = contextOf(data);
  if (context?.stanzaId && !event.reaction) event.replyTo = context.stanzaId;
  const ad = context?.externalAdReply;
  if (ad && (ad.title || ad.sourceUrl)) {
    event.ad = {
      ...(ad.title ? { title: ad.title } : {}),
      ...(ad.body ? { body: ad.body } : {}),
      ...(ad.sourceUrl ? { sourceUrl: ad.sourceUrl } : {}),
      ...(ad.thumbnailUrl ? { thumbnailUrl: ad.thumbnailUrl } : {}),
      largeThumbnail: ad.renderLargerThumbnail === true,
      showAttribution: ad.showAdAttribution === true,
    };
  }
  if (event.text === undefined && !event.media) {
    const type = Object.keys(message).find((each) => each !== 'messageContextInfo');
    if (!type) return null;
    readOtherMessage(type, message[type] as Record<string, unknown> | undefined, event);
  }
  return event;
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/**
 * Baileys' other message kinds (issue #31): a location, a button or list row tapped; anything
 * else keeps its kind's name for a Spanish notice.
 */
function readOtherMessage(
  type: string,
  body: Record<string, unknown> | undefined,
  event: Extract<InboundEvent, { kind: 'message' }>,
) {
  const value = body ?? {};
  if (type === 'locationMessage' || type === 'liveLocationMessage') {
    const latitude = Number(value.degreesLatitude);
    const longitude = Number(value.degreesLongitude);
    if (Number.isFinite(latitude) && Number.isFinite(longitude)) {
      const name = text(value.name);
      const address = text(value.address);
      const url = text(value.url);
      event.location = {
        latitude,
        longitude,
        ...(name ? { name } : {}),
        ...(address ? { address } : {}),
        ...(url ? { url } : {}),
      };
      event.text = text(value.caption) ?? '';
      return;
    }
  }
  if (type === 'buttonsResponseMessage' || type === 'templateButtonReplyMessage') {
    const title = text(value.selectedDisplayText);
    const id = text(value.selectedButtonId) ?? text(value.selectedId);
    if (title) {
      event.text = title;
      event.choice = { kind: 'button_reply', title, ...(id ? { id } : {}) };
      return;
    }
  }
  if (type === 'listResponseMessage') {
    const title = text(value.title);
    const id = text(
      (value.singleSelectReply as { selectedRowId?: unknown } | undefined)?.selectedRowId,
    );
    if (title) {
      const description = text(value.description);
      event.text = title;
      event.choice = {
        kind: 'list_reply',
        title,
        ...(id ? { id } : {}),
        ...(description ? { description } : {}),
      };
      return;
    }
  }
  event.unsupported = type;
  event.text = '';
}

/**
 * The events of one Evolution webhook for this instance. `messages.update` is taken in the shape
 * Evolution v2's Baileys service posts (unverified against a live gateway): `data` (one object
 * or a list) with `keyId` (the WhatsApp message id; `key.id` is read too) and `status` (a
 * Baileys status name or number).
 */
export function parseEvolutionEnvelope(body: unknown, instanceName: string | undefined) {
  const events: InboundEvent[] = [];
  const envelope = body as { event?: unknown; instance?: unknown; data?: unknown } | null;
  if (!envelope || typeof envelope !== 'object') return events;
  if (instanceName && envelope.instance !== undefined && envelope.instance !== instanceName) {
    return events;
  }
  switch (eventName(envelope.event)) {
    case 'messages.upsert':
      for (const data of listOf<UpsertData>(envelope.data)) {
        const event = inboundMessage(data);
        if (event) events.push(event);
      }
      break;
    case 'messages.update':
      for (const data of listOf<{
        keyId?: string;
        key?: MessageKey;
        fromMe?: boolean;
        status?: string | number;
      }>(envelope.data)) {
        const id = data.keyId ?? data.key?.id;
        const status = STATUS[String(data.status ?? '')];
        const fromMe = data.fromMe ?? data.key?.fromMe;
        if (!id || !status || fromMe === false) continue;
        events.push({
          kind: 'status',
          providerMessageId: id,
          status,
          at: new Date(),
          // An audio played by the customer (03 §4: a listened audio shows read).
          ...(PLAYED.has(String(data.status)) ? { listened: true } : {}),
          ...(status === 'failed'
            ? { error: { code: 'ERROR', message: es.channels.gatewayNotDelivered } }
            : {}),
        });
      }
      break;
    case 'connection.update': {
      const data = (envelope.data ?? {}) as { state?: string; statusReason?: unknown };
      const state = data.state === 'open' || data.state === 'connecting' ? data.state : 'close';
      if (!data.state) break;
      events.push({
        kind: 'connection',
        state,
        ...(state === 'close' && data.statusReason !== undefined
          ? { reason: format(es.channels.sessionClosed, { code: String(data.statusReason) }) }
          : {}),
      });
      break;
    }
  }
  return events;
}

// ---------------------------------------------------------------------------------------------
// Session (the QR connect flow)

function stateOf(value: unknown): SessionState['state'] {
  return value === 'open' || value === 'connecting' ? value : 'close';
}

async function connectionState(context: ChannelContext): Promise<SessionState> {
  const response = await callProvider(
    `${base(context)}/instance/connectionState/${instance(context)}`,
    { method: 'GET', headers: headers(context) },
    'CHANNEL_ERROR',
  );
  const body = jsonOf(response);
  if (response.status === 404) return { state: 'close', exists: false };
  if (!response.ok) throw refusal(response.status, body);
  const state = (body.instance as { state?: unknown } | undefined)?.state ?? body.state;
  return { state: stateOf(state), exists: true };
}

/** Creates the instance with the channel's webhook (first use of a seller's personal number). */
async function createInstance(context: ChannelContext) {
  const response = await callProvider(
    `${base(context)}/instance/create`,
    {
      method: 'POST',
      headers: headers(context, true),
      body: JSON.stringify({
        instanceName: context.channel.config.instanceName,
        qrcode: true,
        integration: 'WHATSAPP-BAILEYS',
        ...(context.secrets.instanceKey ? { token: context.secrets.instanceKey } : {}),
        webhook: {
          enabled: true,
          url: context.webhookUrl,
          byEvents: false,
          base64: false,
          events: EVOLUTION_WEBHOOK_EVENTS,
        },
      }),
    },
    'CHANNEL_ERROR',
  );
  // 403 'This name is already in use': someone created it first, which is what we wanted.
  if (!response.ok && response.status !== 403) throw refusal(response.status, jsonOf(response));
}

async function connect(context: ChannelContext): Promise<SessionState> {
  const current = await connectionState(context);
  if (current.state === 'open') return current;
  if (!current.exists) await createInstance(context);
  const response = await callProvider(
    `${base(context)}/instance/connect/${instance(context)}`,
    { method: 'GET', headers: headers(context) },
    'CHANNEL_ERROR',
  );
  const body = jsonOf(response);
  if (!response.ok) throw refusal(response.status, body);
  const open = (body.instance as { state?: unknown } | undefined)?.state;
  if (open) return { state: stateOf(open), exists: true };
  return {
    state: 'connecting',
    exists: true,
    ...(typeof body.base64 === 'string' ? { qr: body.base64 } : {}),
    ...(typeof body.pairingCode === 'string' ? { pairingCode: body.pairingCode } : {}),
  };
}

async function logout(context: ChannelContext) {
  const response = await callProvider(
    `${base(context)}/instance/logout/${instance(context)}`,
    { method: 'DELETE', headers: headers(context) },
    'CHANNEL_ERROR',
  );
  // An instance that is already closed (400) or gone (404) is logged out.
  if (!response.ok && response.status !== 400 && response.status !== 404) {
    throw refusal(response.status, jsonOf(response));
  }
}

export const evolutionAdapter: ChannelAdapter = {
  verifyWebhook({ secrets }, request) {
    let given = header(request.headers, 'apikey');
    if (!given) {
      try {
        const body = JSON.parse(request.rawBody.toString('utf8')) as { apikey?: unknown };
        if (typeof body.apikey === 'string') given = body.apikey;
      } catch {
        return false;
      }
    }
    return sameSecret(given, secrets.instanceKey);
  },

  parseWebhook({ channel }, request) {
    return parseEvolutionEnvelope(
      JSON.parse(request.rawBody.toString('utf8')),
      channel.config.instanceName,
    );
  },

  async send(context, message) {
    if (message.template) {
      throw new ProviderError(
        'SEND_MESSAGE_ERROR',
        false,
        undefined,
        'a WhatsApp session has no message templates',
      );
    }
    const { path, body } = evolutionRequest(message);
    const response = await callProvider(
      `${base(context)}/message/${path}/${instance(context)}`,
      { method: 'POST', headers: headers(context, true), body: JSON.stringify(body) },
      'SEND_MESSAGE_ERROR',
    );
    const answer = jsonOf(response);
    if (!response.ok) throw refusal(response.status, answer);
    const id = (answer.key as { id?: unknown } | undefined)?.id;
    if (typeof id !== 'string' || !id) {
      throw new ProviderError('SEND_MESSAGE_ERROR', true, undefined, 'answer without key.id');
    }
    return { providerMessageId: id };
  },

  /**
   * The customer's messages seen, up to this one (`POST /chat/markMessageAsRead/{instance}` with
   * the message keys: Evolution v2's documented body; unverified against a live gateway).
   */
  async markRead(context, read) {
    const response = await callProvider(
      `${base(context)}/chat/markMessageAsRead/${instance(context)}`,
      {
        method: 'POST',
        headers: headers(context, true),
        body: JSON.stringify({
          readMessages: [
            {
              remoteJid: `${read.to.replace(/\D/g, '')}@s.whatsapp.net`,
              fromMe: false,
              id: read.providerMessageId,
            },
          ],
        }),
      },
      'SEND_MESSAGE_ERROR',
    );
    if (!response.ok) throw refusal(response.status, jsonOf(response));
  },

  /**
   * A sent text changed on the customer's phone: `POST /chat/updateMessage/{instance}` with the
   * number, the new text and the message key (Evolution v2's documented body).
   */
  async editMessage(context, edit) {
    const number = edit.to.replace(/\D/g, '');
    const response = await callProvider(
      `${base(context)}/chat/updateMessage/${instance(context)}`,
      {
        method: 'POST',
        headers: headers(context, true),
        body: JSON.stringify({
          number,
          text: edit.text,
          key: { remoteJid: `${number}@s.whatsapp.net`, fromMe: true, id: edit.providerMessageId },
        }),
      },
      'EDIT_MESSAGE_ERROR',
    );
    if (!response.ok) throw refusal(response.status, jsonOf(response), 'EDIT_MESSAGE_ERROR');
  },

  /**
   * A sent message deleted for everyone: `DELETE /chat/deleteMessageForEveryone/{instance}` with
   * the message key (Evolution v2's documented body).
   */
  async deleteMessage(context, removal) {
    const response = await callProvider(
      `${base(context)}/chat/deleteMessageForEveryone/${instance(context)}`,
      {
        method: 'DELETE',
        headers: headers(context, true),
        body: JSON.stringify({
          id: removal.providerMessageId,
          remoteJid: `${removal.to.replace(/\D/g, '')}@s.whatsapp.net`,
          fromMe: true,
        }),
      },
      'DELETE_MESSAGE_ERROR',
    );
    if (!response.ok) throw refusal(response.status, jsonOf(response), 'DELETE_MESSAGE_ERROR');
  },

  /**
   * A customer's file: WhatsApp's media URLs are encrypted, so the gateway decrypts it
   * (`POST /chat/getBase64FromMediaMessage/{instance}` with the message key → `{base64,
   * mimetype}`; the request's nesting is unverified).
   */
  async downloadMedia(context, media) {
    const response = await callProvider(
      `${base(context)}/chat/getBase64FromMediaMessage/${instance(context)}`,
      {
        method: 'POST',
        headers: headers(context, true),
        body: JSON.stringify({ message: { key: { id: media.providerMediaId } } }),
        maxBytes: 40 * 1024 * 1024,
        timeoutMs: 60_000,
      },
      'SEND_MESSAGE_ERROR',
    );
    const body = jsonOf(response);
    if (!response.ok) throw refusal(response.status, body);
    if (typeof body.base64 !== 'string') {
      throw new ProviderError('SEND_MESSAGE_ERROR', false, undefined, 'answer without base64');
    }
    return {
      bytes: Buffer.from(body.base64.replace(/^data:[^,]*,/, ''), 'base64'),
      mimeType:
        (typeof body.mimetype === 'string' ? body.mimetype : undefined) ??
        media.mimeType ??
        'application/octet-stream',
    };
  },

  connect,
  connectionState,
  logout,
};
