import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { NPS_ACTION_STATUSES, ZNpsConfigInput, ZNpsSurveyRef } from '@cartera/domain/nps';
import type { AppDeps } from '../../deps';
import { restRoute } from '../../http/rest';
import {
  cancelSurvey,
  changeActionStatus,
  createConfig,
  getConfig,
  listConfigs,
  removeConfig,
  sendSurvey,
  updateConfig,
  ZActionStatusInput,
  ZCancelSurveyInput,
  ZNpsConfig,
  ZSendSurveyResult,
} from './nps.service';
import {
  listSurveys,
  npsStatistics,
  ZNpsFilter,
  ZNpsStatistics,
  ZSurveysInput,
  ZSurveysPage,
} from './nps-statistics.service';

/** 01 §7 NPS: CRUD on /company/netPromoterScores, statistics, surveys, sendSurvey, the survey's PUTs. */
export function registerNpsRoutes(app: FastifyInstance, deps: AppDeps) {
  const BASE = '/api/company/netPromoterScores';
  const ZParams = z.object({ id: z.uuid() });
  const numeric = z.coerce.number().int();

  restRoute(app, deps, {
    method: 'GET',
    url: BASE,
    tags: ['nps'],
    summary: "The company's NPS configurations",
    auth: 'session',
    access: { procedure: 'nps.list' },
    response: z.array(ZNpsConfig),
    handler: ({ session }) => listConfigs(deps.db, session.user),
  });

  restRoute(app, deps, {
    method: 'POST',
    url: BASE,
    tags: ['nps'],
    summary: 'Creates an NPS configuration',
    auth: 'session',
    access: { procedure: 'nps.create' },
    body: ZNpsConfigInput,
    response: ZNpsConfig,
    status: 201,
    handler: ({ session, body }) => createConfig(deps.db, session.user, body),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: `${BASE}/statistics`,
    tags: ['nps'],
    summary:
      'NPS figures of a period (`from`–`to`; optionally `configId`, `sellerId`, `groupId`): NPS, distribution, response rate, by seller, team and week',
    auth: 'session',
    access: { procedure: 'nps.statistics' },
    querystring: ZNpsFilter,
    response: ZNpsStatistics,
    handler: ({ session, query }) => npsStatistics(deps.db, session.user, query),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: `${BASE}/surveys`,
    tags: ['nps'],
    summary:
      'The surveys of a period, newest first (`category` or `score` for a drill-down; `offset`, `limit`)',
    auth: 'session',
    access: { procedure: 'nps.surveys' },
    querystring: z.preprocess((value) => {
      const query = { ...(value as Record<string, unknown>) };
      for (const key of ['score', 'offset', 'limit']) {
        if (query[key] !== undefined) query[key] = numeric.parse(query[key]);
      }
      return query;
    }, ZSurveysInput),
    response: ZSurveysPage,
    handler: ({ session, query }) => listSurveys(deps.db, session.user, query),
  });

  restRoute(app, deps, {
    method: 'PUT',
    url: `${BASE}/survey/changeActionStatus`,
    tags: ['nps'],
    summary: "The follow-up of a survey's answer (body `surveyId`, `actionStatus`)",
    auth: 'session',
    access: { procedure: 'nps.changeActionStatus' },
    body: ZActionStatusInput,
    response: z.object({ surveyId: z.uuid(), actionStatus: z.enum(NPS_ACTION_STATUSES) }),
    handler: ({ session, body }) => changeActionStatus(deps, session.user, body),
  });

  restRoute(app, deps, {
    method: 'PUT',
    url: `${BASE}/survey/cancel`,
    tags: ['nps'],
    summary:
      'Cancels (`canceled` true) or activates a survey while it is pending dispatch or sent (body `surveyId`, `canceled`)',
    auth: 'session',
    access: { procedure: 'nps.cancel' },
    body: ZCancelSurveyInput,
    response: ZNpsSurveyRef,
    handler: ({ session, body }) => cancelSurvey(deps, session.user, body),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: `${BASE}/:id`,
    tags: ['nps'],
    summary: 'One NPS configuration',
    auth: 'session',
    access: { procedure: 'nps.get' },
    params: ZParams,
    response: ZNpsConfig,
    handler: ({ session, params }) => getConfig(deps.db, session.user, params.id),
  });

  restRoute(app, deps, {
    method: 'PUT',
    url: `${BASE}/:id`,
    tags: ['nps'],
    summary: 'Changes an NPS configuration',
    auth: 'session',
    access: { procedure: 'nps.update' },
    params: ZParams,
    body: ZNpsConfigInput,
    response: ZNpsConfig,
    handler: ({ session, params, body }) => updateConfig(deps.db, session.user, params.id, body),
  });

  restRoute(app, deps, {
    method: 'DELETE',
    url: `${BASE}/:id`,
    tags: ['nps'],
    summary: 'Deletes an NPS configuration (its surveys stay in the figures)',
    auth: 'session',
    access: { procedure: 'nps.remove' },
    params: ZParams,
    response: z.object({ success: z.literal(true) }),
    handler: ({ session, params }) => removeConfig(deps.db, session.user, params.id),
  });

  restRoute(app, deps, {
    method: 'POST',
    url: `${BASE}/:id/sendSurvey`,
    tags: ['nps'],
    summary:
      "Sends the configuration's survey to `contacts` (ids); answers per contact the survey or the code why not",
    auth: 'session',
    access: { procedure: 'nps.sendSurvey' },
    params: ZParams,
    body: z.object({ contacts: z.array(z.uuid()).min(1).max(100) }),
    response: ZSendSurveyResult,
    handler: ({ session, params, body }) =>
      sendSurvey(deps, session.user, { id: params.id, contacts: body.contacts }),
  });
}
