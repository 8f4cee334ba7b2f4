import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DomainError } from '@cartera/domain/errors';
import type { AppDeps } from '../../deps';
import { restRoute } from '../../http/rest';
import { describeSession, ZMe } from '../auth/auth.service';
import { createSession, resolveSession } from '../sessions/session.service';
import type { AuthSession } from '../sessions/session.types';
import { listAccountUsers, listCompanies, switchTarget, ZAccountUsers } from './account.service';

/** An admin's session, from the request or from the legacy `apiKey` (an admin's token). */
async function adminSession(deps: AppDeps, session: AuthSession | null, apiKey?: string) {
  const admin = session ?? (apiKey ? await resolveSession(deps.db, apiKey) : null);
  if (!admin) throw new DomainError('UNAUTHENTICATED');
  if (!admin.user.roles.includes('admin') || admin.realUserId) {
    throw new DomainError('PERMISSION_DENIED');
  }
  return admin;
}

/** Legacy account-switch paths (01 §7 Account administration) for API clients. */
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
      const admin = await adminSession(deps, session);
      return {
        companies: await listCompanies(deps.db),
        users: query.tenantId ? await listAccountUsers(deps.db, admin, query) : null,
      };
    },
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/admin/changeaccount/:id',
    tags: ['admin'],
    summary:
      "A session token acting as user {id} for the admin (session or apiKey = an admin's token)",
    auth: 'public',
    params: z.object({ id: z.string().uuid() }),
    querystring: z.object({ apiKey: z.string().optional(), tenantId: z.string().uuid() }),
    response: z.object({ token: z.string(), user: ZMe }),
    async handler({ session, params, query, reply }) {
      // The answer carries a session token: no cache may keep it.
      void reply.header('cache-control', 'no-store');
      const admin = await adminSession(deps, session, query.apiKey);
      const target = await switchTarget(deps.db, admin, {
        tenantId: query.tenantId,
        userId: params.id,
      });
      const { token } = await createSession(deps.db, {
        tenantId: target.tenantId,
        userId: target.id,
        realTenantId: admin.user.tenantId,
        realUserId: admin.user.id,
      });
      const created = await resolveSession(deps.db, token);
      return { token, user: await describeSession(deps.db, created!) };
    },
  });
}
