import { createHmac } from 'node:crypto';
import { providerSenderPhone } from '@cartera/domain/phone-match';
import {
  ProviderError,
  type ChannelAdapter,
  type DeliveryStatus,
  type InboundEvent,
  type MediaKind,
} from '../adapter';
import { callProvider, header, jsonOf, sameSecret } from '../provider-http';

/**
 * SMS through Twilio's Messages API (integrations.md §4), type `sms`.
 *
 * Secrets: `authToken` (HTTP Basic with the account SID; signs webhooks). Config: `accountSid`,
 * `fromNumber` (E.164). The number's "A message comes in" webhook and every message's
 * StatusCallback are the channel's webhook URL, so one URL receives both: a form with
 * `MessageStatus` is a receipt, one without it a customer's message.
 */

/** A form body's parameters in order (repeated names kept), as Twilio sent them. */
export function formParams(raw: Buffer | string): Array<[string, string]> {
  return [...new URLSearchParams(raw.toString())];
}

/**
 * X-Twilio-Signature: base64 of HMAC-SHA1, keyed with the auth token, over the full URL Twilio
 * called followed by every POST parameter as name then value, sorted by name (a repeated name
 * by value), with no separators.
 */
export function twilioSignature(
  authToken: string,
  url: string,
  params: ReadonlyArray<readonly [string, string]>,
): string {
  const sorted = [...params].sort(([aName, aValue], [bName, bValue]) =>
    aName === bName ? compare(aValue, bValue) : compare(aName, bName),
  );
  const data = url + sorted.map(([name, value]) => name + value).join('');
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** Code-unit order, as Twilio's case-sensitive sort. */
function compare(a: string, b: string) {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * A Twilio REST error (`{code, message, more_info, status}`) as a ProviderError:
 * - 20003 (authenticate), 20005 (account not active), 20404 (no such account), 21212/21606/
 *   21659/21660 (the From number is not valid or not the account's), or a 401/403 without a
 *   code: CHANNEL_ERROR, the channel is set disconnected;
 * - 20429 (too many requests) is tried again (callProvider already retries any 429 and 5xx);
 * - anything else (21211 invalid To, 21614 not a mobile number, 21610 the customer unsubscribed
 *   with STOP, 21408 region not enabled, 21612 unreachable, 21617 body too long): this message
 *   only, SEND_MESSAGE_ERROR with Twilio's text.
 */
const CHANNEL_BROKEN = new Set([20003, 20005, 20404, 21212, 21606, 21659, 21660]);

export function twilioRefusal(status: number, body: Record<string, unknown>): ProviderError {
  const code = typeof body.code === 'number' ? body.code : Number(body.code ?? NaN);
  const message = typeof body.message === 'string' ? body.message : `HTTP ${status}`;
  const providerCode = Number.isNaN(code) ? String(status) : String(code);
  if (code === 20429) return new ProviderError('SEND_MESSAGE_ERROR', true, providerCode, message);
  const broken =
    CHANNEL_BROKEN.has(code) || (Number.isNaN(code) && (status === 401 || status === 403));
  return new ProviderError(
    broken ? 'CHANNEL_ERROR' : 'SEND_MESSAGE_ERROR',
    false,
    providerCode,
    message,
  );
}

/** Twilio's message statuses that are receipts; queued, accepted, sending, scheduled are not. */
const RECEIPT: Record<string, DeliveryStatus> = {
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  undelivered: 'failed',
  failed: 'failed',
  canceled: 'failed',
};

function kindOf(mimeType: string | undefined): MediaKind {
  if (mimeType?.startsWith('image/')) return 'image';
  if (mimeType?.startsWith('video/')) return 'video';
  if (mimeType?.startsWith('audio/')) return 'audio';
  return 'document';
}

/**
 * The events of one Twilio webhook form: a status callback (a receipt of a message the channel
 * sent) or an incoming message. A message with files makes one event per file (the second and
 * later with `#n` after the SID); a sender that is not a phone number (a short code, an
 * alphanumeric id) is left out.
 */
export function parseTwilioForm(params: ReadonlyArray<readonly [string, string]>): InboundEvent[] {
  const form = new Map<string, string>();
  for (const [name, value] of params) if (!form.has(name)) form.set(name, value);
  const sid = form.get('MessageSid') ?? form.get('SmsSid');
  // Kept as a dead letter of the webhook, never dropped in silence (issue #31).
  if (!sid) return [{ kind: 'unreadable', reason: 'MESSAGE_WITHOUT_ID', detail: 'MessageSid' }];
  const status = form.get('MessageStatus') ?? form.get('SmsStatus');
  const now = new Date();
  if (status && status !== 'received' && status !== 'receiving') {
    const receipt = RECEIPT[status];
    if (!receipt) return [];
    const code = form.get('ErrorCode');
    return [
      {
        kind: 'status',
        providerMessageId: sid,
        status: receipt,
        at: now,
        ...(receipt === 'failed'
          ? {
              error: {
                code: code ?? status,
                message: form.get('ErrorMessage') || `Twilio ${status}${code ? ` (${code})` : ''}`,
              },
            }
          : {}),
      },
    ];
  }
  const from = form.get('From') ?? '';
  // A number is kept as Twilio wrote it (a short code too): ingestion matches it, never drops it.
  const phone = /^(whatsapp:)?\+/.test(from) ? providerSenderPhone(from) : from.trim() || null;
  if (!phone) return [{ kind: 'unreadable', reason: 'MESSAGE_WITHOUT_SENDER', detail: sid }];
  const base = { kind: 'message' as const, from: { phone }, at: now };
  const events: Array<Extract<InboundEvent, { kind: 'message' }>> = [
    { ...base, providerMessageId: sid, text: form.get('Body') ?? '' },
  ];
  const count = Math.min(Number(form.get('NumMedia') ?? 0) || 0, 10);
  for (let index = 0; index < count; index++) {
    const url = form.get(`MediaUrl${index}`);
    if (!url) continue;
    const mimeType = form.get(`MediaContentType${index}`);
    if (index > 0) events.push({ ...base, providerMessageId: `${sid}#${index}` });
    events.at(-1)!.media = {
      kind: kindOf(mimeType),
      url,
      ...(mimeType ? { mimeType } : {}),
    };
  }
  return events;
}

/** TwiML that tells Twilio not to answer the customer. */
export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

export const twilioAdapter: ChannelAdapter = {
  verifyWebhook({ secrets }, request) {
    if (!secrets.authToken) return false;
    const contentType = header(request.headers, 'content-type') ?? '';
    if (!contentType.startsWith('application/x-www-form-urlencoded')) return false;
    return sameSecret(
      header(request.headers, 'x-twilio-signature'),
      twilioSignature(secrets.authToken, request.url, formParams(request.rawBody)),
    );
  },

  parseWebhook(_context, request) {
    return parseTwilioForm(formParams(request.rawBody));
  },

  webhookAnswer: { contentType: 'text/xml', body: EMPTY_TWIML },

  async send({ channel, secrets, urls, webhookUrl }, message) {
    if (message.template) {
      throw new ProviderError('SEND_MESSAGE_ERROR', false, undefined, 'SMS has no templates');
    }
    const accountSid = channel.config.accountSid ?? '';
    const form = new URLSearchParams({
      To: message.to,
      From: channel.config.fromNumber ?? '',
    });
    const text = message.media ? message.media.caption : message.text;
    if (text) form.append('Body', text);
    if (message.media) form.append('MediaUrl', message.media.url);
    form.append('StatusCallback', webhookUrl);
    const credentials = Buffer.from(`${accountSid}:${secrets.authToken ?? ''}`).toString('base64');
    const response = await callProvider(
      `${urls.twilio}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`,
      {
        method: 'POST',
        headers: {
          authorization: `Basic ${credentials}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
      },
      'SEND_MESSAGE_ERROR',
    );
    const body = jsonOf(response);
    if (!response.ok) throw twilioRefusal(response.status, body);
    if (typeof body.sid !== 'string' || !body.sid) {
      throw new ProviderError('SEND_MESSAGE_ERROR', true, undefined, 'answer without a sid');
    }
    return { providerMessageId: body.sid };
  },

  /**
   * A customer's MMS file: its Media URL answers, with the account's credentials, a redirect to
   * the file on Twilio's CDN, which is followed without them (a few hops at most).
   */
  async downloadMedia({ channel, secrets, urls }, media) {
    if (!media.url) throw new ProviderError('SEND_MESSAGE_ERROR', false, undefined, 'no media url');
    // Credentials go only to the account's REST resources, never to the CDN.
    const api = `${urls.twilio}/2010-04-01/Accounts/`;
    const credentials = Buffer.from(
      `${channel.config.accountSid ?? ''}:${secrets.authToken ?? ''}`,
    ).toString('base64');
    let url = media.url;
    for (let hop = 0; hop < 4; hop++) {
      const own = url.startsWith(api);
      const response = await callProvider(
        url,
        {
          headers: own ? { authorization: `Basic ${credentials}` } : {},
          maxBytes: 20 * 1024 * 1024,
          timeoutMs: 60_000,
        },
        'SEND_MESSAGE_ERROR',
      );
      const location = header(response.headers, 'location');
      if (response.status >= 300 && response.status < 400 && location) {
        url = new URL(location, url).toString();
        continue;
      }
      if (!response.ok) throw twilioRefusal(response.status, jsonOf(response));
      return {
        bytes: response.bytes,
        mimeType:
          header(response.headers, 'content-type') ?? media.mimeType ?? 'application/octet-stream',
      };
    }
    throw new ProviderError('SEND_MESSAGE_ERROR', false, undefined, 'too many redirects');
  },
};
