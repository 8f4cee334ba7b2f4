import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DomainError } from '@cartera/domain/errors';
import type { AppDeps } from '../../deps';
import { restRoute } from '../../http/rest';
import { requestOrigin } from '../audit/audit.service';
import { describeSession, ZMe } from '../auth/auth.service';
import { resolveSession } from '../sessions/session.service';
import {
  assertImpersonator,
  listAccountUsers,
  listCompanies,
  openSessionAs,
  ZAccountUsers,
} from './account.service';

/**
 * Legacy account-switch paths (01 §7 Account administration) for API clients. Switching needs an
 * admin's signed-in session: an API token (as bearer or as the old `apiKey` query) never becomes
 * a session (issue #30 S1; docs/decisions.md 'Account switch over REST').
 */
export function registerAccountRoutes(app: FastifyInstance, deps: AppDeps) {
  restRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/changeaccount/othercompany',
    tags: ['admin'],
    summary: 'Companies an admin may switch into, with their users grouped by role',
    auth: 'session',
    access: { procedure: 'account.companies' },
    querystring: z.object({
      tenantId: z.string().uuid().optional(),
      search: z.string().optional(),
    }),
    response: z.object({
      companies: z.array(z.object({ id: z.string(), name: z.string(), country: z.string() })),
      users: ZAccountUsers.nullable(),
    }),
    async handler({ session, query }) {
      assertImpersonator(session);
      return {
        companies: await listCompanies(deps.db),
        users: query.tenantId ? await listAccountUsers(deps.db, session, query) : null,
      };
    },
  });

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/changeaccount/:id',
    tags: ['admin'],
    summary:
      "A new session acting as user {id} (of company `tenantId`) for the signed-in admin, whose own session stays; an admin's session only (API tokens and an `apiKey` in the query are refused; GET answers 405). Audited",
    auth: 'session',
    access: { procedure: 'account.switchTo' },
    params: z.object({ id: z.string().uuid() }),
    querystring: z.object({ tenantId: z.string().uuid() }),
    response: z.object({ token: z.string(), user: ZMe }),
    async handler({ session, params, query, request, reply }) {
      // A credential in the address ends up in logs and histories: refused, never read.
      if (Object.hasOwn(request.query as object, 'apiKey')) {
        throw new DomainError('CREDENTIAL_IN_URL');
      }
      // The answer carries a session token: no cache may keep it.
      void reply.header('cache-control', 'no-store');
      const { token } = await openSessionAs(
        deps.db,
        session,
        { tenantId: query.tenantId, userId: params.id },
        requestOrigin(request),
      );
      const created = await resolveSession(deps.db, token);
      return { token, user: await describeSession(deps.db, created!) };
    },
  });

  // The specification's GET created a session on a GET and took an admin's token in the query:
  // it answers 405 now, before any credential is read.
  app.get('/api/admin/changeaccount/:id', { schema: { hide: true } }, async (_request, reply) => {
    void reply.header('allow', 'POST');
    throw new DomainError('METHOD_NOT_ALLOWED');
  });
}
