import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { restRoute } from '../../http/rest';
import {
  appearanceOf,
  updateAppearance,
  updatePersonalConfig,
  updateProfile,
  ZAppearance,
  ZAppearanceUpdate,
  ZPersonalConfig,
  ZPersonalConfigUpdate,
  ZProfile,
  ZProfileUpdate,
} from './settings.service';

/** Legacy settings paths (01 §7 Settings) for API clients; the same services as tRPC. */
export function registerSettingsRoutes(app: FastifyInstance, deps: AppDeps) {
  const tags = ['settings'];
  const SETTINGS = { area: '/settings' };

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/settings/appearance',
    tags,
    summary: "The caller's appearance preferences (composer default: defaultChatAction)",
    auth: 'session',
    access: { procedure: 'settings.appearance' },
    response: ZAppearance,
    handler: ({ session }) => appearanceOf(deps.db, session.user),
  });

  restRoute(app, deps, {
    method: 'PATCH',
    url: '/api/settings/appearance',
    tags,
    summary: "Changes the caller's appearance preferences (null forgets one)",
    auth: 'session',
    access: { procedure: 'settings.updateAppearance' },
    body: ZAppearanceUpdate,
    response: ZAppearance,
    handler: ({ session, body }) => updateAppearance(deps.db, session.user, body),
  });

  restRoute(app, deps, {
    method: 'PATCH',
    url: '/api/settings/profile',
    tags,
    summary:
      "Changes the caller's name, lastname or photo (`photoPath`: the storage key of an image uploaded through POST /settings/getPressignedUrl; null removes it)",
    auth: 'session',
    access: { ...SETTINGS, procedure: 'settings.updateProfile' },
    body: ZProfileUpdate,
    response: ZProfile,
    handler: ({ session, body }) => updateProfile(deps, session.user, body),
  });

  restRoute(app, deps, {
    method: 'PATCH',
    url: '/api/user/config/personalConfig',
    tags,
    summary: "Changes the caller's personal config (callOnPhone: calls ring on their mobile)",
    auth: 'session',
    access: { ...SETTINGS, procedure: 'settings.updatePersonalConfig' },
    body: ZPersonalConfigUpdate,
    response: ZPersonalConfig,
    handler: ({ session, body }) => updatePersonalConfig(deps.db, session.user, body),
  });
}
