import { isNull } from 'drizzle-orm';
import { groups } from '@cartera/db/schema';
import { z } from 'zod';
import { defineJob } from '../jobs/define';
import { deleteEventsBefore } from './event-store';

/**
 * The event log exists so reconnecting clients can catch up; a client away longer than the
 * retention reloads its screen instead. Pruned per tenant so the delete uses the tenant index.
 */
export const pruneEventsJob = defineJob({
  name: 'realtime.prune-events',
  schema: z.object({ retentionDays: z.number().int().min(1).max(365).default(14) }),
  schedule: { cron: '45 3 * * *', data: { retentionDays: 14 } },
  async handler({ retentionDays }, deps) {
    const before = new Date(Date.now() - retentionDays * 24 * 60 * 60 * 1000);
    const tenants = await deps.db
      .select({ id: groups.id })
      .from(groups)
      .where(isNull(groups.parentId));
    let count = 0;
    for (const tenant of tenants) count += await deleteEventsBefore(deps.db, tenant.id, before);
    deps.logger.info({ count, retentionDays }, 'realtime: pruned old events');
  },
});
