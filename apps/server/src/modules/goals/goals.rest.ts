import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  metricsDay,
  weekStart,
  ZDay,
  ZGoalConfigEntry,
  GOAL_METRICS,
} from '@cartera/domain/metrics';
import type { AppDeps } from '../../deps';
import { defaultGroupOf } from '../access/sellers';
import { DomainError } from '@cartera/domain/errors';
import { es } from '@cartera/domain/i18n';
import { groupRoute } from '../../http/group-route';
import { restRoute } from '../../http/rest';
import {
  dashboardWorkbook,
  goalsTemplate,
  importGoals,
  MAX_TEMPLATE_WEEKS,
} from './goals.spreadsheet';
import { dashboard, visibleSellers, ZDashboard } from './goals.service';
import { goalConfig, saveGoalConfig, ZGoalConfig } from './goal-config.service';
import {
  listGoals,
  statusByGroup,
  weekGoals,
  ZGoalsList,
  ZStatusByGroup,
} from './weekly-goals.service';

/** The legacy goal paths of 01 §7 Goals and /group/{id}/goalconfig; the same services as tRPC. */
export function registerGoalsRoutes(app: FastifyInstance, deps: AppDeps) {
  const GOALS = { area: '/comercial/goals' };
  const thisWeek = () => weekStart(metricsDay(new Date()));
  const ZLegacyGoal = z.object({
    _id: z.string(),
    user: z.string(),
    type: z.literal('weekly'),
    start: z.string(),
    goal: z.tuple([z.record(z.string(), z.number().optional()), z.object({ sale: z.number() })]),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/goal',
    tags: ['goals'],
    summary:
      'The weekly goals of the week starting on Monday `start` (default this week) for the sellers the caller may look at; goal[0] holds the counters, goal[1] the sale',
    auth: 'session',
    access: { ...GOALS, procedure: 'goal.list' },
    querystring: z.object({ start: ZDay.optional() }),
    response: z.array(ZLegacyGoal),
    handler: ({ session, query }) => weekGoals(deps.db, session.user, query.start ?? thisWeek()),
  });

  const csv = z
    .string()
    .optional()
    .transform((value) =>
      value
        ? value
            .split(',')
            .map((each) => each.trim())
            .filter(Boolean)
        : [],
    );

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/sellersgoals',
    tags: ['goals'],
    summary:
      "Sellers' figures and goal progress from `startDate` to `endDate` (the dashboard's rows): only `users` (comma-separated ids, else every seller the caller may look at), from `offset`, with the `availableMetrics` figures (comma-separated, else all)",
    auth: 'session',
    access: { procedure: 'goal.dashboard', area: '/' },
    querystring: z.object({
      users: csv,
      startDate: ZDay,
      endDate: ZDay,
      offset: z.coerce.number().int().min(0).default(0),
      availableMetrics: csv,
    }),
    response: z.object({ period: ZDashboard.shape.period, sellers: ZDashboard.shape.sellers }),
    handler: async ({ session, query }) => {
      const board = await dashboard(deps.db, session.user, {
        period: { from: query.startDate, to: query.endDate },
      });
      const wanted = new Set(query.users);
      const metrics = new Set(query.availableMetrics);
      const sellers = board.sellers
        .filter((seller) => !wanted.size || wanted.has(seller.id))
        .slice(query.offset)
        .map((seller) => ({
          ...seller,
          figures: metrics.size
            ? (Object.fromEntries(
                Object.entries(seller.figures).map(([key, value]) => [
                  key,
                  metrics.has(key) ? value : null,
                ]),
              ) as typeof seller.figures)
            : seller.figures,
        }));
      return { period: board.period, sellers };
    },
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/singleGoal',
    tags: ['goals'],
    summary:
      "'Objetivos' (01 §9 limit 20): sellers with their weekly goal; `type` weekly, `page` from 1, `search` on names, `filters` a JSON object with `start` (a Monday, default this week) and `groupId`",
    auth: 'session',
    access: { ...GOALS, procedure: 'goal.list' },
    querystring: z.object({
      type: z.literal('weekly').default('weekly'),
      page: z.coerce.number().int().min(1).default(1),
      limit: z.coerce.number().int().min(1).max(100).default(20),
      search: z.string().trim().max(100).optional(),
      filters: z
        .string()
        .optional()
        .transform((value, context) => {
          if (!value) return {};
          try {
            return z
              .object({ start: ZDay.optional(), groupId: z.string().uuid().optional() })
              .parse(JSON.parse(value));
          } catch {
            context.addIssue({ code: 'custom', message: es.validation.filtersInvalid });
            return z.NEVER;
          }
        }),
    }),
    response: ZGoalsList,
    handler: ({ session, query }) =>
      listGoals(deps.db, session.user, {
        start: query.filters.start ?? thisWeek(),
        groupId: query.filters.groupId,
        search: query.search,
        page: query.page - 1,
        limit: query.limit,
      }),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/singleGoal/getAUserWithRole',
    tags: ['goals'],
    summary: 'The sellers (active users with role user) the caller may set goals for',
    auth: 'session',
    access: { ...GOALS, procedure: 'goal.list' },
    response: z.array(
      z.object({
        _id: z.string(),
        name: z.string(),
        lastname: z.string(),
        email: z.string(),
        group: z.object({ _id: z.string(), name: z.string() }),
      }),
    ),
    handler: async ({ session }) =>
      (await visibleSellers(deps.db, session.user)).map((seller) => ({
        _id: seller.id,
        name: seller.name,
        lastname: seller.lastname,
        email: seller.email,
        group: { _id: seller.groupId, name: seller.groupName },
      })),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/singleGoal/statusByGroup',
    tags: ['goals'],
    summary:
      "This week's sellers of each group the caller may look at by goal status (behind, onTrack, ahead) and without a goal",
    auth: 'session',
    access: { ...GOALS, procedure: 'goal.statusByGroup' },
    response: ZStatusByGroup,
    handler: ({ session }) => statusByGroup(deps.db, session.user),
  });

  // Another company's group is GROUP_NOT_FOUND, as at the other /group/{id}/… paths (groupRoute).
  groupRoute(app, deps, {
    method: 'GET',
    url: '/api/group/:id/goalconfig',
    tags: ['goals'],
    summary: `The company goal config for any group of the caller's company: metrics (${GOAL_METRICS.join(', ')}) with hidden flags, and their history by start date`,
    access: { ...GOALS, procedure: 'goal.config' },
    response: ZGoalConfig,
    handler: ({ session }) => goalConfig(deps.db, session.user),
  });

  groupRoute(app, deps, {
    method: 'PUT',
    url: '/api/group/:id/goalconfig',
    tags: ['goals'],
    summary:
      'Adds or replaces the goal config entry of `startDate` (metrics each once, with hidden flags); comercial and project managers',
    access: { procedure: 'goal.saveConfig', ...GOALS, capability: 'configureGoals' },
    body: ZGoalConfigEntry,
    response: ZGoalConfig,
    handler: ({ session, body }) => saveGoalConfig(deps.db, session.user, body),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/sellersgoals/export',
    tags: ['goals'],
    summary:
      "The dashboard's ranking from `startDate` to `endDate` as a workbook (.xlsx): a row per seller of `userId`, or of group `groupId`, or of what the caller sees, with every figure and the goal status",
    auth: 'session',
    access: { procedure: 'goal.dashboard', area: '/' },
    querystring: z.object({
      startDate: ZDay,
      endDate: ZDay,
      userId: z.string().uuid().optional(),
      groupId: z.string().uuid().optional(),
    }),
    response: z.unknown(),
    file: XLSX_TYPE,
    handler: async ({ session, query, reply }) => {
      const board = await dashboard(deps.db, session.user, {
        period: { from: query.startDate, to: query.endDate },
        ...(query.userId ? { userId: query.userId } : {}),
        ...(query.groupId ? { groupId: query.groupId } : {}),
      });
      return reply
        .header('content-type', XLSX_TYPE)
        .header(
          'content-disposition',
          `attachment; filename="rendimiento-${query.startDate}-${query.endDate}.xlsx"`,
        )
        .send(await dashboardWorkbook(board));
    },
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/goal/template',
    tags: ['goals'],
    summary:
      'The goals spreadsheet (.xlsx) to fill in: a row per seller of the group `groupId` (default: what the caller sees) and per week from Monday `start`, for `weeks` weeks (at most 12), only `users` when given (comma-separated ids), with the goals already set',
    auth: 'session',
    access: { ...GOALS, procedure: 'goal.list' },
    querystring: z.object({
      groupId: z.string().uuid().optional(),
      start: ZDay,
      weeks: z.coerce.number().int().min(1).max(MAX_TEMPLATE_WEEKS).default(1),
      users: csv,
    }),
    response: z.unknown(),
    file: XLSX_TYPE,
    handler: async ({ session, query, reply }) => {
      const file = await goalsTemplate(deps.db, session.user, {
        groupId: query.groupId ?? defaultGroupOf(session.user),
        start: query.start,
        weeks: query.weeks,
        userIds: query.users,
      });
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="objetivos-${query.start}.xlsx"`)
        .send(file);
    },
  });

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/goal/:id/upload',
    tags: ['goals'],
    summary:
      'Uploads a filled goals spreadsheet (multipart/form-data, field `file`) for the sellers of group `id`: every row is stored, or none with the reasons of each rejected row; a file that is not a workbook of the template is GOAL_FILE_INVALID',
    auth: 'session',
    access: { ...GOALS, procedure: 'goal.save' },
    params: z.object({ id: z.string().uuid() }),
    multipart: {
      file: { type: 'string', format: 'binary', description: 'The filled goals workbook (.xlsx)' },
    },
    response: z.object({
      stored: z.number(),
      rejected: z.array(
        z.object({ row: z.number(), seller: z.string(), errors: z.array(z.string()) }),
      ),
    }),
    handler: async ({ session, params, request }) => {
      if (!request.isMultipart()) throw new DomainError('GOAL_FILE_INVALID');
      const part = await request.file();
      if (!part) throw new DomainError('GOAL_FILE_INVALID');
      const buffer = await part.toBuffer().catch((error: unknown) => {
        const code = (error as { code?: string }).code;
        throw code === 'FST_REQ_FILE_TOO_LARGE' ? new DomainError('FILE_TOO_LARGE') : error;
      });
      return importGoals(deps.db, session.user, params.id, buffer);
    },
  });
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
