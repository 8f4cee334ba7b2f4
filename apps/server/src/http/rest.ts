import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { inputHygieneErrors } from '@cartera/domain/input';
import { z } from 'zod';
import { DomainError } from '@cartera/domain/errors';
import type { AppDeps } from '../deps';
import type { AuthSession } from '../modules/sessions/session.types';
import { resolveCredential } from '../modules/sessions/api-token.service';
import { assertAllowed, type AccessRule } from '../modules/sessions/access';
import { apiTokenAdmits } from '@cartera/domain/policy';
import { tokenOf } from '../trpc/context';
import type { ProcedureInfo } from '../trpc/procedure-catalog';

/**
 * Who may call a REST route beyond a session. `procedure` names the tRPC procedure the route
 * mirrors: its area, roles and password-change rule apply to the route as well as the route's
 * own, and its API token rule (`apiTokenAdmits`) decides the route for tokens, so both transports
 * answer a token alike. `null`: the route mirrors no procedure, and API tokens are refused (a
 * jailed user too, unless PROCEDURES_WITHOUT_AREA lists its 'METHOD /path'). Every session
 * route says which (the REST authorisation harness fails on one that does not).
 */
export type RestAccess = Omit<AccessRule, 'procedure'> & { procedure?: string | null | undefined };

/**
 * The one way to declare a legacy REST adapter: zod schemas validate the request and describe
 * it in /api/docs; the handler calls the same service the tRPC router calls.
 */
export interface RestRoute<
  TBody extends z.ZodType,
  TQuery extends z.ZodType,
  TParams extends z.ZodType,
  TResponse extends z.ZodType,
  TAuth extends 'public' | 'session',
> {
  method: HTTPMethods;
  url: string;
  tags: string[];
  summary: string;
  auth: TAuth;
  /** With a session: see RestAccess. */
  access?: RestAccess;
  body?: TBody;
  querystring?: TQuery;
  params?: TParams;
  response: TResponse;
  /** Status of a successful answer (default 200). */
  status?: number;
  handler: (input: {
    body: z.infer<TBody>;
    query: z.infer<TQuery>;
    params: z.infer<TParams>;
    session: TAuth extends 'session' ? AuthSession : AuthSession | null;
    deps: AppDeps;
    request: FastifyRequest;
    reply: FastifyReply;
  }) => Promise<z.input<TResponse>>;
}

const jsonSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any' });

const errorSchema = {
  type: 'object',
  properties: {
    code: { type: 'string', description: 'Domain error code' },
    message: { type: 'string', description: 'Spanish text for the user' },
    fieldErrors: { type: 'object', additionalProperties: true },
  },
};

export async function sessionOf(deps: AppDeps, request: FastifyRequest) {
  const token = tokenOf(request.headers);
  return token ? resolveCredential(deps.db, token) : null;
}

function asRecord(value: unknown): Record<string, unknown> {
  if (Array.isArray(value)) return { body: value };
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

export function restRoute<
  TBody extends z.ZodType = z.ZodUndefined,
  TQuery extends z.ZodType = z.ZodUndefined,
  TParams extends z.ZodType = z.ZodUndefined,
  TResponse extends z.ZodType = z.ZodType,
  TAuth extends 'public' | 'session' = 'session',
>(app: FastifyInstance, deps: AppDeps, route: RestRoute<TBody, TQuery, TParams, TResponse, TAuth>) {
  const status = route.status ?? 200;
  const procedure = route.access?.procedure;
  const mirrored = procedure ? deps.procedures.get(procedure) : undefined;
  if (procedure && !mirrored) {
    throw new Error(`${String(route.method)} ${route.url} names no procedure ${procedure}`);
  }
  app.route({
    method: route.method,
    url: route.url,
    schema: {
      tags: route.tags,
      summary: route.summary,
      // The procedure it mirrors (its roles and token scopes are in /api/docs/procedures);
      // without one, API tokens are refused.
      ...(route.auth === 'session' && procedure !== undefined ? { 'x-procedure': procedure } : {}),
      ...(route.auth === 'session' ? { security: [{ bearer: [] }, { cookie: [] }] } : {}),
      ...(route.body ? { body: jsonSchema(route.body) } : {}),
      ...(route.querystring ? { querystring: jsonSchema(route.querystring) } : {}),
      ...(route.params ? { params: jsonSchema(route.params) } : {}),
      response: { [status]: jsonSchema(route.response), '4xx': errorSchema, '5xx': errorSchema },
    },
    // zod validates below; the JSON schemas above only document the route.
    validatorCompiler: () => () => true,
    serializerCompiler: () => (data) => JSON.stringify(data),
    handler: async (request, reply) => {
      const credential = await sessionOf(deps, request);
      // A personal API token is never a session: public routes see no one.
      const session = route.auth === 'session' || !credential?.apiToken ? credential : null;
      if (route.auth === 'session') {
        if (!session) throw new DomainError('UNAUTHENTICATED');
        if (session.apiToken) await deps.apiTokenBudget.charge(session);
        assertRestAccess(session, route, mirrored);
      }
      const unclean = inputHygieneErrors({
        ...asRecord(request.params),
        ...asRecord(request.query),
        ...asRecord(request.body),
      });
      if (Object.keys(unclean).length > 0) {
        throw new DomainError('INVALID_REQUEST_BODY', { fields: unclean });
      }
      const parse = <T extends z.ZodType>(schema: T | undefined, value: unknown) =>
        schema ? schema.parse(value) : undefined;
      const result = await route.handler({
        body: parse(route.body, request.body) as z.infer<TBody>,
        query: parse(route.querystring, request.query) as z.infer<TQuery>,
        params: parse(route.params, request.params) as z.infer<TParams>,
        session: session as never,
        deps,
        request,
        reply,
      });
      // A handler may answer by itself (a legacy error shape, a file, a stream still flowing).
      if (reply.sent || (result as unknown) === reply) return reply;
      return reply.status(status).send(route.response.parse(result));
    },
  });
}

/**
 * The access rule of a session route: the token rule and guard of the procedure it mirrors, in
 * the order tRPC applies them (protectedProcedure, then roleProcedure), and the route's own rule.
 */
function assertRestAccess(
  session: AuthSession,
  route: { method: HTTPMethods; url: string; access?: RestAccess | undefined },
  mirrored: ProcedureInfo | undefined,
) {
  const token = session.apiToken;
  if (token && !(mirrored && apiTokenAdmits(token.scope, mirrored))) {
    throw new DomainError('PERMISSION_DENIED');
  }
  if (mirrored) {
    assertAllowed(session.user, {
      area: mirrored.meta.area,
      procedure: mirrored.path,
      duringPasswordChange: mirrored.meta.duringPasswordChange,
    });
    if (mirrored.meta.capability) {
      assertAllowed(session.user, {
        capability: mirrored.meta.capability,
        duringPasswordChange: true,
      });
    }
  }
  // A route without a procedure is named by its method and path for the jail lists, so a jailed
  // user reaches it only where PROCEDURES_WITHOUT_AREA lists it.
  assertAllowed(session.user, {
    ...route.access,
    procedure: mirrored?.path ?? `${String(route.method)} ${route.url}`,
  });
}
