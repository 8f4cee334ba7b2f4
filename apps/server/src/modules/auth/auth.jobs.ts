import { z } from 'zod';
import { defineJob } from '../../jobs/define';
import { deleteAttemptsBefore } from './auth.repository';
import { LOGIN_WINDOW_MS } from './auth.service';

/** Failed attempts older than the limit's window count for nothing; every hour they go. */
export const purgeLoginAttemptsJob = defineJob({
  name: 'auth.purge-login-attempts',
  schema: z.object({}),
  schedule: { cron: '5 * * * *', data: {} },
  async handler(_data, deps) {
    const count = await deleteAttemptsBefore(deps.db, new Date(Date.now() - LOGIN_WINDOW_MS));
    deps.logger.debug({ count }, 'auth: purged old login attempts');
  },
});
