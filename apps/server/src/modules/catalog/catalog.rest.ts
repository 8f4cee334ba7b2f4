import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZCrmConfigChanges } from '@cartera/domain/conversation-config';
import type { AppDeps } from '../../deps';
import { restRoute } from '../../http/rest';
import { requireGroup } from '../admin/admin-groups.service';
import { crmConfig, saveCrmConfig, ZCrmConfig } from './conversation-config.service';

/** Who edits the company's configuration in 'Mi Empresa' (the catalog procedures' roles). */
const MANAGERS = ['admin', 'comercial', 'project_manager'] as const;
const ZGroupParams = z.object({ id: z.string().uuid() });

/**
 * Any group of the caller's company names the company's crmConfig (it is kept once, in the
 * root group's configuration); a group of another company does not exist for the caller.
 */
async function requireOwnGroup(deps: AppDeps, tenantId: string, id: string) {
  await requireGroup(deps.db, tenantId, id);
}

/** Legacy paths of 01 §7 'Groups and company' for the conversation's crmConfig (03 §3). */
export function registerCatalogRoutes(app: FastifyInstance, deps: AppDeps) {
  restRoute(app, deps, {
    method: 'GET',
    url: '/api/group/:id/crmconfig',
    tags: ['company'],
    summary:
      "The company's crmConfig: manualSales {active, roles}, enableMeetings and canRolesCreateSubConversations ('all', 'owner' or roles)",
    auth: 'session',
    access: { procedure: 'catalog.crmConfig', roles: MANAGERS },
    params: ZGroupParams,
    response: ZCrmConfig,
    handler: async ({ session, params }) => {
      await requireOwnGroup(deps, session.user.tenantId, params.id);
      return crmConfig(deps.db, session.user.tenantId);
    },
  });

  restRoute(app, deps, {
    method: 'PATCH',
    url: '/api/group/:id/crmconfig',
    tags: ['company'],
    summary:
      'Changes the parts of crmConfig the body names (the rest stays); answers the whole crmConfig',
    auth: 'session',
    access: { procedure: 'catalog.saveCrmConfig', roles: MANAGERS },
    params: ZGroupParams,
    body: ZCrmConfigChanges,
    response: ZCrmConfig,
    handler: async ({ session, params, body }) => {
      await requireOwnGroup(deps, session.user.tenantId, params.id);
      return saveCrmConfig(deps.db, session.user.tenantId, body);
    },
  });
}
