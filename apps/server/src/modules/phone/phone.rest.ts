import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { restRoute } from '../../http/rest';
import {
  receiveAircallWebhook,
  startProviderCall,
  ZStartProviderCallInput,
} from './phone-calls.service';
import {
  callLog,
  contactIdByPhone,
  providerChannels,
  savePhoneProviders,
  ZCallLogInput,
  ZCallLogPage,
  ZPhoneProviders,
  ZPhoneQuery,
  ZProviderChannels,
  ZSavePhoneProviders,
} from './phone.service';

/** The legacy phone paths of 01 §7 Phone, over the same services as the `phone` router. */
export function registerPhoneRoutes(app: FastifyInstance, deps: AppDeps) {
  const tags = ['phone'];

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/aircall/startcall',
    tags,
    summary:
      "Start a call to a contact's number through the company's Aircall, from the caller's Aircall app",
    auth: 'session',
    access: { area: '/contact', procedure: 'phone.startCall' },
    body: ZStartProviderCallInput,
    response: z.object({ id: z.string() }),
    handler: ({ session, body }) => startProviderCall(deps, session.user, body),
  });

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/aircall/calls',
    tags,
    summary: "The caller's calls through Aircall, newest first, paged by `before`",
    auth: 'session',
    access: { procedure: 'phone.calls' },
    body: ZCallLogInput,
    response: ZCallLogPage,
    handler: ({ session, body }) => callLog(deps.db, session.user, body),
  });

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/calls',
    tags,
    summary:
      "The caller's call log (type incoming, outgoing or missed; dateTime, phoneNumber, duration, name), newest first, paged by `before`",
    auth: 'session',
    access: { procedure: 'phone.calls' },
    body: ZCallLogInput,
    response: ZCallLogPage,
    handler: ({ session, body }) => callLog(deps.db, session.user, body),
  });

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/aircall/numbers',
    tags,
    summary: "The company's Aircall numbers",
    auth: 'session',
    access: { area: '/settings', procedure: 'phone.channels' },
    response: ZProviderChannels.shape.numbers,
    handler: async ({ session }) => (await providerChannels(deps, session.user)).numbers,
  });

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/aircall/users',
    tags,
    summary: "The company's Aircall users and the numbers each holds",
    auth: 'session',
    access: { area: '/settings', procedure: 'phone.channels' },
    response: ZProviderChannels.shape.users,
    handler: async ({ session }) => (await providerChannels(deps, session.user)).users,
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/settings/phoneProviders/channels',
    tags,
    summary: "The company's Aircall users and numbers the caller may choose as their own",
    auth: 'session',
    access: { area: '/settings', procedure: 'phone.channels' },
    response: ZProviderChannels,
    handler: ({ session }) => providerChannels(deps, session.user),
  });

  restRoute(app, deps, {
    method: 'PATCH',
    url: '/api/settings/phoneProviders',
    tags,
    summary: "Sets the caller's own Aircall user, numbers and country codes (null user removes it)",
    auth: 'session',
    access: { area: '/settings', procedure: 'phone.saveProviders' },
    body: ZSavePhoneProviders,
    response: ZPhoneProviders,
    handler: ({ session, body }) => savePhoneProviders(deps, session.user, body),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/ucontact/getContactId',
    tags,
    summary:
      'The contact holding `phone` among those the caller may see (contactId null when none)',
    auth: 'session',
    access: { procedure: 'phone.contactByPhone' },
    querystring: ZPhoneQuery,
    response: z.object({ contactId: z.string().nullable(), phone: z.string() }),
    handler: ({ session, query }) => contactIdByPhone(deps.db, session.user, query),
  });

  // Aircall's webhooks: JSON with the shared `token`, no session (phone-calls.service.ts).
  app.post(
    '/api/webhooks/aircall/:key',
    {
      schema: {
        tags: ['webhooks'],
        summary:
          "Aircall's call events for one company (call.created, call.ringing_on_agent, call.answered, call.hungup, call.ended, call.voicemail_left): 401 when the token does not match, 404 for an unknown key, 200 once applied.",
        params: {
          type: 'object',
          properties: { key: { type: 'string' } },
          required: ['key'],
        },
      },
      bodyLimit: 256 * 1024,
    },
    async (request, reply) => {
      const params = z
        .object({ key: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) })
        .safeParse(request.params);
      if (!params.success) return reply.status(404).type('text/plain').send('unknown webhook');
      const answer = await receiveAircallWebhook(deps, params.data.key, request.body);
      return reply.status(answer.status).type('text/plain').send(answer.body);
    },
  );
}
