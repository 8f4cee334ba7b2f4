import type { FastifyInstance } from 'fastify';
import {
  ZExternalIntegrations,
  ZExternalIntegrationsInput,
  ZSecurityRules,
} from '@cartera/domain/security';
import type { AppDeps } from '../../deps';
import { groupSettingRoutes } from '../../http/group-route';
import { auditByRequest } from '../audit/audit.service';
import { securityRules, updateSecurityRules } from './security-rules.service';
import { externalIntegrations, updateExternalIntegrations } from './external-system.service';

const tags = ['security'];

/**
 * Legacy paths of 01 §7 'Groups and company': /group/{id}/securityrule and
 * /group/{id}/externalintegrations. `{id}` is any group of the caller's company (the settings
 * are the company's); another company's group is GROUP_NOT_FOUND.
 */
export function registerSecurityRoutes(app: FastifyInstance, deps: AppDeps) {
  groupSettingRoutes(app, deps, {
    url: '/api/group/:id/securityrule',
    tags,
    capability: 'configureSecurity',
    response: ZSecurityRules,
    read: {
      summary:
        "The company's password policy: passwordMinLength (6–64, at least the product's) and passwordMaxAgeDays (0 = never expires)",
      procedure: 'security.rules',
      handler: ({ tenantId }) => securityRules(deps.db, tenantId),
    },
    change: {
      summary:
        "Changes the company's password policy (the fields given); applies from each user's next sign-in or password change",
      procedure: 'security.updateRules',
      body: ZSecurityRules.partial(),
      handler: ({ tenantId, session, body, request }) =>
        updateSecurityRules(deps.db, tenantId, body, auditByRequest(session, request)),
    },
  });

  groupSettingRoutes(app, deps, {
    url: '/api/group/:id/externalintegrations',
    tags,
    capability: 'configureSecurity',
    response: ZExternalIntegrations,
    read: {
      summary:
        "The company's external contact system: name, validate/create/update addresses and tokenSet; never the token. externalSystem is null when none is connected",
      procedure: 'security.externalIntegrations',
      handler: ({ tenantId }) => externalIntegrations(deps.db, tenantId),
    },
    change: {
      summary:
        'Sets the external contact system (token optional: left out keeps the stored one, stored encrypted) or disconnects it with externalSystem null; addresses the outbound guard refuses are field errors',
      procedure: 'security.updateExternalIntegrations',
      body: ZExternalIntegrationsInput,
      handler: ({ tenantId, session, body, request }) =>
        updateExternalIntegrations(deps.db, tenantId, body, auditByRequest(session, request)),
    },
  });
}
