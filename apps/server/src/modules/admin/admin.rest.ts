import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZCreateClientInput,
  ZCreateGroupInput,
  ZMoveCompanyInput,
  ZSetFlagInput,
  ZUpdateGroupInput,
} from '@cartera/domain/admin';
import type { AppDeps } from '../../deps';
import { restRoute } from '../../http/rest';
import { requestOrigin } from '../audit/audit.service';
import { createClient, ZCreatedClient } from './admin-clients.service';
import {
  createGroup,
  groupFlags,
  listGroups,
  setFlag,
  updateGroup,
  ZAdminGroup,
  ZGroupFlags,
  ZListGroupsInput,
} from './admin-groups.service';
import {
  moveCompany,
  regenerateTracings,
  removeDuplicateTracing,
  ZMoveCompanyResult,
  ZRegenerateTracingsResult,
  ZRemoveDuplicateTracingResult,
} from './admin-user-ops.service';
import {
  companyFigures,
  companyGroups,
  companySettings,
  userGroup,
  ZCompanyFigures,
  ZCompanyGroup,
  ZCompanySettings,
  ZUserGroup,
} from './company-overview.service';

/** Admins only, as the screen (01 §6, slug groups). */
const GROUPS = { area: '/grupos', capability: 'administer' } as const;
/** 'Mi Empresa' (01 §6, slug company), as admin.overview. */
const COMPANY = {
  area: '/company/overview',
  procedure: 'admin.overview',
  capability: 'enterCompany',
} as const;
const ZGroupParams = z.object({ id: z.string().uuid() });
const ZUserParams = z.object({ id: z.string().uuid() });

/** Legacy paths of 01 §7 'Groups and company' for the group tree and its feature flags. */
export function registerAdminRoutes(app: FastifyInstance, deps: AppDeps) {
  restRoute(app, deps, {
    method: 'GET',
    url: '/api/groups',
    tags: ['admin'],
    summary:
      "The caller's company's groups, root first, with their own feature flags; `search` matches a name, an id or a country's name (01 §5) and keeps the groups above each match",
    auth: 'session',
    access: { procedure: 'admin.groups', capability: 'manageUsers' },
    querystring: ZListGroupsInput,
    response: z.array(ZAdminGroup),
    handler: ({ session, query }) => listGroups(deps.db, session.user.tenantId, query),
  });

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/client',
    tags: ['admin'],
    summary:
      'Opens a new client company (a tenant of its own) with its first user, a comercial who must change the first password (an e-mail in use: USER_EMAIL_TAKEN)',
    auth: 'session',
    access: { ...GROUPS, procedure: 'admin.createClient' },
    body: ZCreateClientInput,
    response: ZCreatedClient,
    status: 201,
    handler: ({ session, body, request }) =>
      createClient(deps.db, session, body, requestOrigin(request)),
  });

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/groups',
    tags: ['admin'],
    summary: 'Creates a group under `parentId` (a sibling name is refused: GROUP_NAME_TAKEN)',
    auth: 'session',
    access: { ...GROUPS, procedure: 'admin.createGroup' },
    body: ZCreateGroupInput,
    response: ZAdminGroup,
    status: 201,
    handler: ({ session, body, request }) =>
      createGroup(deps.db, session, body, requestOrigin(request)),
  });

  restRoute(app, deps, {
    method: 'PATCH',
    url: '/api/group/:id',
    tags: ['admin'],
    summary: 'Renames a group, changes its display name or country, or (de)activates it',
    auth: 'session',
    access: { ...GROUPS, procedure: 'admin.updateGroup' },
    params: ZGroupParams,
    body: ZUpdateGroupInput.shape.data,
    response: ZAdminGroup,
    handler: ({ session, params, body, request }) =>
      updateGroup(deps.db, session, { id: params.id, data: body }, requestOrigin(request)),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/group/:id/featureflag',
    tags: ['admin'],
    summary:
      "A group's own feature flags and those in force for its users (inherited down the tree)",
    auth: 'session',
    access: { ...GROUPS, procedure: 'admin.company' },
    params: ZGroupParams,
    response: ZGroupFlags,
    handler: ({ session, params }) => groupFlags(deps.db, session.user.tenantId, params.id),
  });

  restRoute(app, deps, {
    method: 'PATCH',
    url: '/api/group/:id/featureflag',
    tags: ['admin'],
    summary:
      "Sets a group's own value of a flag, 1 or 0, or null to inherit again; applies from the users' next call",
    auth: 'session',
    access: { ...GROUPS, procedure: 'admin.setFlag' },
    params: ZGroupParams,
    body: ZSetFlagInput.omit({ groupId: true }),
    response: ZGroupFlags,
    handler: async ({ session, params, body, request }) => {
      await setFlag(deps.db, session, { ...body, groupId: params.id }, requestOrigin(request));
      return groupFlags(deps.db, session.user.tenantId, params.id);
    },
  });

  // 01 §7 'Account administration': the three user operations (admins only, as /grupos).
  restRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/user/:id/regenerateTracings',
    tags: ['admin'],
    summary:
      "Counts a user's performance figures again from the timelines and replaces what was stored; answers the totals per metric before and after",
    auth: 'session',
    access: { ...GROUPS, procedure: 'admin.regenerateTracings' },
    params: ZUserParams,
    response: ZRegenerateTracingsResult,
    handler: ({ session, params, request }) =>
      regenerateTracings(deps.db, session, params.id, requestOrigin(request)),
  });

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/user/:id/removeduplicatetracing',
    tags: ['admin'],
    summary:
      "Merges a user's follow-up items entered twice within 60 seconds (the oldest stays), counts their figures again and answers how many were removed",
    auth: 'session',
    access: { ...GROUPS, procedure: 'admin.removeDuplicateTracing' },
    params: ZUserParams,
    response: ZRemoveDuplicateTracingResult,
    handler: ({ session, params, request }) =>
      removeDuplicateTracing(deps.db, session, params.id, requestOrigin(request)),
  });

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/admin/user/:id/movecompany',
    tags: ['admin'],
    summary:
      'Moves a user who holds nothing in their company (contacts, open requests…) to a group of another company (`targetGroupId`); their sessions end at once',
    auth: 'session',
    access: { ...GROUPS, procedure: 'admin.moveCompany' },
    params: ZUserParams,
    body: ZMoveCompanyInput.omit({ id: true }),
    response: ZMoveCompanyResult,
    handler: ({ session, params, body, request }) =>
      moveCompany(
        deps.db,
        session,
        { id: params.id, targetGroupId: body.targetGroupId },
        requestOrigin(request),
      ),
  });

  // 01 §7 'Groups and company': the caller's own company, for 'Mi Empresa' (issue #17).
  restRoute(app, deps, {
    method: 'GET',
    url: '/api/company/settings',
    tags: ['admin'],
    summary:
      "The caller's company: its name, display name, logo, country and every feature flag as 1 or 0 (the root group's own value)",
    auth: 'session',
    access: { ...COMPANY, procedure: 'admin.overview' },
    response: ZCompanySettings,
    handler: ({ session }) => companySettings(deps.db, session.user.tenantId),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/company/overall',
    tags: ['admin'],
    summary:
      "The caller's company's figures: active and inactive users, sellers, contacts and groups",
    auth: 'session',
    access: { ...COMPANY, procedure: 'admin.overview' },
    response: ZCompanyFigures,
    handler: ({ session }) => companyFigures(deps.db, session.user.tenantId),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/company/getusergroup',
    tags: ['admin'],
    summary: "The caller's group and the groups above it, root first",
    auth: 'session',
    access: { ...COMPANY, procedure: 'admin.overview' },
    response: ZUserGroup,
    handler: ({ session }) => userGroup(deps.db, session),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/company/groups',
    tags: ['admin'],
    summary: "The caller's company's groups, root first, each with its number of active users",
    auth: 'session',
    access: { ...COMPANY, procedure: 'admin.overview' },
    response: z.array(ZCompanyGroup),
    handler: ({ session }) => companyGroups(deps.db, session.user.tenantId),
  });
}
