import Fastify, { type FastifyInstance } from 'fastify';
import fastifyWebsocket from '@fastify/websocket';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DomainError } from '@cartera/domain/errors';
import { contextWithoutDeps, fakeSession } from '../testing/auth-fixtures';
import { mountTrpc } from './http-handler';
import { protectedProcedure, publicProcedure, router } from './init';

/*
 * Plain GET queries are answered by mountTrpc's own path (no web Request and Response); every
 * other request by tRPC's resolver. The two must answer the same: each request below is sent
 * twice, once as is (the plain path) and once with `connectionParams`, which only the resolver
 * handles, and the status, content type and body must be identical.
 */

const testRouter = router({
  page: publicProcedure
    .input(z.object({ before: z.date().optional(), size: z.number().int().min(1) }))
    .query(({ input }) => ({ at: new Date('2026-11-25T10:00:00Z'), ...input, items: [1, 2] })),
  missing: publicProcedure.query(() => {
    throw new DomainError('CONTACT_NOT_FOUND');
  }),
  boom: publicProcedure.query(() => {
    throw new Error('password=hunter2 at db.internal:5432');
  }),
  me: protectedProcedure.query(({ ctx }) => ctx.user.email),
  save: publicProcedure.input(z.object({ name: z.string() })).mutation(({ input }) => input.name),
});

let server: FastifyInstance;
const errors: string[] = [];

beforeAll(async () => {
  server = Fastify();
  await server.register(fastifyWebsocket);
  await mountTrpc(server, {
    prefix: '/api/trpc',
    router: testRouter,
    maxBatchSize: 3,
    createContext: ({ req }) =>
      Promise.resolve(
        contextWithoutDeps(
          req.headers.authorization
            ? fakeSession('user', {
                id: 'u1',
                tenantId: 't1',
                groupPath: ['t1', 'g1'],
                email: 'a@b.test',
              })
            : null,
        ),
      ),
    onError: ({ error, path }) => errors.push(`${path}: ${error.code}`),
  });
  await server.ready();
});

afterAll(() => server.close());

const input = (value: unknown) => encodeURIComponent(JSON.stringify(superjson.serialize(value)));
const batchInput = (values: unknown[]) =>
  encodeURIComponent(
    JSON.stringify(Object.fromEntries(values.map((v, i) => [i, superjson.serialize(v)]))),
  );

async function both(url: string, headers: Record<string, string> = {}) {
  const send = async (path: string) => {
    const response = await server.inject({ method: 'GET', url: path, headers });
    return {
      status: response.statusCode,
      type: response.headers['content-type'],
      body: response.body,
    };
  };
  const joiner = url.includes('?') ? '&' : '?';
  errors.length = 0;
  const plain = await send(url);
  const plainErrors = [...errors];
  errors.length = 0;
  const resolved = await send(`${url}${joiner}connectionParams=${encodeURIComponent('{}')}`);
  expect(plain).toEqual(resolved);
  expect(plainErrors).toEqual(errors);
  return { ...plain, errors: plainErrors };
}

describe('plain GET queries answer as the tRPC resolver does', () => {
  it('a query with dates in and out', async () => {
    const answer = await both(
      `/api/trpc/page?input=${input({ before: new Date('2026-01-02T03:04:05Z'), size: 2 })}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^application\/json/);
    const body = JSON.parse(answer.body) as { result: { data: unknown } };
    expect(superjson.deserialize(body.result.data as never)).toEqual({
      at: new Date('2026-11-25T10:00:00Z'),
      before: new Date('2026-01-02T03:04:05Z'),
      size: 2,
      items: [1, 2],
    });
  });

  it('bad input, a domain error, an unexpected error and no session', async () => {
    expect((await both(`/api/trpc/page?input=${input({ size: 0 })}`)).status).toBe(400);
    const missing = await both('/api/trpc/missing');
    expect(missing.status).toBe(404);
    expect(missing.errors).toEqual(['missing: NOT_FOUND']);
    const boom = await both('/api/trpc/boom');
    expect(boom.status).toBe(500);
    expect(boom.body).not.toContain('hunter2');
    expect((await both('/api/trpc/me')).status).toBe(401);
    const me = await both('/api/trpc/me', { authorization: 'Bearer x' });
    expect(JSON.parse(me.body)).toEqual({ result: { data: { json: 'a@b.test' } } });
  });

  it('batches: all fine, mixed (207), unknown paths, mutations and too many calls', async () => {
    const fine = await both(`/api/trpc/page,me?batch=1&input=${batchInput([{ size: 1 }])}`, {
      authorization: 'Bearer x',
    });
    expect(fine.status).toBe(200);
    expect(JSON.parse(fine.body)).toHaveLength(2);
    const mixed = await both(`/api/trpc/page,missing?batch=1&input=${batchInput([{ size: 1 }])}`);
    expect(mixed.status).toBe(207);
    expect((await both('/api/trpc/nowhere?input=%7B%7D')).status).toBe(404);
    expect((await both('/api/trpc/page,nowhere?batch=1&input={}')).status).toBe(207);
    // A mutation over GET: the resolver's METHOD_NOT_SUPPORTED, which describeError answers as 404.
    expect((await both('/api/trpc/save?input=%7B%7D')).status).toBe(404);
    expect((await both('/api/trpc/me,me,me,me?batch=1')).status).toBe(400);
    expect((await both('/api/trpc/page?input=%7Bnot-json')).status).toBe(400);
  });
});
