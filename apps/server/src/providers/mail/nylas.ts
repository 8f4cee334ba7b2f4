import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { DomainError, type ErrorCode } from '@cartera/domain/errors';
import type { NylasConfig } from '../../env';
import { outboundRequest, type OutboundRequest, type OutboundResponse } from '../../lib/outbound';
import { sameSecret } from '../provider-http';

/*
 * Nylas API v3 for personal e-mail (issue #38 items 1 and 7), as design/integrations.md §6 and
 * developer.nylas.com's reference describe it: hosted authentication (GET /v3/connect/auth, the
 * code exchanged at POST /v3/connect/token for a grant), a message and its attachments
 * (GET /v3/grants/{grant}/messages/{id}, …/attachments/{id}/download), sending
 * (POST /v3/grants/{grant}/messages/send) and webhooks (the GET `challenge` echoed, each POST's
 * `x-nylas-signature`: hex HMAC-SHA256 of the exact raw body with the webhook secret). Every
 * call carries the application's API key and goes through the outbound guard (the base URL is
 * the operator's, NYLAS_API_URI). Nylas's failures become the product's codes; its own words go
 * to the log, never to the user.
 */

/** Longest wait for one answer (a send with attachments included). */
const TIMEOUT_MS = 30_000;
/** Nylas takes a JSON send up to 3 MB; above that, multipart (up to 25 MB). */
const JSON_SEND_LIMIT = 3 * 1024 * 1024;
/** The largest attachment downloaded into a conversation (as IMAP's: listed without its file beyond). */
export const NYLAS_MAX_DOWNLOAD_BYTES = 20 * 1024 * 1024;

const ZAddress = z.object({ email: z.string(), name: z.string().nullish() });
const ZAddresses = z.array(ZAddress).nullish();

/** A message as GET /v3/grants/{grant}/messages/{id}?fields=include_headers answers it. */
const ZNylasMessage = z.object({
  id: z.string(),
  grant_id: z.string().nullish(),
  thread_id: z.string().nullish(),
  subject: z.string().nullish(),
  from: ZAddresses,
  to: ZAddresses,
  cc: ZAddresses,
  bcc: ZAddresses,
  /** Unix seconds. */
  date: z.number().nullish(),
  /** HTML. */
  body: z.string().nullish(),
  snippet: z.string().nullish(),
  folders: z.array(z.string()).nullish(),
  headers: z.array(z.object({ name: z.string(), value: z.string() })).nullish(),
  attachments: z
    .array(
      z.object({
        id: z.string(),
        filename: z.string().nullish(),
        content_type: z.string().nullish(),
        size: z.number().nullish(),
        content_id: z.string().nullish(),
        is_inline: z.boolean().nullish(),
      }),
    )
    .nullish(),
});
export type NylasMessage = z.infer<typeof ZNylasMessage>;

/** The webhook's CloudEvents-style envelope (integrations.md §6). */
const ZNylasWebhook = z.object({
  specversion: z.string().optional(),
  type: z.string(),
  id: z.string(),
  time: z.number().optional(),
  data: z.object({
    application_id: z.string().optional(),
    object: z.object({ id: z.string().optional(), grant_id: z.string().optional() }).passthrough(),
  }),
});
export type NylasWebhook = z.infer<typeof ZNylasWebhook>;

const ZTokenAnswer = z.object({
  grant_id: z.string().min(1),
  email: z.string().nullish(),
  provider: z.string().nullish(),
});

/** A draft to send: the shape of POST /v3/grants/{grant}/messages/send. */
export interface NylasDraft {
  to: Array<{ email: string; name?: string | null }>;
  cc: Array<{ email: string; name?: string | null }>;
  bcc: Array<{ email: string; name?: string | null }>;
  subject: string;
  /** HTML. */
  body: string;
  /** The Nylas id of the message answered (Nylas adds In-Reply-To and References). */
  replyToMessageId?: string | null;
  attachments: Array<{ filename: string; contentType: string; content: Buffer }>;
}

/** A Nylas failure as the product's code, with what the log needs (never shown). */
export class NylasApiError extends DomainError {
  constructor(
    code: ErrorCode,
    details: Record<string, unknown>,
    /** The HTTP status (0: no answer). */
    readonly status: number,
    /** Nylas's error type (`invalid_request_error`, `invalid_grant`…) or the network failure. */
    readonly type: string,
    /** Nylas's own words, for the log. */
    readonly providerMessage: string,
  ) {
    super(code, details);
  }

  /** Worth trying again later: no answer, 429 or 5xx. */
  get passing() {
    return this.code === 'EMAIL_NYLAS_UNAVAILABLE';
  }
}

/** Nylas's error body: `{error: {type, message}}`, or OAuth's `{error, error_description}`. */
function errorOf(response: OutboundResponse) {
  let json: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(response.text);
    if (parsed && typeof parsed === 'object') json = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: the status says enough.
  }
  const error = json.error;
  if (error && typeof error === 'object') {
    const { type, message } = error as { type?: unknown; message?: unknown };
    return { type: String(type ?? ''), message: String(message ?? '') };
  }
  return {
    type: typeof error === 'string' ? error : '',
    message: String(json.error_description ?? response.text.slice(0, 300)),
  };
}

/** How a failed answer reads for the product. */
function failureOf(response: OutboundResponse, operation: 'auth' | 'read' | 'send') {
  const { type, message } = errorOf(response);
  const fail = (code: ErrorCode, details: Record<string, unknown> = {}) =>
    new NylasApiError(code, details, response.status, type, message);
  if (response.status === 429 || response.status >= 500) return fail('EMAIL_NYLAS_UNAVAILABLE');
  if (operation === 'auth') return fail('EMAIL_NYLAS_AUTH_FAILED');
  // The grant expired, was revoked or deleted: the mailbox must be connected again. A refusal
  // that does not name the grant is the application's key (the operator's to fix): no mailbox
  // is blamed for it.
  const aboutGrant = /grant/i.test(`${type} ${message}`);
  if (response.status === 401 || response.status === 403) {
    return aboutGrant
      ? fail('EMAIL_ACCOUNT_UNAVAILABLE', { address: '' })
      : fail('EMAIL_NYLAS_UNAVAILABLE');
  }
  if (response.status === 404) {
    return aboutGrant ? fail('EMAIL_ACCOUNT_UNAVAILABLE', { address: '' }) : fail('NOT_FOUND');
  }
  if (operation === 'send') return fail('EMAIL_SEND_REFUSED', { reason: message.slice(0, 300) });
  return fail('EMAIL_NYLAS_UNAVAILABLE');
}

export class NylasClient {
  private readonly base: string;

  constructor(private readonly config: NylasConfig) {
    this.base = config.apiUri.replace(/\/+$/, '');
  }

  /**
   * The hosted-authentication URL the user is sent to (GET /v3/connect/auth). `state` comes back
   * with the code; `provider` skips Nylas's choice of provider.
   */
  authUrl(input: { state: string; provider?: 'google' | 'microsoft'; loginHint?: string }) {
    const query = new URLSearchParams({
      client_id: this.config.clientId,
      redirect_uri: this.config.redirectUri,
      response_type: 'code',
      state: input.state,
    });
    if (input.provider) query.set('provider', input.provider);
    if (input.loginHint) query.set('login_hint', input.loginHint);
    return `${this.base}/v3/connect/auth?${query.toString()}`;
  }

  /**
   * Exchanges the code the user came back with for their grant (POST /v3/connect/token). A code
   * is good once: a refused one answers EMAIL_NYLAS_AUTH_FAILED and the user starts again.
   */
  async exchangeCode(code: string): Promise<{ grantId: string; email: string }> {
    const response = await this.call('auth', '/v3/connect/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: this.config.clientId,
        client_secret: this.config.apiKey,
        grant_type: 'authorization_code',
        code,
        redirect_uri: this.config.redirectUri,
      }),
    });
    const answer = ZTokenAnswer.safeParse(jsonOf(response));
    if (!answer.success) {
      throw new NylasApiError('EMAIL_NYLAS_AUTH_FAILED', {}, response.status, 'malformed', '');
    }
    const email = answer.data.email || (await this.grantEmail(answer.data.grant_id));
    return { grantId: answer.data.grant_id, email: email.trim().toLowerCase() };
  }

  /** The address of a grant (GET /v3/grants/{grant}), when the exchange did not say it. */
  private async grantEmail(grantId: string) {
    const response = await this.call('auth', `/v3/grants/${encodeURIComponent(grantId)}`, {});
    const data = jsonOf(response).data as { email?: unknown } | undefined;
    if (typeof data?.email !== 'string' || !data.email) {
      throw new NylasApiError('EMAIL_NYLAS_AUTH_FAILED', {}, response.status, 'no_email', '');
    }
    return data.email;
  }

  /** A message with its threading headers; undefined when Nylas no longer has it. */
  async message(grantId: string, messageId: string): Promise<NylasMessage | undefined> {
    try {
      const response = await this.call(
        'read',
        `${grantPath(grantId)}/messages/${encodeURIComponent(messageId)}?fields=include_headers`,
        {},
      );
      const parsed = ZNylasMessage.safeParse(jsonOf(response).data);
      if (!parsed.success) {
        throw new NylasApiError('EMAIL_NYLAS_UNAVAILABLE', {}, response.status, 'malformed', '');
      }
      return parsed.data;
    } catch (error) {
      if (error instanceof NylasApiError && error.code === 'NOT_FOUND') return undefined;
      throw error;
    }
  }

  /**
   * One page of the grant's messages, newest first (GET …/messages): received after
   * `receivedAfter`, of one thread with `threadId`, each with its threading headers;
   * `nextCursor` asks for the next page (null on the last).
   */
  async listMessages(
    grantId: string,
    input: { receivedAfter: Date; pageToken?: string | null; threadId?: string; limit?: number },
  ): Promise<{ messages: NylasMessage[]; nextCursor: string | null }> {
    const query = new URLSearchParams({
      limit: String(input.limit ?? 50),
      received_after: String(Math.floor(input.receivedAfter.getTime() / 1000)),
      fields: 'include_headers',
    });
    if (input.pageToken) query.set('page_token', input.pageToken);
    if (input.threadId) query.set('thread_id', input.threadId);
    const response = await this.call('read', `${grantPath(grantId)}/messages?${query}`, {
      maxBytes: 16 * 1024 * 1024,
    });
    const json = jsonOf(response);
    const parsed = z.array(ZNylasMessage).safeParse(json.data);
    if (!parsed.success) {
      throw new NylasApiError('EMAIL_NYLAS_UNAVAILABLE', {}, response.status, 'malformed', '');
    }
    const cursor = (json as { next_cursor?: unknown }).next_cursor;
    return {
      messages: parsed.data,
      nextCursor: typeof cursor === 'string' && cursor ? cursor : null,
    };
  }

  /** An attachment's bytes (…/attachments/{id}/download?message_id=). */
  async attachment(grantId: string, attachmentId: string, messageId: string): Promise<Buffer> {
    const response = await this.call(
      'read',
      `${grantPath(grantId)}/attachments/${encodeURIComponent(attachmentId)}/download?${new URLSearchParams({ message_id: messageId }).toString()}`,
      { maxBytes: NYLAS_MAX_DOWNLOAD_BYTES },
    );
    return response.bytes;
  }

  /** Sends a message from the grant's mailbox; answers Nylas's id of the sent message. */
  async send(grantId: string, draft: NylasDraft): Promise<{ id: string; threadId: string | null }> {
    const message = {
      to: draft.to.map(address),
      cc: draft.cc.map(address),
      bcc: draft.bcc.map(address),
      subject: draft.subject,
      body: draft.body,
      ...(draft.replyToMessageId ? { reply_to_message_id: draft.replyToMessageId } : {}),
    };
    const json = JSON.stringify({
      ...message,
      attachments: draft.attachments.map((file) => ({
        filename: file.filename,
        content_type: file.contentType,
        size: file.content.length,
        content: file.content.toString('base64'),
      })),
    });
    const request: OutboundRequest =
      Buffer.byteLength(json) <= JSON_SEND_LIMIT
        ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: json }
        : multipart(message, draft.attachments);
    const response = await this.call('send', `${grantPath(grantId)}/messages/send`, {
      ...request,
      maxBytes: 4 * 1024 * 1024,
    });
    const data = jsonOf(response).data as { id?: unknown; thread_id?: unknown } | undefined;
    return {
      id: typeof data?.id === 'string' ? data.id : '',
      threadId: typeof data?.thread_id === 'string' ? data.thread_id : null,
    };
  }

  private async call(
    operation: 'auth' | 'read' | 'send',
    path: string,
    request: OutboundRequest,
  ): Promise<OutboundResponse> {
    let response: OutboundResponse;
    try {
      response = await outboundRequest(`${this.base}${path}`, {
        timeoutMs: TIMEOUT_MS,
        ...request,
        headers: {
          accept: 'application/json',
          ...request.headers,
          authorization: `Bearer ${this.config.apiKey}`,
        },
      });
    } catch (error) {
      if (error instanceof DomainError) throw error;
      throw new NylasApiError(
        'EMAIL_NYLAS_UNAVAILABLE',
        {},
        0,
        'network',
        (error as Error).message ?? String(error),
      );
    }
    if (!response.ok) throw failureOf(response, operation);
    return response;
  }
}

function grantPath(grantId: string) {
  return `/v3/grants/${encodeURIComponent(grantId)}`;
}

function address(each: { email: string; name?: string | null }) {
  return each.name ? { name: each.name, email: each.email } : { email: each.email };
}

function jsonOf(response: OutboundResponse): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(response.text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A send with large attachments: the message as JSON in `message`, each file a part. */
function multipart(
  message: Record<string, unknown>,
  files: NylasDraft['attachments'],
): OutboundRequest {
  const boundary = `cartera-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  const quoted = (value: string) => value.replace(/["\r\n\\]/g, '_');
  const parts: Buffer[] = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="message"\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(message)}\r\n`,
    ),
  ];
  files.forEach((file, index) => {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file${index}"; filename="${quoted(file.filename)}"\r\nContent-Type: ${quoted(file.contentType)}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  });
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Buffer.concat(parts),
  };
}

/** Hex HMAC-SHA256 of the raw body with the webhook secret: `x-nylas-signature`. */
export function nylasSignature(secret: string, rawBody: Buffer): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** Whether a webhook's `x-nylas-signature` matches its exact bytes (compared in constant time). */
export function nylasSignatureValid(
  secret: string | undefined,
  rawBody: Buffer,
  signature: string | undefined,
): boolean {
  if (!secret || !signature) return false;
  return sameSecret(signature.trim().toLowerCase(), nylasSignature(secret, rawBody));
}

/** A verified webhook's envelope, or undefined when it is not one. */
export function parseNylasWebhook(rawBody: Buffer): NylasWebhook | undefined {
  try {
    const parsed = ZNylasWebhook.safeParse(JSON.parse(rawBody.toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** A header of a message fetched with its headers (the first of that name), if any. */
export function messageHeader(message: NylasMessage, name: string): string | undefined {
  const lower = name.toLowerCase();
  return message.headers?.find((each) => each.name.toLowerCase() === lower)?.value;
}
