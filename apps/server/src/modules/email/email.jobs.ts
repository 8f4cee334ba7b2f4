import { z } from 'zod';
import { defineJob } from '../../jobs/define';

/**
 * Reads one mailbox's new mail into the conversations (email-sync.service syncMailbox). Sent
 * with the mailbox as singleton key on a 'stately' queue: at most one sync of a mailbox waits
 * and one runs, across all instances.
 */
export const syncMailboxJob = defineJob({
  name: 'email.sync',
  schema: z.object({ tenantId: z.string().uuid(), accountId: z.string().uuid() }),
  options: {
    policy: 'stately',
    retryLimit: 3,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 600,
  },
});

/** Every minute, a sync of each mailbox (one waiting at most per mailbox: `syncMailboxJob`). */
export const syncMailboxesJob = defineJob({
  name: 'email.sync-all',
  schema: z.object({}),
  schedule: { cron: '* * * * *', data: {} },
});
