import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { restRoute } from '../../http/rest';
import {
  createTemplate,
  listTemplates,
  removeTemplate,
  synchronizeTemplates,
  ZTemplateInput,
  ZTemplateView,
} from './channel-templates.service';
import {
  createChannel,
  disconnectedChannels,
  listChannels,
  removeChannel,
  updateChannel,
  ZChannelInput,
  ZChannelUpdate,
  ZChannelView,
} from './channels.service';

const tags = ['channels'];
const access = { area: '/company' };
const ZId = z.object({ id: z.uuid() });

/** The legacy channel paths of 01 §7 Channels, over the same services as the `channel` router. */
export function registerChannelsRoutes(app: FastifyInstance, deps: AppDeps) {
  restRoute(app, deps, {
    method: 'GET',
    url: '/api/channels',
    tags,
    summary: "The company's channels (secrets are never included: `secretsSet` names them)",
    auth: 'session',
    access,
    response: z.array(ZChannelView),
    handler: ({ deps, session }) => listChannels(deps.db, deps.env, session.user),
  });

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/channels/create',
    tags,
    summary: 'Create a channel',
    auth: 'session',
    access,
    body: ZChannelInput,
    response: ZChannelView,
    status: 201,
    handler: ({ deps, session, body }) => createChannel(deps.db, deps.env, session.user, body),
  });

  restRoute(app, deps, {
    method: 'PUT',
    url: '/api/channels',
    tags,
    summary: 'Change a channel (the body carries its id and the fields to change)',
    auth: 'session',
    access,
    body: ZChannelUpdate.extend({ id: z.uuid() }),
    response: ZChannelView,
    handler: ({ deps, session, body }) => {
      const { id, ...values } = body;
      return updateChannel(deps.db, deps.env, session.user, id, values);
    },
  });

  restRoute(app, deps, {
    method: 'DELETE',
    url: '/api/channels',
    tags,
    summary: 'Delete a channel (query `id`); its messages stay on the timelines',
    auth: 'session',
    access,
    querystring: ZId,
    response: ZId,
    handler: ({ deps, session, query }) => removeChannel(deps.db, session.user, query.id),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/channels/disconnectedCount',
    tags,
    summary: 'How many channels are not connected, and which (project managers)',
    auth: 'session',
    access: { procedure: 'channel.disconnected', roles: ['project_manager'] },
    response: z.object({
      count: z.number().int(),
      channels: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          type: z.string(),
          status: z.string(),
          statusReason: z.string().nullable(),
        }),
      ),
    }),
    handler: ({ deps, session }) => disconnectedChannels(deps.db, session.user),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/channels/roundRobbin',
    tags,
    summary:
      'The round robin of incoming contacts of each channel (who takes the next new contact)',
    auth: 'session',
    access,
    response: z.array(
      z.object({
        channelId: z.string(),
        name: z.string(),
        enabled: z.boolean(),
        userIds: z.array(z.string()),
      }),
    ),
    handler: async ({ deps, session }) =>
      (await listChannels(deps.db, deps.env, session.user)).map((channel) => ({
        channelId: channel.id,
        name: channel.name,
        ...channel.roundRobin,
      })),
  });

  const ZChannelParams = z.object({ id: z.uuid() });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/channels/:id/templates',
    tags,
    summary:
      "A channel's templates (query channelType is accepted and ignored: the channel knows its type)",
    auth: 'session',
    access: { area: '/contact' },
    params: ZChannelParams,
    querystring: z.object({ channelType: z.string().max(40).optional() }),
    response: z.array(ZTemplateView),
    handler: ({ deps, session, params }) => listTemplates(deps.db, session.user, params.id),
  });

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/channels/:id/templates',
    tags,
    summary: 'Submit a template to the provider for review',
    auth: 'session',
    access,
    params: ZChannelParams,
    body: ZTemplateInput.omit({ channelId: true }),
    response: ZTemplateView,
    status: 201,
    handler: ({ deps, session, params, body }) =>
      createTemplate(deps, session.user, { ...body, channelId: params.id }),
  });

  restRoute(app, deps, {
    method: 'DELETE',
    url: '/api/channels/templates/:id',
    tags,
    summary: 'Delete a template at the provider and here',
    auth: 'session',
    access,
    params: ZId,
    response: ZId,
    handler: ({ deps, session, params }) => removeTemplate(deps, session.user, params.id),
  });

  for (const [method, url] of [
    ['POST', '/api/channels/:id/synchronizeTemplates'],
    ['GET', '/api/channels/:id/whatsapp/business/synctemplates'],
  ] as const) {
    restRoute(app, deps, {
      method,
      url,
      tags,
      summary: "Bring the provider's templates and their review statuses here",
      auth: 'session',
      access,
      params: ZChannelParams,
      response: z.array(ZTemplateView),
      handler: ({ deps, session, params }) => synchronizeTemplates(deps, session.user, params.id),
    });
  }
}
