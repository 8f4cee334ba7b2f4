import { createHmac } from 'node:crypto';
import {
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from '@cartera/domain/webhooks';
import type { AppDeps } from '../../deps';
import { outboundRequest } from '../../lib/outbound';
import { openSecret } from '../../lib/secret-box';
import { recordAudit } from '../audit/audit.service';
import {
  claimDueDeliveries,
  recordDeliveryAttempt,
  updateSubscription,
  type ClaimedDelivery,
} from './webhooks.repository';
import { queuePendingDeliveries } from './webhook-queue';

/*
 * Sending outbound webhooks (issue #36 item 4). A delivery is a POST of
 * `{ id, type, occurredAt, data }` to the subscription's URL through the outbound guard, signed:
 * `x-cartera-timestamp` (seconds since 1970) and `x-cartera-signature: v1=<hex>`, the
 * HMAC-SHA256 of `${timestamp}.${body}` under the subscription's secret (packages/client
 * `verifyWebhook` checks it). Any 2xx answer delivers it; anything else, or no answer, is retried
 * after the waits of WEBHOOK_RETRY_SECONDS until WEBHOOK_RETRY_WINDOW_SECONDS have passed, then
 * it is failed and the contact's next event goes. A subscription whose deliveries fail for
 * WEBHOOK_PAUSE_AFTER_SECONDS is paused and the pause audited.
 */

/** Deliveries leased at once; how long a lease lasts (longer than a send can take). */
const CLAIM_LIMIT = 20;
const LEASE_SECONDS = 60;
/**
 * Rounds of one pass: a delivered event lets its contact's next one go in the same pass; a
 * delivery is attempted at most once a pass.
 */
const ROUNDS = 10;
const SEND_TIMEOUT_MS = 10_000;
/** How often an instance that works jobs looks for due deliveries. */
const POLL_MS = 1_000;

/** `v1=<hex>`: the HMAC-SHA256 of `${timestamp}.${body}` under the secret. */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The body of a delivery: the event without its tenant. */
export function webhookBody(delivery: ClaimedDelivery['delivery']): string {
  return JSON.stringify({
    id: delivery.eventId,
    type: delivery.type,
    occurredAt: delivery.occurredAt.toISOString(),
    data: delivery.payload,
  });
}

async function attempt(claimed: ClaimedDelivery, now: Date) {
  const body = webhookBody(claimed.delivery);
  const timestamp = String(Math.floor(now.getTime() / 1000));
  try {
    const answer = await outboundRequest(claimed.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Cartera-Webhooks/1',
        [WEBHOOK_EVENT_ID_HEADER]: claimed.delivery.eventId,
        [WEBHOOK_TIMESTAMP_HEADER]: timestamp,
        [WEBHOOK_SIGNATURE_HEADER]: webhookSignature(
          openSecret(claimed.secretSealed),
          timestamp,
          body,
        ),
      },
      body,
      timeoutMs: SEND_TIMEOUT_MS,
      maxBytes: 64 * 1024,
    });
    return {
      ok: answer.status >= 200 && answer.status < 300,
      status: answer.status,
      error: null,
    };
  } catch (error) {
    return { ok: false, status: null, error: error instanceof Error ? error.message : 'failed' };
  }
}

async function settle(deps: AppDeps, claimed: ClaimedDelivery, now: Date) {
  const outcome = await attempt(claimed, now);
  const { delivery } = claimed;
  const config = deps.env.webhooks;
  if (outcome.ok) {
    await recordDeliveryAttempt(deps.db, delivery.id, {
      state: 'delivered',
      nextAttemptAt: delivery.nextAttemptAt,
      lastStatusCode: outcome.status,
      lastError: null,
    });
    if (claimed.subscriptionFailingSince) {
      await updateSubscription(deps.db, delivery.tenantId, delivery.subscriptionId, {
        failingSince: null,
      });
    }
    return;
  }
  const done = now.getTime() - delivery.retrySince.getTime() >= config.retryWindowSeconds * 1000;
  const waits = config.retrySeconds;
  const wait = waits[Math.min(delivery.attempts, waits.length - 1)] ?? 0;
  await recordDeliveryAttempt(deps.db, delivery.id, {
    state: done ? 'failed' : 'pending',
    nextAttemptAt: new Date(now.getTime() + wait * 1000),
    lastStatusCode: outcome.status,
    lastError: outcome.error ?? `HTTP ${outcome.status}`,
  });
  await noteFailure(deps, claimed, now);
}

/** Marks the subscription failing since now, or pauses it after failing for long enough. */
async function noteFailure(deps: AppDeps, claimed: ClaimedDelivery, now: Date) {
  const { tenantId, subscriptionId } = claimed.delivery;
  const since = claimed.subscriptionFailingSince;
  if (!since) {
    await updateSubscription(deps.db, tenantId, subscriptionId, { failingSince: now });
    return;
  }
  if (now.getTime() - since.getTime() < deps.env.webhooks.pauseAfterSeconds * 1000) return;
  await deps.db.transaction(async (tx) => {
    // What happened before the pause is queued first, to be sent when the admin resumes it.
    await queuePendingDeliveries(tx, { tenantId, id: subscriptionId });
    const paused = await updateSubscription(tx, tenantId, subscriptionId, { state: 'paused' });
    if (!paused) return;
    // The audit log ('Administración' › audit) is where the company's admins are told: the
    // entry is the system acting on the owner's subscription (no address, no user agent).
    await recordAudit(
      tx,
      {
        actor: { user: { id: paused.createdBy, tenantId }, realUserId: null },
        from: { ip: null, userAgent: 'Cartera webhooks' },
      },
      {
        action: 'webhook.pause',
        targetType: 'webhook',
        targetId: subscriptionId,
        groupId: tenantId,
        tenantId,
        before: { state: 'active', failingSince: since.toISOString() },
        after: { state: 'paused' },
      },
    );
  });
}

/** Statements of queueing a pass runs at most, so sending is never starved by a backlog. */
const QUEUE_STATEMENTS = 20;

/** Moves the subscriptions' cursors towards their company's last event, queueing deliveries. */
export async function queueNewEvents(deps: AppDeps) {
  for (let each = 0; each < QUEUE_STATEMENTS; each++) {
    if ((await queuePendingDeliveries(deps.db)) === 0) return;
  }
}

/**
 * One pass over the due deliveries of every company: queues the new events' deliveries, leases them, sends them side by side and
 * settles each. Answers how many were attempted. The `webhooks.deliver` job and each instance's
 * dispatcher run it; leases keep two instances from sending the same delivery at once.
 */
export async function deliverDueWebhooks(deps: AppDeps): Promise<number> {
  await queueNewEvents(deps);
  const attempted: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const now = new Date();
    const claimed = await claimDueDeliveries(deps.db, now, CLAIM_LIMIT, LEASE_SECONDS, attempted);
    if (!claimed.length) break;
    await Promise.all(
      claimed.map((each) =>
        settle(deps, each, now).catch((error: unknown) =>
          deps.logger.warn({ err: error, delivery: each.delivery.id }, 'webhooks: send failed'),
        ),
      ),
    );
    attempted.push(...claimed.map((each) => each.delivery.id));
  }
  return attempted.length;
}

/**
 * The dispatcher of an instance that works jobs: a pass every second (and at start, so what a
 * stopped instance left is sent), one at a time.
 */
export function startWebhookDispatcher(deps: AppDeps) {
  if (!deps.env.jobsEnabled) return { stop: async () => {} };
  let running = true;
  let working: Promise<unknown> | null = null;
  const wake = () => {
    if (!running || working) return;
    working = deliverDueWebhooks(deps)
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'webhooks: pass failed'))
      .finally(() => {
        working = null;
      });
  };
  const timer = setInterval(wake, POLL_MS);
  timer.unref();
  wake();
  return {
    async stop() {
      running = false;
      clearInterval(timer);
      await working;
    },
  };
}
