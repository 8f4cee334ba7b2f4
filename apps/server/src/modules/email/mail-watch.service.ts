import type { ImapFlow } from 'imapflow';
import { flagOn } from '@cartera/domain/policy';
import type { AppDeps } from '../../deps';
import { actingUser } from '../sessions/session.service';
import { findEmailAccountById } from './email.repository';
import { openStoredMailbox } from './stored-mailbox';
import { syncMailboxJob, watchMailboxJob } from './email.jobs';

/*
 * New mail as it arrives (issue #38 item 2): a watcher holds the mailbox's inbox open with IMAP
 * IDLE and queues a sync when the server says a message arrived (EXISTS). One watcher runs per
 * mailbox across all instances: it is a job on a 'stately' queue keyed by the mailbox, which
 * runs for a window and ends; the next, queued by the minute's round (or by connecting), takes
 * over. The minute's sync stays as the fallback for servers without IDLE and for the gaps.
 */

/** How long one watcher holds the inbox before the next takes over. */
export const WATCH_WINDOW_MS = 5 * 60 * 1000;

/** The watchers running in this process, closed when it stops. */
const running = new Set<ImapFlow>();

/** Queues the watcher of a mailbox (at most one runs and one waits per mailbox). */
export function queueMailboxWatch(
  deps: Pick<AppDeps, 'jobs'>,
  tenantId: string,
  accountId: string,
) {
  return deps.jobs.send(watchMailboxJob, { tenantId, accountId }, { singletonKey: accountId });
}

function queueSync(deps: AppDeps, tenantId: string, accountId: string) {
  return deps.jobs.send(syncMailboxJob, { tenantId, accountId }, { singletonKey: accountId });
}

/**
 * Watches a mailbox's inbox for `windowMs`: a sync is queued at the start (what arrived between
 * two watchers) and at each new message. Ends early when the connection drops or the process
 * stops; a refused password marks the mailbox as the sync does.
 */
export async function watchMailbox(
  deps: AppDeps,
  tenantId: string,
  accountId: string,
  windowMs = WATCH_WINDOW_MS,
) {
  const account = await findEmailAccountById(deps.db, tenantId, accountId);
  if (!account || account.provider !== 'imap' || account.status === 'error') return;
  const owner = await actingUser(deps.db, tenantId, account.userId);
  if (!owner || !flagOn(owner, 'personalEmail')) return;
  let client: ImapFlow | null;
  try {
    client = await openStoredMailbox(deps, account);
  } catch (error) {
    deps.logger.warn({ err: error, accountId }, 'email: the mailbox could not be watched');
    return;
  }
  if (!client) return;
  running.add(client);
  const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
  try {
    await client.mailboxOpen('INBOX', { readOnly: true });
    client.on('exists', () => {
      queueSync(deps, tenantId, accountId).catch((error: unknown) =>
        deps.logger.warn({ err: error, accountId }, 'email: a sync could not be queued'),
      );
    });
    await queueSync(deps, tenantId, accountId);
    // IDLE until the window ends (a NOOP ends it), the connection closes or the process stops.
    const timer = setTimeout(() => {
      client.noop().catch(() => undefined);
    }, windowMs);
    try {
      await Promise.race([client.idle(), closed]);
    } finally {
      clearTimeout(timer);
    }
  } catch (error) {
    deps.logger.warn({ err: error, accountId }, 'email: the watch of a mailbox ended');
  } finally {
    running.delete(client);
    await client.logout().catch(() => client.close());
  }
}

/** Closes this process's watchers (the app stopping): their jobs end at once. */
export function closeMailWatches() {
  for (const client of running) client.close();
  running.clear();
}
