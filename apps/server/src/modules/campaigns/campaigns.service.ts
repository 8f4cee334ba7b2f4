import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { campaigns, type CampaignParameter } from '@cartera/db/schema';
import {
  CAMPAIGN_STATUSES,
  foldOptOutWord,
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
import type { AppDeps } from '../../deps';
import type { AuthUser } from '../sessions/session.types';
import { contactScope } from '../access/contacts';
import { templateChannel } from '../channels/channel-outbound.service';
import { parametersOf } from './campaign-values';
import { runCampaignJob } from './campaigns.jobs';
import {
  campaignFigures,
  findCampaign,
  listCampaignRows,
  lockCampaign,
  recipientsPage,
  segmentPreview,
  type CampaignRow,
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
