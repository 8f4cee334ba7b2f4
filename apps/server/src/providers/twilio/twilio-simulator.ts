import { randomBytes } from 'node:crypto';
import { formParams, twilioSignature } from './twilio.adapter';
import { jsonAnswer, type SimulatedResponse } from '../simulation';

/**
 * Twilio's Messages API in memory, speaking the documented protocol (integrations.md §4): HTTP
 * Basic `AccountSid:AuthToken` for the account in the path, a form-encoded body with `To`,
 * `From` (one of the account's numbers), `Body` and/or `MediaUrl`, an optional
 * `StatusCallback`; a 201 with the message resource, or Twilio's error body. twilio.fake.ts
 * serves it over HTTP for the tests.
 *
 * It also plays the customer and the carrier: `inboundSms` and `statusCallback` build the forms
 * Twilio posts, and `signedTwilioWebhook` signs one for the URL it is posted to.
 */
export interface SentSms {
  sid: string;
  accountSid: string;
  /** The form as posted, repeated names kept (MediaUrl). */
  params: Array<[string, string]>;
  at: Date;
}

/** Twilio's REST error body. */
export function twilioError(code: number, message: string, status = 400) {
  return jsonAnswer(status, {
    code,
    message,
    more_info: `https://www.twilio.com/docs/errors/${code}`,
    status,
  });
}

const E164 = /^\+[1-9]\d{6,14}$/;

export class TwilioSimulator {
  readonly sent: SentSms[] = [];
  private readonly scripted: SimulatedResponse[] = [];
  private readonly files = new Map<string, { bytes: Buffer; mimeType: string }>();

  constructor(
    private readonly options: { accountSid: string; authToken: string; numbers: string[] },
  ) {}

  /** The next sends get these answers, one each, before normal service resumes. */
  failNext(...responses: SimulatedResponse[]) {
    this.scripted.push(...responses);
  }

  /** Answers given to the next Media URL requests of a kept file instead of its redirect. */
  private readonly mediaScripted: SimulatedResponse[] = [];

  /** The next Media URL requests of a kept file get these answers, one each, then the file. */
  failMediaNext(...responses: SimulatedResponse[]) {
    this.mediaScripted.push(...responses);
  }

  private basic() {
    const credentials = `${this.options.accountSid}:${this.options.authToken}`;
    return `Basic ${Buffer.from(credentials).toString('base64')}`;
  }

  /**
   * Keeps a file a customer sends by MMS; answers the path of its Media URL (what an inbound
   * webhook's MediaUrl0 names). The API answers it, with the account's credentials, by a
   * redirect to the file on a CDN path served without them, as Twilio does.
   */
  storeMedia(bytes: Buffer, mimeType: string): string {
    const id = `ME${randomBytes(16).toString('hex')}`;
    this.files.set(id, { bytes, mimeType });
    const message = `MM${randomBytes(16).toString('hex')}`;
    return `/2010-04-01/Accounts/${this.options.accountSid}/Messages/${message}/Media/${id}`;
  }

  handle(
    method: string,
    path: string,
    headers: Record<string, string | string[] | undefined>,
    body: Buffer,
  ): SimulatedResponse {
    const bare = path.split('?')[0]!;
    const cdn = /^\/cdn\/(ME[0-9a-f]+)$/.exec(bare);
    if (method === 'GET' && cdn) {
      const file = this.files.get(cdn[1]!);
      if (!file) return { status: 404, headers: {}, body: Buffer.alloc(0) };
      return { status: 200, headers: { 'content-type': file.mimeType }, body: file.bytes };
    }
    const mediaPath =
      /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\/[^/]+\/Media\/(ME[0-9a-f]+)$/.exec(bare);
    if (method === 'GET' && mediaPath) {
      if (headers.authorization !== this.basic() || mediaPath[1] !== this.options.accountSid) {
        return twilioError(20003, 'Authenticate', 401);
      }
      if (!this.files.has(mediaPath[2]!))
        return twilioError(20404, 'The requested resource was not found', 404);
      const failure = this.mediaScripted.shift();
      if (failure) return failure;
      return { status: 307, headers: { location: `/cdn/${mediaPath[2]}` }, body: Buffer.alloc(0) };
    }
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path.split('?')[0]!);
    const accountSid = match ? decodeURIComponent(match[1]!) : undefined;
    if (headers.authorization !== this.basic() || accountSid !== this.options.accountSid) {
      return twilioError(20003, 'Authenticate', 401);
    }
    if (method !== 'POST') return twilioError(20004, 'Method not allowed', 405);
    if (!String(headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
      return twilioError(20001, 'Expected a form-encoded body', 400);
    }
    const params = formParams(body);
    const first = (name: string) => params.find(([key]) => key === name)?.[1];
    const to = first('To');
    const from = first('From');
    const text = first('Body');
    const media = params.filter(([key]) => key === 'MediaUrl').map(([, value]) => value);
    if (!to) return twilioError(21604, "A 'To' phone number is required.");
    if (!E164.test(to)) {
      return twilioError(21211, `The 'To' number ${to} is not a valid phone number.`);
    }
    if (!from || !this.options.numbers.includes(from)) {
      return twilioError(
        21606,
        `The From phone number ${from ?? ''} is not a valid, SMS-capable inbound phone number or short code for your account.`,
      );
    }
    if (!text && !media.length) return twilioError(21602, 'Message body is required.');
    if (text && text.length > 1600) {
      return twilioError(21617, 'The concatenated message body exceeds the 1600 character limit.');
    }
    if (media.some((url) => !/^https?:\/\//.test(url))) {
      return twilioError(21620, 'Invalid media URL(s).');
    }
    const callback = first('StatusCallback');
    if (callback !== undefined && !/^https?:\/\//.test(callback)) {
      return twilioError(21609, 'Invalid StatusCallback URL.');
    }
    const scripted = this.scripted.shift();
    if (scripted) return scripted;
    const sid = `SM${randomBytes(16).toString('hex')}`;
    this.sent.push({ sid, accountSid, params, at: new Date() });
    return jsonAnswer(201, {
      sid,
      account_sid: accountSid,
      to,
      from,
      body: text ?? '',
      status: 'queued',
      direction: 'outbound-api',
      num_segments: '1',
      num_media: String(media.length),
      error_code: null,
      error_message: null,
      price: null,
      date_created: new Date().toUTCString().replace('GMT', '+0000'),
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
    });
  }
}

// ---------------------------------------------------------------------------------------------
// The customer's and the carrier's side: webhook forms

/** The form Twilio posts for a message that comes in to one of the account's numbers. */
export function inboundSms(message: {
  accountSid: string;
  from: string;
  to: string;
  body?: string;
  sid?: string;
  media?: Array<{ url: string; contentType: string }>;
}): Array<[string, string]> {
  const sid = message.sid ?? `SM${randomBytes(16).toString('hex')}`;
  const media = message.media ?? [];
  return [
    ['ToCountry', 'US'],
    ['SmsMessageSid', sid],
    ['NumMedia', String(media.length)],
    ...media.flatMap((each, index): Array<[string, string]> => [
      [`MediaContentType${index}`, each.contentType],
      [`MediaUrl${index}`, each.url],
    ]),
    ['SmsSid', sid],
    ['SmsStatus', 'received'],
    ['Body', message.body ?? ''],
    ['To', message.to],
    ['NumSegments', '1'],
    ['MessageSid', sid],
    ['AccountSid', message.accountSid],
    ['From', message.from],
    ['ApiVersion', '2010-04-01'],
  ];
}

/** The form of a status callback for a message the account sent. */
export function statusCallback(update: {
  accountSid: string;
  sid: string;
  status: string;
  from: string;
  to: string;
  errorCode?: number;
}): Array<[string, string]> {
  return [
    ['SmsSid', update.sid],
    ['SmsStatus', update.status],
    ['MessageStatus', update.status],
    ['To', update.to],
    ['MessageSid', update.sid],
    ['AccountSid', update.accountSid],
    ['From', update.from],
    ['ApiVersion', '2010-04-01'],
    ...(update.errorCode !== undefined
      ? ([['ErrorCode', String(update.errorCode)]] as Array<[string, string]>)
      : []),
  ];
}

/** The body and headers Twilio would post to `url`: the form and its X-Twilio-Signature. */
export function signedTwilioWebhook(
  authToken: string,
  url: string,
  params: Array<[string, string]>,
) {
  return {
    body: new URLSearchParams(params).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(authToken, url, params),
    },
  };
}
