/**
 * The token dimension of the authorisation harness (issue #30 §2): every REST route documented
 * in /api/docs × personal API token scope × role, against the tRPC procedure the route mirrors.
 * A token is never more than the session of its owner; where its scope refuses a procedure
 * (`apiTokenAdmits`), both transports refuse it; a route that mirrors no procedure refuses every
 * token; a new session route without a token rule (`x-procedure`) fails the suite.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { channels, groups } from '@cartera/db/schema';
import { apiTokenAdmits } from '@cartera/domain/policy';
import { ROLES, type Role } from '@cartera/domain/roles';
import { useDemoApp } from '../testing/demo-app';
import { trpcCall } from '../testing/http-client';
import { API_TOKEN_SCOPES } from '../modules/sessions/api-token.service';
import { errorMessage, es } from '@cartera/domain/i18n';

const env = useDemoApp({ JOBS_ENABLED: 'false', API_TOKEN_RATE_LIMIT: '1000000' });

/** A demo user of each role. */
const USER_OF: Record<Role, string> = {
  admin: 'admin@demo.test',
  super: 'supervisor@demo.test',
  comercial: 'comercial@demo.test',
  project_manager: 'proyecto@demo.test',
  user: 'vendedor@demo.test',
  users_manager: 'gestor@demo.test',
};

const SAMPLE_ID = '00000000-0000-7000-8000-000000000001';

interface Route {
  method: string;
  path: string;
  procedure: string | null | undefined;
  session: boolean;
}

let routes: Route[];
let procedureTypes: Map<string, 'query' | 'mutation' | 'subscription'>;
/** Per role: the session token, then a token of each scope. */
const credentials = new Map<Role, Record<'session' | (typeof API_TOKEN_SCOPES)[number], string>>();

beforeAll(async () => {
  const document = (await (await fetch(`${env.app.url}/api/docs`)).json()) as {
    paths: Record<string, Record<string, { security?: unknown; 'x-procedure'?: string | null }>>;
  };
  routes = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      procedure: operation['x-procedure'],
      session: operation.security !== undefined,
    })),
  );
  const reference = (await (await fetch(`${env.app.url}/api/docs/procedures`)).json()) as {
    procedures: Array<{ path: string; type: 'query' | 'mutation' | 'subscription' }>;
  };
  procedureTypes = new Map(reference.procedures.map((each) => [each.path, each.type]));
  for (const role of ROLES) {
    const email = USER_OF[role];
    const session = await env.tokenOf(email);
    const tokens = {} as Record<(typeof API_TOKEN_SCOPES)[number], string>;
    for (const scope of API_TOKEN_SCOPES) {
      const created = await env.call(email, 'apiToken.create', { name: `Arnés ${scope}`, scope });
      expect(created.status, `${email} crea un token ${scope}`).toBe(200);
      tokens[scope] = created.data!.token;
    }
    credentials.set(role, { session, ...tokens });
  }
});

/** What a caller gets: the status and the domain code of a refusal. */
async function restOutcome(route: Route, token: string) {
  const response = await fetch(`${env.app.url}${route.path.replace(/\{[^}]+\}/g, SAMPLE_ID)}`, {
    method: route.method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(route.method === 'GET' || route.method === 'DELETE'
        ? {}
        : { 'content-type': 'application/json' }),
    },
    body: route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}',
  });
  const text = await response.text();
  let code = '';
  try {
    code = (JSON.parse(text) as { code?: string }).code ?? '';
  } catch {
    // A file or another body that is not JSON: the status says enough.
  }
  return response.status >= 400 ? `${response.status} ${code}` : `${response.status}`;
}

const trpcOutcomes = new Map<string, Promise<string>>();
function trpcOutcome(path: string, token: string) {
  const key = `${path} ${token}`;
  if (!trpcOutcomes.has(key)) {
    const method = procedureTypes.get(path) === 'query' ? 'GET' : 'POST';
    trpcOutcomes.set(
      key,
      trpcCall(env.app.url, path, {}, { token, method }).then((result) =>
        result.status >= 400
          ? `${result.status} ${result.error?.data?.domainCode ?? ''}`
          : `${result.status}`,
      ),
    );
  }
  return trpcOutcomes.get(key)!;
}

const DENIED = '403 PERMISSION_DENIED';

describe('arnés de autorización: tokens de API en REST y tRPC', () => {
  it('toda ruta REST con sesión dice qué procedimiento refleja (o que no admite tokens)', () => {
    expect(routes.filter((route) => route.session).length).toBeGreaterThan(100);
    const undeclared = routes
      .filter((route) => route.session && route.procedure === undefined)
      .map((route) => `${route.method} ${route.path}`);
    expect(undeclared).toEqual([]);
    const unknown = routes
      .filter((route) => route.procedure && !procedureTypes.has(route.procedure))
      .map((route) => `${route.method} ${route.path} → ${route.procedure}`);
    expect(unknown).toEqual([]);
  });

  it('cada ruta, rol y alcance: REST y tRPC admiten o rechazan el token igual, y un token nunca es más que la sesión', async () => {
    const disagreements: string[] = [];
    for (const route of routes.filter((each) => each.session)) {
      const name = `${route.method} ${route.path}`;
      for (const role of ROLES) {
        const credential = credentials.get(role)!;
        const sessionRest = await restOutcome(route, credential.session);
        const sessionTrpc = route.procedure
          ? await trpcOutcome(route.procedure, credential.session)
          : null;
        for (const scope of API_TOKEN_SCOPES) {
          const tokenRest = await restOutcome(route, credential[scope]);
          const where = `${name} [${role}, ${scope}]`;
          if (!route.procedure) {
            if (tokenRest !== DENIED) disagreements.push(`${where}: REST ${tokenRest}`);
            continue;
          }
          const type = procedureTypes.get(route.procedure)!;
          const admitted = apiTokenAdmits(scope, { path: route.procedure, type });
          const tokenTrpc = await trpcOutcome(route.procedure, credential[scope]);
          // Admitted: the token answers as its owner's session would; refused: 403 on both.
          const expectedRest = admitted ? sessionRest : DENIED;
          const expectedTrpc = admitted ? sessionTrpc : DENIED;
          if (tokenRest !== expectedRest) {
            disagreements.push(`${where}: REST ${tokenRest}, se esperaba ${expectedRest}`);
          }
          if (tokenTrpc !== expectedTrpc) {
            disagreements.push(
              `${where}: tRPC ${route.procedure} ${tokenTrpc}, se esperaba ${expectedTrpc}`,
            );
          }
        }
        // The roles agree too: a session refused by the procedure's guard is refused by the route.
        if (sessionTrpc === DENIED && sessionRest !== DENIED) {
          disagreements.push(`${name} [${role}, sesión]: REST ${sessionRest}, tRPC ${sessionTrpc}`);
        }
      }
    }
    expect(disagreements).toEqual([]);
  }, 600_000);
});

/** A REST call with a personal API token. */
async function withToken(token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${env.app.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('S2: los adaptadores REST aplican el alcance del token como tRPC', () => {
  it('un token de escritura del administrador no abre empresas ni cambia grupos o funcionalidades', async () => {
    const token = credentials.get('admin')!.write;
    const db = env.database.handle.db;
    const before = await db.select().from(groups);
    const tenant = env.demo.demo.id;
    const north = env.demo.north.id;
    const attempts = [
      await withToken(token, 'POST', '/api/client', {
        name: 'Empresa Intrusa',
        country: 'uy',
        user: {
          name: 'Iván',
          lastname: 'Intruso',
          email: 'ivan@intrusa.test',
          password: 'Inicial1',
        },
      }),
      await withToken(token, 'POST', '/api/groups', { parentId: tenant, name: 'Equipo Intruso' }),
      await withToken(token, 'PATCH', `/api/group/${north}`, { name: 'Equipo Renombrado' }),
      await withToken(token, 'PATCH', `/api/group/${north}/featureflag`, {
        flag: 'training',
        value: 0,
      }),
    ];
    expect(attempts.map((each) => [each.status, each.body.code])).toEqual(
      attempts.map(() => [403, 'PERMISSION_DENIED']),
    );
    expect(await db.select().from(groups)).toEqual(before);
  });

  it('un token de escritura del comercial no cambia la seguridad ni crea canales con secretos; uno de lectura no lee la configuración', async () => {
    const { write, read } = credentials.get('comercial')!;
    const db = env.database.handle.db;
    const tenant = env.demo.demo.id;
    const channelsBefore = await db.select().from(channels);
    const rules = await withToken(write, 'PATCH', `/api/group/${tenant}/securityrule`, {
      passwordMinLength: 12,
    });
    const channel = await withToken(write, 'POST', '/api/channels/create', {
      type: 'whatsapp_business',
      name: 'WhatsApp Intruso',
      config: { phoneNumberId: '106540352242922', wabaId: '102290129340398', origin: 'whatsapp' },
      secrets: { accessToken: 'EAAB-intruso', appSecret: 'secreto', verifyToken: 'verifica' },
    });
    const readRules = await withToken(read, 'GET', `/api/group/${tenant}/securityrule`);
    const readIntegrations = await withToken(
      read,
      'GET',
      `/api/group/${tenant}/externalintegrations`,
    );
    for (const answer of [rules, channel, readRules, readIntegrations]) {
      expect(answer).toMatchObject({
        status: 403,
        body: { code: 'PERMISSION_DENIED', message: expect.any(String) },
      });
    }
    expect(await db.select().from(channels)).toEqual(channelsBefore);
    const policy = await env.call('comercial@demo.test', 'security.rules');
    expect(policy.data).toEqual({ passwordMinLength: 6, passwordMaxAgeDays: 0 });
    // The same token, within its scope, still works on both transports.
    expect((await withToken(write, 'GET', '/api/crm/contacts')).status).toBe(200);
    expect(
      (await trpcCall(env.app.url, 'contact.list', {}, { token: read, method: 'GET' })).status,
    ).toBe(200);
  });
});

describe('respuestas en español para quien integra (issue #36)', () => {
  it('un token desconocido o revocado tiene su propio código y texto, no "Tu sesión ha expirado"', async () => {
    const unknown = 'cart_desconocido0000000000000000000000000000';
    const rest = await withToken(unknown, 'GET', '/api/crm/contacts');
    const trpc = await trpcCall(env.app.url, 'contact.list', {}, { token: unknown, method: 'GET' });
    const expected = {
      code: 'API_TOKEN_INVALID',
      message: errorMessage('API_TOKEN_INVALID'),
    };
    expect(rest).toMatchObject({ status: 401, body: expected });
    expect(trpc.status).toBe(401);
    expect(trpc.error).toMatchObject({
      message: expected.message,
      data: { domainCode: 'API_TOKEN_INVALID' },
    });
    expect(expected.message).not.toBe(errorMessage('UNAUTHENTICATED'));

    const created = await env.call('admin@demo.test', 'apiToken.create', {
      name: 'Revocado',
      scope: 'read',
    });
    await env.call('admin@demo.test', 'apiToken.revoke', { id: created.data!.id });
    expect(await withToken(created.data!.token, 'GET', '/api/crm/contacts')).toMatchObject({
      status: 401,
      body: expected,
    });
    // A session that expired is still told so.
    const expired = await withToken('sesion-vencida', 'GET', '/api/crm/contacts');
    expect(expired.body).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('un id que no es UUID recibe por REST el mismo error de campo en español que por tRPC', async () => {
    const token = credentials.get('admin')!.read;
    const rest = await withToken(token, 'GET', '/api/crm/contact/no-es-un-uuid');
    expect(rest).toMatchObject({
      status: 400,
      body: {
        code: 'INVALID_REQUEST_BODY',
        fieldErrors: { id: [es.validation.schema.uuidInvalid] },
      },
    });
    expect(JSON.stringify(rest.body)).not.toContain('Invalid');
    const trpc = await trpcCall(
      env.app.url,
      'contact.get',
      { id: 'no-es-un-uuid' },
      { token, method: 'GET' },
    );
    expect(trpc.error).toMatchObject({
      data: { fieldErrors: { id: [es.validation.schema.uuidInvalid] } },
    });
  });
});
