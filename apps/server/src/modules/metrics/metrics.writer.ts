import type { Executor } from '@cartera/db/client';
import {
  followsUp,
  interactionEffects,
  metricsDay,
  NEW_CONTACT_DIMENSION,
  waitAfter,
  waitDirection,
  type MetricEffect,
  type MetricItem,
} from '@cartera/domain/metrics';
import { sql, type SQL } from 'drizzle-orm';
import { addToRollups, rollupsAlongside, touchContactWait } from './metrics.repository';

/*
 * The rollups writer (issue #16): called inside the transaction of the event that changes a
 * figure, by the timeline writer for every item and by the contacts' insert for a contact
 * created with an agent. The metrics themselves are packages/domain/src/metrics.ts.
 */

/**
 * Touches the contact for a new timeline item (its last interaction and the customer's answer
 * wait); answers what the item counts, written with the item's event (`countsAlongside`).
 */
export async function touchForInteraction(
  tx: Executor,
  tenantId: string,
  contactId: string,
  item: MetricItem,
  at: Date,
  /** An item from before the channel was connected (a mailbox's older mail): no wait moves. */
  history = false,
): Promise<PendingCounts> {
  const direction = history ? null : waitDirection(item);
  const answering = direction === 'out' && item.actorId !== null && !item.createdBySystem;
  const wait = direction === 'in' ? 'start' : answering ? 'end' : 'keep';
  const waitingSince = await touchContactWait(tx, tenantId, contactId, at, wait);
  const effects: MetricEffect[] = interactionEffects(item);
  const response = answering ? waitAfter(item, waitingSince, at).response : null;
  if (response) {
    effects.push({ metric: 'responses', userId: response.userId, value: 1 });
    effects.push({ metric: 'responseSeconds', userId: response.userId, value: response.seconds });
  }
  const followUp = followsUp(item) && item.actorId ? item.actorId : null;
  return { tenantId, contactId, day: metricsDay(at), effects, followUp };
}

export interface PendingCounts {
  tenantId: string;
  contactId: string;
  day: string;
  effects: MetricEffect[];
  /** The seller who followed the contact up, for singleTracing. */
  followUp: string | null;
}

/**
 * An item's counts as parts of its event's statement: `announceInteraction` hands them to
 * `appendEvent`, so they cost no round trip of their own.
 */
export function countsAlongside(counts: PendingCounts): SQL | undefined {
  return rollupsAlongside({
    tenantId: counts.tenantId,
    day: counts.day,
    effects: counts.effects,
    followUp: counts.followUp ? { userId: counts.followUp, contactId: counts.contactId } : null,
  });
}

/**
 * Several items' additions to one day's rollups, added up, in a statement of their own (the
 * webhook inbox's batches of customers' messages: inbound-writer.ts `DeferredRollups`).
 */
export async function addDayCounts(
  tx: Executor,
  tenantId: string,
  day: string,
  effects: readonly MetricEffect[],
) {
  const parts = rollupsAlongside({ tenantId, day, effects, followUp: null });
  if (parts) await tx.execute(sql`with ${parts} select 1`);
}

/**
 * A contact created for a seller counts in their `contacts` of the day it was created, in the
 * dimension 'created', which only this adds to.
 */
export async function countNewContact(
  tx: Executor,
  contact: { tenantId: string; agentId: string | null; createdAt: Date },
) {
  if (!contact.agentId) return;
  await addToRollups(tx, contact.tenantId, metricsDay(contact.createdAt), [
    { metric: 'contacts', userId: contact.agentId, value: 1, dimension: NEW_CONTACT_DIMENSION },
  ]);
}
