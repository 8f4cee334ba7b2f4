import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Executor } from '@cartera/db/client';
import {
  channelTemplates,
  channels,
  contacts,
  groups,
  npsConfigs,
  npsSurveys,
  users,
  type NpsConfig,
} from '@cartera/db/schema';
import { DomainError, type ErrorCode } from '@cartera/domain/errors';
import { es } from '@cartera/domain/i18n';
import { ZDay } from '@cartera/domain/metrics';
import type {
  ZNpsSurveyRef} from '@cartera/domain/nps';
import {
  NPS_ACTION_STATUSES,
  NPS_CHANNEL_TYPES,
  NPS_MODES,
  NPS_RANGES,
  NPS_SURVEY_STATUSES,
  NPS_TRIGGERS,
  netPromoterScore,
  npsToggleOpen,
  ZNpsConfigInput
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

// ---------------------------------------------------------------------------------------------
// Figures and answers

export const ZNpsFilter = z
  .object({
    from: ZDay,
    to: ZDay,
    configId: z.uuid().optional(),
    sellerId: z.uuid().optional(),
    groupId: z.uuid().optional(),
  })
  .refine((value) => value.from <= value.to, { path: ['to'], message: 'PERIOD_INVALID' });

/** The surveys sent in the period (UTC days) within the reader's reach, and the filters. */
function surveyConditions(user: AuthUser, filter: z.infer<typeof ZNpsFilter>): SQL {
  const end = new Date(`${filter.to}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  const conditions: Array<SQL | undefined> = [
    eq(npsSurveys.tenantId, user.tenantId),
    gte(npsSurveys.createdAt, new Date(`${filter.from}T00:00:00Z`)),
    lt(npsSurveys.createdAt, end),
    userInReach(npsSurveys.sellerId, user.tenantId, reachOf(user)),
    filter.configId ? eq(npsSurveys.configId, filter.configId) : undefined,
    filter.sellerId ? eq(npsSurveys.sellerId, filter.sellerId) : undefined,
    filter.groupId ? eq(users.groupId, filter.groupId) : undefined,
  ];
  return and(...conditions)!;
}

const ZCounts = z.object({
  sent: z.number().int(),
  answered: z.number().int(),
  promoters: z.number().int(),
  passives: z.number().int(),
  detractors: z.number().int(),
  /** NPS (−100 to 100), null without answers. */
  nps: z.number().int().nullable(),
  /** Answered of sent, 0–100, null when none was sent. */
  responseRate: z.number().int().nullable(),
});

export const ZNpsStatistics = ZCounts.extend({
  /** How many answered each score, 0 to 10. */
  distribution: z.array(z.number().int()).length(11),
  bySeller: z.array(ZCounts.extend({ sellerId: z.uuid().nullable(), name: z.string().nullable() })),
  byTeam: z.array(ZCounts.extend({ groupId: z.uuid().nullable(), name: z.string().nullable() })),
  /** By week (its Monday, UTC). */
  byPeriod: z.array(ZCounts.extend({ week: z.string() })),
});

const countsSql = sql`
  count(*) filter (where nps_surveys.status <> 'pendingDispatch' and nps_surveys.status <> 'failed')::int as sent,
  count(nps_surveys.score)::int as answered,
  count(*) filter (where nps_surveys.score >= 9)::int as promoters,
  count(*) filter (where nps_surveys.score between 7 and 8)::int as passives,
  count(*) filter (where nps_surveys.score <= 6)::int as detractors`;

interface CountsRow {
  sent: number;
  answered: number;
  promoters: number;
  passives: number;
  detractors: number;
}

function countsOf(row: CountsRow): z.infer<typeof ZCounts> {
  const counts = {
    sent: Number(row.sent),
    answered: Number(row.answered),
    promoters: Number(row.promoters),
    passives: Number(row.passives),
    detractors: Number(row.detractors),
  };
  return {
    ...counts,
    nps: netPromoterScore(counts),
    responseRate: counts.sent ? Math.round((counts.answered / counts.sent) * 100) : null,
  };
}

/**
 * The figures of the period (01 §7 GET statistics): NPS (% promoters − % detractors), the
 * distribution, the response rate, and the same by seller, by team (the seller's group) and by
 * week; only surveys of sellers within the reader's reach (modules/access).
 */
export async function npsStatistics(
  db: Executor,
  user: AuthUser,
  filter: z.infer<typeof ZNpsFilter>,
): Promise<z.infer<typeof ZNpsStatistics>> {
  const where = surveyConditions(user, filter);
  const from = sql`${npsSurveys} left join ${users} on users.tenant_id = nps_surveys.tenant_id
    and users.id = nps_surveys.seller_id
    left join ${groups} on groups.tenant_id = users.tenant_id and groups.id = users.group_id`;
  const run = async <T>(query: SQL) =>
    (((await db.execute(query)) as unknown as { rows: T[] }).rows ?? []) as T[];
  const condition = sql`(${where})`;
  const [totals, distribution, bySeller, byTeam, byPeriod] = await Promise.all([
    run<CountsRow>(sql`select ${countsSql} from ${from} where ${condition}`),
    run<{ score: number; n: number }>(
      sql`select nps_surveys.score, count(*)::int as n from ${from} where ${condition}
        and nps_surveys.score is not null group by nps_surveys.score`,
    ),
    run<CountsRow & { seller_id: string | null; name: string | null }>(
      sql`select nps_surveys.seller_id, trim(users.name || ' ' || users.lastname) as name, ${countsSql}
        from ${from} where ${condition} group by nps_surveys.seller_id, users.name, users.lastname
        order by name nulls last`,
    ),
    run<CountsRow & { group_id: string | null; name: string | null }>(
      sql`select groups.id as group_id, groups.name, ${countsSql} from ${from} where ${condition}
        group by groups.id, groups.name order by groups.name nulls last`,
    ),
    run<CountsRow & { week: string }>(
      sql`select to_char(date_trunc('week', nps_surveys.created_at at time zone 'UTC'), 'YYYY-MM-DD') as week,
        ${countsSql} from ${from} where ${condition} group by 1 order by 1`,
    ),
  ]);
  const scores = Array.from({ length: 11 }, () => 0);
  for (const row of distribution) scores[Number(row.score)] = Number(row.n);
  return {
    ...countsOf(totals[0] ?? { sent: 0, answered: 0, promoters: 0, passives: 0, detractors: 0 }),
    distribution: scores,
    bySeller: bySeller.map((row) => ({
      ...countsOf(row),
      sellerId: row.seller_id,
      name: row.name || null,
    })),
    byTeam: byTeam.map((row) => ({ ...countsOf(row), groupId: row.group_id, name: row.name })),
    byPeriod: byPeriod.map((row) => ({ ...countsOf(row), week: row.week })),
  };
}

export const ZSurveysInput = ZNpsFilter.and(
  z.object({
    /** Only answers of this kind (the drill-down from a figure). */
    category: z.enum(['promoter', 'passive', 'detractor', 'answered']).optional(),
    score: z.number().int().min(0).max(10).optional(),
    offset: z.number().int().min(0).max(100_000).default(0),
    limit: z.number().int().min(1).max(100).default(50),
  }),
);

export const ZSurveyRow = z.object({
  id: z.uuid(),
  configId: z.uuid(),
  contactId: z.uuid(),
  contactName: z.string(),
  sellerId: z.uuid().nullable(),
  sellerName: z.string().nullable(),
  trigger: z.enum(NPS_TRIGGERS),
  status: z.enum(NPS_SURVEY_STATUSES),
  canceled: z.boolean(),
  score: z.number().int().nullable(),
  comment: z.string().nullable(),
  actionStatus: z.enum(NPS_ACTION_STATUSES),
  sentAt: z.date().nullable(),
  answeredAt: z.date().nullable(),
  createdAt: z.date(),
});
export const ZSurveysPage = z.object({ total: z.number().int(), items: z.array(ZSurveyRow) });

const CATEGORY_CONDITION = {
  promoter: sql`${npsSurveys.score} >= 9`,
  passive: sql`${npsSurveys.score} between 7 and 8`,
  detractor: sql`${npsSurveys.score} <= 6`,
  answered: sql`${npsSurveys.score} is not null`,
} as const;

/** 01 §7 GET surveys: the surveys of the period, newest first (the figures' drill-down). */
export async function listSurveys(
  db: Executor,
  user: AuthUser,
  input: z.infer<typeof ZSurveysInput>,
): Promise<z.infer<typeof ZSurveysPage>> {
  const where = and(
    surveyConditions(user, input),
    input.category ? CATEGORY_CONDITION[input.category] : undefined,
    input.score !== undefined ? eq(npsSurveys.score, input.score) : undefined,
  );
  const base = db
    .select({
      survey: npsSurveys,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      sellerName: sql<string | null>`trim(${users.name} || ' ' || ${users.lastname})`,
    })
    .from(npsSurveys)
    .innerJoin(
      contacts,
      and(eq(contacts.tenantId, npsSurveys.tenantId), eq(contacts.id, npsSurveys.contactId)),
    )
    .leftJoin(
      users,
      and(eq(users.tenantId, npsSurveys.tenantId), eq(users.id, npsSurveys.sellerId)),
    )
    .where(where);
  const [rows, [total]] = await Promise.all([
    base
      .orderBy(desc(npsSurveys.createdAt), desc(npsSurveys.id))
      .limit(input.limit)
      .offset(input.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(npsSurveys)
      .leftJoin(
        users,
        and(eq(users.tenantId, npsSurveys.tenantId), eq(users.id, npsSurveys.sellerId)),
      )
      .where(where),
  ]);
  return {
    total: Number(total?.n ?? 0),
    items: rows.map(({ survey, firstName, lastName, sellerName }) => ({
      id: survey.id,
      configId: survey.configId,
      contactId: survey.contactId,
      contactName: `${firstName} ${lastName}`.trim(),
      sellerId: survey.sellerId,
      sellerName: sellerName || null,
      trigger: survey.trigger as z.infer<typeof ZSurveyRow>['trigger'],
      status: survey.status as z.infer<typeof ZSurveyRow>['status'],
      canceled: survey.canceled,
      score: survey.score,
      comment: survey.comment,
      actionStatus: survey.actionStatus as z.infer<typeof ZSurveyRow>['actionStatus'],
      sentAt: survey.sentAt,
      answeredAt: survey.answeredAt,
      createdAt: survey.createdAt,
    })),
  };
}
