import { randomBytes } from 'node:crypto';
import type { Database } from '@cartera/db/client';
import type { WebhookDelivery, WebhookSubscription } from '@cartera/db/schema';
import { DomainError } from '@cartera/domain/errors';
import { newId } from '@cartera/domain/ids';
import {
  WEBHOOK_TEST_EVENT,
  type WebhookDeliveryView,
  type WebhookSubscriptionView,
  type ZWebhookCreateInput,
  type ZWebhookUpdateInput,
} from '@cartera/domain/webhooks';
import type { z } from 'zod';
import { checkOutboundTarget } from '../../lib/outbound';
import { sealSecret } from '../../lib/secret-box';
import { recordAudit, type AuditBy } from '../audit/audit.service';
import type { AuthUser } from '../sessions/session.types';
import {
  deleteSubscription,
  findDelivery,
  findSubscription,
  insertDelivery,
  insertSubscription,
  listDeliveries,
  listSubscriptions,
  requeueDelivery,
  updateSubscription,
} from './webhooks.repository';
import { queuePendingDeliveries } from './webhook-queue';

/*
 * Outbound webhooks managed in 'Mi Empresa' › 'Seguridad e integraciones' (issue #36 item 4): a
 * company's URLs subscribed to event types. What queues deliveries is webhook-queue.ts (from the
 * event log, after commit); what sends them is webhook-delivery.service.ts.
 */

/** The last deliveries a subscription shows. */
export const DELIVERIES_SHOWN = 50;

function viewOf(row: WebhookSubscription): WebhookSubscriptionView {
  return {
    id: row.id,
    url: row.url,
    eventTypes: row.eventTypes,
    state: row.state as WebhookSubscriptionView['state'],
    createdBy: row.createdBy,
    failingSince: row.failingSince,
    createdAt: row.createdAt,
  };
}

function deliveryViewOf(row: WebhookDelivery): WebhookDeliveryView {
  return {
    id: row.id,
    eventId: row.eventId,
    type: row.type,
    contactId: row.contactId,
    state: row.state as WebhookDeliveryView['state'],
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    nextAttemptAt: row.nextAttemptAt,
    occurredAt: row.occurredAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function audited(row: WebhookSubscription) {
  return { url: row.url, eventTypes: row.eventTypes, state: row.state };
}

function target(tenantId: string, id: string) {
  return { targetType: 'webhook' as const, targetId: id, groupId: tenantId, tenantId };
}

async function existing(db: Database, tenantId: string, id: string) {
  const row = await findSubscription(db, tenantId, id);
  if (!row) throw new DomainError('WEBHOOK_SUBSCRIPTION_NOT_FOUND');
  return row;
}

export async function listWebhooks(db: Database, tenantId: string) {
  return (await listSubscriptions(db, tenantId)).map(viewOf);
}

/**
 * A new subscription of the caller (its owner: only events the caller may see are sent). The URL
 * must pass the outbound guard now; the secret is answered once and stored sealed. Audited.
 */
export async function createWebhook(
  db: Database,
  user: AuthUser,
  input: z.output<typeof ZWebhookCreateInput>,
  by: AuditBy,
) {
  await checkOutboundTarget(input.url);
  const secret = `whsec_${randomBytes(32).toString('base64url')}`;
  const row = await db.transaction(async (tx) => {
    const created = await insertSubscription(tx, {
      tenantId: user.tenantId,
      url: input.url,
      eventTypes: input.eventTypes,
      secretSealed: sealSecret(secret),
      createdBy: user.id,
    });
    await recordAudit(tx, by, {
      action: 'webhook.create',
      ...target(user.tenantId, created.id),
      before: null,
      after: audited(created),
    });
    return created;
  });
  return { ...viewOf(row), secret };
}

/** Changes the URL (checked by the guard), the types, or pauses and resumes. Audited. */
export async function updateWebhook(
  db: Database,
  tenantId: string,
  input: z.output<typeof ZWebhookUpdateInput>,
  by: AuditBy,
) {
  const before = await existing(db, tenantId, input.id);
  if (input.url !== undefined) await checkOutboundTarget(input.url);
  const row = await db.transaction(async (tx) => {
    // What happened before a pause is still sent; what happens while paused is not.
    if (input.state === 'paused' && before.state === 'active') {
      await queuePendingDeliveries(tx, { tenantId, id: input.id });
    }
    const updated = await updateSubscription(tx, tenantId, input.id, {
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.eventTypes !== undefined ? { eventTypes: input.eventTypes } : {}),
      // Resuming starts the failure count again, and the deliveries at what happens from now:
      // a paused subscription queues nothing.
      ...(input.state !== undefined ? { state: input.state, failingSince: null } : {}),
      ...(input.state === 'active' && before.state !== 'active'
        ? { queuedThroughNow: true as const }
        : {}),
    });
    if (!updated) throw new DomainError('WEBHOOK_SUBSCRIPTION_NOT_FOUND');
    await recordAudit(tx, by, {
      action: 'webhook.update',
      ...target(tenantId, updated.id),
      before: audited(before),
      after: audited(updated),
    });
    return updated;
  });
  return viewOf(row);
}

/** Deletes a subscription and its deliveries. Audited. */
export async function removeWebhook(db: Database, tenantId: string, id: string, by: AuditBy) {
  await db.transaction(async (tx) => {
    const removed = await deleteSubscription(tx, tenantId, id);
    if (!removed) throw new DomainError('WEBHOOK_SUBSCRIPTION_NOT_FOUND');
    await recordAudit(tx, by, {
      action: 'webhook.remove',
      ...target(tenantId, id),
      before: audited(removed),
      after: null,
    });
  });
  return { ok: true as const };
}

/** A subscription's last deliveries with their status codes, newest first. */
export async function webhookDeliveries(db: Database, tenantId: string, subscriptionId: string) {
  await existing(db, tenantId, subscriptionId);
  return (await listDeliveries(db, tenantId, subscriptionId, DELIVERIES_SHOWN)).map(deliveryViewOf);
}

/** Sends one delivery again (failed or not): due now, with a new retry window. */
export async function resendWebhookDelivery(
  db: Database,
  tenantId: string,
  input: { subscriptionId: string; deliveryId: string },
) {
  await existing(db, tenantId, input.subscriptionId);
  const delivery = await findDelivery(db, tenantId, input.subscriptionId, input.deliveryId);
  if (!delivery) throw new DomainError('WEBHOOK_DELIVERY_NOT_FOUND');
  const row = await requeueDelivery(db, tenantId, delivery.id, new Date());
  if (!row) throw new DomainError('WEBHOOK_DELIVERY_NOT_FOUND');
  return deliveryViewOf(row);
}

/** Queues a `webhook.test` event to the subscription, whatever its types. */
export async function sendWebhookTest(db: Database, tenantId: string, subscriptionId: string) {
  await existing(db, tenantId, subscriptionId);
  const now = new Date();
  const row = await insertDelivery(db, {
    tenantId,
    subscriptionId,
    eventId: `test_${newId()}`,
    type: WEBHOOK_TEST_EVENT,
    payload: { message: 'Cartera webhook test' },
    occurredAt: now,
  });
  return deliveryViewOf(row);
}
