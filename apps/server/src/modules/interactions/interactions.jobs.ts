import { z } from 'zod';
import { defineJob } from '../../jobs/define';

/** A reminder reaching its date (03 §4): enqueued with the reminder, run at its date. */
export const expireReminderJob = defineJob({
  name: 'reminders.expire',
  schema: z.object({
    tenantId: z.string().uuid(),
    contactId: z.string().uuid(),
    reminderId: z.string().uuid(),
  }),
  options: { retryLimit: 5, retryDelay: 30, retryBackoff: true },
});
