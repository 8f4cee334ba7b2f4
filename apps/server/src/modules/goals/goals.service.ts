import { z } from 'zod';
import type { Executor } from '@cartera/db/client';
import { DomainError } from '@cartera/domain/errors';
import {
  addDays,
  DASHBOARD_METRICS,
  daysBetween,
  GOAL_METRICS,
  goalMetricsOn,
  goalProgress,
  MAX_PERIOD_DAYS,
  metricsDay,
  previousPeriod,
  UNATTENDED_AFTER_MS,
  weekStart,
  ZDay,
  ZGoalTargets,
  type DashboardMetric,
  type GoalMetric,
  type GoalStatus,
  type Period,
} from '@cartera/domain/metrics';
import { flagOn } from '@cartera/domain/policy';
import { companyDayStart } from '@cartera/domain/time-zone';
import {
  defaultGroupOf,
  idsOf,
  looksAtGroups,
  reachedGroup,
  reachedSeller,
  reachedSellers,
  type ReachedSeller,
} from '../access/sellers';
import { findContactStates, findRollups } from '../metrics/metrics.service';
import { salesBySellerDay } from '../receipts/receipts.service';
import type { AuthUser } from '../sessions/session.types';
import { tenantSettings } from '../tenant-settings/tenant-settings.service';
import { findGoals } from './goals.repository';

/*
 * Goals and the 'Rendimiento' dashboard (01 §2 '/', §3 Goals, §9; issue #16). Everything reads
 * the daily rollups of modules/metrics (sellers × days rows), never the timeline. Who may look at
 * whom: a seller only themself, a supervisor the sellers of their group's subtree, the
 * tenant-wide roles (comercial, project managers, admin) the whole company (modules/access
 * sellers.ts).
 *
 * This file is the dashboard (whom the caller looks at, the figures, 'Rendimiento'); the weekly
 * goals ('Objetivos') are weekly-goals.service.ts, the company's goal config goal-config.service.ts.
 */

export type ScopeSeller = ReachedSeller;

interface Scope {
  kind: 'seller' | 'group' | 'company';
  id: string;
  name: string;
  sellers: ScopeSeller[];
}

/** The sellers (active users with role user, 01 §6) the caller may look at (modules/access). */
export const visibleSellers = reachedSellers;

async function resolveScope(
  db: Executor,
  user: AuthUser,
  input: { userId?: string | undefined; groupId?: string | undefined },
): Promise<Scope> {
  if (input.userId) {
    const seller = await reachedSeller(db, user, input.userId, 'GOAL_ROLES_ERROR');
    return {
      kind: 'seller',
      id: seller.id,
      name: `${seller.name} ${seller.lastname}`.trim(),
      sellers: [seller],
    };
  }
  if (!looksAtGroups(user)) {
    // A seller looks at no group, not even their own: their own figures.
    if (input.groupId) throw new DomainError('GOAL_ROLES_ERROR');
    return {
      kind: 'seller',
      id: user.id,
      name: `${user.name} ${user.lastname}`.trim(),
      sellers: await reachedSellers(db, user),
    };
  }
  const { group, sellers } = await reachedGroup(
    db,
    user,
    input.groupId ?? defaultGroupOf(user),
    'GOAL_ROLES_ERROR',
  );
  return {
    kind: group.id === user.tenantId ? 'company' : 'group',
    id: group.id,
    name: group.name,
    sellers,
  };
}

/** The sellers of a group's subtree the caller may look at (GOAL_ROLES_ERROR outside it). */
export async function groupSellers(db: Executor, user: AuthUser, groupId: string) {
  return (await resolveScope(db, user, { groupId })).sellers;
}

// Figures.

export type Figures = Record<DashboardMetric, number | null>;

const ZFigures = z.object(
  Object.fromEntries(DASHBOARD_METRICS.map((metric) => [metric, z.number().nullable()])) as Record<
    DashboardMetric,
    z.ZodNullable<z.ZodNumber>
  >,
);

interface Sums {
  counts: Map<string, number>;
  archivings: Map<string, number>;
}

function emptySums(): Sums {
  return { counts: new Map(), archivings: new Map() };
}

function addRow(sums: Sums, row: { metric: string; dimension: string; value: number }) {
  sums.counts.set(row.metric, (sums.counts.get(row.metric) ?? 0) + row.value);
  if (row.metric === 'archivings') {
    sums.archivings.set(row.dimension, (sums.archivings.get(row.dimension) ?? 0) + row.value);
  }
}

type States = { unattended: number; remindersDue: number; remindersOverdue: number };

function figuresOf(sums: Sums, states: States | null): Figures {
  const count = (metric: string) => sums.counts.get(metric) ?? 0;
  const responses = count('responses');
  return {
    contacts: count('contacts'),
    contactsTaken: count('contactsTaken'),
    tracing: count('tracing'),
    singleTracing: count('singleTracing'),
    sale: count('sale'),
    messagesIn: count('messagesIn'),
    messagesOut: count('messagesOut'),
    firstResponse: responses ? Math.round(count('responseSeconds') / responses) : null,
    archivings: count('archivings'),
    unattended: states ? states.unattended : null,
    remindersDue: states ? states.remindersDue : null,
    remindersOverdue: states ? states.remindersOverdue : null,
  };
}

export const ZDashboardInput = z.object({
  period: z.object({ from: ZDay, to: ZDay }),
  /** view-user: one seller. */
  userId: z.string().uuid().optional(),
  /** view-group: a group of the caller's tree. */
  groupId: z.string().uuid().optional(),
});

const ZGoalProgress = z.object({
  metric: z.enum(GOAL_METRICS),
  value: z.number(),
  target: z.number(),
  percent: z.number().nullable(),
  ratio: z.number().nullable(),
  status: z.enum(['behind', 'onTrack', 'ahead']),
});

const ZSellerGoal = z.object({
  targets: ZGoalTargets,
  progress: z.array(ZGoalProgress),
  status: z.enum(['behind', 'onTrack', 'ahead']).nullable(),
});

export const ZSellerRow = z.object({
  id: z.string(),
  name: z.string(),
  lastname: z.string(),
  groupId: z.string(),
  groupName: z.string(),
  figures: ZFigures,
  goal: ZSellerGoal.nullable(),
});

export const ZDashboard = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  previous: z.object({ from: z.string(), to: z.string() }),
  scope: z.object({
    kind: z.enum(['seller', 'group', 'company']),
    id: z.string(),
    name: z.string(),
  }),
  totals: ZFigures,
  previousTotals: ZFigures,
  series: z.array(
    z.object({
      day: z.string(),
      contacts: z.number(),
      contactsTaken: z.number(),
      tracing: z.number(),
      sale: z.number(),
      messagesIn: z.number(),
      messagesOut: z.number(),
    }),
  ),
  archivings: z.array(z.object({ reason: z.string(), name: z.string(), value: z.number() })),
  /** The goal metrics in force at the period's start, with their hidden flag (01 §3, §9). */
  goalMetrics: z.array(z.object({ reference: z.enum(GOAL_METRICS), hidden: z.boolean() })),
  goalsEnabled: z.boolean(),
  sellers: z.array(ZSellerRow),
  /**
   * The team's goal per metric (issue #35; docs/decisions.md): the sum of its sellers' targets
   * against the sum of those sellers' figures. Empty for one seller's board.
   */
  teamGoal: z.array(ZGoalProgress),
});

export type Dashboard = z.infer<typeof ZDashboard>;

function checkPeriod(period: Period) {
  if (
    ZDay.safeParse(period.from).success &&
    ZDay.safeParse(period.to).success &&
    period.from <= period.to &&
    daysBetween(period.from, period.to) <= MAX_PERIOD_DAYS
  ) {
    return;
  }
  throw new DomainError('PERIOD_INVALID');
}

/** The share of a period gone by today (1 once it is over, 0 before it starts). */
function elapsedShare(period: Period, today: string) {
  if (today > period.to) return 1;
  if (today < period.from) return 0;
  return daysBetween(period.from, today) / daysBetween(period.from, period.to);
}

/**
 * A seller's goal over a period: the targets of the weeks starting in it, added up, against the
 * figures of the period, on the pace the part of the period gone by asks for.
 */
function sellerGoal(
  weekGoals: Array<{ targets: Partial<Record<string, number>> }>,
  figures: Figures,
  visibleMetrics: GoalMetric[],
  elapsed: number,
) {
  if (!weekGoals.length) return null;
  const targets: Partial<Record<GoalMetric, number>> = {};
  for (const goal of weekGoals) {
    for (const metric of GOAL_METRICS) {
      const target = goal.targets[metric];
      if (typeof target === 'number') targets[metric] = (targets[metric] ?? 0) + target;
    }
  }
  const progress = visibleMetrics
    .filter((metric) => typeof targets[metric] === 'number' && targets[metric] > 0)
    .map((metric) => {
      const value = figures[metric] ?? 0;
      const target = targets[metric]!;
      const measured = goalProgress(value, target, elapsed);
      return {
        metric,
        value,
        target,
        percent: measured.percent,
        ratio: Number.isFinite(measured.ratio) ? Math.round(measured.ratio * 100) / 100 : null,
        status: measured.status,
      };
    });
  // Each ratio counts up to 1.5 ('ahead'): a goal far exceeded does not hide one missed.
  const ratios = progress.map((each) => Math.min(1.5, each.ratio ?? 1.5));
  const mean = ratios.length ? ratios.reduce((sum, each) => sum + each, 0) / ratios.length : null;
  const status: GoalStatus | null =
    mean === null ? null : mean >= 1.5 ? 'ahead' : mean >= 1 ? 'onTrack' : 'behind';
  return { targets, progress, status };
}

/**
 * The dashboard of a seller, a group or the company over a period, beside the period of the same
 * length just before: KPI totals, a daily series, archivings by reason, and a row per seller with
 * their figures and goal progress.
 */
export async function dashboard(
  db: Executor,
  user: AuthUser,
  input: z.infer<typeof ZDashboardInput>,
  now = new Date(),
): Promise<Dashboard> {
  checkPeriod(input.period);
  const period = input.period;
  const previous = previousPeriod(period);
  const scope = await resolveScope(db, user, input);
  const ids = idsOf(scope.sellers);
  const today = metricsDay(now);
  const [rollups, sales, states, goalRows, goalsConfig, conversation] = await Promise.all([
    findRollups(db, user.tenantId, ids, previous.from, period.to),
    salesBySellerDay(db, user.tenantId, ids, previous.from, period.to),
    findContactStates(db, user.tenantId, ids, {
      unattendedBefore: new Date(now.getTime() - UNATTENDED_AFTER_MS),
      now,
      // The company's midnight ending today.
      dueBy: companyDayStart(addDays(today, 1)),
    }),
    findGoals(db, user.tenantId, ids, weekStart(period.from), period.to),
    tenantSettings(db, user.tenantId, 'goals'),
    tenantSettings(db, user.tenantId, 'conversation'),
  ]);
  const total = emptySums();
  const previousTotal = emptySums();
  const bySeller = new Map<string, Sums>(ids.map((id) => [id, emptySums()]));
  const byDay = new Map<string, Map<string, number>>();
  // Sales are sold receipts (modules/receipts); 'sale' rollups written before sales landed are
  // not read.
  const rows = [
    ...rollups.filter((row) => row.metric !== 'sale'),
    ...sales.map((row) => ({ ...row, metric: 'sale', dimension: '' })),
  ];
  for (const row of rows) {
    if (row.day < period.from) {
      addRow(previousTotal, row);
      continue;
    }
    addRow(total, row);
    addRow(bySeller.get(row.userId) ?? emptySums(), row);
    const day = byDay.get(row.day) ?? new Map<string, number>();
    day.set(row.metric, (day.get(row.metric) ?? 0) + row.value);
    byDay.set(row.day, day);
  }
  const stateOf = new Map(states.map((state) => [state.userId, state]));
  const allStates = states.reduce(
    (sum, state) => ({
      unattended: sum.unattended + state.unattended,
      remindersDue: sum.remindersDue + state.remindersDue,
      remindersOverdue: sum.remindersOverdue + state.remindersOverdue,
    }),
    { unattended: 0, remindersDue: 0, remindersOverdue: 0 },
  );
  const goalMetrics = goalMetricsOn(goalsConfig.history, period.from).map((each) => ({
    reference: each.reference,
    hidden: each.hidden,
  }));
  const goalsEnabled = !flagOn(user, 'goalsDisabled');
  const visibleGoalMetrics = goalMetrics
    .filter((each) => !each.hidden)
    .map((each) => each.reference);
  const elapsed = elapsedShare(period, today);
  const reasonNames = new Map(
    conversation.archivingReasons.map((reason) => [reason.code, reason.name]),
  );
  const sellers: Dashboard['sellers'] = scope.sellers.map((seller) => {
    const figures = figuresOf(
      bySeller.get(seller.id)!,
      stateOf.get(seller.id) ?? { unattended: 0, remindersDue: 0, remindersOverdue: 0 },
    );
    return {
      id: seller.id,
      name: seller.name,
      lastname: seller.lastname,
      groupId: seller.groupId,
      groupName: seller.groupName,
      figures,
      goal: goalsEnabled
        ? sellerGoal(
            goalRows.filter((goal) => goal.userId === seller.id),
            figures,
            visibleGoalMetrics,
            elapsed,
          )
        : null,
    };
  });
  const series: Dashboard['series'] = [];
  for (let day = period.from; day <= period.to; day = addDays(day, 1)) {
    const counts = byDay.get(day);
    const count = (metric: string) => counts?.get(metric) ?? 0;
    series.push({
      day,
      contacts: count('contacts'),
      contactsTaken: count('contactsTaken'),
      tracing: count('tracing'),
      sale: count('sale'),
      messagesIn: count('messagesIn'),
      messagesOut: count('messagesOut'),
    });
  }
  return {
    period,
    previous,
    scope: { kind: scope.kind, id: scope.id, name: scope.name },
    totals: figuresOf(total, allStates),
    previousTotals: figuresOf(previousTotal, null),
    series,
    archivings: [...total.archivings]
      .filter(([, value]) => value !== 0)
      .map(([reason, value]) => ({ reason, name: reasonNames.get(reason) ?? reason, value }))
      .sort((a, b) => b.value - a.value),
    goalMetrics,
    goalsEnabled,
    sellers,
    teamGoal: scope.kind === 'seller' ? [] : teamGoal(sellers, elapsed),
  };
}

/** The sum of the sellers' goals per metric, measured as one seller's would be. */
function teamGoal(sellers: Dashboard['sellers'], elapsed: number): Dashboard['teamGoal'] {
  const sums = new Map<GoalMetric, { value: number; target: number }>();
  for (const seller of sellers) {
    for (const each of seller.goal?.progress ?? []) {
      const sum = sums.get(each.metric) ?? { value: 0, target: 0 };
      sums.set(each.metric, { value: sum.value + each.value, target: sum.target + each.target });
    }
  }
  return [...sums].map(([metric, { value, target }]) => {
    const measured = goalProgress(value, target, elapsed);
    return {
      metric,
      value,
      target,
      percent: measured.percent,
      ratio: Number.isFinite(measured.ratio) ? Math.round(measured.ratio * 100) / 100 : null,
      status: measured.status,
    };
  });
}

// Weekly goals ('Objetivos', /comercial/goals).
