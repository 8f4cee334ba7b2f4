import { z } from 'zod';
import { defineJob } from '../../jobs/define';

/** The follow-up days of the past are deleted once a day (metrics.service pruneContactDays). */
export const pruneContactDaysJob = defineJob({
  name: 'metrics.prune-contact-days',
  schema: z.object({ keepDays: z.number().int().min(2).max(30).default(2) }),
  schedule: { cron: '30 4 * * *', data: { keepDays: 2 } },
});
