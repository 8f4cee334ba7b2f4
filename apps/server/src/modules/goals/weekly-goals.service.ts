import { z } from 'zod';
import type { Executor } from '@cartera/db/client';
import { DomainError } from '@cartera/domain/errors';
import {
  addDays,
  GOAL_METRICS,
  GOALS_PAGE_SIZE,
  metricsDay,
  weekStart,
  ZDay,
  ZGoalTargets,
  type GoalStatus,
} from '@cartera/domain/metrics';
import { idsOf } from '../access/sellers';
import type { AuthUser } from '../sessions/session.types';
import { findGoals, upsertGoal } from './goals.repository';
import { dashboard, visibleSellers, ZSellerRow } from './goals.service';

/** Weekly goals ('Objetivos', /comercial/goals; 01 §3): a seller's targets of a week. */

export const ZGoalsListInput = z.object({
  /** The week's Monday. */
  start: ZDay,
  search: z.string().trim().max(100).optional(),
  groupId: z.string().uuid().optional(),
  page: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(100).default(GOALS_PAGE_SIZE),
});

export const ZGoalsList = z.object({
  total: z.number(),
  start: z.string(),
  goalMetrics: z.array(z.object({ reference: z.enum(GOAL_METRICS), hidden: z.boolean() })),
  items: z.array(ZSellerRow),
});

function requireMonday(day: string) {
  if (!ZDay.safeParse(day).success || weekStart(day) !== day) {
    throw new DomainError('GOAL_WEEK_INVALID');
  }
}

/** 'Objetivos': the sellers the caller may set goals for, with their goal of a week, 20 a page. */
export async function listGoals(
  db: Executor,
  user: AuthUser,
  input: z.infer<typeof ZGoalsListInput>,
  now = new Date(),
) {
  requireMonday(input.start);
  const board = await dashboard(
    db,
    user,
    { period: { from: input.start, to: addDays(input.start, 6) }, groupId: input.groupId },
    now,
  );
  const search = input.search?.toLocaleLowerCase('es');
  const matching = board.sellers.filter(
    (seller) =>
      !search || `${seller.name} ${seller.lastname}`.toLocaleLowerCase('es').includes(search),
  );
  return {
    total: matching.length,
    start: input.start,
    goalMetrics: board.goalMetrics,
    items: matching.slice(input.page * input.limit, (input.page + 1) * input.limit),
  };
}

export const ZSaveGoalInput = z.object({
  userId: z.string().uuid(),
  start: ZDay,
  targets: ZGoalTargets,
});

/** Sets a seller's goal of a week: a seller the caller may look at, a week starting on Monday. */
export async function saveGoal(
  db: Executor,
  user: AuthUser,
  input: z.infer<typeof ZSaveGoalInput>,
) {
  requireMonday(input.start);
  const sellers = await visibleSellers(db, user);
  if (!sellers.some((seller) => seller.id === input.userId)) {
    throw new DomainError('GOAL_SELLER_INVALID');
  }
  const targets = Object.fromEntries(
    Object.entries(input.targets).filter(([, value]) => typeof value === 'number'),
  ) as Record<string, number>;
  const row = await upsertGoal(db, {
    tenantId: user.tenantId,
    userId: input.userId,
    start: input.start,
    targets,
  });
  return { id: row.id, userId: row.userId, start: row.start, targets: row.targets };
}

export const ZSavedGoal = z.object({
  id: z.string(),
  userId: z.string(),
  start: z.string(),
  targets: ZGoalTargets,
});

/** The sellers of each visible group by goal status this week (legacy statusByGroup). */
export async function statusByGroup(db: Executor, user: AuthUser, now = new Date()) {
  const start = weekStart(metricsDay(now));
  const board = await dashboard(db, user, { period: { from: start, to: addDays(start, 6) } }, now);
  const groups = new Map<
    string,
    { groupId: string; groupName: string } & Record<GoalStatus | 'withoutGoal', number>
  >();
  for (const seller of board.sellers) {
    const entry = groups.get(seller.groupId) ?? {
      groupId: seller.groupId,
      groupName: seller.groupName,
      behind: 0,
      onTrack: 0,
      ahead: 0,
      withoutGoal: 0,
    };
    entry[seller.goal?.status ?? 'withoutGoal'] += 1;
    groups.set(seller.groupId, entry);
  }
  return { start, groups: [...groups.values()] };
}

export const ZStatusByGroup = z.object({
  start: z.string(),
  groups: z.array(
    z.object({
      groupId: z.string(),
      groupName: z.string(),
      behind: z.number(),
      onTrack: z.number(),
      ahead: z.number(),
      withoutGoal: z.number(),
    }),
  ),
});

// The company goal config (01 §3; /group/{id}/goalconfig).

/** The legacy goal record (01 §3): goal[0] holds the counters, goal[1] the sale. */
export function legacyGoal(goal: {
  id: string;
  userId: string;
  start: string;
  targets: Partial<Record<string, number>>;
}) {
  const { sale, ...counters } = goal.targets;
  return {
    _id: goal.id,
    user: goal.userId,
    type: 'weekly' as const,
    start: goal.start,
    goal: [counters, { sale: sale ?? 0 }] as [Record<string, number | undefined>, { sale: number }],
  };
}

/** GET /goal: the weekly goals of a week for the sellers the caller may look at. */
export async function weekGoals(db: Executor, user: AuthUser, start: string) {
  requireMonday(start);
  const sellers = await visibleSellers(db, user);
  const rows = await findGoals(db, user.tenantId, idsOf(sellers), start, start);
  return rows.map(legacyGoal);
}
