import { z } from 'zod';
import type { Executor } from '@cartera/db/client';
import { GOAL_METRICS, goalMetricsOn, metricsDay, ZGoalConfigEntry } from '@cartera/domain/metrics';
import type { AuthUser } from '../sessions/session.types';
import { saveTenantSection, tenantSettings } from '../tenant-settings/tenant-settings.service';

/** The company goal config (01 §3; /group/{id}/goalconfig): which metrics, from which day. */

export const ZGoalConfig = z.object({
  /** The metrics in force today. */
  metrics: z.array(z.object({ reference: z.enum(GOAL_METRICS), hidden: z.boolean() })),
  history: z.array(ZGoalConfigEntry),
});

export async function goalConfig(db: Executor, user: AuthUser, now = new Date()) {
  const { history } = await tenantSettings(db, user.tenantId, 'goals');
  return { metrics: [...goalMetricsOn(history, metricsDay(now))], history };
}

/** Adds (or replaces) the entry of a start date in the company's goal config history. */
export async function saveGoalConfig(
  db: Executor,
  user: AuthUser,
  entry: z.infer<typeof ZGoalConfigEntry>,
  now = new Date(),
) {
  const { history } = await tenantSettings(db, user.tenantId, 'goals');
  const next = [...history.filter((each) => each.startDate !== entry.startDate), entry].sort(
    (a, b) => (a.startDate < b.startDate ? -1 : 1),
  );
  await saveTenantSection(db, user.tenantId, 'goals', { history: next });
  return goalConfig(db, user, now);
}
