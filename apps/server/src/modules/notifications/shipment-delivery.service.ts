import type { Database } from '@cartera/db/client';
import type { NotificationShipment } from '@cartera/db/schema';
import { newId } from '@cartera/domain/ids';
import { shipmentSetting } from '@cartera/domain/notifications';
import { appendEvent } from '../../realtime/event-store';
import { now } from '../../lib/clock';
import {
  audienceBatch,
  countShipmentNotifications,
  findShipment,
  insertNotifications,
  updateShipmentRow,
} from './notifications.repository';

/*
 * Delivering a shipment (the `notifications.send-shipment` job; issue #41): its audience is
 * walked in (company, user) key order, a batch at a time, each batch one short transaction that
 * inserts the batch's notifications (once per shipment and user: the unique index and
 * `on conflict do nothing`) and announces those it inserted to their users, one live event per
 * company. A job stopped half-way and run again walks from the start: what is there stays, what
 * is missing is added, and nobody is told twice. The last batch in, the shipment is 'sent' with
 * the count delivered.
 */

/** Users per batch: one transaction never inserts more. */
export const SHIPMENT_BATCH_SIZE = 500;

export interface DeliveryOptions {
  batchSize?: number;
  /** Stops after this many batches, leaving the shipment 'sending' (a test's crash half-way). */
  maxBatches?: number;
}

export interface DeliveryResult {
  /** The notifications each batch inserted (what it had not already delivered). */
  batches: number[];
  /** Whether it delivered the last batch and marked the shipment sent. */
  finished: boolean;
}

/** Whether the job should deliver it: not sent yet, and the moment it was queued for is still its. */
function due(shipment: NotificationShipment | undefined, notBefore: string | null) {
  if (!shipment || shipment.status === 'sent' || shipment.status === 'draft') return false;
  if (shipment.status === 'scheduled') {
    return notBefore !== null && shipment.scheduledAt?.toISOString() === notBefore;
  }
  return true;
}

export async function deliverShipment(
  deps: { db: Database },
  data: { tenantId: string; shipmentId: string; notBefore: string | null },
  options: DeliveryOptions = {},
): Promise<DeliveryResult> {
  const batchSize = options.batchSize ?? SHIPMENT_BATCH_SIZE;
  const result: DeliveryResult = { batches: [], finished: false };
  let shipment = await findShipment(deps.db, data.tenantId, data.shipmentId);
  if (!shipment || !due(shipment, data.notBefore)) return result;
  if (shipment.status === 'scheduled') {
    shipment = await updateShipmentRow(
      deps.db,
      data.tenantId,
      data.shipmentId,
      { status: 'sending', sendingAt: now() },
      ['scheduled'],
    );
    if (!shipment) return result;
  } else if (!shipment.sendingAt) {
    await updateShipmentRow(deps.db, data.tenantId, data.shipmentId, { sendingAt: now() });
  }
  const content = {
    shipmentId: shipment.id,
    kind: shipment.popup ? ('right-bottom-notification' as const) : ('banner' as const),
    title: shipment.title,
    body: shipment.description,
    setting: shipmentSetting({
      title: shipment.title,
      description: shipment.description,
      image: shipment.image,
      type: shipment.mediaType,
      redirectURL: shipment.redirectUrl,
      popup: shipment.popup,
    }),
  };
  let after: { tenantId: string; id: string } | null = null;
  for (;;) {
    if (options.maxBatches !== undefined && result.batches.length >= options.maxBatches) {
      return result;
    }
    const batch = await audienceBatch(deps.db, shipment, after, batchSize);
    if (!batch.length) break;
    after = batch[batch.length - 1]!;
    const inserted = await deps.db.transaction(async (tx) => {
      const rows = await insertNotifications(
        tx,
        batch.map((user) => ({
          tenantId: user.tenantId,
          id: newId(),
          userId: user.id,
          ...content,
        })),
      );
      const byTenant = new Map<string, string[]>();
      for (const row of rows) {
        const userIds = byTenant.get(row.tenantId);
        if (userIds) userIds.push(row.userId);
        else byTenant.set(row.tenantId, [row.userId]);
      }
      for (const [tenantId, userIds] of byTenant) {
        await appendEvent(tx, {
          tenantId,
          type: 'notification.delivered',
          topic: 'notifications',
          payload: { shipmentId: content.shipmentId, kind: content.kind },
          audience: { userIds },
        });
      }
      return rows.length;
    });
    result.batches.push(inserted);
    if (batch.length < batchSize) break;
  }
  const delivered = await countShipmentNotifications(deps.db, shipment.id);
  await updateShipmentRow(deps.db, data.tenantId, data.shipmentId, {
    status: 'sent',
    sentAt: now(),
    delivered,
  });
  result.finished = true;
  return result;
}
