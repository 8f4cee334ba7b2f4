import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';

/**
 * A stand-in for Nylas API v3 on 127.0.0.1 (a free port), speaking the shapes of
 * design/integrations.md §6 and developer.nylas.com's reference (Authentication: /v3/connect/auth
 * and /v3/connect/token; Messages: list, get and send; Attachments: download; Notifications:
 * message.created and the webhook's verification):
 *
 * - GET /v3/connect/auth plays the user signing in at the `provider` it names (google unless
 *   microsoft): it issues a code for `login_hint` (or `nextLogin`) and redirects to
 *   `redirect_uri` with `code` and `state`; `issueCode` does the same for a test without a
 *   browser. With `refuseConsent` the user cancels at the provider instead: the redirect carries
 *   OAuth's `error=access_denied`, `error_description` and the `state` (RFC 6749 §4.1.2.1).
 * - POST /v3/connect/token exchanges a code it issued, once, with the application's client id
 *   and API key; anything else is OAuth's `invalid_grant` (400).
 * - Every /v3/grants/… call needs `Authorization: Bearer <API key>` (401 otherwise); an unknown
 *   or revoked grant is 404 'grant not found'.
 * - Messages the test put (`putMessage`) are served with their headers when `fields` asks, one
 *   by id or listed (GET …/messages: newest first, pages of `limit` with `next_cursor` passed
 *   back as `page_token`, filtered by `received_after` and `thread_id`); their attachments are
 *   downloaded by id and message id.
 * - Sent messages (JSON, or multipart with `message` and file parts) are kept in `sent`.
 * - `deliverWebhook` posts a message.created notification (CloudEvents envelope) signed with the
 *   webhook secret (`x-nylas-signature`: hex HMAC-SHA256 of the body), or badly signed;
 *   `challenge` makes Nylas's GET verification request.
 */
export interface FakeNylasAddress {
  email: string;
  name?: string;
}

export interface FakeNylasAttachment {
  id: string;
  filename: string;
  contentType: string;
  content: Buffer;
  contentId?: string;
  isInline?: boolean;
}

export interface FakeNylasMessage {
  id: string;
  grantId: string;
  threadId: string;
  subject: string;
  from: FakeNylasAddress[];
  to: FakeNylasAddress[];
  cc: FakeNylasAddress[];
  bcc: FakeNylasAddress[];
  /** Unix seconds. */
  date: number;
  body: string;
  /** Message-ID, In-Reply-To, References…: answered with fields=include_headers. */
  headers: Array<{ name: string; value: string }>;
  /** Google's labels (INBOX, SENT, SPAM…). */
  folders: string[];
  attachments: FakeNylasAttachment[];
}

export interface FakeNylasSent {
  grantId: string;
  /** The JSON of the send (or the multipart's `message`), attachments' content left out. */
  message: Record<string, unknown>;
  attachments: Array<{ filename: string; contentType: string; content: Buffer }>;
  /** Nylas's id of the sent message. */
  id: string;
}

export interface FakeNylasRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
}

export interface FakeNylas {
  /** http://127.0.0.1:PORT: NYLAS_API_URI. */
  url: string;
  apiKey: string;
  clientId: string;
  webhookSecret: string;
  /** Grants by id: the mailbox's address and provider. */
  grants: Map<string, { email: string; provider: string }>;
  messages: Map<string, FakeNylasMessage>;
  sent: FakeNylasSent[];
  requests: FakeNylasRequest[];
  /** The address GET /v3/connect/auth signs in when the URL has no login_hint. */
  nextLogin: string;
  /** While true, GET /v3/connect/auth plays the user refusing Cartera access (access_denied). */
  refuseConsent: boolean;
  /** A code as if the user signed in at Nylas as `email` (with Google unless told). */
  issueCode(email: string, redirectUri?: string, provider?: string): string;
  /** Stores a message of a grant, as if it arrived in the mailbox; answers it whole. */
  putMessage(
    grantId: string,
    message: Partial<Omit<FakeNylasMessage, 'grantId'>> & { from: FakeNylasAddress[] },
  ): FakeNylasMessage;
  /** The grant stops working (expired or revoked). */
  revokeGrant(grantId: string): void;
  /** From now on /v3/grants/… answers this status with Nylas's error shape. */
  fail(status: number, type?: string, message?: string): void;
  recover(): void;
  /** Posts message.created for a message to a webhook URL; `badSignature` signs it wrongly. */
  deliverWebhook(
    url: string,
    message: FakeNylasMessage,
    options?: { badSignature?: boolean; eventId?: string; type?: string; compressed?: boolean },
  ): Promise<{ status: number; text: string }>;
  /** Posts a grant notification (grant.expired, grant.deleted…), signed. */
  deliverGrantWebhook(url: string, grantId: string, type: string): Promise<{ status: number }>;
  /** Nylas's verification request: GET url?challenge=… ; answers status and body. */
  challenge(url: string, value?: string): Promise<{ status: number; text: string }>;
  stop(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(9).toString('hex')}`;

function send(response: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The parts of a multipart/form-data body: name, filename, type and bytes. */
function multipartParts(body: Buffer, boundary: string) {
  const parts: Array<{ name: string; filename?: string; type?: string; content: Buffer }> = [];
  const delimiter = Buffer.from(`--${boundary}`);
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next < 0) break;
    const part = body.subarray(start + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, split).toString('utf8');
    const name = /name="([^"]*)"/.exec(head)?.[1] ?? '';
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    const type = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1];
    parts.push({ name, filename, type, content: part.subarray(split + 4) });
    at = next;
  }
  return parts;
}

export async function startFakeNylas(
  options: { apiKey?: string; clientId?: string; webhookSecret?: string } = {},
): Promise<FakeNylas> {
  const apiKey = options.apiKey ?? 'nyk_v0_clave_de_prueba';
  const clientId = options.clientId ?? 'cliente-de-prueba';
  const webhookSecret = options.webhookSecret ?? 'secreto-del-webhook';
  const codes = new Map<
    string,
    { email: string; redirectUri: string | undefined; provider: string }
  >();
  const grants = new Map<string, { email: string; provider: string }>();
  const messages = new Map<string, FakeNylasMessage>();
  const sent: FakeNylasSent[] = [];
  const requests: FakeNylasRequest[] = [];
  let failure: { status: number; type: string; message: string } | null = null;

  /** A message as Nylas answers it (its headers with fields=include_headers). */
  const viewOf = (message: FakeNylasMessage, withHeaders: boolean) => ({
    object: 'message',
    id: message.id,
    grant_id: message.grantId,
    thread_id: message.threadId,
    subject: message.subject,
    from: message.from,
    to: message.to,
    cc: message.cc,
    bcc: message.bcc,
    reply_to: [],
    date: message.date,
    body: message.body,
    snippet: message.body.replace(/<[^>]*>/g, '').slice(0, 100),
    folders: message.folders,
    unread: true,
    starred: false,
    attachments: message.attachments.map((each) => ({
      id: each.id,
      grant_id: message.grantId,
      filename: each.filename,
      content_type: each.contentType,
      size: each.content.length,
      content_id: each.contentId,
      is_inline: each.isInline ?? false,
    })),
    ...(withHeaders ? { headers: message.headers } : {}),
  });

  const fake: FakeNylas = {
    url: '',
    apiKey,
    clientId,
    webhookSecret,
    grants,
    messages,
    sent,
    requests,
    nextLogin: 'vendedor@gmail.test',
    refuseConsent: false,
    issueCode(email, redirectUri, provider = 'google') {
      const code = randomBytes(16).toString('base64url');
      codes.set(code, { email: email.toLowerCase(), redirectUri, provider });
      return code;
    },
    putMessage(grantId, message) {
      const stored: FakeNylasMessage = {
        id: message.id ?? id('msg'),
        grantId,
        threadId: message.threadId ?? id('thread'),
        subject: message.subject ?? '',
        from: message.from,
        to: message.to ?? [{ email: grants.get(grantId)?.email ?? '' }],
        cc: message.cc ?? [],
        bcc: message.bcc ?? [],
        date: message.date ?? Math.floor(Date.now() / 1000),
        body: message.body ?? '',
        headers: message.headers ?? [],
        folders: message.folders ?? ['INBOX'],
        attachments: message.attachments ?? [],
      };
      messages.set(stored.id, stored);
      return stored;
    },
    revokeGrant(grantId) {
      grants.delete(grantId);
    },
    fail(status, type = 'api_error', message = 'Internal error') {
      failure = { status, type, message };
    },
    recover() {
      failure = null;
    },
    async deliverWebhook(url, message, extra = {}) {
      const body = JSON.stringify({
        specversion: '1.0',
        type: extra.type ?? 'message.created',
        source: '/google/emails/realtime',
        id: extra.eventId ?? id('evt'),
        time: Math.floor(Date.now() / 1000),
        webhook_delivery_attempt: 1,
        data: {
          application_id: 'app_fake',
          object: {
            object: 'message',
            id: message.id,
            grant_id: message.grantId,
            thread_id: message.threadId,
            subject: message.subject,
            from: message.from,
            snippet: message.body.replace(/<[^>]*>/g, '').slice(0, 100),
            date: message.date,
          },
        },
      });
      // Compressed delivery (compressed_delivery: true) gzips the JSON; the signature is over
      // the bytes sent.
      const bytes = extra.compressed ? gzipSync(body) : Buffer.from(body);
      const signature = createHmac(
        'sha256',
        extra.badSignature ? `${webhookSecret}-otro` : webhookSecret,
      )
        .update(bytes)
        .digest('hex');
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-nylas-signature': signature,
          ...(extra.compressed ? { 'content-encoding': 'gzip' } : {}),
        },
        body: bytes,
      });
      return { status: response.status, text: await response.text() };
    },
    async deliverGrantWebhook(url, grantId, type) {
      const body = JSON.stringify({
        specversion: '1.0',
        type,
        source: '/nylas/system',
        id: id('evt'),
        time: Math.floor(Date.now() / 1000),
        data: {
          application_id: 'app_fake',
          object: {
            grant_id: grantId,
            code: 25_009,
            integration_id: 'int_fake',
            provider: 'google',
          },
        },
      });
      const signature = createHmac('sha256', webhookSecret).update(body).digest('hex');
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-nylas-signature': signature },
        body,
      });
      return { status: response.status };
    },
    async challenge(url, value = randomBytes(8).toString('hex')) {
      const response = await fetch(`${url}?challenge=${encodeURIComponent(value)}`);
      return { status: response.status, text: await response.text() };
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) =>
      send(response, 500, {
        request_id: id('req'),
        error: { type: 'api_error', message: String(error) },
      }),
    );
  });

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const authorization = request.headers.authorization;
    requests.push({
      method: request.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization,
    });
    const body = await readBody(request);
    const requestId = id('req');
    const apiError = (status: number, type: string, message: string) =>
      send(response, status, { request_id: requestId, error: { type, message } });

    if (url.pathname === '/v3/connect/auth' && request.method === 'GET') {
      const query = url.searchParams;
      if (query.get('client_id') !== clientId || query.get('response_type') !== 'code') {
        return apiError(400, 'invalid_request_error', 'Invalid client_id or response_type');
      }
      const redirect = query.get('redirect_uri') ?? '';
      const provider = query.get('provider') || 'google';
      if (provider !== 'google' && provider !== 'microsoft') {
        return apiError(400, 'invalid_request_error', `Unsupported provider: ${provider}`);
      }
      const back = new URL(redirect);
      if (fake.refuseConsent) {
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('error_description', 'The user denied access to the application');
      } else {
        const code = fake.issueCode(query.get('login_hint') || fake.nextLogin, redirect, provider);
        back.searchParams.set('code', code);
      }
      if (query.get('state')) back.searchParams.set('state', query.get('state')!);
      response.writeHead(302, { location: back.toString() });
      response.end();
      return;
    }

    if (url.pathname === '/v3/connect/token' && request.method === 'POST') {
      let input: Record<string, unknown>;
      try {
        input = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
      } catch {
        input = Object.fromEntries(new URLSearchParams(body.toString('utf8')));
      }
      const issued = typeof input.code === 'string' ? codes.get(input.code) : undefined;
      if (
        input.client_id !== clientId ||
        input.client_secret !== apiKey ||
        input.grant_type !== 'authorization_code' ||
        !issued ||
        (issued.redirectUri !== undefined && issued.redirectUri !== input.redirect_uri)
      ) {
        return send(response, 400, {
          error: 'invalid_grant',
          error_code: 100_003,
          error_description: 'Invalid or expired authorization code',
          error_uri: 'https://accounts.nylas.io/#tag/Event-Codes',
          request_id: requestId,
        });
      }
      codes.delete(input.code as string);
      const grantId = id('grant');
      grants.set(grantId, { email: issued.email, provider: issued.provider });
      return send(response, 200, {
        access_token: randomBytes(24).toString('base64url'),
        expires_in: 3600,
        id_token: randomBytes(24).toString('base64url'),
        refresh_token: randomBytes(24).toString('base64url'),
        scope:
          issued.provider === 'microsoft'
            ? 'Mail.ReadWrite Mail.Send offline_access'
            : 'https://www.googleapis.com/auth/gmail.modify',
        token_type: 'Bearer',
        grant_id: grantId,
        email: issued.email,
        provider: issued.provider,
      });
    }

    const grantMatch = /^\/v3\/grants\/([^/]+)(\/.*)?$/.exec(url.pathname);
    if (!grantMatch) return apiError(404, 'not_found_error', 'Not found');
    if (authorization !== `Bearer ${apiKey}`) {
      return apiError(401, 'unauthorized', 'Unauthorized');
    }
    if (failure) return apiError(failure.status, failure.type, failure.message);
    const grantId = decodeURIComponent(grantMatch[1]!);
    const grant = grants.get(grantId);
    if (!grant) return apiError(404, 'not_found_error', 'grant not found');
    const rest = grantMatch[2] ?? '';

    if (rest === '' && request.method === 'GET') {
      return send(response, 200, {
        request_id: requestId,
        data: { id: grantId, email: grant.email, provider: grant.provider, grant_status: 'valid' },
      });
    }

    // GET …/messages: the grant's messages, newest first, by pages of `limit` (50, at most 200)
    // with `next_cursor`; `received_after` (Unix seconds) and `thread_id` filter them.
    if (rest === '/messages' && request.method === 'GET') {
      const query = url.searchParams;
      const after = Number(query.get('received_after') ?? 0);
      const thread = query.get('thread_id');
      const limit = Math.min(200, Math.max(1, Number(query.get('limit') ?? 50)));
      const offset = Number(query.get('page_token') ?? 0);
      const found = [...messages.values()]
        .filter(
          (message) =>
            message.grantId === grantId &&
            message.date > after &&
            (thread === null || message.threadId === thread),
        )
        .sort((a, b) => b.date - a.date);
      const page = found.slice(offset, offset + limit);
      const withHeaders = query.get('fields') === 'include_headers';
      return send(response, 200, {
        request_id: requestId,
        data: page.map((message) => viewOf(message, withHeaders)),
        ...(offset + limit < found.length ? { next_cursor: String(offset + limit) } : {}),
      });
    }

    const messageMatch = /^\/messages\/([^/]+)$/.exec(rest);
    if (messageMatch && messageMatch[1] !== 'send' && request.method === 'GET') {
      const message = messages.get(decodeURIComponent(messageMatch[1]!));
      if (!message || message.grantId !== grantId) {
        return apiError(404, 'not_found_error', 'message not found');
      }
      const withHeaders = url.searchParams.get('fields') === 'include_headers';
      return send(response, 200, {
        request_id: requestId,
        data: viewOf(message, withHeaders),
      });
    }

    const attachmentMatch = /^\/attachments\/([^/]+)\/download$/.exec(rest);
    if (attachmentMatch && request.method === 'GET') {
      const message = messages.get(url.searchParams.get('message_id') ?? '');
      const attachment = message?.attachments.find(
        (each) => each.id === decodeURIComponent(attachmentMatch[1]!),
      );
      if (!message || message.grantId !== grantId || !attachment) {
        return apiError(404, 'not_found_error', 'attachment not found');
      }
      response.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': attachment.content.length,
      });
      response.end(attachment.content);
      return;
    }

    if (rest === '/messages/send' && request.method === 'POST') {
      const type = request.headers['content-type'] ?? '';
      let message: Record<string, unknown>;
      let attachments: FakeNylasSent['attachments'];
      try {
        if (type.startsWith('multipart/form-data')) {
          const boundary = /boundary=([^;]+)/.exec(type)?.[1] ?? '';
          const parts = multipartParts(body, boundary);
          message = JSON.parse(
            parts.find((part) => part.name === 'message')?.content.toString('utf8') ?? '{}',
          ) as Record<string, unknown>;
          attachments = parts
            .filter((part) => part.filename !== undefined)
            .map((part) => ({
              filename: part.filename!,
              contentType: part.type ?? 'application/octet-stream',
              content: part.content,
            }));
        } else {
          message = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
          attachments = (
            (message.attachments ?? []) as Array<{
              filename: string;
              content_type: string;
              content: string;
            }>
          ).map((each) => ({
            filename: each.filename,
            contentType: each.content_type,
            content: Buffer.from(each.content, 'base64'),
          }));
          delete message.attachments;
        }
      } catch {
        return apiError(400, 'invalid_request_error', 'Invalid request body');
      }
      if (!Array.isArray(message.to) || message.to.length === 0) {
        return apiError(400, 'invalid_request_error', 'to: at least one recipient is required');
      }
      const replyTo = message.reply_to_message_id;
      if (typeof replyTo === 'string' && !messages.has(replyTo)) {
        return apiError(400, 'invalid_request_error', 'reply_to_message_id: message not found');
      }
      const sentId = id('msg');
      const threadId =
        (typeof replyTo === 'string' && messages.get(replyTo)?.threadId) || id('thread');
      sent.push({ grantId, message, attachments, id: sentId });
      // The provider keeps the sent mail, with the Message-ID its SMTP server gave it.
      const answered = typeof replyTo === 'string' ? messages.get(replyTo) : undefined;
      const answeredId = answered?.headers.find((each) => each.name === 'Message-ID')?.value;
      fake.putMessage(grantId, {
        id: sentId,
        threadId,
        subject: String(message.subject ?? ''),
        from: [{ email: grant.email }],
        to: message.to as FakeNylasAddress[],
        cc: (message.cc ?? []) as FakeNylasAddress[],
        bcc: (message.bcc ?? []) as FakeNylasAddress[],
        body: String(message.body ?? ''),
        folders: ['SENT'],
        headers: [
          { name: 'Message-ID', value: `<${sentId}@mail.gmail.test>` },
          ...(answeredId
            ? [
                { name: 'In-Reply-To', value: answeredId },
                { name: 'References', value: answeredId },
              ]
            : []),
        ],
      });
      return send(response, 200, {
        request_id: requestId,
        grant_id: grantId,
        data: {
          object: 'message',
          id: sentId,
          grant_id: grantId,
          thread_id: threadId,
          subject: message.subject,
          from: [{ email: grant.email }],
          to: message.to,
          date: Math.floor(Date.now() / 1000),
        },
      });
    }

    return apiError(404, 'not_found_error', 'Not found');
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
