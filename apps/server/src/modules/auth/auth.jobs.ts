import { z } from 'zod';
import { defineJob } from '../../jobs/define';

/** Failed attempts older than the limit's window count for nothing; every hour they go. */
export const purgeLoginAttemptsJob = defineJob({
  name: 'auth.purge-login-attempts',
  schema: z.object({}),
  schedule: { cron: '5 * * * *', data: {} },
});
