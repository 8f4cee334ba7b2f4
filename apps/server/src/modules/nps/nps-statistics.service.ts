import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '@cartera/db/client';
import { contacts, groups, npsSurveys, users } from '@cartera/db/schema';
import { ZDay } from '@cartera/domain/metrics';
import {
  NPS_ACTION_STATUSES,
  NPS_SURVEY_STATUSES,
  NPS_TRIGGERS,
  netPromoterScore,
} from '@cartera/domain/nps';
import { reachOf, userInReach } from '../access/reach';
import type { AuthUser } from '../sessions/session.types';

/*
 * NPS's figures and answers (issue #42 item 1; 01 §7 GET statistics and surveys): the surveys
 * of a period within the reader's reach, counted and listed.
 */

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
