import { z } from 'zod';
import { defineJob } from '../../jobs/define';

/** Expired sessions and past API token counts are useless rows; once a day they go. */
export const purgeExpiredSessionsJob = defineJob({
  name: 'sessions.purge-expired',
  schema: z.object({}),
  schedule: { cron: '15 3 * * *', data: {} },
});
