import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { inputHygieneErrors } from '@cartera/domain/input';
import { z } from 'zod';
import { DomainError, ERROR_HTTP_STATUS } from '@cartera/domain/errors';
import type { AppDeps } from '../deps';
import type { AuthSession } from '../modules/sessions/session.types';
import {
  API_TOKEN_SCOPES,
  isApiToken,
  resolveCredential,
} from '../modules/sessions/api-token.service';
import { assertAllowed, type AccessRule } from '../modules/sessions/access';
import { apiTokenAdmits } from '@cartera/domain/policy';
import { tokenOf } from '../trpc/context';
import type { ProcedureInfo } from '../trpc/procedure-catalog';
import { rolesFor } from './procedure-reference';

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
  /** A file answered instead of JSON: its media type (the answer's schema is then binary). */
  file?: string;
  /** A multipart/form-data request (an upload): its fields, `format: 'binary'` for a file. */
  multipart?: Record<string, { type: 'string'; format?: 'binary'; description: string }>;
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

/** What every refusal answers (the codes and their texts: /api/docs/procedures, `errors`). */
const errorSchema = {
  type: 'object',
  description: 'An error: its domain code and the Spanish text to show the user.',
  properties: {
    code: {
      type: 'string',
      enum: Object.keys(ERROR_HTTP_STATUS),
      description: 'Domain error code',
    },
    message: { type: 'string', description: 'Spanish text for the user' },
    fieldErrors: {
      type: 'object',
      description: 'INVALID_REQUEST_BODY: the Spanish texts of each invalid field, by its path.',
      additionalProperties: { type: 'array', items: { type: 'string' } },
    },
  },
  required: ['code', 'message'],
};

/** A stable operationId from the method and path: GET /api/goal/{id}/upload → getGoalByIdUpload. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '/')
    .split('/')
    .filter(Boolean)
    .flatMap((part) =>
      part.startsWith(':') || part.startsWith('{')
        ? ['by', part.replace(/^[:{]|}$/g, '')]
        : part.split(/[^A-Za-z0-9]+/),
    )
    .filter(Boolean);
  return [
    method.toLowerCase(),
    ...words.map((word) => word[0]!.toUpperCase() + word.slice(1)),
  ].join('');
}

/**
 * Who may call a route, for /api/docs: the roles its own rule and the procedure it mirrors
 * admit, and the API token scopes that procedure admits (none without one).
 */
function callersOf(access: RestAccess | undefined, mirrored: ProcedureInfo | undefined) {
  const own = rolesFor({ area: access?.area, capability: access?.capability }).roles;
  const procedure = mirrored ? rolesFor(mirrored.meta).roles : own;
  return {
    'x-roles': own.filter((role) => procedure.includes(role)),
    'x-token-scopes': mirrored
      ? API_TOKEN_SCOPES.filter((scope) => apiTokenAdmits(scope, mirrored))
      : [],
  };
}

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
      operationId: operationIdOf(String(route.method), route.url),
      ...(route.auth === 'session' && procedure !== undefined ? { 'x-procedure': procedure } : {}),
      ...(route.auth === 'session' ? { security: [{ bearer: [] }, { cookie: [] }] } : {}),
      ...(route.auth === 'session' ? callersOf(route.access, mirrored) : {}),
      ...(route.body ? { body: jsonSchema(route.body) } : {}),
      ...(route.multipart
        ? {
            body: {
              content: {
                'multipart/form-data': {
                  schema: {
                    type: 'object',
                    properties: route.multipart,
                    required: Object.keys(route.multipart),
                  },
                },
              },
            },
          }
        : {}),
      ...(route.querystring ? { querystring: jsonSchema(route.querystring) } : {}),
      ...(route.params ? { params: jsonSchema(route.params) } : {}),
      response: {
        [status]: route.file
          ? {
              description: 'The file',
              content: { [route.file]: { schema: { type: 'string', format: 'binary' } } },
            }
          : jsonSchema(route.response),
        '4xx': errorSchema,
        '5xx': errorSchema,
      },
    },
    // zod validates below; the JSON schemas above only document the route.
    validatorCompiler: () => () => true,
    serializerCompiler: () => (data) => JSON.stringify(data),
    handler: async (request, reply) => {
      const credential = await sessionOf(deps, request);
      // A personal API token is never a session: public routes see no one.
      const session = route.auth === 'session' || !credential?.apiToken ? credential : null;
      if (route.auth === 'session') {
        if (!session) {
          const token = tokenOf(request.headers);
          throw new DomainError(
            token && isApiToken(token) ? 'API_TOKEN_INVALID' : 'UNAUTHENTICATED',
          );
        }
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
      // A reply is thenable, so `await` of a handler that returns it waits for the answer's end
      // and yields undefined: a stream the client cut short is answered already, not ended.
      if (reply.sent || reply.raw.headersSent || (result as unknown) === reply) return reply;
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
