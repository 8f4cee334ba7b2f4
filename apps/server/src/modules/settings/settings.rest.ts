import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { restRoute } from '../../http/rest';
import { appearanceOf, updateAppearance, ZAppearance, ZAppearanceUpdate } from './settings.service';

/** Legacy settings paths (01 §7 Settings) for API clients; the same services as tRPC. */
export function registerSettingsRoutes(app: FastifyInstance, deps: AppDeps) {
  restRoute(app, deps, {
    method: 'GET',
    url: '/api/settings/appearance',
    tags: ['settings'],
    summary: "The caller's appearance preferences (composer default: defaultChatAction)",
    auth: 'session',
    access: { procedure: 'settings.appearance' },
    response: ZAppearance,
    handler: ({ session }) => appearanceOf(deps.db, session.user),
  });

  restRoute(app, deps, {
    method: 'PATCH',
    url: '/api/settings/appearance',
    tags: ['settings'],
    summary: "Changes the caller's appearance preferences (null forgets one)",
    auth: 'session',
    access: { procedure: 'settings.updateAppearance' },
    body: ZAppearanceUpdate,
    response: ZAppearance,
    handler: ({ session, body }) => updateAppearance(deps.db, session.user, body),
  });
}
