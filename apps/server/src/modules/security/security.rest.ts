import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZExternalIntegrations,
  ZExternalIntegrationsInput,
  SECURITY_ROLES,
  ZSecurityRules,
} from '@cartera/domain/security';
import type { AppDeps } from '../../deps';
import { restRoute } from '../../http/rest';
import { requireTenantGroup } from '../tenant-settings/tenant-settings.service';
import { securityRules, updateSecurityRules } from './security-rules.service';
import { externalIntegrations, updateExternalIntegrations } from './external-system.service';

const ZGroupParams = z.object({ id: z.string().uuid() });
const tags = ['security'];

/**
 * Legacy paths of 01 §7 'Groups and company': /group/{id}/securityrule and
 * /group/{id}/externalintegrations. `{id}` is any group of the caller's company (the settings
 * are the company's); another company's group is GROUP_NOT_FOUND.
 */
export function registerSecurityRoutes(app: FastifyInstance, deps: AppDeps) {
  restRoute(app, deps, {
    method: 'GET',
    url: '/api/group/:id/securityrule',
    tags,
    summary:
      "The company's password policy: passwordMinLength (6–64, at least the product's) and passwordMaxAgeDays (0 = never expires)",
    auth: 'session',
    access: { procedure: 'security.rules', roles: SECURITY_ROLES },
    params: ZGroupParams,
    response: ZSecurityRules,
    handler: async ({ session, params }) => {
      await requireTenantGroup(deps.db, session.user.tenantId, params.id);
      return securityRules(deps.db, session.user.tenantId);
    },
  });

  restRoute(app, deps, {
    method: 'PATCH',
    url: '/api/group/:id/securityrule',
    tags,
    summary:
      "Changes the company's password policy (the fields given); applies from each user's next sign-in or password change",
    auth: 'session',
    access: { procedure: 'security.updateRules', roles: SECURITY_ROLES },
    params: ZGroupParams,
    body: ZSecurityRules.partial(),
    response: ZSecurityRules,
    handler: async ({ session, params, body }) => {
      await requireTenantGroup(deps.db, session.user.tenantId, params.id);
      return updateSecurityRules(deps.db, session.user.tenantId, body);
    },
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/group/:id/externalintegrations',
    tags,
    summary:
      "The company's external contact system: name, validate/create/update addresses and tokenSet; never the token. externalSystem is null when none is connected",
    auth: 'session',
    access: { procedure: 'security.externalIntegrations', roles: SECURITY_ROLES },
    params: ZGroupParams,
    response: ZExternalIntegrations,
    handler: async ({ session, params }) => {
      await requireTenantGroup(deps.db, session.user.tenantId, params.id);
      return externalIntegrations(deps.db, session.user.tenantId);
    },
  });

  restRoute(app, deps, {
    method: 'PATCH',
    url: '/api/group/:id/externalintegrations',
    tags,
    summary:
      'Sets the external contact system (token optional: left out keeps the stored one, stored encrypted) or disconnects it with externalSystem null; addresses the outbound guard refuses are field errors',
    auth: 'session',
    access: { procedure: 'security.updateExternalIntegrations', roles: SECURITY_ROLES },
    params: ZGroupParams,
    body: ZExternalIntegrationsInput,
    response: ZExternalIntegrations,
    handler: async ({ session, params, body }) => {
      await requireTenantGroup(deps.db, session.user.tenantId, params.id);
      return updateExternalIntegrations(deps.db, session.user.tenantId, body);
    },
  });
}
