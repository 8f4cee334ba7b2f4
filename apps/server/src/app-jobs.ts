import type { z } from 'zod';
import type { AppDeps } from './deps';
import { bindJob, type BoundJob, type JobDefinition } from './jobs/define';
import { purgeLoginAttemptsJob } from './modules/auth/auth.jobs';
import { purgeLoginAttempts } from './modules/auth/auth.service';
import { deliverMessage, sendReadReceipt } from './modules/channels/channel-delivery.service';
import {
  fetchChannelMediaJob,
  markChannelReadJob,
  sendChannelMessageJob,
  sendScheduledMessageJob,
} from './modules/channels/channels.jobs';
import { storeInboundMedia } from './modules/channels/inbound-media.service';
import { now } from './lib/clock';
import { sendScheduledMessage } from './modules/channels/scheduled-messages.service';
import {
  sendEmailJob,
  syncMailboxesJob,
  syncMailboxJob,
  takeNylasMessageJob,
  readNylasHistoryJob,
  watchMailboxJob,
} from './modules/email/email.jobs';
import { readNylasHistory, takeNylasMessage } from './modules/email/nylas-mail.service';
import { queueMailboxWatch, watchMailbox } from './modules/email/mail-watch.service';
import { deliverEmail, sendScheduledEmail } from './modules/email/email-send.service';
import { mailboxesToSync, syncMailbox } from './modules/email/email-sync.service';
import { purgeUnattachedUploadsJob } from './modules/files/files.jobs';
import { purgeUnattachedUploads } from './modules/files/upload-purge.service';
import { expireReminder } from './modules/interactions/conversation.service';
import { expireReminderJob } from './modules/interactions/interactions.jobs';
import { pruneContactDaysJob } from './modules/metrics/metrics.jobs';
import { pruneContactDays } from './modules/metrics/metrics.service';
import { purgePastApiTokenCalls } from './modules/sessions/api-token-budget';
import { purgeExpiredSessionsJob } from './modules/sessions/session.jobs';
import { purgeExpiredSessions } from './modules/sessions/session.service';
import { pruneEventsBefore } from './realtime/event-store';
import { pruneEventsJob } from './realtime/realtime.jobs';
import { deliverDueWebhooks } from './modules/webhooks/webhook-delivery.service';
import { deliverWebhooksJob, pruneWebhookDeliveriesJob } from './modules/webhooks/webhooks.jobs';
import { deleteSettledDeliveriesBefore } from './modules/webhooks/webhooks.repository';
import { sendShipmentJob } from './modules/notifications/notifications.jobs';
import { geocodeContactsJob } from './modules/contacts/contacts.jobs';
import { geocodePendingContacts } from './modules/contacts/contact-geocoding.service';
import { deliverShipment } from './modules/notifications/shipment-delivery.service';
import { readNpsEventsJob } from './modules/nps/nps.jobs';
import { runCampaignJob } from './modules/campaigns/campaigns.jobs';
import { runCampaign } from './modules/campaigns/campaign-sender';
import { readAllNpsEvents } from './modules/nps/nps-events';
import {
  expireMeetingJob,
  meetingReminderJob,
  startMeetingJob,
} from './modules/meetings/meetings.jobs';
import {
  expireMeeting,
  sendMeetingReminder,
  startMeeting,
} from './modules/meetings/meetings.service';

/*
 * Every queue of the application with what handles it: the one place job handlers are bound, as
 * router.ts is for procedures. A module declares its queues (names, schemas, schedules) in
 * `<module>.jobs.ts` and its services enqueue them; the handler is a call into a service here.
 * Only app.ts imports this file (and tests that run a job as the worker would), so no service
 * imports a handler and no job file imports a service.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export const appJobs: readonly BoundJob<AppDeps>[] = [
  bindJob(purgeExpiredSessionsJob, async (_data, deps) => {
    const count = await purgeExpiredSessions(deps.db);
    const minutes = await purgePastApiTokenCalls(deps.db);
    deps.logger.info({ count, minutes }, 'sessions: purged expired sessions and API token counts');
  }),
  bindJob(pruneEventsJob, async ({ retentionDays }, deps) => {
    const count = await pruneEventsBefore(deps.db, new Date(Date.now() - retentionDays * DAY_MS));
    deps.logger.info({ count, retentionDays }, 'realtime: pruned old events');
  }),
  bindJob(pruneContactDaysJob, async ({ keepDays }, deps) => {
    const { count, before } = await pruneContactDays(deps.db, keepDays);
    deps.logger.info({ count, before }, 'metrics: pruned follow-up days');
  }),
  bindJob(purgeLoginAttemptsJob, async (_data, deps) => {
    const count = await purgeLoginAttempts(deps.db);
    deps.logger.debug({ count }, 'auth: purged old login attempts');
  }),
  bindJob(expireReminderJob, (data, deps) => expireReminder(deps.db, data)),
  bindJob(sendChannelMessageJob, async (data, deps) => {
    await deliverMessage(deps, data.tenantId, data.interactionId);
  }),
  bindJob(fetchChannelMediaJob, (data, deps) => storeInboundMedia(deps, data)),
  bindJob(markChannelReadJob, (data, deps) =>
    sendReadReceipt(deps, data.tenantId, data.interactionId),
  ),
  bindJob(sendScheduledMessageJob, (data, deps) =>
    sendScheduledMessage(deps, data.tenantId, data.interactionId, now(), {
      email: sendScheduledEmail,
    }),
  ),
  bindJob(sendEmailJob, (data, deps) =>
    deliverEmail(deps, data.tenantId, data.interactionId, now()),
  ),
  bindJob(syncMailboxesJob, async (_data, deps) => {
    for (const mailbox of await mailboxesToSync(deps)) {
      await deps.jobs.send(
        syncMailboxJob,
        { tenantId: mailbox.tenantId, accountId: mailbox.id },
        { singletonKey: mailbox.id },
      );
      // The next watcher waits to take over from the running one (or starts one that ended).
      await queueMailboxWatch(deps, mailbox.tenantId, mailbox.id);
    }
  }),
  bindJob(watchMailboxJob, (data, deps) => watchMailbox(deps, data.tenantId, data.accountId)),
  bindJob(syncMailboxJob, async (data, deps) => {
    const result = await syncMailbox(deps, data.tenantId, data.accountId);
    if (result.read) deps.logger.info({ ...data, ...result }, 'email: mailbox synced');
  }),
  bindJob(readNylasHistoryJob, async (data, deps) => {
    const queued = await readNylasHistory(deps, data);
    if (queued) deps.logger.info({ ...data, queued }, 'email: Nylas history page read');
  }),
  bindJob(takeNylasMessageJob, async (data, deps) => {
    const stored = await takeNylasMessage(deps, data);
    if (stored) deps.logger.info({ ...data, stored }, 'email: Nylas mail stored');
  }),
  bindJob(purgeUnattachedUploadsJob, async (_data, deps) => {
    const result = await purgeUnattachedUploads(deps);
    deps.logger.info(result, 'files: purged unattached uploads');
  }),
  bindJob(deliverWebhooksJob, async (_data, deps) => {
    await deliverDueWebhooks(deps);
  }),
  bindJob(pruneWebhookDeliveriesJob, async ({ keepDays }, deps) => {
    const count = await deleteSettledDeliveriesBefore(
      deps.db,
      new Date(Date.now() - keepDays * DAY_MS),
    );
    deps.logger.info({ count, keepDays }, 'webhooks: pruned old deliveries');
  }),
  bindJob(sendShipmentJob, async (data, deps) => {
    const result = await deliverShipment(deps, data);
    const delivered = result.batches.reduce((sum, batch) => sum + batch, 0);
    if (result.finished) deps.logger.info({ ...data, delivered }, 'notifications: shipment sent');
  }),
  bindJob(meetingReminderJob, (data, deps) => sendMeetingReminder(deps, data)),
  bindJob(startMeetingJob, (data, deps) => startMeeting(deps, data)),
  bindJob(expireMeetingJob, (data, deps) => expireMeeting(deps, data)),
  bindJob(geocodeContactsJob, async ({ limit }, deps) => {
    const result = await geocodePendingContacts(deps, limit);
    if (result.looked) deps.logger.info(result, 'contacts: addresses geocoded for the map');
  }),
  bindJob(readNpsEventsJob, (_data, deps) => readAllNpsEvents(deps)),
  bindJob(runCampaignJob, (data, deps) => runCampaign(deps, data.tenantId, data.campaignId)),
];

/** Runs one job as a worker would (its data parsed by the queue's schema): for tests. */
export async function runJob<TSchema extends z.ZodType>(
  definition: JobDefinition<TSchema>,
  data: z.input<TSchema>,
  deps: AppDeps,
): Promise<void> {
  const bound = appJobs.find((job) => job.definition === definition);
  if (!bound) throw new Error(`job "${definition.name}" has no handler in app-jobs.ts`);
  await bound.handler(data, deps);
}
