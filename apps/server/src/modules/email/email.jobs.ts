import { z } from 'zod';
import { defineJob } from '../../jobs/define';

/** Reads one mailbox's new mail into the conversations (email-sync.service syncMailbox). */
export const syncMailboxJob = defineJob({
  name: 'email.sync',
  schema: z.object({ tenantId: z.string().uuid(), accountId: z.string().uuid() }),
  options: { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 600 },
});

/**
 * Every minute, one sync per mailbox, at most one queued or running per mailbox across all
 * instances (its singleton key is the mailbox).
 */
export const syncMailboxesJob = defineJob({
  name: 'email.sync-all',
  schema: z.object({}),
  schedule: { cron: '* * * * *', data: {} },
});
