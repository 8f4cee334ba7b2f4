import { z } from 'zod';
import { ZNpsConfigInput, ZNpsSurveyRef, NPS_ACTION_STATUSES } from '@cartera/domain/nps';
import { roleProcedure, router, tenantProcedure } from '../../trpc/init';
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
  ZSendSurveyInput,
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

/**
 * 'NPS' (/comercial/netpromoterscore, slug net-promoter-score: project managers and comercial;
 * issue #42 item 1): its configurations and the manual send. The figures and answers are also
 * for supervisors ('Rendimiento', readNpsFigures), each within their reach; the bubble's toggle
 * is for whoever sees the contact (03 §4).
 */
const npsProcedure = tenantProcedure.meta({ area: '/comercial/netpromoterscore' });
const ZId = z.object({ id: z.uuid() });

export const npsRouter = router({
  list: npsProcedure
    .meta({
      description:
        "The company's NPS configurations (01 §3): question, WhatsApp channel and approved template, trigger (after a sale, after archiving with chosen reasons, by hand), answer mode, days between surveys to a contact, active.",
    })
    .output(z.array(ZNpsConfig))
    .query(({ ctx }) => listConfigs(ctx.db, ctx.user)),

  get: npsProcedure
    .meta({
      description:
        "One NPS configuration; NET_PROMOTER_SCORE_NOT_FOUND when it is not the company's.",
      errors: ['NET_PROMOTER_SCORE_NOT_FOUND'],
    })
    .input(ZId)
    .output(ZNpsConfig)
    .query(({ ctx, input }) => getConfig(ctx.db, ctx.user, input.id)),

  create: npsProcedure
    .meta({
      description:
        'Creates an NPS configuration: the channel must be a WhatsApp channel of the company (CHANNEL_NOT_FOUND) and the template one of its approved ones; the two-step buttons need three quick replies.',
      errors: ['CHANNEL_NOT_FOUND'],
    })
    .input(ZNpsConfigInput)
    .output(ZNpsConfig)
    .mutation(({ ctx, input }) => createConfig(ctx.db, ctx.user, input)),

  update: npsProcedure
    .meta({
      description: 'Changes an NPS configuration (the same rules as create).',
      errors: ['NET_PROMOTER_SCORE_NOT_FOUND', 'CHANNEL_NOT_FOUND'],
    })
    .input(ZNpsConfigInput.and(ZId))
    .output(ZNpsConfig)
    .mutation(({ ctx, input }) => updateConfig(ctx.db, ctx.user, input.id, input)),

  remove: npsProcedure
    .meta({
      description:
        'Deletes an NPS configuration: it sends nothing more; its surveys stay in the figures.',
      errors: ['NET_PROMOTER_SCORE_NOT_FOUND'],
    })
    .input(ZId)
    .output(z.object({ success: z.literal(true) }))
    .mutation(({ ctx, input }) => removeConfig(ctx.db, ctx.user, input.id)),

  sendSurvey: npsProcedure
    .meta({
      description:
        "Sends a configuration's survey by hand to contacts the caller sees (01 §7 sendSurvey), each through the channel outbox; answers per contact the survey or why not: CONTACT_NOT_FOUND, CONTACT_WITHOUT_PHONE_NUMBER, DISPATCH_SURVEY_ERROR, or 'recent' (a survey within the configuration's days).",
      errors: ['NET_PROMOTER_SCORE_NOT_FOUND'],
    })
    .input(ZSendSurveyInput)
    .output(ZSendSurveyResult)
    .mutation(({ ctx, input }) => sendSurvey(ctx.deps, ctx.user, input)),

  cancel: tenantProcedure
    .meta({
      area: '/contact',
      description:
        "03 §4: cancels or activates a survey from its message while it is pending dispatch or sent (a cancelled survey reads no answer); for whoever sees the contact. Answers the message's `npsSurvey`.",
      errors: ['NET_PROMOTER_SCORE_NOT_FOUND', 'CONTACT_NOT_FOUND'],
    })
    .input(ZCancelSurveyInput)
    .output(ZNpsSurveyRef)
    .mutation(({ ctx, input }) => cancelSurvey(ctx.deps, ctx.user, input)),

  changeActionStatus: roleProcedure('readNpsFigures')
    .meta({
      area: '/',
      description:
        "01 §7 changeActionStatus: the follow-up of a survey's answer (pending, contacted, resolved), for a survey of a seller within the caller's reach.",
      errors: ['NET_PROMOTER_SCORE_NOT_FOUND'],
    })
    .input(ZActionStatusInput)
    .output(z.object({ surveyId: z.uuid(), actionStatus: z.enum(NPS_ACTION_STATUSES) }))
    .mutation(({ ctx, input }) => changeActionStatus(ctx.deps, ctx.user, input)),

  statistics: roleProcedure('readNpsFigures')
    .meta({
      area: '/',
      description:
        "The NPS figures of a period (`from`–`to`, UTC days; optionally one configuration, seller or team): NPS (% promoters − % detractors), the 0–10 distribution, the response rate, and the same by seller, team and week; only surveys of sellers within the caller's reach.",
    })
    .input(ZNpsFilter)
    .output(ZNpsStatistics)
    .query(({ ctx, input }) => npsStatistics(ctx.db, ctx.user, input)),

  surveys: roleProcedure('readNpsFigures')
    .meta({
      area: '/',
      description:
        "The surveys of a period, newest first (the figures' drill-down: a category or a score), with contact, seller, state, score, comment and follow-up; within the caller's reach.",
    })
    .input(ZSurveysInput)
    .output(ZSurveysPage)
    .query(({ ctx, input }) => listSurveys(ctx.db, ctx.user, input)),
});
