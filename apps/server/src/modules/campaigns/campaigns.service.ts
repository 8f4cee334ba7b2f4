import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { campaigns, contacts, type CampaignParameter } from '@cartera/db/schema';
import {
  CAMPAIGN_STATUSES,
  foldOptOutWord,
  OPT_OUT_WORDS,
  RECIPIENT_STATES,
  ZCampaignInput,
  ZCampaignParameter,
  ZCampaignSegment,
  type CampaignInput,
  type CampaignSegmentInput,
} from '@cartera/domain/campaigns';
import { templateParameterCount } from '@cartera/domain/channels';
import { DomainError } from '@cartera/domain/errors';
import { format } from '@cartera/domain/i18n';
import { campaignsEs } from '@cartera/domain/i18n/campaigns';
import { newId } from '@cartera/domain/ids';
import { COMPANY_TIME_ZONE, zoneOffset } from '@cartera/domain/time-zone';
import type { AppDeps } from '../../deps';
import type { AuthUser } from '../sessions/session.types';
import { contactScope } from '../access/contacts';
import { deliverMessage } from '../channels/channel-delivery.service';
import { storeCampaignMessage, templateChannel } from '../channels/channel-outbound.service';
import { runCampaignJob } from './campaigns.jobs';
import {
  campaignFigures,
  companyOptOutWords,
  findCampaign,
  hasPending,
  insertRecipients,
  listCampaignRows,
  lockCampaign,
  markInFlightUnknown,
  recipientsPage,
  recordOptOuts,
  segmentPage,
  segmentPreview,
  setRecipient,
  takeNextRecipient,
  takeSendSlot,
  type CampaignRow,
  type RecipientInsert,
} from './campaigns.repository';

/*
 * Campaigns (issue #42 item 2): an approved WhatsApp template to a segment of the company's
 * contacts. Starting one writes its recipients (each contact once: skipped when opted out,
 * without a phone or without a value a placeholder needs); a durable job then sends them one by
 * one, each through the channel's throttle (`channel_send_slots`, shared by every instance),
 * inside the company's daily window, until none is pending or the campaign is paused.
 *
 * Nothing is sent twice: a recipient is marked 'sending' and committed before the provider is
 * called; one left 'sending' by a server that died is 'unknown' (never sent again).
 */

const t = campaignsEs.validation;

/** The throttle keeps this share of the rate asked for, a margin for the network's jitter. */
const RATE_MARGIN = 0.9;
/** A job sends for at most this long, then hands over to the next run of itself. */
const SLICE_MS = 45_000;
/** How often a running send reads the campaign's status again (a pause takes effect). */
const STATUS_EVERY_MS = 500;
/** Contacts read at a time when the recipients are written. */
const PREPARE_PAGE = 1_000;
/** Contacts shown in a segment's preview. */
const PREVIEW_SAMPLE = 5;

export const ZCampaign = z.object({
  id: z.uuid(),
  name: z.string(),
  channelId: z.uuid(),
  template: z.object({ name: z.string(), language: z.string() }),
  parameters: z.array(ZCampaignParameter),
  segment: ZCampaignSegment,
  status: z.enum(CAMPAIGN_STATUSES),
  scheduledAt: z.date().nullable(),
  windowStart: z.number().int(),
  windowEnd: z.number().int(),
  ratePerSecond: z.number().int(),
  optOutWord: z.string().nullable(),
  startedAt: z.date().nullable(),
  finishedAt: z.date().nullable(),
  createdAt: z.date(),
});
export type CampaignView = z.infer<typeof ZCampaign>;

export const ZSegmentPreview = z.object({
  count: z.number().int(),
  sample: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      phone: z.string().nullable(),
      values: z.array(z.string()),
      missing: z.array(z.string()),
    }),
  ),
});

export const ZCampaignStatistics = z.object({
  status: z.enum(CAMPAIGN_STATUSES),
  total: z.number().int(),
  pending: z.number().int(),
  skipped: z.number().int(),
  sending: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  unknown: z.number().int(),
  delivered: z.number().int(),
  read: z.number().int(),
  replied: z.number().int(),
  optedOut: z.number().int(),
  /** Sent, then reported failed by the provider's receipt. */
  failedOnDelivery: z.number().int(),
  /** Skipped and failed contacts by reason code. */
  reasons: z.record(z.string(), z.number().int()),
});

export const ZRecipientRow = z.object({
  contactId: z.uuid(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  state: z.enum(RECIPIENT_STATES),
  reason: z.string().nullable(),
  detail: z.string().nullable(),
  sentAt: z.date().nullable(),
});

function viewOf(row: CampaignRow): CampaignView {
  return {
    id: row.id,
    name: row.name,
    channelId: row.channelId,
    template: { name: row.templateName, language: row.templateLanguage },
    parameters: row.parameters,
    segment: row.segment,
    status: row.status as CampaignView['status'],
    scheduledAt: row.scheduledAt,
    windowStart: row.windowStart,
    windowEnd: row.windowEnd,
    ratePerSecond: row.ratePerSecond,
    optOutWord: row.optOutWord,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    createdAt: row.createdAt,
  };
}

async function campaignOf(db: Executor, user: AuthUser, id: string) {
  const row = await findCampaign(db, user.tenantId, id);
  if (!row) throw new DomainError('CAMPAIGN_NOT_FOUND');
  return row;
}

/** The channel and template a campaign names, checked: a template channel, approved, its placeholders all mapped. */
async function checkedSending(
  db: Executor,
  tenantId: string,
  input: z.output<typeof ZCampaignInput>,
) {
  const found = await templateChannel(db, tenantId, input.channelId);
  if (!found) {
    throw new DomainError('INVALID_REQUEST_BODY', {
      fields: { channelId: [t.channelNotTemplates] },
    });
  }
  const template = found.templates.find(
    (each) => each.name === input.template.name && each.language === input.template.language,
  );
  if (!template) {
    throw new DomainError('INVALID_REQUEST_BODY', {
      fields: { 'template.name': [t.templateNotApproved] },
    });
  }
  const expected = templateParameterCount(template.body);
  if (expected !== input.parameters.length) {
    throw new DomainError('INVALID_REQUEST_BODY', {
      fields: {
        parameters: [format(t.parameterCount, { expected, given: input.parameters.length })],
      },
    });
  }
}

function rowValues(input: z.output<typeof ZCampaignInput>) {
  return {
    name: input.name,
    channelId: input.channelId,
    templateName: input.template.name,
    templateLanguage: input.template.language,
    parameters: input.parameters as CampaignParameter[],
    segment: input.segment,
    scheduledAt: input.scheduledAt ?? null,
    windowStart: input.windowStart,
    windowEnd: input.windowEnd,
    ratePerSecond: input.ratePerSecond,
    optOutWord: input.optOutWord ? foldOptOutWord(input.optOutWord) : null,
  };
}

export async function listCampaigns(db: Executor, user: AuthUser) {
  return (await listCampaignRows(db, user.tenantId)).map(viewOf);
}

export async function getCampaign(db: Executor, user: AuthUser, id: string) {
  return viewOf(await campaignOf(db, user, id));
}

export async function createCampaign(db: Executor, user: AuthUser, raw: CampaignInput) {
  const input = ZCampaignInput.parse(raw);
  await checkedSending(db, user.tenantId, input);
  const [row] = await db
    .insert(campaigns)
    .values({ tenantId: user.tenantId, id: newId(), createdBy: user.id, ...rowValues(input) })
    .returning();
  return viewOf(row!);
}

/** A draft's values, replaced; a campaign that started is not edited. */
export async function updateCampaign(db: Executor, user: AuthUser, id: string, raw: CampaignInput) {
  const input = ZCampaignInput.parse(raw);
  await checkedSending(db, user.tenantId, input);
  return db.transaction(async (tx) => {
    const row = await lockCampaign(tx, user.tenantId, id);
    if (!row) throw new DomainError('CAMPAIGN_NOT_FOUND');
    if (row.status !== 'draft') throw new DomainError('CAMPAIGN_NOT_EDITABLE');
    const [updated] = await tx
      .update(campaigns)
      .set({ ...rowValues(input), updatedAt: new Date() })
      .where(and(eq(campaigns.tenantId, user.tenantId), eq(campaigns.id, id)))
      .returning();
    return viewOf(updated!);
  });
}

type SegmentContact = Awaited<ReturnType<typeof segmentPage>>[number];

/** A placeholder's value for a contact, or null when the contact has none. */
function parameterValue(parameter: CampaignParameter, contact: SegmentContact): string | null {
  const text = (value: unknown) =>
    typeof value === 'string'
      ? value.trim() || null
      : typeof value === 'number'
        ? String(value)
        : null;
  switch (parameter.source) {
    case 'text':
      return parameter.value;
    case 'custom':
      return text(contact.additionalData[parameter.code]);
    case 'field':
      switch (parameter.field) {
        case 'firstName':
          return text(contact.firstName);
        case 'lastName':
          return text(contact.lastName);
        case 'fullName':
          return text([contact.firstName, contact.lastName].filter(Boolean).join(' '));
        case 'email':
          return text(contact.emails[0]);
        case 'govId':
          return text(contact.govId);
      }
  }
}

/** A placeholder's name in a list of missing values. */
function parameterLabel(parameter: CampaignParameter) {
  return parameter.source === 'custom'
    ? parameter.code
    : parameter.source === 'field'
      ? parameter.field
      : 'texto';
}

function parametersOf(parameters: CampaignParameter[], contact: SegmentContact) {
  const values = parameters.map((each) => parameterValue(each, contact));
  const missing = parameters.filter((_, index) => values[index] === null).map(parameterLabel);
  return { values: values.map((value) => value ?? ''), missing };
}

/**
 * A segment's size and a sample of its contacts with the template's values for each (those
 * missing a value are listed: they would be skipped).
 */
export async function previewSegment(
  db: Executor,
  user: AuthUser,
  input: { segment: CampaignSegmentInput; parameters?: CampaignInput['parameters'] },
) {
  const segment = ZCampaignSegment.parse(input.segment);
  const mapped = z
    .array(ZCampaignParameter)
    .max(20)
    .parse(input.parameters ?? []);
  const scope = await contactScope(db, user);
  const preview = await segmentPreview(db, user.tenantId, scope, segment, PREVIEW_SAMPLE);
  return {
    count: preview.count,
    sample: preview.sample.map((contact) => {
      const { values, missing } = parametersOf(mapped, contact);
      return {
        id: contact.id,
        name: [contact.firstName, contact.lastName].filter(Boolean).join(' '),
        phone: contact.phones[0] ?? null,
        values,
        missing,
      };
    }),
  };
}

/** Starts a draft: now, or at its date (scheduled). Its recipients are written by the job. */
export async function startCampaign(deps: AppDeps, user: AuthUser, id: string) {
  return deps.db.transaction(async (tx) => {
    const row = await lockCampaign(tx, user.tenantId, id);
    if (!row) throw new DomainError('CAMPAIGN_NOT_FOUND');
    if (row.status !== 'draft') throw new DomainError('CAMPAIGN_NOT_EDITABLE');
    const later =
      row.scheduledAt && row.scheduledAt.getTime() > Date.now() ? row.scheduledAt : null;
    const [updated] = await tx
      .update(campaigns)
      .set({ status: later ? 'scheduled' : 'sending', updatedAt: new Date() })
      .where(and(eq(campaigns.tenantId, user.tenantId), eq(campaigns.id, id)))
      .returning();
    await deps.jobs.send(
      runCampaignJob,
      { tenantId: user.tenantId, campaignId: id },
      { tx, singletonKey: id, ...(later ? { startAfter: later } : {}) },
    );
    return viewOf(updated!);
  });
}

/** Pauses a sending or scheduled campaign: the running send stops within half a second. */
export async function pauseCampaign(deps: AppDeps, user: AuthUser, id: string) {
  return moveStatus(deps, user, id, ['sending', 'scheduled'], 'paused');
}

/** Resumes a paused campaign where it stopped. */
export async function resumeCampaign(deps: AppDeps, user: AuthUser, id: string) {
  return moveStatus(deps, user, id, ['paused'], 'sending');
}

/** Stops a campaign for good: what was not sent stays unsent. */
export async function cancelCampaign(deps: AppDeps, user: AuthUser, id: string) {
  return moveStatus(deps, user, id, ['draft', 'scheduled', 'sending', 'paused'], 'canceled');
}

async function moveStatus(
  deps: AppDeps,
  user: AuthUser,
  id: string,
  from: string[],
  to: 'paused' | 'sending' | 'canceled',
) {
  return deps.db.transaction(async (tx) => {
    const row = await lockCampaign(tx, user.tenantId, id);
    if (!row) throw new DomainError('CAMPAIGN_NOT_FOUND');
    if (!from.includes(row.status)) throw new DomainError('CAMPAIGN_NOT_EDITABLE');
    const [updated] = await tx
      .update(campaigns)
      .set({
        status: to,
        updatedAt: new Date(),
        ...(to === 'canceled' ? { finishedAt: new Date() } : {}),
      })
      .where(and(eq(campaigns.tenantId, user.tenantId), eq(campaigns.id, id)))
      .returning();
    if (to === 'sending') {
      await deps.jobs.send(
        runCampaignJob,
        { tenantId: user.tenantId, campaignId: id },
        { tx, singletonKey: id },
      );
    }
    return viewOf(updated!);
  });
}

/** A campaign's figures (01 §7 statistics: sent, delivered, read, replied, failed, opted out). */
export async function campaignStatistics(db: Executor, user: AuthUser, id: string) {
  const row = await campaignOf(db, user, id);
  const { states, figures } = await campaignFigures(db, user.tenantId, row.id);
  const byState = Object.fromEntries(RECIPIENT_STATES.map((state) => [state, 0])) as Record<
    (typeof RECIPIENT_STATES)[number],
    number
  >;
  const reasons: Record<string, number> = {};
  for (const each of states) {
    byState[each.state as keyof typeof byState] += Number(each.count);
    if (each.reason) reasons[each.reason] = (reasons[each.reason] ?? 0) + Number(each.count);
  }
  const total = Object.values(byState).reduce((sum, value) => sum + value, 0);
  return {
    status: row.status as CampaignView['status'],
    total,
    ...byState,
    delivered: figures.delivered,
    read: figures.read,
    replied: figures.replied,
    optedOut: figures.optedOut,
    failedOnDelivery: figures.errored,
    reasons,
  };
}

export async function campaignRecipients(
  db: Executor,
  user: AuthUser,
  input: { id: string; state?: string | undefined },
) {
  const row = await campaignOf(db, user, input.id);
  const scope = await contactScope(db, user);
  const rows = await recipientsPage(db, user.tenantId, scope, row.id, input.state, 500);
  return rows.map((each) => ({ ...each, state: each.state as (typeof RECIPIENT_STATES)[number] }));
}

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
