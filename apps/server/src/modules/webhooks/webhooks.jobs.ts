import { z } from 'zod';
import { defineJob } from '../../jobs/define';

/**
 * Outbound webhooks' sweep (issue #36 item 4): sends the due deliveries of every company. Each
 * instance that works jobs also runs it every second (webhook-delivery.service's dispatcher);
 * the schedule is the floor when none does.
 */
export const deliverWebhooksJob = defineJob({
  name: 'webhooks.deliver',
  schema: z.object({}),
  schedule: { cron: '* * * * *', data: {} },
  options: { retryLimit: 0, expireInSeconds: 5 * 60 },
});

/**
 * Delivered and failed deliveries older than `keepDays` are deleted once a day (pending ones
 * never): the panel shows a subscription's last deliveries, and a failed one can be resent for
 * that long.
 */
export const pruneWebhookDeliveriesJob = defineJob({
  name: 'webhooks.prune-deliveries',
  schema: z.object({ keepDays: z.number().int().min(1).max(365).default(30) }),
  schedule: { cron: '50 3 * * *', data: { keepDays: 30 } },
});
