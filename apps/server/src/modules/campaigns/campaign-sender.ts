import { and, eq } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { campaigns, contacts } from '@cartera/db/schema';
import { foldOptOutWord, OPT_OUT_WORDS } from '@cartera/domain/campaigns';
import { newId } from '@cartera/domain/ids';
import { COMPANY_TIME_ZONE, zoneOffset } from '@cartera/domain/time-zone';
import type { AppDeps } from '../../deps';
import { deliverMessage } from '../channels/channel-delivery.service';
import { storeCampaignMessage, templateChannel } from '../channels/channel-outbound.service';
import { runCampaignJob } from './campaigns.jobs';
import {
  companyOptOutWords,
  findCampaign,
  hasPending,
  insertRecipients,
  markInFlightUnknown,
  recordOptOuts,
  segmentPage,
  setRecipient,
  takeNextRecipient,
  takeSendSlot,
  type CampaignRow,
  type RecipientInsert,
} from './campaigns.repository';
import { parametersOf, type SegmentContact } from './campaign-values';

/*
 * A campaign's sender (issue #42 item 2): the `campaigns.run` job writes the recipients once,
 * then sends each pending one's template through the channel's shared throttle, inside the
 * company's daily window. Nothing is sent twice: a recipient is marked 'sending' and committed
 * before the provider is called; one left 'sending' by a server that died becomes 'unknown'.
 */

/** The throttle keeps this share of the rate asked for, a margin for the network's jitter. */
const RATE_MARGIN = 0.9;
/** A job sends for at most this long, then hands over to the next run of itself. */
const SLICE_MS = 45_000;
/** How often a running send reads the campaign's status again (a pause takes effect). */
const STATUS_EVERY_MS = 500;
/** Contacts read at a time when the recipients are written. */
const PREPARE_PAGE = 1_000;

/**
 * Writes a campaign's recipients once (its `started_at` says they are written): every contact of
 * the segment, skipped when opted out, without a phone or without a value a placeholder needs.
 */
async function prepareRecipients(deps: AppDeps, campaign: CampaignRow) {
  const words = [
    ...new Set([
      ...OPT_OUT_WORDS,
      ...(await companyOptOutWords(deps.db, campaign.tenantId)).map(foldOptOutWord),
    ]),
  ];
  await deps.db.transaction(async (tx) => {
    let after: string | null = null;
    for (;;) {
      const page: SegmentContact[] = await segmentPage(
        tx,
        campaign.tenantId,
        campaign.segment,
        after,
        PREPARE_PAGE,
      );
      if (!page.length) break;
      after = page[page.length - 1]!.id;
      const optedOut = await recordOptOuts(
        tx,
        campaign.tenantId,
        page.map((contact) => contact.id),
        words,
      );
      const rows: RecipientInsert[] = page.map((contact) => {
        const base = {
          tenantId: campaign.tenantId,
          campaignId: campaign.id,
          contactId: contact.id,
        };
        const phone = contact.phones[0] ?? null;
        if (optedOut.has(contact.id))
          return { ...base, phone, state: 'skipped', reason: 'OPTED_OUT' };
        if (!phone) return { ...base, state: 'skipped', reason: 'CONTACT_WITHOUT_PHONE_NUMBER' };
        const { missing } = parametersOf(campaign.parameters, contact);
        if (missing.length) {
          return {
            ...base,
            phone,
            state: 'skipped',
            reason: 'MISSING_VALUES',
            detail: missing.join(', '),
          };
        }
        return { ...base, phone, state: 'pending' };
      });
      await insertRecipients(tx, rows);
    }
    await tx
      .update(campaigns)
      .set({ startedAt: new Date() })
      .where(and(eq(campaigns.tenantId, campaign.tenantId), eq(campaigns.id, campaign.id)));
  });
}

/**
 * When the company's daily window next opens, or null while it is open (hours on the company's
 * clock; the window ends at `end`:00).
 */
export function nextWindowOpening(now: number, start: number, end: number): Date | null {
  const offset = zoneOffset(now, COMPANY_TIME_ZONE);
  const wall = new Date(now + offset);
  const hour = wall.getUTCHours();
  if (hour >= start && hour < end) return null;
  const opening = Date.UTC(
    wall.getUTCFullYear(),
    wall.getUTCMonth(),
    wall.getUTCDate() + (hour >= end ? 1 : 0),
    start,
  );
  return new Date(opening - zoneOffset(opening - offset, COMPANY_TIME_ZONE));
}

async function contactForSend(db: Executor, tenantId: string, contactId: string) {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, contactId)));
  return row;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * The campaign's sender (the `campaigns.run` job, one at a time per campaign): writes the
 * recipients if not yet written, turns recipients a dead sender left 'sending' into 'unknown',
 * then sends pending ones through the channel's throttle for up to SLICE_MS, and hands over to
 * its next run (at once, or when the window opens), or finishes the campaign.
 */
export async function runCampaign(deps: AppDeps, tenantId: string, campaignId: string) {
  let campaign = await findCampaign(deps.db, tenantId, campaignId);
  if (!campaign || (campaign.status !== 'sending' && campaign.status !== 'scheduled')) return;
  if (campaign.status === 'scheduled') {
    await deps.db
      .update(campaigns)
      .set({ status: 'sending', updatedAt: new Date() })
      .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, campaignId)));
    campaign = { ...campaign, status: 'sending' };
  }
  if (!campaign.startedAt) await prepareRecipients(deps, campaign);
  // One run at a time per campaign (the job's singleton key): any 'sending' left is a dead one's.
  const lost = await markInFlightUnknown(deps.db, tenantId, campaignId);
  if (lost) deps.logger.warn({ campaignId, lost }, 'campaigns: messages in flight at a crash');

  const sending = await templateChannel(deps.db, tenantId, campaign.channelId);
  const opening = nextWindowOpening(Date.now(), campaign.windowStart, campaign.windowEnd);
  if (opening) {
    await deps.jobs.send(
      runCampaignJob,
      { tenantId, campaignId },
      { singletonKey: campaignId, startAfter: opening },
    );
    return;
  }

  const stepMs = 1000 / (campaign.ratePerSecond * RATE_MARGIN);
  const deadline = Date.now() + SLICE_MS;
  let status = campaign.status;
  let statusReadAt = Date.now();
  const current = async () => {
    if (Date.now() - statusReadAt > STATUS_EVERY_MS) {
      statusReadAt = Date.now();
      status = (await findCampaign(deps.db, tenantId, campaignId))?.status ?? 'canceled';
    }
    return status;
  };
  const sendNext = async (): Promise<boolean> => {
    if ((await current()) !== 'sending' || Date.now() > deadline) return false;
    if (nextWindowOpening(Date.now(), campaign!.windowStart, campaign!.windowEnd)) return false;
    const taken = await takeNextRecipient(deps.db, tenantId, campaignId);
    if (!taken) return false;
    const key = { tenantId, campaignId, contactId: taken.contactId };
    const contact = await contactForSend(deps.db, tenantId, taken.contactId);
    if (!contact || !sending) {
      await setRecipient(deps.db, key, {
        state: 'failed',
        reason: contact ? 'CHANNEL_NOT_FOUND' : 'CONTACT_NOT_FOUND',
      });
      return true;
    }
    const { values, missing } = parametersOf(campaign!.parameters, contact);
    if (missing.length) {
      await setRecipient(deps.db, key, {
        state: 'failed',
        reason: 'MISSING_VALUES',
        detail: missing.join(', '),
      });
      return true;
    }
    const interactionId = newId();
    await deps.db.transaction(async (tx) => {
      await storeCampaignMessage(tx, sending.channel, contact, {
        id: interactionId,
        to: taken.phone,
        template: {
          name: campaign!.templateName,
          language: campaign!.templateLanguage,
          parameters: values,
        },
        campaign: { id: campaign!.id, name: campaign!.name },
      });
      await setRecipient(tx, key, { interactionId });
    });
    const slot = await takeSendSlot(deps.db, tenantId, campaign!.channelId, stepMs);
    await sleep(slot.getTime() - Date.now());
    const outcome = await deliverMessage(deps, tenantId, interactionId, { retry: false }).catch(
      (error: unknown) => {
        deps.logger.warn({ err: error, campaignId, interactionId }, 'campaigns: send failed');
        return { sent: false as const, code: 'SEND_MESSAGE_ERROR' };
      },
    );
    await setRecipient(
      deps.db,
      key,
      outcome.sent
        ? { state: 'sent', sentAt: new Date() }
        : { state: 'failed', reason: outcome.code },
    );
    return true;
  };
  // Enough senders that the provider's answer time does not hold the rate back.
  const lanes = Math.min(8, Math.max(1, Math.ceil(campaign.ratePerSecond / 10)));
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (await sendNext());
    }),
  );

  const after = await findCampaign(deps.db, tenantId, campaignId);
  if (!after || after.status !== 'sending') return;
  if (await hasPending(deps.db, tenantId, campaignId)) {
    const reopens = nextWindowOpening(Date.now(), after.windowStart, after.windowEnd);
    await deps.jobs.send(
      runCampaignJob,
      { tenantId, campaignId },
      { singletonKey: campaignId, ...(reopens ? { startAfter: reopens } : {}) },
    );
    return;
  }
  await deps.db
    .update(campaigns)
    .set({ status: 'done', finishedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, campaignId)));
}
