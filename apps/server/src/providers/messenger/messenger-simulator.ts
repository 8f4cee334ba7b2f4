import { randomBytes } from 'node:crypto';
import { jsonAnswer, type SimulatedResponse } from '../simulation';

/**
 * The Messenger / Instagram Send API (Graph) in memory, speaking the documented protocol
 * (integrations.md §3): the Page token is checked (Bearer header or `access_token` parameter),
 * `POST /{page-id}/messages` takes `recipient`, `messaging_type` and a text or one attachment
 * and answers `{recipient_id, message_id}`; Graph error envelopes come back when asked for.
 * messenger.fake.ts serves it over HTTP for the tests.
 *
 * It also plays the customer: the builders below make the webhook envelopes Meta sends for
 * Messenger (`object: 'page'`) and Instagram (`object: 'instagram'`), and `signedMetaWebhook`
 * signs them with the app secret.
 */
export interface SentMessengerMessage {
  id: string;
  pageId: string;
  body: Record<string, unknown>;
  at: Date;
}

/** Graph's error envelope (type OAuthException, as Graph sends nearly all of them). */
export function messengerError(code: number, message: string, status = 400, subcode?: number) {
  return jsonAnswer(status, {
    error: {
      message,
      type: 'OAuthException',
      code,
      ...(subcode ? { error_subcode: subcode } : {}),
      fbtrace_id: randomBytes(6).toString('base64url'),
    },
  });
}

const MESSAGING_TYPES = new Set(['RESPONSE', 'UPDATE', 'MESSAGE_TAG']);
const SENDER_ACTIONS = new Set(['mark_seen', 'typing_on', 'typing_off']);
const ATTACHMENT_TYPES = new Set(['image', 'audio', 'video', 'file']);

export class MessengerSimulator {
  readonly sent: SentMessengerMessage[] = [];
  /** Sender actions the Page sent (mark_seen when a seller read the conversation). */
  readonly actions: Array<{ pageId: string; recipient: string; action: string }> = [];
  private readonly scripted: SimulatedResponse[] = [];
  private readonly files = new Map<string, { bytes: Buffer; mimeType: string }>();
  private readonly leads = new Map<string, Record<string, unknown>>();

  constructor(private readonly options: { pageAccessToken: string }) {}

  /**
   * A lead a form collected (lead ads), served at `GET /{leadgen_id}` as Graph answers it:
   * `{id, created_time, field_data: [{name, values}]}`.
   */
  storeLead(id: string, fieldData: Array<{ name: string; values: string[] }>, formId?: string) {
    this.leads.set(id, {
      id,
      created_time: new Date().toISOString().replace(/\.\d{3}Z$/, '+0000'),
      field_data: fieldData,
      ...(formId ? { form_id: formId } : {}),
    });
  }

  private readonly profiles = new Map<string, Record<string, string>>();

  /**
   * A customer's profile (User Profile API), served at `GET /{PSID|IGSID}?fields=…` with the
   * fields asked for: Messenger's `first_name`, `last_name`; Instagram's `name`, `username`.
   * Anyone else is answered as Graph answers an unknown id (code 100).
   */
  storeProfile(scopedId: string, profile: Record<string, string>) {
    this.profiles.set(scopedId, profile);
  }

  /** The next sends get these answers, one each, before normal service resumes. */
  failNext(...responses: SimulatedResponse[]) {
    this.scripted.push(...responses);
  }

  /** Answers given to the next downloads of a kept file (`GET /cdn/…`) instead of the file. */
  private readonly mediaScripted: SimulatedResponse[] = [];

  /** The next downloads of a kept file get these answers, one each (a 500, a 403…), then it. */
  failMediaNext(...responses: SimulatedResponse[]) {
    this.mediaScripted.push(...responses);
  }

  /**
   * Keeps a file a customer attaches; answers the path of its CDN URL (served without a token,
   * as Meta's attachment URLs are), to go in an inbound attachment's `payload.url`.
   */
  storeMedia(bytes: Buffer, mimeType: string): string {
    const id = randomBytes(8).toString('hex');
    this.files.set(id, { bytes, mimeType });
    return `/cdn/${id}`;
  }

  handle(
    method: string,
    path: string,
    headers: Record<string, string | string[] | undefined>,
    body: Buffer,
  ): SimulatedResponse {
    const url = new URL(path, 'http://graph.invalid');
    const cdn = /^\/cdn\/([0-9a-f]+)$/.exec(url.pathname);
    if (method === 'GET' && cdn) {
      const failure = this.files.has(cdn[1]!) ? this.mediaScripted.shift() : undefined;
      if (failure) return failure;
      const file = this.files.get(cdn[1]!);
      if (!file)
        return {
          status: 404,
          headers: { 'content-type': 'text/plain' },
          body: Buffer.from('URL signature expired'),
        };
      return { status: 200, headers: { 'content-type': file.mimeType }, body: file.bytes };
    }
    const token =
      headers.authorization === `Bearer ${this.options.pageAccessToken}` ||
      url.searchParams.get('access_token') === this.options.pageAccessToken;
    if (!token) return messengerError(190, 'Invalid OAuth access token.', 401);
    const parts = url.pathname.split('/').filter(Boolean);
    const lead = method === 'GET' ? this.leads.get(parts.at(-1) ?? '') : undefined;
    if (lead) return jsonAnswer(200, lead);
    if (method === 'GET' && parts.length >= 1 && url.searchParams.has('fields')) {
      const id = parts.at(-1)!;
      const profile = this.profiles.get(id);
      if (!profile) {
        return messengerError(
          100,
          `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
          400,
          33,
        );
      }
      const fields = url.searchParams.get('fields')!.split(',');
      const answer: Record<string, string> = { id };
      for (const field of fields) if (profile[field] !== undefined) answer[field] = profile[field];
      return jsonAnswer(200, answer);
    }
    if (method === 'POST' && parts.at(-1) === 'messages' && parts.length >= 2) {
      return this.send(parts.at(-2)!, body);
    }
    return messengerError(100, `Unknown path components: ${url.pathname}`, 400);
  }

  private send(pageId: string, raw: Buffer): SimulatedResponse {
    let body: {
      recipient?: { id?: unknown };
      messaging_type?: unknown;
      tag?: unknown;
      sender_action?: unknown;
      message?: { text?: unknown; attachment?: { type?: unknown; payload?: { url?: unknown } } };
    };
    try {
      body = JSON.parse(raw.toString('utf8')) as typeof body;
    } catch {
      return messengerError(100, 'Invalid JSON', 400);
    }
    if (typeof body.recipient?.id !== 'string' || !body.recipient.id) {
      return messengerError(100, 'The parameter recipient is required', 400);
    }
    // A sender action (mark_seen, typing_on, typing_off) goes alone, without a message.
    if (body.sender_action !== undefined) {
      if (!SENDER_ACTIONS.has(body.sender_action as string) || body.message !== undefined) {
        return messengerError(100, 'Invalid sender_action', 400);
      }
      this.actions.push({
        pageId,
        recipient: body.recipient.id,
        action: body.sender_action as string,
      });
      return jsonAnswer(200, { recipient_id: body.recipient.id });
    }
    if (!MESSAGING_TYPES.has(body.messaging_type as string)) {
      return messengerError(
        100,
        'Param messaging_type must be one of {RESPONSE, UPDATE, MESSAGE_TAG}',
      );
    }
    if (body.messaging_type === 'MESSAGE_TAG' && typeof body.tag !== 'string') {
      return messengerError(100, 'The parameter tag is required for MESSAGE_TAG');
    }
    const message = body.message;
    const text = message?.text;
    const attachment = message?.attachment;
    if (!message || (text === undefined) === (attachment === undefined)) {
      return messengerError(100, 'The parameter message must have exactly one of text, attachment');
    }
    if (text !== undefined && (typeof text !== 'string' || !text || text.length > 2000)) {
      return messengerError(
        100,
        'param message[text] must be a non-empty UTF-8 string of up to 2000 characters',
      );
    }
    if (
      attachment !== undefined &&
      (!ATTACHMENT_TYPES.has(attachment.type as string) ||
        typeof attachment.payload?.url !== 'string' ||
        !/^https?:\/\//.test(attachment.payload.url))
    ) {
      return messengerError(100, 'Invalid attachment: a type and a payload url are required');
    }
    const scripted = this.scripted.shift();
    if (scripted) return scripted;
    const id = `m_${randomBytes(18).toString('base64url')}`;
    this.sent.push({ id, pageId, body: body as Record<string, unknown>, at: new Date() });
    return jsonAnswer(200, { recipient_id: body.recipient.id, message_id: id });
  }
}

// ---------------------------------------------------------------------------------------------
// The customer's side: webhook envelopes

export type MetaObject = 'page' | 'instagram';

/** Meta's envelope around messaging items of one Page (or Instagram account). */
export function messagingEnvelope(object: MetaObject, accountId: string, messaging: unknown[]) {
  return {
    object,
    entry: [{ id: accountId, time: Date.now(), messaging }],
  };
}

/** A customer's message: text and/or attachments (`{type, url}`). */
export function customerMessage(
  accountId: string,
  message: {
    from: string;
    mid?: string;
    text?: string;
    attachments?: Array<{ type: string; url?: string }>;
    at?: Date;
  },
) {
  const timestamp = (message.at ?? new Date()).getTime();
  return {
    sender: { id: message.from },
    recipient: { id: accountId },
    timestamp,
    message: {
      mid: message.mid ?? `m_IN${randomBytes(12).toString('hex')}`,
      ...(message.text !== undefined ? { text: message.text } : {}),
      ...(message.attachments
        ? {
            attachments: message.attachments.map((each) => ({
              type: each.type,
              payload: each.url ? { url: each.url } : null,
            })),
          }
        : {}),
    },
  };
}

/** The echo of a message the Page sent (message_echoes): sender is the Page. */
export function echoOf(accountId: string, to: string, text: string) {
  return {
    sender: { id: accountId },
    recipient: { id: to },
    timestamp: Date.now(),
    message: { mid: `m_ECHO${randomBytes(8).toString('hex')}`, is_echo: true, text },
  };
}

/** A delivery receipt (message_deliveries): the mids, or only a watermark. */
export function deliveryOf(
  accountId: string,
  from: string,
  mids: string[] | undefined,
  watermark: Date,
) {
  return {
    sender: { id: from },
    recipient: { id: accountId },
    timestamp: Date.now(),
    delivery: { ...(mids ? { mids } : {}), watermark: watermark.getTime() },
  };
}

/** A read receipt: Messenger's watermark (message_reads) or Instagram's mid (messaging_seen). */
export function readOf(
  accountId: string,
  from: string,
  read: { watermark: Date } | { mid: string },
) {
  return {
    sender: { id: from },
    recipient: { id: accountId },
    timestamp: Date.now(),
    read: 'mid' in read ? { mid: read.mid } : { watermark: read.watermark.getTime() },
  };
}

/** A Page's `leadgen` change: a form was filled in (lead ads). */
export function leadgenEnvelope(pageId: string, lead: { leadgenId: string; formId: string }) {
  const now = Math.floor(Date.now() / 1000);
  return {
    object: 'page',
    entry: [
      {
        id: pageId,
        time: now,
        changes: [
          {
            field: 'leadgen',
            value: {
              ad_id: 0,
              form_id: lead.formId,
              leadgen_id: lead.leadgenId,
              created_time: now,
              page_id: pageId,
              adgroup_id: 0,
            },
          },
        ],
      },
    ],
  };
}

/**
 * The raw body and headers Meta would post: the JSON and its X-Hub-Signature-256, signed as
 * every Meta webhook is (the WhatsApp simulator's `signedWebhook`).
 */
export { signedWebhook as signedMetaWebhook } from '../whatsapp-cloud/graph-simulator';
