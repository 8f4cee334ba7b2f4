import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Executor } from '@cartera/db/client';
import { channelTemplates, channels, npsConfigs, users, type NpsConfig } from '@cartera/db/schema';
import { DomainError, type ErrorCode } from '@cartera/domain/errors';
import { es } from '@cartera/domain/i18n';
import type { ZNpsSurveyRef } from '@cartera/domain/nps';
import {
  NPS_ACTION_STATUSES,
  NPS_CHANNEL_TYPES,
  NPS_MODES,
  NPS_RANGES,
  NPS_TRIGGERS,
  npsToggleOpen,
  ZNpsConfigInput,
} from '@cartera/domain/nps';
import type { AppDeps } from '../../deps';
import { visibleContact } from '../access/contacts';
import { reachOf, userInReach } from '../access/reach';
import { lockContact } from '../contacts/contacts.service';
import type { AuthUser } from '../sessions/session.types';
import { dispatchCode, dispatchSurvey, surveyChanged, surveyRefOf } from './nps-dispatch';
import { ensureCursor, findConfig, findConfigs, lockSurvey, updateSurvey } from './nps.repository';

/*
 * NPS (issue #42 item 1; 01 §3, §7 NPS): the configurations of 'NPS' (/comercial/netpromoterscore),
 * a survey sent by hand, the bubble's cancel/activate toggle (03 §4), the answers' follow-up and
 * the figures. Sending and reading the answers: nps-dispatch.ts and nps-events.ts.
 */

export const ZNpsConfig = z.object({
  id: z.uuid(),
  name: z.string(),
  question: z.string(),
  channelId: z.uuid(),
  channelName: z.string().nullable(),
  templateName: z.string(),
  templateLanguage: z.string(),
  trigger: z.enum(NPS_TRIGGERS),
  archivingReasons: z.array(z.string()),
  mode: z.enum(NPS_MODES),
  minDaysBetween: z.number().int(),
  active: z.boolean(),
  createdAt: z.date(),
});

const configView = (row: NpsConfig, channelName: string | null): z.infer<typeof ZNpsConfig> => ({
  id: row.id,
  name: row.name,
  question: row.question,
  channelId: row.channelId,
  channelName,
  templateName: row.templateName,
  templateLanguage: row.templateLanguage,
  trigger: row.trigger as z.infer<typeof ZNpsConfig>['trigger'],
  archivingReasons: row.archivingReasons,
  mode: row.mode as z.infer<typeof ZNpsConfig>['mode'],
  minDaysBetween: row.minDaysBetween,
  active: row.active,
  createdAt: row.createdAt,
});

async function channelNames(db: Executor, tenantId: string) {
  const rows = await db
    .select({ id: channels.id, name: channels.name })
    .from(channels)
    .where(eq(channels.tenantId, tenantId));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function listConfigs(db: Executor, user: AuthUser) {
  const [rows, names] = await Promise.all([
    findConfigs(db, user.tenantId),
    channelNames(db, user.tenantId),
  ]);
  return rows.map((row) => configView(row, names.get(row.channelId) ?? null));
}

export async function getConfig(db: Executor, user: AuthUser, id: string) {
  const row = await findConfig(db, user.tenantId, id);
  if (!row) throw new DomainError('NET_PROMOTER_SCORE_NOT_FOUND');
  return configView(row, (await channelNames(db, user.tenantId)).get(row.channelId) ?? null);
}

/**
 * The channel must be one of the company's WhatsApp channels and the template one of its
 * approved ones; the two-step buttons need a template with three quick-reply buttons.
 */
async function checkConfig(db: Executor, tenantId: string, input: z.infer<typeof ZNpsConfigInput>) {
  const [channel] = await db
    .select({ id: channels.id, type: channels.type })
    .from(channels)
    .where(and(eq(channels.tenantId, tenantId), eq(channels.id, input.channelId)));
  if (!channel || !(NPS_CHANNEL_TYPES as readonly string[]).includes(channel.type)) {
    throw new DomainError('CHANNEL_NOT_FOUND');
  }
  const [template] = await db
    .select()
    .from(channelTemplates)
    .where(
      and(
        eq(channelTemplates.tenantId, tenantId),
        eq(channelTemplates.channelId, channel.id),
        eq(channelTemplates.name, input.templateName),
        eq(channelTemplates.language, input.templateLanguage),
        eq(channelTemplates.status, 'APPROVED'),
      ),
    );
  if (!template) {
    throw new DomainError('INVALID_REQUEST_BODY', {
      fields: { templateName: [es.nps.configs.fields.noTemplates] },
    });
  }
  if (input.mode === 'buttons' && quickReplyCount(template.components) < NPS_RANGES.length) {
    throw new DomainError('INVALID_REQUEST_BODY', {
      fields: { mode: [es.nps.configs.buttonsNeedTemplate] },
    });
  }
}

/** How many quick-reply buttons a template's components carry. */
export function quickReplyCount(components: unknown[]) {
  return components.reduce<number>((total, component) => {
    const { type, buttons } = (component ?? {}) as {
      type?: string;
      buttons?: Array<{ type?: string }>;
    };
    if (String(type).toUpperCase() !== 'BUTTONS') return total;
    return total + (buttons ?? []).filter((button) => button.type === 'QUICK_REPLY').length;
  }, 0);
}

export async function createConfig(
  db: Database,
  user: AuthUser,
  raw: z.input<typeof ZNpsConfigInput>,
) {
  const input = ZNpsConfigInput.parse(raw);
  await checkConfig(db, user.tenantId, input);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(npsConfigs)
      .values({ ...input, tenantId: user.tenantId, createdBy: user.id })
      .returning();
    // From now on the company's sales, archivings and replies are read for NPS.
    await ensureCursor(tx, user.tenantId);
    return created!;
  });
  return getConfig(db, user, row.id);
}

export async function updateConfig(
  db: Database,
  user: AuthUser,
  id: string,
  raw: z.input<typeof ZNpsConfigInput>,
) {
  const input = ZNpsConfigInput.parse(raw);
  if (!(await findConfig(db, user.tenantId, id))) {
    throw new DomainError('NET_PROMOTER_SCORE_NOT_FOUND');
  }
  await checkConfig(db, user.tenantId, input);
  await db
    .update(npsConfigs)
    .set(input)
    .where(and(eq(npsConfigs.tenantId, user.tenantId), eq(npsConfigs.id, id)));
  return getConfig(db, user, id);
}

/** Deleted configurations send nothing more; their surveys stay in the figures. */
export async function removeConfig(db: Database, user: AuthUser, id: string) {
  if (!(await findConfig(db, user.tenantId, id))) {
    throw new DomainError('NET_PROMOTER_SCORE_NOT_FOUND');
  }
  await db
    .update(npsConfigs)
    .set({ deletedAt: new Date(), active: false })
    .where(and(eq(npsConfigs.tenantId, user.tenantId), eq(npsConfigs.id, id)));
  return { success: true as const };
}

export const ZSendSurveyInput = z.object({
  id: z.uuid(),
  contacts: z.array(z.uuid()).min(1).max(100),
});

/** 01 §8 NPS survey dispatch codes a contact's send answers with. */
export const NPS_DISPATCH_CODES = [
  'CONTACT_NOT_FOUND',
  'CONTACT_WITHOUT_PHONE_NUMBER',
  'DISPATCH_SURVEY_ERROR',
] as const satisfies readonly ErrorCode[];
const ZErrorCode = z.enum(NPS_DISPATCH_CODES);

export const ZSendSurveyResult = z.object({
  results: z.array(
    z.object({
      contactId: z.uuid(),
      surveyId: z.uuid().nullable(),
      /** Why it was not sent: a dispatch code (01 §8), or 'recent' (a survey within N days). */
      code: ZErrorCode.nullable(),
      skipped: z.enum(['recent']).nullable(),
    }),
  ),
});

/**
 * Sends a configuration's survey by hand to contacts the user sees (01 §7 sendSurvey): each on
 * its own, answered one by one: NET_PROMOTER_SCORE_NOT_FOUND for the configuration, then per
 * contact CONTACT_NOT_FOUND, CONTACT_WITHOUT_PHONE_NUMBER, DISPATCH_SURVEY_ERROR or 'recent'.
 */
export async function sendSurvey(
  deps: AppDeps,
  user: AuthUser,
  input: z.infer<typeof ZSendSurveyInput>,
): Promise<z.infer<typeof ZSendSurveyResult>> {
  const config = await findConfig(deps.db, user.tenantId, input.id);
  if (!config) throw new DomainError('NET_PROMOTER_SCORE_NOT_FOUND');
  const results: z.infer<typeof ZSendSurveyResult>['results'] = [];
  for (const contactId of [...new Set(input.contacts)]) {
    try {
      await visibleContact(deps.db, user, contactId);
      const result = await deps.db.transaction(async (tx) => {
        const contact = await lockContact(tx, user.tenantId, contactId);
        if (!contact) throw new DomainError('CONTACT_NOT_FOUND');
        return dispatchSurvey(tx, deps, { config, contact, actor: user, trigger: 'manual' });
      });
      results.push(
        'survey' in result
          ? { contactId, surveyId: result.survey.id, code: null, skipped: null }
          : { contactId, surveyId: null, code: null, skipped: result.skipped },
      );
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      results.push({ contactId, surveyId: null, code: dispatchCode(error), skipped: null });
    }
  }
  return { results };
}

export const ZCancelSurveyInput = z.object({ surveyId: z.uuid(), canceled: z.boolean() });

/**
 * 03 §4: the agent cancels or activates a survey while it is pending dispatch or sent (a
 * cancelled survey reads no answer). Who sees the contact may toggle it.
 */
export async function cancelSurvey(
  deps: AppDeps,
  user: AuthUser,
  input: z.infer<typeof ZCancelSurveyInput>,
) {
  return deps.db.transaction(async (tx) => {
    const survey = await lockSurvey(tx, user.tenantId, input.surveyId);
    if (!survey) throw new DomainError('NET_PROMOTER_SCORE_NOT_FOUND');
    await visibleContact(tx, user, survey.contactId);
    if (survey.canceled === input.canceled) return surveyRefOf(survey);
    if (!npsToggleOpen(survey.status as z.infer<typeof ZNpsSurveyRef>['surveyStatus'])) {
      throw new DomainError('INVALID_REQUEST_BODY', {
        fields: { canceled: [es.nps.bubble.closed] },
      });
    }
    const changed = await updateSurvey(tx, user.tenantId, survey.id, {
      canceled: input.canceled,
    });
    const contact = await lockContact(tx, user.tenantId, survey.contactId);
    if (contact) await surveyChanged(tx, changed, contact);
    return surveyRefOf(changed);
  });
}

export const ZActionStatusInput = z.object({
  surveyId: z.uuid(),
  actionStatus: z.enum(NPS_ACTION_STATUSES),
});

/** 01 §7 changeActionStatus: the follow-up of an answer, by whoever reads it. */
export async function changeActionStatus(
  deps: AppDeps,
  user: AuthUser,
  input: z.infer<typeof ZActionStatusInput>,
) {
  return deps.db.transaction(async (tx) => {
    const survey = await lockSurvey(tx, user.tenantId, input.surveyId);
    if (!survey || !(await surveyInReach(tx, user, survey.sellerId))) {
      throw new DomainError('NET_PROMOTER_SCORE_NOT_FOUND');
    }
    const changed = await updateSurvey(tx, user.tenantId, survey.id, {
      actionStatus: input.actionStatus,
    });
    const contact = await lockContact(tx, user.tenantId, survey.contactId);
    if (contact) await surveyChanged(tx, changed, contact);
    return { surveyId: changed.id, actionStatus: input.actionStatus };
  });
}

async function surveyInReach(db: Executor, user: AuthUser, sellerId: string | null) {
  const reach = reachOf(user);
  if (reach.kind === 'tenant') return true;
  if (!sellerId) return false;
  const condition = userInReach(users.id, user.tenantId, reach);
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, user.tenantId), eq(users.id, sellerId), condition));
  return Boolean(row);
}
