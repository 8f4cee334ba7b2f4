import { z } from 'zod';
import { defineJob } from '../../jobs/define';

/** Once a day, uploads no record took in two weeks go, with their stored files. */
export const purgeUnattachedUploadsJob = defineJob({
  name: 'files.purge-unattached',
  schema: z.object({}),
  schedule: { cron: '35 3 * * *', data: {} },
});
