import { z } from 'zod';
import { defineJob } from '../../jobs/define';

/**
 * Delivers a shipment (issue #41): its audience's notifications in batches, each batch its own
 * transaction, once per user whatever runs it again (a retry, a second instance, the scheduled
 * job after an immediate send). `notBefore` is the moment it was scheduled for: a job whose
 * shipment was scheduled again for another moment does nothing.
 */
export const sendShipmentJob = defineJob({
  name: 'notifications.send-shipment',
  schema: z.object({
    tenantId: z.uuid(),
    shipmentId: z.uuid(),
    notBefore: z.iso.datetime().nullable().default(null),
  }),
  options: { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 30 * 60 },
});
