import type { Executor } from '@cartera/db/client';
import { rebuildUserRollups } from '@cartera/db/rollups';
import { addDays, metricsDay } from '@cartera/domain/metrics';
import {
  deleteContactDaysBefore,
  findContactStates,
  findRollups,
  findTenantIds,
  findUserTotals,
  lockTenantRollups,
} from './metrics.repository';

/*
 * The performance figures as other modules read them (goals: the dashboard and 'Objetivos'):
 * the daily rollups of some sellers over some days, and their contacts' state now. Writes go
 * through metrics.writer.ts, inside the transaction of each event; `recountUserFigures` is the
 * administration's repair of one seller's figures.
 */
export { findContactStates, findRollups };

/** A seller's figures per metric, every day added up. */
export type FigureTotals = Record<string, number>;

async function totalsOf(tx: Executor, tenantId: string, userId: string): Promise<FigureTotals> {
  const rows = await findUserTotals(tx, tenantId, userId);
  return Object.fromEntries(
    rows.filter((row) => Number(row.value) !== 0).map((row) => [row.metric, Number(row.value)]),
  );
}

/**
 * Counts one seller's figures again from the timelines (packages/db/src/rollups.ts, the same
 * definitions the live writer applies) and replaces what their rollups hold. Run inside the
 * caller's transaction: it takes the tenant's rollups lock exclusive first (writers take it
 * shared), so an item written meanwhile is either already in the timelines read or counted by
 * its writer after this commits.
 */
export async function recountUserFigures(tx: Executor, tenantId: string, userId: string) {
  await lockTenantRollups(tx, tenantId);
  const before = await totalsOf(tx, tenantId, userId);
  await rebuildUserRollups(tx, tenantId, userId);
  const after = await totalsOf(tx, tenantId, userId);
  return { before, after };
}

/**
 * singleTracing only asks whether a seller already followed a contact up today: the follow-up
 * days of the past have been counted and are deleted (the daily job), so the table keeps about
 * `keepDays` days.
 */
export async function pruneContactDays(db: Executor, keepDays: number) {
  const before = addDays(metricsDay(new Date()), 1 - keepDays);
  let count = 0;
  for (const tenantId of await findTenantIds(db)) {
    count += await deleteContactDaysBefore(db, tenantId, before);
  }
  return { count, before };
}
