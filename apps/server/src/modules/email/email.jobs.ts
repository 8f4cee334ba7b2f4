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

/**
 * The outbox of e-mail (issue #38 item 5): enqueued in the transaction that stores the mail as
 * 'pending'; sends it through the mailbox's SMTP server and keeps a copy in its Sent folder.
 * Retried with backoff while the server fails for a while; the service marks the mail failed on
 * a refusal for good or the last attempt.
 */
export const sendEmailJob = defineJob({
  name: 'email.send',
  schema: z.object({ tenantId: z.string().uuid(), interactionId: z.string().uuid() }),
  options: { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 300 },
});

/**
 * Watches one mailbox's inbox with IMAP IDLE for a while (mail-watch.service watchMailbox) and
 * syncs it as soon as mail arrives. Sent with the mailbox as singleton key on a 'stately' queue:
 * one watcher runs per mailbox across all instances, and the next one waits to take over.
 */
export const watchMailboxJob = defineJob({
  name: 'email.watch',
  schema: z.object({ tenantId: z.string().uuid(), accountId: z.string().uuid() }),
  // Up to 20 mailboxes watched at once per instance; the others wait for a free watcher (the
  // minute's sync brings their mail meanwhile).
  options: { policy: 'stately', retryLimit: 0, expireInSeconds: 15 * 60, longRunningWorkers: 20 },
});

/**
 * A mail Nylas announced (message.created on its webhook): enqueued while the webhook waits, so
 * Nylas's 200 means it is stored; the job fetches it and writes it on the timelines
 * (nylas.service takeNylasMessage). Keyed by grant and message on a 'stately' queue: Nylas's
 * repeated deliveries of one message wait behind the first instead of running beside it.
 */
export const takeNylasMessageJob = defineJob({
  name: 'email.nylas-message',
  schema: z.object({
    grantId: z.string().min(1).max(200),
    messageId: z.string().min(1).max(500),
  }),
  options: {
    policy: 'stately',
    retryLimit: 5,
    retryDelay: 10,
    retryBackoff: true,
    expireInSeconds: 300,
  },
});

/**
 * A Nylas mailbox's last 30 days, read once it is connected (nylas.service readNylasHistory), as
 * IMAP's first sync reads them: one page of messages per run, each message queued as an
 * `email.nylas-message`, then the next page. Keyed by mailbox on a 'stately' queue.
 */
export const readNylasHistoryJob = defineJob({
  name: 'email.nylas-history',
  schema: z.object({
    tenantId: z.string().uuid(),
    accountId: z.string().uuid(),
    pageToken: z.string().max(2000).nullable(),
    page: z.number().int().min(0),
  }),
  options: {
    policy: 'stately',
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 300,
  },
});
