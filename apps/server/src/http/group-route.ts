import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../deps';
import type { AuthSession } from '../modules/sessions/session.types';
import { requireTenantGroup } from '../modules/tenant-settings/tenant-settings.service';
import { restRoute, type RestAccess, type RestRoute } from './rest';

const ZGroupParams = z.object({ id: z.string().uuid() });

/** What a /group/{id}/… path declares: a legacy REST route without its auth and params. */
export type GroupRoute<TBody extends z.ZodType, TResponse extends z.ZodType> = Pick<
  RestRoute<TBody, z.ZodUndefined, typeof ZGroupParams, TResponse, 'session'>,
  'method' | 'url' | 'tags' | 'summary' | 'access' | 'body' | 'response'
> & {
  handler: (input: {
    tenantId: string;
    session: AuthSession;
    body: z.infer<TBody>;
    request: FastifyRequest;
  }) => Promise<z.input<TResponse>>;
};

/**
 * A legacy path under /group/{id}/… of 01 §7 'Groups and company' for something that is the
 * company's (its configuration, its catalogue, its shared inboxes): signed in, `{id}` any group
 * of the caller's company, answered for the company; another company's group, or none, is
 * GROUP_NOT_FOUND whatever the caller's role, and nothing changes.
 */
export function groupRoute<
  TBody extends z.ZodType = z.ZodUndefined,
  TResponse extends z.ZodType = z.ZodType,
>(app: FastifyInstance, deps: AppDeps, route: GroupRoute<TBody, TResponse>) {
  restRoute(app, deps, {
    ...route,
    auth: 'session',
    params: ZGroupParams,
    handler: async ({ session, params, body, request }) => {
      const { tenantId } = session.user;
      await requireTenantGroup(deps.db, tenantId, params.id);
      return route.handler({ tenantId, session, body, request });
    },
  });
}

/**
 * One setting of the company read and changed at one /group/{id}/… path: a GET answering it and
 * a PATCH changing it and answering it again, both for the same capability (see groupRoute).
 */
export function groupSettingRoutes<TBody extends z.ZodType, TResponse extends z.ZodType>(
  app: FastifyInstance,
  deps: AppDeps,
  setting: Pick<GroupRoute<TBody, TResponse>, 'url' | 'tags' | 'response'> & {
    capability: NonNullable<RestAccess['capability']>;
    read: { summary: string; procedure: string; handler: GroupRoute<TBody, TResponse>['handler'] };
    change: {
      summary: string;
      procedure: string;
      body: TBody;
      handler: GroupRoute<TBody, TResponse>['handler'];
    };
  },
) {
  const { capability, read, change, ...common } = setting;
  for (const [method, { procedure, ...route }] of [
    ['GET', read],
    ['PATCH', change],
  ] as const) {
    groupRoute(app, deps, { ...common, ...route, method, access: { procedure, capability } });
  }
}
