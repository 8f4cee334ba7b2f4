import { z } from 'zod';
import { defineJob } from '../../jobs/define';

/**
 * A campaign's sender (campaigns.service.ts `runCampaign`): one running and one waiting at most
 * per campaign (its id is the singleton key). A run sends for under a minute, then queues the
 * next; a run that dies is tried again after its expiry, and the retry turns what the dead one
 * had in flight into 'unknown' before sending on.
 */
export const runCampaignJob = defineJob({
  name: 'campaigns.run',
  schema: z.object({ tenantId: z.uuid(), campaignId: z.uuid() }),
  options: { policy: 'stately', retryLimit: 20, retryDelay: 5, expireInSeconds: 120 },
});
