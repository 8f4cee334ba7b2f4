import { ZGoalConfigEntry } from '@cartera/domain/metrics';
import { roleProcedure, router, tenantProcedure } from '../../trpc/init';
import { dashboard, ZDashboard, ZDashboardInput } from './goals.service';
import { goalConfig, saveGoalConfig, ZGoalConfig } from './goal-config.service';
import {
  listGoals,
  saveGoal,
  statusByGroup,
  ZGoalsList,
  ZGoalsListInput,
  ZSavedGoal,
  ZSaveGoalInput,
  ZStatusByGroup,
} from './weekly-goals.service';

/** '/comercial/goals' ('Objetivos'): its roles, slug comercial-goals and goalsDisabled apply. */
const goalsProcedure = tenantProcedure.meta({ area: '/comercial/goals' });

export const goalsRouter = router({
  dashboard: roleProcedure('readPerformance')
    .meta({
      area: '/',
      description:
        "The 'Rendimiento' dashboard over a period (`from`–`to`, the company's days, at most a year): KPI totals beside the period of the same length just before, a daily series, archivings by reason and a row per seller with their figures and weekly-goal progress. Without `userId`/`groupId` a seller sees themself, a supervisor their group's subtree, comercial and project managers the company; a seller or group outside that is GOAL_ROLES_ERROR. Reads the daily rollups, never the timelines.",
      errors: ['GOAL_ROLES_ERROR', 'PERIOD_INVALID'],
    })
    .input(ZDashboardInput)
    .output(ZDashboard)
    .query(({ ctx, input }) => dashboard(ctx.db, ctx.user, input)),

  list: goalsProcedure
    .meta({
      description:
        "'Objetivos': the sellers the caller may set goals for (optionally of one group, matching `search`), each with their goal and progress for the week starting on Monday `start`; 20 a page (01 §9).",
      errors: ['GOAL_ROLES_ERROR', 'GOAL_WEEK_INVALID'],
    })
    .input(ZGoalsListInput)
    .output(ZGoalsList)
    .query(({ ctx, input }) => listGoals(ctx.db, ctx.user, input)),

  save: goalsProcedure
    .meta({
      description:
        "Sets a seller's goal of a week (its Monday): a target per goal metric (contacts, contactsTaken, tracing, singleTracing, sale). Only for sellers the caller may look at.",
      errors: ['GOAL_SELLER_INVALID', 'GOAL_WEEK_INVALID'],
    })
    .input(ZSaveGoalInput)
    .output(ZSavedGoal)
    .mutation(({ ctx, input }) => saveGoal(ctx.db, ctx.user, input)),

  statusByGroup: goalsProcedure
    .meta({
      description:
        "This week's sellers of each group the caller may look at, counted by goal status (behind, on track, ahead at ratios 1.0 and 1.5 of the pace) and without a goal.",
    })
    .output(ZStatusByGroup)
    .query(({ ctx }) => statusByGroup(ctx.db, ctx.user)),

  config: goalsProcedure
    .meta({
      description:
        'The company goal config (01 §3): the goal metrics in force today with their hidden flag, and the history by start date; the default metrics of 01 §9 when there is none.',
    })
    .output(ZGoalConfig)
    .query(({ ctx }) => goalConfig(ctx.db, ctx.user)),

  saveConfig: roleProcedure('configureGoals')
    .meta({
      area: '/comercial/goals',
      description:
        'Adds or replaces the company goal config entry of a start date: the goal metrics (each once) and which are hidden. Comercial and project managers only.',
    })
    .input(ZGoalConfigEntry)
    .output(ZGoalConfig)
    .mutation(({ ctx, input }) => saveGoalConfig(ctx.db, ctx.user, input)),
});
