import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { restRoute } from '../../http/rest';
import { auditByRequest } from '../audit/audit.service';
import {
  createTemplate,
  listTemplates,
  removeTemplate,
  synchronizeTemplates,
  ZTemplateInput,
  ZTemplateView,
} from './channel-templates.service';
import { newId, ZClientItemId, ZIdInput } from '@cartera/domain/ids';
import { DomainError } from '@cartera/domain/errors';
import { findTenantUsers, ZUserSummary } from '../users/users.service';
import { contactSmsMessages, smsProviderMatches } from './channel-messages.service';
import { reingestLead } from './channel-leads.service';
import { channelMediaUrl } from './channel-media.service';
import { sendChannelMessage } from './channel-outbound.service';
import { findChannels } from './channels.repository';
import { visibleContact } from '../access/contacts';
import type { AuthUser } from '../sessions/session.types';
import { channelSession, ZWhatsappSession } from './whatsapp-session.service';
import {
  configureChannelOfType,
  createChannel,
  listChannels,
  removeChannel,
  updateChannel,
  ZChannelInput,
  ZChannelUpdate,
  ZChannelView,
} from './channels.service';
import { connectedPages, countFormChannels } from './channel-options.service';
import { disconnectedChannels } from './channel-status.service';

const tags = ['channels'];
const access = { area: '/company' };

/** The legacy channel paths of 01 §7 Channels, over the same services as the `channel` router. */
export function registerChannelsRoutes(app: FastifyInstance, deps: AppDeps) {
  restRoute(app, deps, {
    method: 'GET',
    url: '/api/channels',
    tags,
    summary: "The company's channels (secrets are never included: `secretsSet` names them)",
    auth: 'session',
    access: { ...access, procedure: 'channel.list' },
    response: z.array(ZChannelView),
    handler: ({ deps, session }) => listChannels(deps.db, deps.env, session.user),
  });

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/channels/create',
    tags,
    summary: 'Create a channel',
    auth: 'session',
    access: { ...access, procedure: 'channel.create' },
    body: ZChannelInput,
    response: ZChannelView,
    status: 201,
    handler: ({ deps, session, body, request }) =>
      createChannel(deps.db, deps.env, session.user, body, auditByRequest(session, request)),
  });

  restRoute(app, deps, {
    method: 'PUT',
    url: '/api/channels',
    tags,
    summary: 'Change a channel (the body carries its id and the fields to change)',
    auth: 'session',
    access: { ...access, procedure: 'channel.update' },
    body: ZChannelUpdate.extend({ id: z.uuid() }),
    response: ZChannelView,
    handler: ({ deps, session, body, request }) => {
      const { id, ...values } = body;
      const by = auditByRequest(session, request);
      return updateChannel(deps.db, deps.env, session.user, id, values, by);
    },
  });

  restRoute(app, deps, {
    method: 'DELETE',
    url: '/api/channels',
    tags,
    summary: 'Delete a channel (query `id`); its messages stay on the timelines',
    auth: 'session',
    access: { ...access, procedure: 'channel.remove' },
    querystring: ZIdInput,
    response: ZIdInput,
    handler: ({ deps, session, query, request }) =>
      removeChannel(deps.db, deps.env, session.user, query.id, auditByRequest(session, request)),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/channels/disconnectedCount',
    tags,
    summary: 'How many channels are not connected, and which (project managers)',
    auth: 'session',
    access: { procedure: 'channel.disconnected', capability: 'followChannels' },
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
    access: { ...access, procedure: 'channel.list' },
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
    access: { procedure: 'channel.templates', area: '/contact' },
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
    access: { ...access, procedure: 'channel.createTemplate' },
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
    access: { ...access, procedure: 'channel.removeTemplate' },
    params: ZIdInput,
    response: ZIdInput,
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
      access: { ...access, procedure: 'channel.synchronizeTemplates' },
      params: ZChannelParams,
      response: z.array(ZTemplateView),
      handler: ({ deps, session, params }) => synchronizeTemplates(deps, session.user, params.id),
    });
  }

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/channels/whatsappSession/:id',
    tags,
    summary:
      "A WhatsApp session channel's state at its gateway, with the QR to scan when it is not connected (the session is opened): a personal WhatsApp for its owner, the company's number for who manages the company's channels",
    auth: 'session',
    access: { procedure: 'channel.whatsappSession', area: '/settings/new-whatsapp' },
    params: ZChannelParams,
    response: ZWhatsappSession,
    handler: ({ deps, session, params, request }) =>
      channelSession(deps, session.user, params.id, auditByRequest(session, request)),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/channels/forms/count',
    tags,
    summary:
      "How many lead-ads channels the company has (the 'Formularios' menu entry shows when above 0)",
    auth: 'session',
    access: { procedure: null },
    response: z.object({ count: z.number().int() }),
    handler: ({ deps, session }) => countFormChannels(deps.db, session.user),
  });

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/channels/sms/config',
    tags,
    summary:
      "Configure the company's SMS channel (Twilio shape) in one step: the first one is created, later calls change it",
    auth: 'session',
    access: { ...access, procedure: 'channel.update' },
    body: z.object({
      name: z.string().trim().min(1).max(80).optional(),
      accountSid: z.string().trim().min(1).max(64),
      fromNumber: z.string().trim().min(1).max(32),
      /** Write-only; left out keeps the stored one. */
      authToken: z.string().trim().max(4_000).optional(),
      origin: z.string().trim().max(64).optional(),
    }),
    response: ZChannelView,
    handler: ({ deps, session, body, request }) =>
      configureChannelOfType(
        deps.db,
        deps.env,
        session.user,
        'sms',
        {
          name: body.name ?? 'SMS',
          config: {
            accountSid: body.accountSid,
            fromNumber: body.fromNumber,
            ...(body.origin ? { origin: body.origin } : {}),
          },
          secrets: body.authToken ? { authToken: body.authToken } : {},
        },
        auditByRequest(session, request),
      ),
  });

  const ZSmsQuery = z.object({ provider: z.string().trim().max(64).optional() });

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/channels/sms/message',
    tags,
    summary:
      "Send an SMS to a contact through the company's SMS channel (query `provider`: an SMS channel's id or 'twilio'; the oldest SMS channel when left out). Delivery runs in the background like any channel message",
    auth: 'session',
    access: { procedure: 'channel.sendMessage', area: '/contact' },
    querystring: ZSmsQuery,
    body: z.object({
      id: ZClientItemId.optional(),
      contactId: z.uuid(),
      text: z.string().trim().min(1).max(1_600),
    }),
    response: z.object({ id: z.uuid() }),
    status: 201,
    handler: ({ deps, session, query, body }) =>
      sendSms(deps, session.user, query.provider, {
        id: body.id ?? newId(),
        contactId: body.contactId,
        text: body.text,
      }),
  });

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/crm/interaction/sms',
    tags,
    summary:
      "Send an SMS from the conversation (03 §7 'Send SMS'): query `id` (the contact) and `provider` (an SMS channel's id or 'twilio'; the oldest SMS channel when left out); body `content` (the text). `via` and `config` are accepted and not used: the channel decides how it goes",
    auth: 'session',
    access: { procedure: 'channel.sendMessage', area: '/contact' },
    querystring: ZSmsQuery.extend({ id: z.uuid() }),
    body: z.object({
      content: z.string().trim().min(1).max(1_600),
      via: z.string().max(64).optional(),
      config: z.record(z.string(), z.unknown()).optional(),
    }),
    response: z.object({ id: z.uuid() }),
    status: 201,
    handler: ({ deps, session, query, body }) =>
      sendSms(deps, session.user, query.provider, {
        id: newId(),
        contactId: query.id,
        text: body.content,
      }),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/crm/wppimg/:media',
    tags,
    summary:
      "A WhatsApp message's file (03 §7 'WhatsApp media'): `media` is the message's id; redirects (302) to the product's stored copy, for who may see the contact",
    auth: 'session',
    access: { procedure: 'interaction.files', area: '/contact' },
    params: z.object({ media: z.uuid() }),
    response: z.object({}),
    handler: async ({ deps, session, params, reply }) => {
      const url = await channelMediaUrl(deps, session.user, params.media);
      return reply.redirect(url, 302);
    },
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/crm/contact/:id/socialNetwork',
    tags,
    summary:
      "Where to continue a contact's conversation on the social network itself (03 §7 'Open social conversation'), to open in a new tab: query `channelType` (fb, ig, whatsapp; WhatsApp when left out), `socialNetworkId` (the Page), `socialNetworkContactId` (the page-scoped id or phone), `username`. An `accessToken` is ignored, never stored or echoed",
    auth: 'session',
    access: { procedure: 'contact.get', area: '/contact' },
    params: ZIdInput,
    querystring: z.object({
      // Optional so that who may not see the contact gets 404 before any 400 about the query.
      channelType: z.enum(['fb', 'ig', 'whatsapp']).default('whatsapp'),
      socialNetworkId: z.string().trim().max(64).optional(),
      socialNetworkContactId: z.string().trim().max(64).optional(),
      username: z.string().trim().max(64).optional(),
      accessToken: z.string().max(4_000).optional(),
    }),
    response: z.object({ url: z.url() }),
    handler: async ({ deps, session, params, query }) => {
      const contact = await visibleContact(deps.db, session.user, params.id);
      return { url: socialConversationUrl(query, contact.phones[0] ?? null) };
    },
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/channels/sms/message',
    tags,
    summary:
      "A contact's SMS through the company's SMS channels, newest first, at most 100 (query `contactId`; `provider` narrows to one SMS channel or provider)",
    auth: 'session',
    access: { procedure: 'interaction.timeline', area: '/contact' },
    querystring: ZSmsQuery.extend({ contactId: z.uuid() }),
    response: z.array(
      z.object({
        id: z.string(),
        channelId: z.string(),
        direction: z.enum(['in', 'out']),
        status: z.string().nullable(),
        text: z.string(),
        createdAt: z.date().transform((date) => date.toISOString()),
      }),
    ),
    handler: ({ deps, session, query }) => contactSmsMessages(deps, session.user, query),
  });

  const ZPage = z.object({
    channelId: z.string(),
    name: z.string(),
    pageId: z.string(),
    username: z.string().nullable(),
    status: z.string(),
  });
  for (const [url, type] of [
    ['/api/facebook/pages', 'fb'],
    ['/api/instagram/pages', 'ig'],
  ] as const) {
    restRoute(app, deps, {
      method: 'GET',
      url,
      tags,
      summary: `The ${type === 'fb' ? 'Facebook Pages' : 'Instagram accounts'} the company's channels are connected to, with each channel's status`,
      auth: 'session',
      access: { ...access, procedure: 'channel.list' },
      response: z.array(ZPage),
      handler: ({ deps, session }) => connectedPages(deps.db, session.user, type),
    });
  }

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/facebook/leads/:id',
    tags,
    summary:
      'Take in one lead of a lead-ads channel again by its id (body `leadgenId`): its answers are fetched from Meta and the contact created or completed; a lead taken in before writes nothing (`ingested: false`)',
    auth: 'session',
    access: { ...access, procedure: 'channel.update' },
    params: ZChannelParams,
    body: z.object({
      leadgenId: z
        .string()
        .trim()
        .regex(/^\d{1,32}$/),
    }),
    response: z.object({ leadgenId: z.string(), ingested: z.boolean() }),
    handler: ({ deps, session, params, body }) =>
      reingestLead(deps, session.user, params.id, body.leadgenId),
  });

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/whatsapp/360settings',
    tags,
    summary:
      "Configure the company's 360dialog WhatsApp channel in one step (its D360 API key and the webhook secret): the first one is created, later calls change it",
    auth: 'session',
    access: { ...access, procedure: 'channel.update' },
    body: z.object({
      name: z.string().trim().min(1).max(80).optional(),
      apiKey: z.string().trim().max(4_000).optional(),
      webhookSecret: z.string().trim().max(4_000).optional(),
      displayPhoneNumber: z.string().trim().max(32).optional(),
      origin: z.string().trim().max(64).optional(),
    }),
    response: ZChannelView,
    handler: ({ deps, session, body, request }) =>
      configureChannelOfType(
        deps.db,
        deps.env,
        session.user,
        'whatsapp_360_dialog',
        {
          name: body.name ?? 'WhatsApp 360dialog',
          config: {
            ...(body.displayPhoneNumber ? { displayPhoneNumber: body.displayPhoneNumber } : {}),
            ...(body.origin ? { origin: body.origin } : {}),
          },
          secrets: {
            ...(body.apiKey ? { apiKey: body.apiKey } : {}),
            ...(body.webhookSecret ? { webhookSecret: body.webhookSecret } : {}),
          },
        },
        auditByRequest(session, request),
      ),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/comercial/getUsersGroup',
    tags,
    summary:
      "The company's active users (the round robin's picker of /company/channels): id, name, last name, e-mail, role",
    auth: 'session',
    access: { ...access, procedure: 'user.lookup' },
    response: z.array(ZUserSummary),
    handler: async ({ deps, session }) =>
      (await findTenantUsers(deps.db, session.user.tenantId, { limit: 1_000 })).map(
        ({ id, name, lastname, email, roles }) => ({
          id,
          name,
          lastname,
          email,
          role: roles[0] ?? 'user',
        }),
      ),
  });
}

/** The oldest SMS channel (or the one `provider` names) sends the text, as a channel message. */
async function sendSms(
  deps: AppDeps,
  user: AuthUser,
  provider: string | undefined,
  message: { id: string; contactId: string; text: string },
) {
  const channel = (await findChannels(deps.db, user.tenantId))
    .filter((row) => row.type === 'sms')
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .find((row) => !provider || smsProviderMatches(row, provider));
  if (!channel) throw new DomainError('CHANNEL_NOT_FOUND');
  return sendChannelMessage(deps, user, { ...message, channelId: channel.id });
}

/**
 * The native conversation: Meta's business inbox for a Page's Messenger or Instagram chat, the
 * Instagram profile when only its username is known, WhatsApp's chat link for a phone.
 */
function socialConversationUrl(
  query: {
    channelType: 'fb' | 'ig' | 'whatsapp';
    socialNetworkId?: string | undefined;
    socialNetworkContactId?: string | undefined;
    username?: string | undefined;
  },
  phone: string | null,
) {
  if (query.channelType === 'whatsapp') {
    const digits = (query.socialNetworkContactId ?? phone ?? '').replace(/\D/g, '');
    if (!digits) throw new DomainError('CONTACT_WITHOUT_PHONE_NUMBER');
    return `https://wa.me/${digits}`;
  }
  if (query.channelType === 'ig' && query.username && !query.socialNetworkId) {
    return `https://www.instagram.com/${encodeURIComponent(query.username)}/`;
  }
  const inbox = new URL('https://business.facebook.com/latest/inbox/all');
  if (query.socialNetworkId) inbox.searchParams.set('asset_id', query.socialNetworkId);
  if (query.socialNetworkContactId) {
    inbox.searchParams.set('selected_item_id', query.socialNetworkContactId);
  }
  if (query.channelType === 'ig') inbox.searchParams.set('mailbox_id', 'instagram');
  return inbox.toString();
}
