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
