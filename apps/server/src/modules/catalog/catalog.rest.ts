import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZArchivingReasonInput } from '@cartera/domain/conversation';
import { ZCrmConfigChanges } from '@cartera/domain/conversation-config';
import type { AppDeps } from '../../deps';
import { groupSettingRoutes } from '../../http/group-route';
import { allOrigins, saveOrigin, ZOrigin, ZOriginInput } from './catalog.service';
import { crmConfig, saveCrmConfig, ZCrmConfig } from './conversation-config.service';
import {
  allArchivingReasons,
  createArchivingReason,
  updateArchivingReason,
  ZArchivingReasonRow,
} from './archiving-reasons.service';

/** Who manages the catalogue: as catalog.router's manageProcedure ('Mi Empresa'). */
const MANAGERS = 'configureCompany' as const;
const tags = ['catalog'];

/**
 * Legacy paths of 01 §7 'Groups and company': /group/{id}/origins and
 * /group/{id}/archivingReasons over the services 'Mi Empresa' uses. `{id}` is any group of the
 * caller's company (the catalogue is the company's); another company's group is GROUP_NOT_FOUND.
 * A PATCH saves one item and answers the whole list, as the GET does. /group/{id}/crmconfig
 * reads and changes the conversation's crmConfig (03 §3), kept once for the company.
 */
export function registerCatalogRoutes(app: FastifyInstance, deps: AppDeps) {
  groupSettingRoutes(app, deps, {
    url: '/api/group/:id/origins',
    tags,
    capability: MANAGERS,
    response: z.array(ZOrigin),
    read: {
      summary: 'Every contact origin of the company, active or not, with its user filters',
      procedure: 'catalog.allOrigins',
      handler: ({ tenantId }) => allOrigins(deps.db, tenantId),
    },
    change: {
      summary:
        'Saves one origin: with `id` replaces that origin, without it creates one (a code another origin has: ORIGIN_CODE_TAKEN); answers every origin',
      procedure: 'catalog.updateOrigin',
      body: ZOriginInput.extend({ id: z.string().uuid().optional() }),
      handler: async ({ tenantId, body }) => {
        const { id, ...origin } = body;
        await saveOrigin(deps.db, tenantId, origin, id);
        return allOrigins(deps.db, tenantId);
      },
    },
  });

  groupSettingRoutes(app, deps, {
    url: '/api/group/:id/archivingReasons',
    tags,
    capability: MANAGERS,
    response: z.array(ZArchivingReasonRow),
    read: {
      summary:
        'Every archiving reason of the company (03 §3), active or not: code, name, type, groupCode, nextAction, usersFilters, limitedToRoles',
      procedure: 'catalog.allArchivingReasons',
      handler: ({ tenantId }) => allArchivingReasons(deps.db, tenantId),
    },
    change: {
      summary:
        'Saves one archiving reason by its code: replaces the reason of that code (its code never changes) or adds it when new; answers every reason',
      procedure: 'catalog.updateArchivingReason',
      body: ZArchivingReasonInput,
      handler: async ({ tenantId, body }) => {
        const { code, ...changes } = body;
        const existing = await allArchivingReasons(deps.db, tenantId);
        if (existing.some((reason) => reason.code === code)) {
          await updateArchivingReason(deps.db, tenantId, code, changes);
        } else {
          await createArchivingReason(deps.db, tenantId, body);
        }
        return allArchivingReasons(deps.db, tenantId);
      },
    },
  });

  groupSettingRoutes(app, deps, {
    url: '/api/group/:id/crmconfig',
    tags,
    capability: MANAGERS,
    response: ZCrmConfig,
    read: {
      summary:
        "The company's crmConfig: manualSales {active, roles}, enableMeetings and canRolesCreateSubConversations ('all', 'owner' or roles)",
      procedure: 'catalog.crmConfig',
      handler: ({ tenantId }) => crmConfig(deps.db, tenantId),
    },
    change: {
      summary:
        'Changes the parts of crmConfig the body names (the rest stays); answers the whole crmConfig',
      procedure: 'catalog.saveCrmConfig',
      body: ZCrmConfigChanges,
      handler: ({ tenantId, body }) => saveCrmConfig(deps.db, tenantId, body),
    },
  });
}
