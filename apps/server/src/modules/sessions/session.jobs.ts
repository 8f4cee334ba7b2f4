import { z } from 'zod';
import { defineJob } from '../../jobs/define';
import { purgeExpiredSessions } from './session.service';
import { purgePastApiTokenCalls } from './api-token-budget';

/** Expired sessions are useless rows; once a day they go. */
export const purgeExpiredSessionsJob = defineJob({
  name: 'sessions.purge-expired',
  schema: z.object({}),
  schedule: { cron: '15 3 * * *', data: {} },
  async handler(_data, deps) {
    const count = await purgeExpiredSessions(deps.db);
    const minutes = await purgePastApiTokenCalls(deps.db);
    deps.logger.info({ count, minutes }, 'sessions: purged expired sessions and API token counts');
  },
});
