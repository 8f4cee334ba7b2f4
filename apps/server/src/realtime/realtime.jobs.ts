import { z } from 'zod';
import { defineJob } from '../jobs/define';

/** Events older than the retention are pruned once a day (event-store pruneEventsBefore). */
export const pruneEventsJob = defineJob({
  name: 'realtime.prune-events',
  schema: z.object({ retentionDays: z.number().int().min(1).max(365).default(14) }),
  schedule: { cron: '45 3 * * *', data: { retentionDays: 14 } },
});
