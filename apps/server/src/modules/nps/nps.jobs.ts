import { z } from 'zod';
import { defineJob } from '../../jobs/define';

/**
 * NPS's reader of the event log (issue #42 item 1; nps-events.ts): each instance that works jobs
 * reads it every second; this schedule is the floor when none does.
 */
export const readNpsEventsJob = defineJob({
  name: 'nps.read-events',
  schema: z.object({}),
  schedule: { cron: '* * * * *', data: {} },
  options: { retryLimit: 0, expireInSeconds: 5 * 60 },
});
