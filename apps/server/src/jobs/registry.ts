import { purgeLoginAttemptsJob } from '../modules/auth/auth.jobs';
import {
  fetchChannelMediaJob,
  markChannelReadJob,
  sendChannelMessageJob,
  sendScheduledMessageJob,
} from '../modules/channels/channels.jobs';
import { purgeUnattachedUploadsJob } from '../modules/files/files.jobs';
import { expireReminderJob } from '../modules/interactions/interactions.jobs';
import { pruneContactDaysJob } from '../modules/metrics/metrics.jobs';
import { purgeExpiredSessionsJob } from '../modules/sessions/session.jobs';
import { pruneEventsJob } from '../realtime/realtime.jobs';
import type { JobDefinition } from './define';

/** Every queue of the application. A module adds its jobs here. */
export const jobDefinitions: readonly JobDefinition[] = [
  purgeExpiredSessionsJob,
  pruneEventsJob,
  pruneContactDaysJob,
  purgeLoginAttemptsJob,
  expireReminderJob,
  sendChannelMessageJob,
  fetchChannelMediaJob,
  markChannelReadJob,
  sendScheduledMessageJob,
  purgeUnattachedUploadsJob,
];
