import { randomBytes } from 'node:crypto';
import { jsonAnswer, type SimulatedResponse } from '../simulation';

/**
 * An Evolution API v2 gateway in memory (integrations.md §7): instances with their token,
 * state and webhook; `POST /instance/create`, `GET /instance/connect/{i}` (a QR while not open),
 * `GET /instance/connectionState/{i}`, `DELETE /instance/logout/{i}`,
 * `POST /message/sendText/{i}` and `/message/sendMedia/{i}` (201 with `key.id`),
 * `POST /chat/updateMessage/{i}`, `DELETE /chat/deleteMessageForEveryone/{i}` and
 * `POST /chat/getBase64FromMediaMessage/{i}`. Every call needs the `apikey` header: the global
 * key, or the instance's token for its own paths. evolution.fake.ts serves it over HTTP.
 *
 * It also plays the phone: the builders below make the webhook envelopes the gateway posts.
 */
export interface EvolutionInstance {
  name: string;
  token: string;
  state: 'open' | 'connecting' | 'close';
  webhookUrl: string | null;
  /** The phone's own number once linked. */
  wuid: string;
}

export interface SentEvolutionMessage {
  id: string;
  instance: string;
  path: 'sendText' | 'sendMedia';
  body: Record<string, unknown>;
}

/** The gateway's error envelope. */
export function evolutionError(status: number, message: unknown) {
  const error = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' };
  return jsonAnswer(status, {
    status,
    error: error[status as keyof typeof error] ?? 'Internal Server Error',
    response: { message: Array.isArray(message) ? message : [message] },
  });
}

/** A 1×1 PNG: what the QR image is, as far as the tests know. */
const QR_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export class EvolutionSimulator {
  readonly instances = new Map<string, EvolutionInstance>();
  readonly sent: SentEvolutionMessage[] = [];
  /** Messages the company marked read: instance, chat and message id. */
  readonly reads: Array<{ instance: string; remoteJid: string; id: string }> = [];
  /** Sent messages the company changed (`/chat/updateMessage`), with the new text. */
  readonly edits: Array<{ instance: string; id: string; text: string }> = [];
  /** Sent messages the company deleted for everyone (`/chat/deleteMessageForEveryone`). */
  readonly deletions: Array<{ instance: string; id: string }> = [];
  private readonly scripted: SimulatedResponse[] = [];
  private readonly files = new Map<string, { bytes: Buffer; mimeType: string }>();

  constructor(private readonly options: { apiKey: string }) {}

  /** An instance made outside Cartera (the company's number, set up by whoever runs the gateway). */
  addInstance(name: string, webhookUrl: string | null, token = randomBytes(8).toString('hex')) {
    const made: EvolutionInstance = { name, token, state: 'close', webhookUrl, wuid: '' };
    this.instances.set(name, made);
    return made;
  }

  /** The next sends get these answers, one each, before normal service resumes. */
  failNext(...responses: SimulatedResponse[]) {
    this.scripted.push(...responses);
  }

  /** A file a customer sent, decrypted by the gateway on request (by the message id). */
  storeMedia(messageId: string, bytes: Buffer, mimeType: string) {
    this.files.set(messageId, { bytes, mimeType });
  }

  handle(
    method: string,
    path: string,
    headers: Record<string, string | string[] | undefined>,
    raw: Buffer,
  ): SimulatedResponse {
    const url = new URL(path, 'http://gateway.invalid');
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    const key = headers.apikey;
    const named = parts[2] ? this.instances.get(parts[2]) : undefined;
    const global = key === this.options.apiKey;
    if (!global && !(named && key === named.token)) return evolutionError(401, 'Unauthorized');
    let body: Record<string, unknown> = {};
    if (raw.length) {
      try {
        body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
      } catch {
        return evolutionError(400, 'Invalid JSON');
      }
    }
    const route = `${method} /${parts[0] ?? ''}/${parts[1] ?? ''}`;
    if (route === 'POST /instance/create') return this.create(body, global);
    if (!named) {
      return evolutionError(404, `The "${parts[2] ?? ''}" instance does not exist`);
    }
    switch (route) {
      case 'GET /instance/connectionState':
        return jsonAnswer(200, { instance: { instanceName: named.name, state: named.state } });
      case 'GET /instance/connect':
        if (named.state === 'open') {
          return jsonAnswer(200, { instance: { instanceName: named.name, state: 'open' } });
        }
        named.state = 'connecting';
        return jsonAnswer(200, {
          pairingCode: 'WZYEH1YY',
          code: `2@${randomBytes(16).toString('base64')}`,
          base64: `data:image/png;base64,${QR_PNG}`,
          count: 1,
        });
      case 'DELETE /instance/logout':
        if (named.state === 'close') return evolutionError(400, 'The instance is not connected');
        named.state = 'close';
        return jsonAnswer(200, {
          status: 'SUCCESS',
          error: false,
          response: { message: 'Instance logged out' },
        });
      case 'POST /message/sendText':
      case 'POST /message/sendMedia':
        return this.send(named, parts[1] as 'sendText' | 'sendMedia', body);
      case 'POST /chat/markMessageAsRead': {
        const marks = body.readMessages;
        const valid =
          Array.isArray(marks) &&
          marks.length > 0 &&
          marks.every(
            (each: { remoteJid?: unknown; id?: unknown }) =>
              typeof each.remoteJid === 'string' &&
              each.remoteJid.endsWith('@s.whatsapp.net') &&
              typeof each.id === 'string',
          );
        if (!valid) return evolutionError(400, 'readMessages must list message keys');
        for (const each of marks as Array<{ remoteJid: string; id: string }>) {
          this.reads.push({ instance: named.name, remoteJid: each.remoteJid, id: each.id });
        }
        return jsonAnswer(201, { message: 'Read messages', read: 'success' });
      }
      case 'POST /chat/updateMessage':
        return this.change(named, body, 'edit');
      case 'DELETE /chat/deleteMessageForEveryone':
        return this.change(named, body, 'delete');
      case 'POST /chat/getBase64FromMediaMessage': {
        const id = (body.message as { key?: { id?: string } } | undefined)?.key?.id ?? '';
        const file = this.files.get(id);
        if (!file) return evolutionError(400, 'Message not found');
        return jsonAnswer(201, {
          mediaType: 'imageMessage',
          fileName: null,
          mimetype: file.mimeType,
          base64: file.bytes.toString('base64'),
        });
      }
    }
    return evolutionError(404, `Cannot ${method} ${url.pathname}`);
  }

  /**
   * An edit (`{number, text, key: {remoteJid, fromMe, id}}`) or a deletion for everyone
   * (`{id, remoteJid, fromMe}`) of a message this instance sent; scripted failures apply.
   */
  private change(
    named: EvolutionInstance,
    body: Record<string, unknown>,
    kind: 'edit' | 'delete',
  ): SimulatedResponse {
    if (named.state !== 'open') return evolutionError(400, 'Connection Closed');
    const key = (kind === 'edit' ? body.key : body) as
      { remoteJid?: unknown; fromMe?: unknown; id?: unknown } | undefined;
    const sent = this.sent.find((each) => each.instance === named.name && each.id === key?.id);
    const jid = `${String(sent?.body.number)}@s.whatsapp.net`;
    if (!sent || key?.fromMe !== true || key.remoteJid !== jid) {
      return evolutionError(400, 'Message not found');
    }
    if (kind === 'edit' && (typeof body.text !== 'string' || !body.text)) {
      return evolutionError(400, ['text is required']);
    }
    const scripted = this.scripted.shift();
    if (scripted) return scripted;
    if (kind === 'edit') {
      this.edits.push({ instance: named.name, id: sent.id, text: body.text as string });
      return jsonAnswer(200, {
        key: { remoteJid: jid, fromMe: true, id: sent.id },
        message: { editedMessage: { conversation: body.text } },
      });
    }
    this.deletions.push({ instance: named.name, id: sent.id });
    return jsonAnswer(201, {
      key: { remoteJid: jid, fromMe: true, id: sent.id },
      message: { protocolMessage: { type: 'REVOKE' } },
    });
  }

  private create(body: Record<string, unknown>, global: boolean) {
    if (!global) return evolutionError(401, 'Unauthorized');
    const name = body.instanceName;
    if (typeof name !== 'string' || !name) return evolutionError(400, 'instanceName is required');
    if (this.instances.has(name)) {
      return evolutionError(403, `This name "${name}" is already in use.`);
    }
    const webhook = body.webhook as { url?: unknown } | undefined;
    const made = this.addInstance(
      name,
      typeof webhook?.url === 'string' ? webhook.url : null,
      typeof body.token === 'string' && body.token ? body.token : undefined,
    );
    return jsonAnswer(201, {
      instance: {
        instanceName: name,
        instanceId: randomBytes(8).toString('hex'),
        status: 'created',
      },
      hash: made.token,
      webhook: webhook ?? {},
    });
  }

  private send(
    named: EvolutionInstance,
    path: 'sendText' | 'sendMedia',
    body: Record<string, unknown>,
  ): SimulatedResponse {
    if (named.state !== 'open') return evolutionError(400, 'Connection Closed');
    if (typeof body.number !== 'string' || !/^\d{6,15}$/.test(body.number)) {
      return evolutionError(400, [{ exists: false, jid: `${String(body.number)}@s.whatsapp.net` }]);
    }
    if (path === 'sendText' && (typeof body.text !== 'string' || !body.text)) {
      return evolutionError(400, ['text is required']);
    }
    if (
      path === 'sendMedia' &&
      (!['image', 'video', 'audio', 'document'].includes(body.mediatype as string) ||
        typeof body.media !== 'string' ||
        typeof body.mimetype !== 'string')
    ) {
      return evolutionError(400, ['mediatype, mimetype and media are required']);
    }
    const scripted = this.scripted.shift();
    if (scripted) return scripted;
    const id = `BAE5${randomBytes(6).toString('hex').toUpperCase()}`;
    this.sent.push({ id, instance: named.name, path, body });
    return jsonAnswer(201, {
      key: { remoteJid: `${body.number}@s.whatsapp.net`, fromMe: true, id },
      message:
        path === 'sendText'
          ? { extendedTextMessage: { text: body.text } }
          : { [`${String(body.mediatype)}Message`]: { caption: body.caption } },
      messageTimestamp: String(Math.floor(Date.now() / 1000)),
      status: 'PENDING',
    });
  }
}

// ---------------------------------------------------------------------------------------------
// The phone's side: webhook envelopes

/** The gateway's envelope around one event, with the instance key it sends along. */
export function evolutionEnvelope(event: string, instance: string, apikey: string, data: unknown) {
  return {
    event,
    instance,
    data,
    destination: 'https://crm.invalid/webhook',
    date_time: new Date().toISOString(),
    sender: '59899000000@s.whatsapp.net',
    server_url: 'http://evolution.invalid',
    apikey,
  };
}

/** A customer's message (`messages.upsert` data): text, or a media message with its fields. */
export function upsertData(message: {
  from: string;
  id?: string;
  name?: string;
  text?: string;
  extended?: boolean;
  media?: { type: string; mimetype: string; caption?: string; fileName?: string };
  /** Any other Baileys message (reactionMessage, contactMessage…), as the gateway posts it. */
  raw?: Record<string, unknown>;
  /** The context Evolution v2 copies beside the message (quote, ad). */
  contextInfo?: Record<string, unknown>;
  fromMe?: boolean;
  group?: boolean;
}) {
  const digits = message.from.replace(/\D/g, '');
  let content: Record<string, unknown> = {};
  if (message.raw) content = message.raw;
  else if (message.media) {
    content[message.media.type] = {
      url: `https://mmg.whatsapp.net/v/t62/${randomBytes(6).toString('hex')}.enc`,
      mimetype: message.media.mimetype,
      ...(message.media.caption ? { caption: message.media.caption } : {}),
      ...(message.media.fileName ? { fileName: message.media.fileName } : {}),
    };
  } else if (message.extended) {
    content.extendedTextMessage = { text: message.text ?? '' };
  } else {
    content.conversation = message.text ?? '';
  }
  return {
    key: {
      remoteJid: message.group ? `120363${digits}@g.us` : `${digits}@s.whatsapp.net`,
      fromMe: message.fromMe ?? false,
      id: message.id ?? `3EB0${randomBytes(8).toString('hex').toUpperCase()}`,
    },
    pushName: message.name ?? '',
    status: 'DELIVERY_ACK',
    message: content,
    messageType: Object.keys(content)[0],
    messageTimestamp: Math.floor(Date.now() / 1000),
    instanceId: randomBytes(8).toString('hex'),
    source: 'android',
    ...(message.contextInfo ? { contextInfo: message.contextInfo } : {}),
  };
}

/** A delivery receipt of a message the instance sent (`messages.update` data). */
export function updateData(
  keyId: string,
  status: string,
  remoteJid = '59899000000@s.whatsapp.net',
) {
  return {
    messageId: randomBytes(12).toString('hex'),
    keyId,
    remoteJid,
    fromMe: true,
    participant: remoteJid,
    status,
    instanceId: randomBytes(8).toString('hex'),
  };
}

/** A session's change (`connection.update` data). */
export function connectionData(instance: string, state: string, statusReason = 200) {
  return {
    instance,
    state,
    statusReason,
    wuid: '59899000000@s.whatsapp.net',
    profileName: 'Tienda',
  };
}
