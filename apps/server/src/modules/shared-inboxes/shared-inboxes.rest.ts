import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { groupRoute } from '../../http/group-route';
import { listSharedInboxes, ZManagedSharedInbox } from './shared-inboxes.service';

/**
 * Legacy path of 01 §7 'Groups and company': GET /group/{id}/sharedinbox, the company's shared
 * inboxes as their management lists them (sharedInbox.list: admin and comercial, the inbox
 * feature on). `{id}` is any group of the caller's company; another company's is
 * GROUP_NOT_FOUND.
 */
export function registerSharedInboxesRoutes(app: FastifyInstance, deps: AppDeps) {
  groupRoute(app, deps, {
    method: 'GET',
    url: '/api/group/:id/sharedinbox',
    tags: ['shared-inboxes'],
    summary:
      "The company's shared inboxes ('Carteras compartidas') with owner, members, contact count and creation date",
    access: { procedure: 'sharedInbox.list', capability: 'manageSharedInboxes' },
    response: z.array(ZManagedSharedInbox),
    handler: ({ session }) => listSharedInboxes(deps.db, session.user),
  });
}
