import { isNull } from 'drizzle-orm';
import { z } from 'zod';
import { groups } from '@cartera/db/schema';
import { defineJob } from '../../jobs/define';
import { metricsDay, addDays } from '@cartera/domain/metrics';
import { deleteContactDaysBefore } from './metrics.repository';

/**
 * singleTracing only asks whether a seller already followed a contact up today: the follow-up
 * days of the past have been counted and are deleted, so the table keeps about two days.
 */
export const pruneContactDaysJob = defineJob({
  name: 'metrics.prune-contact-days',
  schema: z.object({ keepDays: z.number().int().min(2).max(30).default(2) }),
  schedule: { cron: '30 4 * * *', data: { keepDays: 2 } },
  async handler({ keepDays }, deps) {
    const before = addDays(metricsDay(new Date()), 1 - keepDays);
    const tenants = await deps.db
      .select({ id: groups.id })
      .from(groups)
      .where(isNull(groups.parentId));
    let count = 0;
    for (const tenant of tenants)
      count += await deleteContactDaysBefore(deps.db, tenant.id, before);
    deps.logger.info({ count, before }, 'metrics: pruned follow-up days');
  },
});
