import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZCreateGroupInput, ZSetFlagInput, ZUpdateGroupInput } from '@cartera/domain/admin';
import type { AppDeps } from '../../deps';
import { restRoute } from '../../http/rest';
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

/** Admins only, as the screen (01 §6, slug groups). */
const GROUPS = { area: '/grupos', roles: ['admin'] } as const;
const ZGroupParams = z.object({ id: z.string().uuid() });

/** Legacy paths of 01 §7 'Groups and company' for the group tree and its feature flags. */
export function registerAdminRoutes(app: FastifyInstance, deps: AppDeps) {
  restRoute(app, deps, {
    method: 'GET',
    url: '/api/groups',
    tags: ['admin'],
    summary:
      "The caller's company's groups, root first, with their own feature flags; `search` matches a name, an id or a country's name (01 §5) and keeps the groups above each match",
    auth: 'session',
    access: { procedure: 'admin.groups', roles: ['admin', 'users_manager'] },
    querystring: ZListGroupsInput,
    response: z.array(ZAdminGroup),
    handler: ({ session, query }) => listGroups(deps.db, session.user.tenantId, query),
  });

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/groups',
    tags: ['admin'],
    summary: 'Creates a group under `parentId` (a sibling name is refused: GROUP_NAME_TAKEN)',
    auth: 'session',
    access: GROUPS,
    body: ZCreateGroupInput,
    response: ZAdminGroup,
    status: 201,
    handler: ({ session, body }) => createGroup(deps.db, session, body),
  });

  restRoute(app, deps, {
    method: 'PATCH',
    url: '/api/group/:id',
    tags: ['admin'],
    summary: 'Renames a group, changes its display name or country, or (de)activates it',
    auth: 'session',
    access: GROUPS,
    params: ZGroupParams,
    body: ZUpdateGroupInput.shape.data,
    response: ZAdminGroup,
    handler: ({ session, params, body }) =>
      updateGroup(deps.db, session, { id: params.id, data: body }),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/group/:id/featureflag',
    tags: ['admin'],
    summary:
      "A group's own feature flags and those in force for its users (inherited down the tree)",
    auth: 'session',
    access: GROUPS,
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
    access: GROUPS,
    params: ZGroupParams,
    body: ZSetFlagInput.omit({ groupId: true }),
    response: ZGroupFlags,
    handler: async ({ session, params, body }) => {
      await setFlag(deps.db, session, { ...body, groupId: params.id });
      return groupFlags(deps.db, session.user.tenantId, params.id);
    },
  });
}
