import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { AnyRouter, inferRouterContext, TRPCError } from '@trpc/server';
import { incomingMessageToRequest } from '@trpc/server/adapters/node-http';
import { getWSConnectionHandler, type WSSHandlerOptions } from '@trpc/server/adapters/ws';
import {
  getHTTPStatusCode,
  resolveResponse,
  type HTTPErrorHandler,
  type TRPCRequestInfo,
} from '@trpc/server/http';
import {
  getErrorShape,
  getTRPCErrorFromUnknown,
  transformTRPCResponse,
  type AnyProcedure,
} from '@trpc/server/unstable-core-do-not-import';

/*
 * tRPC over Fastify: the HTTP calls and the websocket, as tRPC's own Fastify plugin mounts them,
 * with one difference in how an answer is written. tRPC resolves a call to a web `Response`;
 * the plugin hands that to Fastify, which pipes its body as a web stream (chunk writes, a
 * stream per call). A JSON answer is a string already, so it is read whole and sent as one
 * write; only streamed answers (jsonl batches, SSE) are piped. On the timeline, the API's most
 * frequent call, that was a measurable share of what tRPC adds to a page (docs/performance.md,
 * the timeline's floor).
 */

export interface TrpcMountOptions<TRouter extends AnyRouter> {
  prefix: string;
  router: TRouter;
  /** An HTTP call's context (`res` is the Fastify reply) or a websocket's (`res` is the socket). */
  createContext(options: {
    req: FastifyRequest | IncomingMessage;
    res: FastifyReply | WebSocket;
    info: TRPCRequestInfo;
  }): Promise<inferRouterContext<TRouter>>;
  onError?: HTTPErrorHandler<TRouter, unknown>;
  maxBatchSize?: number;
  keepAlive?: { enabled: boolean; pingMs?: number; pongWaitMs?: number };
}

/** Is this answer a whole JSON document (not a stream of lines or events)? */
function isWholeJson(response: Response) {
  const type = response.headers.get('content-type') ?? '';
  return type.startsWith('application/json') && !response.headers.has('transfer-encoding');
}

type Procedure = AnyRouter['_def']['procedures'][string] & AnyProcedure;

interface QueryCall {
  path: string;
  procedure: Procedure;
  input: unknown;
}

interface PlainQueries {
  isBatchCall: boolean;
  calls: QueryCall[];
}

/**
 * The calls of a GET that asks for queries and nothing else tRPC's protocol allows on a GET (a
 * streamed answer, connection params), when every path is a query and every input reads; null
 * sends the request down tRPC's own resolver, which answers every other case (and every
 * malformed one) itself.
 */
function plainQueries<TRouter extends AnyRouter>(
  options: TrpcMountOptions<TRouter>,
  request: FastifyRequest<{ Params: { path: string } }>,
): PlainQueries | null {
  const query = request.query as Record<string, string | string[] | undefined>;
  if (query.connectionParams !== undefined) return null;
  const accept = request.headers['trpc-accept'] ?? request.headers.accept ?? '';
  if (accept.includes('application/jsonl')) return null;
  const isBatchCall = query.batch === '1';
  const paths = isBatchCall ? request.params.path.split(',') : [request.params.path];
  if (options.maxBatchSize !== undefined && paths.length > options.maxBatchSize) return null;
  const text = query.input;
  if (text !== undefined && typeof text !== 'string') return null;
  const config = options.router._def._config;
  try {
    const raw: unknown = text ? JSON.parse(text) : undefined;
    if (isBatchCall && raw !== undefined && (typeof raw !== 'object' || raw === null)) return null;
    const calls: QueryCall[] = [];
    for (const [index, path] of paths.entries()) {
      const procedure = (options.router._def.procedures as Record<string, Procedure | undefined>)[
        path
      ];
      if (!procedure || procedure._def.type !== 'query') return null;
      const sent = isBatchCall ? (raw as Record<number, unknown> | undefined)?.[index] : raw;
      const input = sent === undefined ? undefined : config.transformer.input.deserialize(sent);
      calls.push({ path, procedure, input });
    }
    return { isBatchCall, calls };
  } catch {
    return null;
  }
}

/**
 * Answers plain GET queries as tRPC's resolver does (the same context, procedure calls, error
 * shapes, statuses and body), without building a web Request and Response for them.
 */
async function answerQueries<TRouter extends AnyRouter>(
  options: TrpcMountOptions<TRouter>,
  request: FastifyRequest,
  reply: FastifyReply,
  { isBatchCall, calls }: PlainQueries,
) {
  const config = options.router._def._config;
  const aborted = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableEnded) aborted.abort();
  });
  const info: TRPCRequestInfo = {
    isBatchCall,
    accept: null,
    type: 'query',
    connectionParams: null,
    signal: aborted.signal,
    url: null,
    calls: calls.map(({ path, procedure, input }, batchIndex) => ({
      batchIndex,
      path,
      procedure,
      getRawInput: () => Promise.resolve(input),
      result: () => input,
    })),
  };
  let ctx: inferRouterContext<TRouter> | undefined;
  let ctxError: TRPCError | undefined;
  try {
    ctx = await options.createContext({ req: request, res: reply, info });
  } catch (cause) {
    ctxError = getTRPCErrorFromUnknown(cause);
  }
  const answers = await Promise.all(
    calls.map(async ({ path, procedure, input }, batchIndex) => {
      try {
        if (ctxError) throw ctxError;
        const data: unknown = await procedure({
          path,
          getRawInput: () => Promise.resolve(input),
          ctx,
          type: 'query',
          signal: aborted.signal,
          batchIndex,
        });
        return { result: { data } };
      } catch (cause) {
        const error = getTRPCErrorFromUnknown(cause);
        options.onError?.({ error, path, input, ctx, type: 'query', req: request });
        return { error: getErrorShape({ config, ctx, error, input, path, type: 'query' }) };
      }
    }),
  );
  const body = isBatchCall ? answers : answers[0]!;
  return reply
    .code(getHTTPStatusCode(body))
    .header('vary', 'trpc-accept, accept')
    .type('application/json')
    .send(JSON.stringify(transformTRPCResponse(config, body)));
}

export function mountTrpc<TRouter extends AnyRouter>(
  server: FastifyInstance,
  options: TrpcMountOptions<TRouter>,
) {
  return server.register(async (scope) => {
    // The call's body is read by tRPC: JSON as text, multipart as the request stream.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    scope.removeContentTypeParser('multipart/form-data');
    scope.addContentTypeParser('multipart/form-data', {}, (_request, body, done) =>
      done(null, body),
    );

    scope.all<{ Params: { path: string } }>(`${options.prefix}/:path`, async (request, reply) => {
      const queries = request.method === 'GET' ? plainQueries(options, request) : null;
      if (queries) return answerQueries(options, request, reply, queries);
      const incoming = request.raw as typeof request.raw & { body?: unknown };
      if (request.body !== undefined) incoming.body = request.body;
      const response = await resolveResponse({
        router: options.router,
        req: incomingMessageToRequest(incoming, reply.raw, { maxBodySize: null }),
        path: request.params.path,
        error: null,
        maxBatchSize: options.maxBatchSize,
        createContext: ({ info }) => options.createContext({ req: request, res: reply, info }),
        onError: options.onError,
      });
      reply.code(response.status);
      for (const [name, value] of response.headers) {
        if (name !== 'set-cookie') void reply.header(name, value);
      }
      for (const cookie of response.headers.getSetCookie()) void reply.header('set-cookie', cookie);
      if (!response.body) return reply.send();
      if (isWholeJson(response)) return reply.send(await response.text());
      return reply.send(response);
    });

    // The connection handler never reads `wss`, which its options type asks for (tRPC's own
    // Fastify plugin passes the same options without one).
    const onConnection = getWSConnectionHandler({
      router: options.router,
      createContext: options.createContext,
      onError: options.onError,
      keepAlive: options.keepAlive,
    } as unknown as WSSHandlerOptions<TRouter>);
    scope.get(options.prefix, { websocket: true }, (socket, request) => {
      onConnection(socket, request.raw);
    });
  });
}
