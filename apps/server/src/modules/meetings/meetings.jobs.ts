import { z } from 'zod';
import { defineJob } from '../../jobs/define';

/*
 * A meeting's moments (issue #40), enqueued with it and run at their time: each reminder, its
 * start (active → inProgress) and its end (→ expired, with an 'expired-meeting' item).
 */

const ZMeetingJob = z.object({ tenantId: z.string().uuid(), meetingId: z.string().uuid() });
const RETRIES = { retryLimit: 5, retryDelay: 30, retryBackoff: true } as const;

export const meetingReminderJob = defineJob({
  name: 'meetings.reminder',
  schema: ZMeetingJob.extend({ index: z.number().int().min(0).max(2) }),
  options: { ...RETRIES, expireInSeconds: 120 },
});

export const startMeetingJob = defineJob({
  name: 'meetings.start',
  schema: ZMeetingJob,
  options: RETRIES,
});

export const expireMeetingJob = defineJob({
  name: 'meetings.expire',
  schema: ZMeetingJob,
  options: RETRIES,
});
