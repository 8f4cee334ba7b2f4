import { randomBytes } from 'node:crypto';
import { metaSignature } from '../provider-http';
import { jsonAnswer, type SimulatedResponse } from '../simulation';

/**
 * A WhatsApp Business Cloud API (Graph) that runs in memory, speaking the documented protocol
 * (integrations.md §1): the Bearer token is checked, sends answer with a `wamid`, media ids
 * describe a file served with the same token, Graph error envelopes come back when asked for.
 * The loopback fake of the tests serves it over HTTP (whatsapp-cloud.fake.ts); the demo's
 * 'Canal de prueba' calls it in-process (channels/sandbox).
 *
 * It also plays the customer: `inboundText` and the others build the webhook envelopes Meta
 * sends, and `sign` signs them with the app secret as Meta does.
 */
export interface SentMessage {
  id: string;
  phoneNumberId: string;
  body: Record<string, unknown>;
  at: Date;
}

export interface GraphSimulatorOptions {
  accessToken: string;
  /** 360dialog's key instead of a Bearer token (then paths carry no phone number id). */
  dialog360ApiKey?: string;
  /** Where media files are served from (the fake's own origin, or an in-process prefix). */
  origin: string;
}

interface StoredMedia {
  bytes: Buffer;
  mimeType: string;
}

export function graphError(code: number, message: string, status = 400) {
  return jsonAnswer(status, {
    error: { message, type: 'OAuthException', code, fbtrace_id: randomBytes(6).toString('hex') },
  });
}

export class GraphSimulator {
  readonly sent: SentMessage[] = [];
  private readonly media = new Map<string, StoredMedia>();
  /** Answers given instead of the normal ones, in order (a 429, a 500, a refusal…). */
  private readonly scripted: SimulatedResponse[] = [];
  /** Numbers (digits) that are not on WhatsApp: sends to them are refused with 131026. */
  readonly notOnWhatsapp = new Set<string>();
  /** Read receipts the company sent: which customer message, through which number. */
  readonly reads: Array<{ phoneNumberId: string; messageId: string; at: Date }> = [];

  constructor(private readonly options: GraphSimulatorOptions) {}

  /** The next sends get these answers, one each, before normal service resumes. */
  failNext(...responses: SimulatedResponse[]) {
    this.scripted.push(...responses);
  }

  /** Answers given to the next media look-ups (`GET /{media-id}`) instead of the file's. */
  private readonly mediaScripted: SimulatedResponse[] = [];

  /** The next media look-ups get these answers, one each (a 500, a 404…), then the file. */
  failMediaNext(...responses: SimulatedResponse[]) {
    this.mediaScripted.push(...responses);
  }

  /** Keeps a file the customer sends; its id goes in an inbound media envelope. */
  storeMedia(bytes: Buffer, mimeType: string): string {
    const id = `${Date.now()}${randomBytes(4).readUInt32BE()}`;
    this.media.set(id, { bytes, mimeType });
    return id;
  }

  handle(
    method: string,
    path: string,
    headers: Record<string, string | string[] | undefined>,
    body: Buffer,
  ): SimulatedResponse {
    if (!this.authorised(headers)) {
      return graphError(190, 'Invalid OAuth access token - Cannot parse access token', 401);
    }
    // The Graph API version (`/v22.0/…`) leads every path but the served files.
    const parts = path
      .split('?')[0]!
      .split('/')
      .filter(Boolean)
      .filter((part, index) => index > 0 || !/^v\d+\.\d+$/.test(part));
    if (parts.length === 2 && parts[1] === 'message_templates') {
      return this.templatesCall(method, parts[0]!, path, body);
    }
    if (method === 'POST' && parts.at(-1) === 'messages') {
      const phoneNumberId = parts.length > 1 ? parts.at(-2)! : 'dialog360';
      return this.send(phoneNumberId, body);
    }
    if (method === 'GET' && parts[0] === 'files' && parts[1]) {
      const file = this.media.get(parts[1]);
      if (!file) return graphError(100, 'Unsupported get request.', 404);
      return { status: 200, headers: { 'content-type': file.mimeType }, body: file.bytes };
    }
    if (method === 'GET' && parts.length === 1) {
      const failure = this.media.has(parts[0]!) ? this.mediaScripted.shift() : undefined;
      if (failure) return failure;
      const file = this.media.get(parts[0]!);
      if (!file) return graphError(100, 'Unsupported get request.', 404);
      return jsonAnswer(200, {
        messaging_product: 'whatsapp',
        url: `${this.options.origin}/files/${parts[0]}`,
        mime_type: file.mimeType,
        file_size: file.bytes.length,
        id: parts[0],
      });
    }
    return graphError(100, `Unknown path components: /${parts.join('/')}`, 400);
  }

  /** The business accounts' templates, as Meta's review leaves them. */
  readonly templates: Array<{
    id: string;
    wabaId: string;
    name: string;
    language: string;
    category: string;
    status: string;
    components: Array<{
      type: string;
      text?: string;
      buttons?: Array<{ type: string; text?: string }>;
    }>;
  }> = [];

  /** Meta's review of a template (APPROVED, REJECTED…). */
  review(name: string, status: string) {
    for (const template of this.templates) if (template.name === name) template.status = status;
  }

  private templatesCall(method: string, wabaId: string, path: string, raw: Buffer) {
    const query = new URLSearchParams(path.split('?')[1] ?? '');
    const mine = this.templates.filter((template) => template.wabaId === wabaId);
    if (method === 'GET') {
      const limit = Math.min(Number(query.get('limit') ?? 25) || 25, 100);
      const after = Number(query.get('after') ?? 0) || 0;
      const page = mine.slice(after, after + limit);
      const next = after + limit < mine.length ? after + limit : null;
      return jsonAnswer(200, {
        data: page.map(({ wabaId: _waba, ...template }) => template),
        paging: {
          cursors: { before: String(after), after: String(after + page.length) },
          ...(next !== null
            ? {
                next: `${this.options.origin}/v22.0/${wabaId}/message_templates?limit=${limit}&after=${next}`,
              }
            : {}),
        },
      });
    }
    if (method === 'POST') {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
      } catch {
        return graphError(100, 'Invalid JSON', 400);
      }
      const name = String(body.name ?? '');
      if (!/^[a-z0-9_]{1,512}$/.test(name)) {
        return graphError(100, 'Invalid parameter: name', 400);
      }
      const language = String(body.language ?? '');
      if (mine.some((template) => template.name === name && template.language === language)) {
        return graphError(100, `Message template "${name}" already exists in ${language}`, 400);
      }
      const id = `${Date.now()}${randomBytes(3).readUIntBE(0, 3)}`;
      this.templates.push({
        id,
        wabaId,
        name,
        language,
        category: String(body.category ?? 'UTILITY'),
        status: 'PENDING',
        components: (body.components as Array<{ type: string; text?: string }>) ?? [],
      });
      return jsonAnswer(200, { id, status: 'PENDING', category: body.category ?? 'UTILITY' });
    }
    if (method === 'DELETE') {
      const name = query.get('name');
      const before = this.templates.length;
      for (let index = this.templates.length - 1; index >= 0; index -= 1) {
        const template = this.templates[index]!;
        if (template.wabaId === wabaId && template.name === name) this.templates.splice(index, 1);
      }
      if (before === this.templates.length) return graphError(100, 'Template not found', 404);
      return jsonAnswer(200, { success: true });
    }
    return graphError(100, 'Unsupported method', 400);
  }

  private authorised(headers: Record<string, string | string[] | undefined>) {
    if (this.options.dialog360ApiKey)
      return headers['d360-api-key'] === this.options.dialog360ApiKey;
    return headers.authorization === `Bearer ${this.options.accessToken}`;
  }

  private send(phoneNumberId: string, raw: Buffer): SimulatedResponse {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
    } catch {
      return graphError(100, 'Invalid JSON', 400);
    }
    if (body.messaging_product !== 'whatsapp') {
      return graphError(100, 'The parameter messaging_product is required.', 400);
    }
    // A read receipt (integrations.md §1 'Mark read') rides the same endpoint.
    if (body.status !== undefined) {
      if (body.status !== 'read' || typeof body.message_id !== 'string' || !body.message_id) {
        return graphError(100, 'Invalid parameter: message_id', 400);
      }
      this.reads.push({ phoneNumberId, messageId: body.message_id, at: new Date() });
      return jsonAnswer(200, { success: true });
    }
    if (typeof body.to !== 'string' || !/^\d{6,20}$/.test(body.to)) {
      return graphError(100, 'Invalid parameter: to', 400);
    }
    const type = typeof body.type === 'string' ? body.type : 'text';
    if (!body[type]) return graphError(100, `The parameter ${type} is required.`, 400);
    const scripted = this.scripted.shift();
    if (scripted) return scripted;
    if (this.notOnWhatsapp.has(body.to)) {
      return graphError(131026, '(#131026) Message undeliverable', 400);
    }
    const id = `wamid.${randomBytes(12).toString('base64url')}`;
    this.sent.push({ id, phoneNumberId, body, at: new Date() });
    return jsonAnswer(200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: body.to, wa_id: body.to }],
      messages: [{ id }],
    });
  }
}

/** Meta's envelope around one change of a phone number (messages or statuses). */
export function whatsappEnvelope(phoneNumberId: string, value: Record<string, unknown>) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'WABA',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550001111', phone_number_id: phoneNumberId },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

const seconds = (at: Date) => String(Math.floor(at.getTime() / 1000));

/** A customer's text (`from`: digits with country code, as WhatsApp sends them). */
export function inboundText(
  phoneNumberId: string,
  message: { id?: string; from: string; name?: string; text: string; at?: Date },
) {
  return inboundMessage(phoneNumberId, message, { type: 'text', text: { body: message.text } });
}

/**
 * A customer's message of any type: `fields` are the message's own (`type` and its object,
 * `context` of a reply, `referral` of an ad).
 */
export function inboundMessage(
  phoneNumberId: string,
  message: { id?: string; from: string; name?: string; at?: Date },
  fields: Record<string, unknown>,
) {
  const id = message.id ?? `wamid.IN${randomBytes(10).toString('hex')}`;
  return whatsappEnvelope(phoneNumberId, {
    contacts: [{ profile: { name: message.name ?? '' }, wa_id: message.from }],
    messages: [{ from: message.from, id, timestamp: seconds(message.at ?? new Date()), ...fields }],
  });
}

/** A customer's file, kept by the simulator under `mediaId`. */
export function inboundMedia(
  phoneNumberId: string,
  message: {
    id?: string;
    from: string;
    name?: string;
    kind: 'image' | 'document' | 'audio' | 'video';
    mediaId: string;
    mimeType: string;
    caption?: string;
    fileName?: string;
  },
) {
  const id = message.id ?? `wamid.IN${randomBytes(10).toString('hex')}`;
  return whatsappEnvelope(phoneNumberId, {
    contacts: [{ profile: { name: message.name ?? '' }, wa_id: message.from }],
    messages: [
      {
        from: message.from,
        id,
        timestamp: seconds(new Date()),
        type: message.kind,
        [message.kind]: {
          id: message.mediaId,
          mime_type: message.mimeType,
          ...(message.caption ? { caption: message.caption } : {}),
          ...(message.fileName ? { filename: message.fileName } : {}),
        },
      },
    ],
  });
}

/** A delivery receipt of a message the company sent. */
export function statusUpdate(
  phoneNumberId: string,
  update: {
    id: string;
    status: 'sent' | 'delivered' | 'read' | 'failed';
    to: string;
    error?: { code: number; message: string };
  },
) {
  return whatsappEnvelope(phoneNumberId, {
    statuses: [
      {
        id: update.id,
        status: update.status,
        timestamp: seconds(new Date()),
        recipient_id: update.to,
        ...(update.error
          ? {
              errors: [
                {
                  code: update.error.code,
                  title: update.error.message,
                  message: update.error.message,
                },
              ],
            }
          : {}),
      },
    ],
  });
}

/** The raw body and headers Meta would post: the JSON and its X-Hub-Signature-256. */
export function signedWebhook(appSecret: string, envelope: unknown) {
  const body = Buffer.from(JSON.stringify(envelope));
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': metaSignature(appSecret, body),
    },
  };
}
