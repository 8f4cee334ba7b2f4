import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { RECIPIENT_STATES, ZCampaignInput } from '@cartera/domain/campaigns';
import type { AppDeps } from '../../deps';
import { restRoute } from '../../http/rest';
import {
  campaignRecipients,
  campaignStatistics,
  cancelCampaign,
  createCampaign,
  getCampaign,
  listCampaigns,
  pauseCampaign,
  resumeCampaign,
  startCampaign,
  updateCampaign,
  ZCampaign,
  ZCampaignStatistics,
  ZRecipientRow,
} from './campaigns.service';

/**
 * 'Campañas' over REST (issue #42 item 2; the spec shows no paths: ours, under /api/campaigns,
 * mirroring the `campaign` procedures).
 */
export function registerCampaignRoutes(app: FastifyInstance, deps: AppDeps) {
  const BASE = '/api/campaigns';
  const tags = ['campaigns'];
  const ZParams = z.object({ id: z.uuid() });

  restRoute(app, deps, {
    method: 'GET',
    url: BASE,
    tags,
    summary: "The company's campaigns, newest first",
    auth: 'session',
    access: { procedure: 'campaign.list' },
    response: z.array(ZCampaign),
    handler: ({ session }) => listCampaigns(deps.db, session.user),
  });

  restRoute(app, deps, {
    method: 'POST',
    url: BASE,
    tags,
    summary: 'Writes a draft campaign',
    auth: 'session',
    access: { procedure: 'campaign.create' },
    body: ZCampaignInput,
    response: ZCampaign,
    status: 201,
    handler: ({ session, body }) => createCampaign(deps.db, session.user, body),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: `${BASE}/:id`,
    tags,
    summary: 'One campaign',
    auth: 'session',
    access: { procedure: 'campaign.get' },
    params: ZParams,
    response: ZCampaign,
    handler: ({ session, params }) => getCampaign(deps.db, session.user, params.id),
  });

  restRoute(app, deps, {
    method: 'PUT',
    url: `${BASE}/:id`,
    tags,
    summary: "Replaces a draft campaign's values",
    auth: 'session',
    access: { procedure: 'campaign.update' },
    params: ZParams,
    body: ZCampaignInput,
    response: ZCampaign,
    handler: ({ session, params, body }) => updateCampaign(deps.db, session.user, params.id, body),
  });

  const actions = [
    ['start', 'Starts a draft campaign (now or at its date)', startCampaign],
    ['pause', 'Pauses a sending or scheduled campaign', pauseCampaign],
    ['resume', 'Resumes a paused campaign', resumeCampaign],
    ['cancel', 'Stops a campaign for good', cancelCampaign],
  ] as const;
  for (const [action, summary, run] of actions) {
    restRoute(app, deps, {
      method: 'POST',
      url: `${BASE}/:id/${action}`,
      tags,
      summary,
      auth: 'session',
      access: { procedure: `campaign.${action}` },
      params: ZParams,
      response: ZCampaign,
      handler: ({ session, params }) => run(deps, session.user, params.id),
    });
  }

  restRoute(app, deps, {
    method: 'GET',
    url: `${BASE}/:id/statistics`,
    tags,
    summary: "A campaign's figures by state, delivery, answers and opt-outs",
    auth: 'session',
    access: { procedure: 'campaign.statistics' },
    params: ZParams,
    response: ZCampaignStatistics,
    handler: ({ session, params }) => campaignStatistics(deps.db, session.user, params.id),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: `${BASE}/:id/recipients`,
    tags,
    summary: "A campaign's contacts with their state and reason",
    auth: 'session',
    access: { procedure: 'campaign.recipients' },
    params: ZParams,
    querystring: z.object({ state: z.enum(RECIPIENT_STATES).optional() }),
    response: z.array(ZRecipientRow),
    handler: ({ session, params, query }) =>
      campaignRecipients(deps.db, session.user, { id: params.id, state: query.state }),
  });
}
