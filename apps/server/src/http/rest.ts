import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { inputHygieneErrors } from '@cartera/domain/input';
import { z } from 'zod';
import { DomainError } from '@cartera/domain/errors';
import type { AppDeps } from '../deps';
import type { AuthSession } from '../modules/sessions/session.types';
import { resolveCredential } from '../modules/sessions/api-token.service';
import { assertAllowed, type AccessRule } from '../modules/sessions/access';
import { tokenOf } from '../trpc/context';

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
  /**
   * With a session: the same area, roles and password-change rules as procedures. Without an
   * area, `procedure` names the tRPC procedure it mirrors for the jail lists (default: the
   * method and path, which no list names, so a jailed user is refused).
   */
  access?: AccessRule;
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
  app.route({
    method: route.method,
    url: route.url,
    schema: {
      tags: route.tags,
      summary: route.summary,
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
      const session = await sessionOf(deps, request);
      if (route.auth === 'session') {
        if (!session) throw new DomainError('UNAUTHENTICATED');
        // A route without an area is named by its method and path for the jail lists, so a
        // jailed user reaches it only where PROCEDURES_WITHOUT_AREA lists it (or its procedure).
        assertAllowed(session.user, {
          procedure: `${String(route.method)} ${route.url}`,
          ...route.access,
        });
        // A personal API token: never identity or administration paths; 'read' only reads.
        const token = session.apiToken;
        if (
          token &&
          (/^\/api\/(?:auth|admin)\b/.test(route.url) ||
            (token.scope === 'read' && route.method !== 'GET'))
        ) {
          throw new DomainError('PERMISSION_DENIED');
        }
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
