import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DomainError } from '@cartera/domain/errors';
import type { AuthSession } from '../modules/sessions/session.types';
import { contextWithoutDeps, fakeSession } from '../testing/auth-fixtures';
import {
  protectedProcedure,
  publicProcedure,
  roleProcedure,
  router,
  tenantProcedure,
} from './init';

const user = (role: 'user' | 'super') =>
  fakeSession(role, { id: 'u1', tenantId: 't1', groupPath: ['t1', 'g1'], email: 'a@b.test' });

const testRouter = router({
  boom: publicProcedure.query(() => {
    throw new Error('password=hunter2 at db.internal:5432');
  }),
  denied: publicProcedure.query(() => {
    throw new DomainError('CONTACT_NOT_FOUND');
  }),
  echo: publicProcedure
    .input(z.object({ name: z.string().min(2), age: z.number().int() }))
    .query(({ input }) => input),
  whoami: protectedProcedure.query(({ ctx }) => ctx.user.email),
  tenant: tenantProcedure.query(({ ctx }) => ctx.tenantId),
  supervisors: roleProcedure('superviseSellers').query(() => 'ok'),
});

interface ErrorBody {
  error: {
    json: {
      message: string;
      data: { domainCode: string; fieldErrors?: Record<string, string[]> };
    };
  };
}

async function httpCall(path: string, input?: unknown, session: AuthSession | null = null) {
  const query =
    input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
  const response = await fetchRequestHandler({
    endpoint: '/api/trpc',
    req: new Request(`http://localhost/api/trpc/${path}${query}`),
    router: testRouter,
    createContext: () => contextWithoutDeps(session),
  });
  return { status: response.status, body: (await response.json()) as ErrorBody };
}

describe('procedimientos y errores', () => {
  it('un error interno responde 500 con el texto genérico y sin detalles internos', async () => {
    const { status, body } = await httpCall('boom');
    expect(status).toBe(500);
    expect(body.error.json.message).toBe(
      'Se produjo un error en el servidor. Por favor, inténtelo nuevamente. Si el problema persiste, pongase en contacto con soporte.',
    );
    expect(body.error.json.data.domainCode).toBe('INTERNAL_SERVER_ERROR');
    expect(JSON.stringify(body)).not.toContain('hunter2');
    expect(JSON.stringify(body)).not.toContain('stack');
  });

  it('un error de dominio lleva su código, su estado HTTP y su texto en español', async () => {
    const { status, body } = await httpCall('denied');
    expect(status).toBe(404);
    expect(body.error.json.message).toBe('Contacto no encontrado');
    expect(body.error.json.data.domainCode).toBe('CONTACT_NOT_FOUND');
  });

  it('una entrada inválida responde 400 con los errores por campo', async () => {
    const { status, body } = await httpCall('echo', { name: 'x', age: 1.5 });
    expect(status).toBe(400);
    expect(body.error.json.data.domainCode).toBe('INVALID_REQUEST_BODY');
    expect(body.error.json.message).toBe('Cuerpo de solicitud inválido');
    expect(Object.keys(body.error.json.data.fieldErrors ?? {}).sort()).toEqual(['age', 'name']);
  });

  it('los procedimientos protegidos exigen sesión y exponen el usuario y su empresa', async () => {
    expect((await httpCall('whoami')).status).toBe(401);
    const caller = testRouter.createCaller(contextWithoutDeps(user('user')));
    expect(await caller.whoami()).toBe('a@b.test');
    expect(await caller.tenant()).toBe('t1');
  });

  it('los procedimientos por rol rechazan a los demás roles con PERMISSION_DENIED', async () => {
    const seller = testRouter.createCaller(contextWithoutDeps(user('user')));
    await expect(seller.supervisors()).rejects.toMatchObject({
      code: 'FORBIDDEN',
      cause: { code: 'PERMISSION_DENIED' },
    });
    const supervisor = testRouter.createCaller(contextWithoutDeps(user('super')));
    expect(await supervisor.supervisors()).toBe('ok');
    const { status, body } = await httpCall('supervisors', undefined, user('user'));
    expect(status).toBe(403);
    expect(body.error.json.message).toBe('Permiso denegado');
  });
});
