import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for a tenant's external contact system on 127.0.0.1, speaking the protocol of
 * 02 §4 and §7: POST /validate answers {isValid, errorMessage, operationType}, POST /contacts
 * creates, PATCH /contacts?id= updates. Every call must carry the bearer token (401 otherwise).
 * It refuses a contact whose first name contains 'Rechazado' with the message set in
 * `rejectMessage`, remembers created ids (so validation answers 'update' for them) and records
 * every request. `failWrites(status, body)` makes create and update fail. GET /stats?id= answers
 * `stats` (03 §7 'External statistics', issue #43 item 3), or `statsStatus` when set.
 */
export interface FakeExternalRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  body: Record<string, unknown> | undefined;
}

export interface FakeExternalContacts {
  url: string;
  token: string;
  requests: FakeExternalRequest[];
  /** Ids created through POST /contacts. */
  created: Set<string>;
  rejectMessage: string;
  /** What GET /stats answers (a body of the statistics protocol, valid or not). */
  stats: unknown;
  /** A failing status for GET /stats; null answers `stats`. */
  statsStatus: number | null;
  failWrites(status: number, body?: Record<string, unknown>): void;
  recover(): void;
  /** The tenant configuration pointing at this fake. */
  config(name?: string): {
    name: string;
    validateUrl: string;
    createUrl: string;
    updateUrl: string;
    statsUrl: string;
    token: string;
  };
  stop(): Promise<void>;
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

export async function startFakeExternalContacts(
  token = 'external-test-token',
): Promise<FakeExternalContacts> {
  const requests: FakeExternalRequest[] = [];
  const created = new Set<string>();
  let writeFailure: { status: number; body: Record<string, unknown> } | null = null;
  const fake = {
    rejectMessage: 'El documento no existe en el padrón',
    stats: { stats: [] },
    statsStatus: null,
  } as unknown as FakeExternalContacts;

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const body = await readJson(request);
      const entry: FakeExternalRequest = {
        method: request.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        authorization: request.headers.authorization,
        body,
      };
      requests.push(entry);
      if (request.headers.authorization !== `Bearer ${token}`) {
        return send(response, 401, { error: 'Token inválido' });
      }
      if (url.pathname === '/health') return send(response, 200, { ok: true });
      if (request.method === 'GET' && url.pathname === '/stats') {
        if (!url.searchParams.get('id')) return send(response, 400, { error: 'Falta id' });
        if (fake.statsStatus) return send(response, fake.statsStatus, { error: 'Fallo' });
        return send(response, 200, fake.stats);
      }
      if (request.method === 'POST' && url.pathname === '/validate') {
        if (!body || typeof body.firstName !== 'string') {
          return send(response, 400, { error: 'Cuerpo inválido' });
        }
        const id = typeof body._id === 'string' ? body._id : undefined;
        const rejected = body.firstName.includes('Rechazado');
        return send(response, 200, {
          isValid: !rejected,
          errorMessage: rejected ? fake.rejectMessage : null,
          operationType: id && created.has(id) ? 'update' : 'creation',
        });
      }
      if (
        url.pathname === '/contacts' &&
        (request.method === 'POST' || request.method === 'PATCH')
      ) {
        if (writeFailure) return send(response, writeFailure.status, writeFailure.body);
        if (request.method === 'POST') {
          if (typeof body?._id !== 'string') return send(response, 400, { error: 'Falta _id' });
          created.add(body._id);
          return send(response, 201, { ok: true });
        }
        if (!url.searchParams.get('id')) return send(response, 400, { error: 'Falta id' });
        return send(response, 200, { ok: true });
      }
      return send(response, 404, { error: 'No existe' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return Object.assign(fake, {
    url,
    token,
    requests,
    created,
    failWrites(status: number, body: Record<string, unknown> = { error: 'Fallo del sistema' }) {
      writeFailure = { status, body };
    },
    recover() {
      writeFailure = null;
    },
    config(name = 'Sistema Externo') {
      return {
        name,
        validateUrl: `${url}/validate`,
        createUrl: `${url}/contacts`,
        updateUrl: `${url}/contacts`,
        statsUrl: `${url}/stats`,
        token,
      };
    },
    stop: () =>
      new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      ),
  });
}
