import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the meeting providers on 127.0.0.1 (a free port), speaking the documented shapes
 * of design/integrations.md §9, one origin for all of them:
 *
 * Google (OAuth 2.0 for web server apps; Calendar API v3):
 * - GET /o/oauth2/v2/auth plays the agent consenting as `login_hint` (or `nextLogin`): redirects
 *   to `redirect_uri` with `code` and `state`; `issueCode` does the same for a test without one.
 * - POST /token (form): `authorization_code` (the code, once, with the client's id and secret)
 *   gives `access_token`, `expires_in`, `refresh_token`; `refresh_token` gives a new access
 *   token. Anything else is `invalid_grant` (400).
 * - Calendar calls need `Authorization: Bearer <a live access token>` (401 otherwise; `expireTokens`
 *   ends the live ones). GET /calendar/v3/calendars/primary answers the account's address as id;
 *   POST /calendar/v3/freeBusy the `busy` periods set by `setBusy`; POST
 *   /calendar/v3/calendars/primary/events creates a Meet conference only with
 *   `conferenceDataVersion=1` and a `conferenceData.createRequest` of type `hangoutsMeet`: its
 *   status is `pending` until the event is read again (GET …/events/{id}) when `pendingFirst`.
 *
 * Zoom (Server-to-Server OAuth; Meetings API v2):
 * - POST /oauth/token with `grant_type=account_credentials&account_id=…` and Basic client
 *   credentials gives a bearer token for an hour (no refresh token).
 * - GET /v2/users/{email} answers a user of the account (`zoomUsers`) or 404 with code 1001.
 * - POST /v2/users/{userId}/meetings answers 201 with `id` and `join_url`.
 *
 * `failNext('google' | 'zoom')` makes the next create fail as the provider does (500 / 400 with
 * Zoom's `{code, message}`). Every request is kept in `requests`.
 */
export interface FakeMeetingsRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  body: unknown;
}

export interface FakeMeetings {
  url: string;
  google: { clientId: string; clientSecret: string };
  zoom: { accountId: string; clientId: string; clientSecret: string };
  requests: FakeMeetingsRequest[];
  events: Array<Record<string, unknown>>;
  zoomMeetings: Array<Record<string, unknown>>;
  zoomUsers: Set<string>;
  nextLogin: string;
  pendingFirst: boolean;
  issueCode(login: string): string;
  setBusy(login: string, busy: Array<{ start: string; end: string }>): void;
  expireTokens(): void;
  failNext(provider: 'google' | 'zoom'): void;
  close(): Promise<void>;
}

export async function startFakeMeetings(): Promise<FakeMeetings> {
  const google = { clientId: 'fake-google-client', clientSecret: randomBytes(8).toString('hex') };
  const zoom = {
    accountId: 'fake-zoom-account',
    clientId: 'fake-zoom-client',
    clientSecret: randomBytes(8).toString('hex'),
  };
  const codes = new Map<string, string>();
  const refreshTokens = new Map<string, string>();
  const accessTokens = new Map<string, string>();
  const zoomTokens = new Set<string>();
  const busy = new Map<string, Array<{ start: string; end: string }>>();
  const failing = new Set<'google' | 'zoom'>();
  const pending = new Set<string>();

  const fake: FakeMeetings = {
    url: '',
    google,
    zoom,
    requests: [],
    events: [],
    zoomMeetings: [],
    zoomUsers: new Set(),
    nextLogin: 'agente@gmail.test',
    pendingFirst: false,
    issueCode(login) {
      const code = `code-${randomBytes(8).toString('hex')}`;
      codes.set(code, login);
      return code;
    },
    setBusy(login, periods) {
      busy.set(login, periods);
    },
    expireTokens() {
      accessTokens.clear();
      zoomTokens.clear();
    },
    failNext(provider) {
      failing.add(provider);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const googleAccount = (req: IncomingMessage) => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    return token ? accessTokens.get(token) : undefined;
  };

  const newAccessToken = (login: string) => {
    const token = `ya29.${randomBytes(12).toString('hex')}`;
    accessTokens.set(token, login);
    return token;
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const raw = await new Promise<string>((resolve) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      req.on('end', () => resolve(text));
    });
    const form = Object.fromEntries(new URLSearchParams(raw));
    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : {};
    } catch {
      body = form;
    }
    const query = Object.fromEntries(url.searchParams);
    fake.requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      query,
      authorization: req.headers.authorization,
      body,
    });
    const path = url.pathname;

    // Google's consent screen.
    if (req.method === 'GET' && path === '/o/oauth2/v2/auth') {
      if (query.client_id !== google.clientId || !query.redirect_uri) {
        return send(res, 400, { error: 'invalid_request' });
      }
      const code = fake.issueCode(query.login_hint || fake.nextLogin);
      const back = new URL(query.redirect_uri);
      back.searchParams.set('code', code);
      if (query.state) back.searchParams.set('state', query.state);
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (req.method === 'POST' && path === '/token') {
      if (form.client_id !== google.clientId || form.client_secret !== google.clientSecret) {
        return send(res, 401, { error: 'invalid_client' });
      }
      if (form.grant_type === 'authorization_code') {
        const login = form.code ? codes.get(form.code) : undefined;
        if (!login) return send(res, 400, { error: 'invalid_grant' });
        codes.delete(form.code!);
        const refresh = `1//${randomBytes(12).toString('hex')}`;
        refreshTokens.set(refresh, login);
        return send(res, 200, {
          access_token: newAccessToken(login),
          expires_in: 3599,
          refresh_token: refresh,
          scope: 'https://www.googleapis.com/auth/calendar.events',
          token_type: 'Bearer',
        });
      }
      if (form.grant_type === 'refresh_token') {
        const login = form.refresh_token ? refreshTokens.get(form.refresh_token) : undefined;
        if (!login) return send(res, 400, { error: 'invalid_grant' });
        return send(res, 200, {
          access_token: newAccessToken(login),
          expires_in: 3599,
          scope: 'https://www.googleapis.com/auth/calendar.events',
          token_type: 'Bearer',
        });
      }
      return send(res, 400, { error: 'unsupported_grant_type' });
    }
    if (path.startsWith('/calendar/v3/')) {
      const login = googleAccount(req);
      if (!login) {
        return send(res, 401, { error: { code: 401, message: 'Invalid Credentials' } });
      }
      if (req.method === 'GET' && path === '/calendar/v3/calendars/primary') {
        return send(res, 200, { kind: 'calendar#calendar', id: login, summary: login });
      }
      if (req.method === 'POST' && path === '/calendar/v3/freeBusy') {
        return send(res, 200, {
          kind: 'calendar#freeBusy',
          calendars: { primary: { busy: busy.get(login) ?? [] } },
        });
      }
      if (req.method === 'POST' && path === '/calendar/v3/calendars/primary/events') {
        if (failing.delete('google')) {
          return send(res, 500, { error: { code: 500, message: 'Backend Error' } });
        }
        const event = body as Record<string, unknown>;
        const request = (event.conferenceData as { createRequest?: Record<string, unknown> })
          ?.createRequest;
        const id = randomBytes(10).toString('hex');
        const meetCode = `${randomBytes(2).toString('hex').slice(0, 3)}-${randomBytes(2).toString('hex')}-${randomBytes(2).toString('hex').slice(0, 3)}`;
        const withConference =
          query.conferenceDataVersion === '1' &&
          (request?.conferenceSolutionKey as { type?: string } | undefined)?.type ===
            'hangoutsMeet' &&
          typeof request?.requestId === 'string';
        const stored = { ...event, id, organizer: { email: login, self: true }, meetCode };
        const answer = (status: 'pending' | 'success') => ({
          ...stored,
          ...(withConference
            ? {
                ...(status === 'success'
                  ? { hangoutLink: `https://meet.google.com/${meetCode}` }
                  : {}),
                conferenceData: {
                  createRequest: { ...request, status: { statusCode: status } },
                  ...(status === 'success'
                    ? {
                        conferenceId: meetCode,
                        entryPoints: [
                          { entryPointType: 'video', uri: `https://meet.google.com/${meetCode}` },
                        ],
                      }
                    : {}),
                },
              }
            : {}),
        });
        fake.events.push(stored);
        if (withConference && fake.pendingFirst) {
          pending.add(id);
          return send(res, 200, answer('pending'));
        }
        return send(res, 200, answer('success'));
      }
      const read = /^\/calendar\/v3\/calendars\/primary\/events\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && read) {
        const stored = fake.events.find((event) => event.id === read[1]);
        if (!stored) return send(res, 404, { error: { code: 404, message: 'Not Found' } });
        pending.delete(read[1]!);
        const meetCode = stored.meetCode as string;
        return send(res, 200, {
          ...stored,
          hangoutLink: `https://meet.google.com/${meetCode}`,
          conferenceData: {
            createRequest: {
              ...(stored.conferenceData as { createRequest: object }).createRequest,
              status: { statusCode: 'success' },
            },
            conferenceId: meetCode,
            entryPoints: [{ entryPointType: 'video', uri: `https://meet.google.com/${meetCode}` }],
          },
        });
      }
      return send(res, 404, { error: { code: 404, message: 'Not Found' } });
    }

    // Zoom.
    if (req.method === 'POST' && path === '/oauth/token') {
      const grant = query.grant_type ?? form.grant_type;
      const account = query.account_id ?? form.account_id;
      const basic = Buffer.from(`${zoom.clientId}:${zoom.clientSecret}`).toString('base64');
      if (req.headers.authorization !== `Basic ${basic}`) {
        return send(res, 401, {
          reason: 'Invalid client_id or client_secret',
          error: 'invalid_client',
        });
      }
      if (grant !== 'account_credentials' || account !== zoom.accountId) {
        return send(res, 400, {
          reason: 'Invalid request : Bad account_id',
          error: 'invalid_request',
        });
      }
      const token = `zoom-${randomBytes(12).toString('hex')}`;
      zoomTokens.add(token);
      return send(res, 200, {
        access_token: token,
        token_type: 'bearer',
        expires_in: 3600,
        scope: 'meeting:write:admin user:read:admin',
      });
    }
    if (path.startsWith('/v2/')) {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!token || !zoomTokens.has(token)) {
        return send(res, 401, { code: 124, message: 'Invalid access token.' });
      }
      const user = /^\/v2\/users\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && user) {
        const email = decodeURIComponent(user[1]!).toLowerCase();
        if (!fake.zoomUsers.has(email)) {
          return send(res, 404, { code: 1001, message: 'User does not exist: ' + email });
        }
        return send(res, 200, { id: `zu-${email}`, email, type: 2, status: 'active' });
      }
      const meetings = /^\/v2\/users\/([^/]+)\/meetings$/.exec(path);
      if (req.method === 'POST' && meetings) {
        if (failing.delete('zoom')) {
          return send(res, 400, { code: 300, message: 'Cannot create meeting now.' });
        }
        const id = 80_000_000_000 + Math.floor(Math.random() * 9_999_999_999);
        const meeting = {
          ...(body as object),
          id,
          uuid: randomUUID(),
          host_email: decodeURIComponent(meetings[1]!),
          join_url: `https://zoom.us/j/${id}?pwd=${randomBytes(6).toString('hex')}`,
          start_url: `https://zoom.us/s/${id}`,
          password: randomBytes(3).toString('hex'),
        };
        fake.zoomMeetings.push(meeting);
        return send(res, 201, meeting);
      }
    }
    return send(res, 404, { error: 'not found' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, { error: 'fake failed' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
