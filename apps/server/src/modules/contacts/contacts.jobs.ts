import { z } from 'zod';
import { defineJob } from '../../jobs/define';

/**
 * The contact map's geocoding (issue #44 item 1): every minute, addresses saved without
 * coordinates (a new or changed address, typed by hand or stored before the map existed) are
 * looked up through Google Places, `limit` at a time (contact-geocoding.service).
 */
export const geocodeContactsJob = defineJob({
  name: 'contacts.geocode',
  schema: z.object({ limit: z.number().int().min(1).max(500).default(100) }),
  schedule: { cron: '* * * * *', data: { limit: 100 } },
  options: { policy: 'stately', retryLimit: 0, expireInSeconds: 300 },
});
