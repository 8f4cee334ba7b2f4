import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { restRoute } from '../../http/rest';
import { sessionCookieFor, tokenOf } from '../../trpc/context';
import { describeSession, login, logout, ZLoginInput, ZMe } from './auth.service';

/** Sign-in for API clients: the token works as `Authorization: Bearer` (and sets the cookie). */
export function registerAuthRoutes(app: FastifyInstance, deps: AppDeps) {
  restRoute(app, deps, {
    method: 'POST',
    url: '/api/auth/login',
    tags: ['auth'],
    summary: 'Sign in with e-mail and password; answers a bearer token and the user',
    auth: 'public',
    body: ZLoginInput,
    response: z.object({ token: z.string(), expiresAt: z.string(), user: ZMe }),
    async handler({ body, request, reply }) {
      const result = await login(deps.db, body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      sessionCookieFor(deps, reply).set(result.token, result.expiresAt);
      return {
        token: result.token,
        expiresAt: result.expiresAt.toISOString(),
        user: await describeSession(deps.db, result.session),
      };
    },
  });

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/auth/logout',
    tags: ['auth'],
    summary: 'End the session of the bearer token or cookie',
    auth: 'public',
    response: z.object({ ok: z.literal(true) }),
    async handler({ session, request, reply }) {
      await logout(deps.db, session, tokenOf(request.headers));
      sessionCookieFor(deps, reply).clear();
      return { ok: true as const };
    },
  });
}
