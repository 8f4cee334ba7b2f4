import { z } from 'zod';
import { goalsEs } from './i18n/goals.es';
import { validationEs } from './i18n/validation.es';
import { isInputDay } from './input';
import { metricsDay } from './periods';

/**
 * The performance metrics of the 'Rendimiento' dashboard and of weekly goals (01 §2 '/', §3
 * Goals, §9; issue #16), defined once for the server (which keeps daily rollups of them in the
 * transaction of the event that changes them) and the web (which names and formats them).
 * Where the specification is silent the definitions are ours: docs/decisions.md "Performance
 * metrics".
 */

/** The goal metrics of 01 §9, in the order of the default company goal config. */
export const GOAL_METRICS = [
  'contacts',
  'contactsTaken',
  'tracing',
  'singleTracing',
  'sale',
] as const;
export type GoalMetric = (typeof GOAL_METRICS)[number];

/**
 * What the daily rollups count, per tenant, seller and day. `responses` and `responseSeconds`
 * make the first-response time (their quotient); `archivings` is kept per archiving reason.
 */
export const ROLLUP_METRICS = [
  ...GOAL_METRICS,
  'messagesIn',
  'messagesOut',
  'responses',
  'responseSeconds',
  'archivings',
] as const;
export type RollupMetric = (typeof ROLLUP_METRICS)[number];

/** Figures read from the contacts as they are now, not counted per day. */
export const STATE_METRICS = ['unattended', 'remindersDue', 'remindersOverdue'] as const;
export type StateMetric = (typeof STATE_METRICS)[number];

/** Every figure a KPI card or the ranking shows. `firstResponse` is in seconds. */
export const DASHBOARD_METRICS = [
  ...GOAL_METRICS,
  'messagesIn',
  'messagesOut',
  'firstResponse',
  'archivings',
  ...STATE_METRICS,
] as const;
export type DashboardMetric = (typeof DASHBOARD_METRICS)[number];

/** Which figures are better when lower (the change against the previous period reads reversed). */
export const LOWER_IS_BETTER: readonly DashboardMetric[] = [
  'firstResponse',
  'unattended',
  'remindersOverdue',
];

/** A contact waiting for an answer longer than this is unattended (issue #16). */
export const UNATTENDED_AFTER_MS = 24 * 60 * 60 * 1000;

/* Days are the company's days (COMPANY_TIME_ZONE, time-zone.ts). */

// ---------------------------------------------------------------------------------------------
// What an event adds to the rollups.

/** Types that are a follow-up action when the user made them (tracing, 01 §9). */
const FOLLOW_UP_TYPES = new Set([
  'note',
  'phoneCall',
  'visit',
  'meeting',
  'email',
  'smsMessage',
  'unofficial-whatsapp',
  'channelMessage',
  'message',
  'wpp',
  'fb',
  'ig',
]);
/** The item types that can be a follow-up (the administration's duplicate search reads them). */
export const FOLLOW_UP_ITEM_TYPES: readonly string[] = [...FOLLOW_UP_TYPES];
const CHAT_TYPES = new Set(['channelMessage', 'message', 'wpp', 'fb', 'ig', 'smsMessage']);

/** The rollup dimension of contacts created for a seller (transfers count without one). */
export const NEW_CONTACT_DIMENSION = 'created';

/** One addition to a seller's figure of the day; `dimension` splits archivings by reason. */
export interface MetricEffect {
  metric: RollupMetric;
  userId: string;
  value: number;
  dimension?: string;
}

/** An item written on a contact's timeline, as the metrics read it. */
export interface MetricItem {
  type: string;
  content: Record<string, unknown>;
  /** Who made it; null for what the system or the customer did. */
  actorId: string | null;
  createdBySystem: boolean;
  /** The contact's agent after the item (a transfer's receiver, a take-over's taker). */
  contactAgentId: string | null;
}

/** Which side wrote a chat item: the customer ('in') or the company ('out'); null otherwise. */
export function chatDirection(item: Pick<MetricItem, 'type' | 'content' | 'actorId'>) {
  if (!CHAT_TYPES.has(item.type)) return null;
  const origin = item.content.origin;
  if (origin === 'contact') return 'in' as const;
  if (origin === 'agent') return 'out' as const;
  return item.actorId ? ('out' as const) : ('in' as const);
}

/**
 * Which way an item moves the customer's answer wait ('Sin atender', the response time): a chat
 * message's direction, and also an e-mail's (issue #38: a customer's mail waits for its answer
 * as a message does; the seller's mail answers it). E-mail counts for nothing else of chat
 * (messages in and out are chat's).
 */
export function waitDirection(item: Pick<MetricItem, 'type' | 'content' | 'actorId'>) {
  if (item.type !== 'email') return chatDirection(item);
  return item.content.origin === 'agent' ? ('out' as const) : ('in' as const);
}

/**
 * The counts an item adds (the distinct-contact `singleTracing` and the response time are
 * added by the writer with `followsUp` and `responseEffect`, which need the stored state).
 */
export function interactionEffects(item: MetricItem): MetricEffect[] {
  const effects: MetricEffect[] = [];
  const actor = item.createdBySystem ? null : item.actorId;
  const direction = chatDirection(item);
  if (direction === 'in' && item.contactAgentId) {
    effects.push({ metric: 'messagesIn', userId: item.contactAgentId, value: 1 });
  }
  if (direction === 'out' && actor)
    effects.push({ metric: 'messagesOut', userId: actor, value: 1 });
  if (actor && followsUp(item)) effects.push({ metric: 'tracing', userId: actor, value: 1 });
  switch (item.type) {
    case 'transfer': {
      const receiver = (item.content.toUser as { _id?: unknown } | undefined)?._id;
      if (typeof receiver === 'string') {
        effects.push({ metric: 'contacts', userId: receiver, value: 1 });
      }
      break;
    }
    case 'contactTaken':
      if (actor) effects.push({ metric: 'contactsTaken', userId: actor, value: 1 });
      break;
    case 'archiving': {
      const reason = item.content.to;
      const seller = item.contactAgentId ?? actor;
      if (typeof reason === 'string' && reason && seller) {
        // A sale is a sold receipt (issue #14), read from the receipts by the dashboard; an
        // archiving with a sale-type reason is only an archiving.
        effects.push({ metric: 'archivings', userId: seller, value: 1, dimension: reason });
      }
      break;
    }
  }
  return effects;
}

/** Whether the item is a follow-up action by its author (tracing and singleTracing). */
export function followsUp(
  item: Pick<MetricItem, 'type' | 'content' | 'actorId' | 'createdBySystem'>,
) {
  if (!item.actorId || item.createdBySystem || !FOLLOW_UP_TYPES.has(item.type)) return false;
  return chatDirection(item) !== 'in';
}

/**
 * The answer-time bookkeeping of a contact: a customer's message starts the wait (unless one
 * already waits), the company's first message after it ends the wait and counts one response
 * of that many seconds for its author.
 */
export function waitAfter(item: MetricItem, waitingSince: Date | null, at: Date) {
  const direction = waitDirection(item);
  if (direction === 'in') return { waitingSince: waitingSince ?? at, response: null };
  if (direction === 'out' && waitingSince && item.actorId && !item.createdBySystem) {
    const seconds = Math.max(0, Math.round((at.getTime() - waitingSince.getTime()) / 1000));
    return { waitingSince: null, response: { userId: item.actorId, seconds } };
  }
  return { waitingSince, response: null };
}

// ---------------------------------------------------------------------------------------------
// Days, weeks and periods.

/** A YYYY-MM-DD day of the calendar within the input dates (no 30 February, no year 0). */
export const ZDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: validationEs.dayInvalid })
  .refine(isInputDay, { error: validationEs.dayInvalid });

export {
  addDays,
  daysBetween,
  metricsDay,
  PERIOD_PRESETS,
  presetPeriod,
  previousPeriod,
  weekStart,
  type Period,
  type PeriodPreset,
} from './periods';
/** Longest period one dashboard read covers. */
export const MAX_PERIOD_DAYS = 366;

// ---------------------------------------------------------------------------------------------
// Goals (01 §3 Goals, §9; 02 §4 seller status colours).

/** 01 §9: 'Objetivos' lists 20 per page. */
export const GOALS_PAGE_SIZE = 20;

export const ZGoalTargets = z.object(
  Object.fromEntries(
    GOAL_METRICS.map((metric) => [metric, z.number().int().min(0).max(1_000_000).optional()]),
  ) as Record<GoalMetric, z.ZodOptional<z.ZodNumber>>,
);
export type GoalTargets = z.infer<typeof ZGoalTargets>;

/** One metric of the company goal config: which figure, and whether it is hidden. */
export const ZGoalConfigMetric = z.object({
  reference: z.enum(GOAL_METRICS),
  hidden: z.boolean().default(false),
});
export type GoalConfigMetric = z.infer<typeof ZGoalConfigMetric>;

/** 01 §9 "Sellers goals default metrics". */
export const DEFAULT_GOAL_METRICS: readonly GoalConfigMetric[] = [
  { reference: 'contacts', hidden: false },
  { reference: 'contactsTaken', hidden: true },
  { reference: 'tracing', hidden: false },
  { reference: 'singleTracing', hidden: true },
  { reference: 'sale', hidden: false },
];

export const ZGoalConfigEntry = z.object({
  startDate: ZDay,
  metrics: z
    .array(ZGoalConfigMetric)
    .min(1)
    .refine((metrics) => new Set(metrics.map((each) => each.reference)).size === metrics.length, {
      error: goalsEs.config.metricRepeated,
    }),
});
export type GoalConfigEntry = z.infer<typeof ZGoalConfigEntry>;

/** The metrics in force on a day: the latest entry of the history starting on or before it. */
export function goalMetricsOn(history: readonly GoalConfigEntry[], day: string) {
  let current: GoalConfigEntry | undefined;
  for (const entry of history) {
    if (entry.startDate <= day && (!current || entry.startDate >= current.startDate)) {
      current = entry;
    }
  }
  return current?.metrics ?? DEFAULT_GOAL_METRICS;
}

export type GoalStatus = 'behind' | 'onTrack' | 'ahead';

/** 02 §4: the seller status colour changes at ratios 1.0 and 1.5. */
export const GOAL_STATUS_COLORS: Record<GoalStatus, string> = {
  behind: 'red',
  onTrack: 'green',
  ahead: 'blue',
};

/**
 * Progress against a goal measured on the pace it asks for: the target pro-rated to the part of
 * the period gone by (`elapsed`, 0–1). Below 1.0 the seller is behind, from 1.5 well ahead.
 */
export function goalProgress(value: number, target: number, elapsed = 1) {
  const expected = target * Math.min(1, Math.max(0, elapsed));
  const ratio = expected > 0 ? value / expected : value > 0 ? Infinity : 1;
  const status: GoalStatus = ratio >= 1.5 ? 'ahead' : ratio >= 1 ? 'onTrack' : 'behind';
  return { ratio, status, percent: target > 0 ? Math.round((value / target) * 100) : null };
}

// ---------------------------------------------------------------------------------------------
// Recounting from the timeline (the rollups' catch-up and their check).

export interface ReplayContact {
  id: string;
  firstAgentId: string | null;
  createdAt: Date;
}

export interface ReplayItem {
  contactId: string;
  type: string;
  content: Record<string, unknown>;
  agentId: string | null;
  createdBySystem: boolean;
  createdAt: Date;
}

/** `userId|day|metric|dimension` → value: what the rollups must hold. */
export type RollupCounts = Map<string, number>;

export interface Replay {
  counts: RollupCounts;
  /** `userId|day|contactId` of every follow-up day (what singleTracing counted). */
  contactDays: Set<string>;
  /** The contacts still waiting for an answer, since when. */
  waiting: Map<string, Date>;
}

export function rollupKey(userId: string, day: string, metric: string, dimension = '') {
  return `${userId}|${day}|${metric}|${dimension}`;
}

function assignee(item: ReplayItem): string | null | undefined {
  if (item.type === 'transfer') {
    const receiver = (item.content.toUser as { _id?: unknown } | undefined)?._id;
    return typeof receiver === 'string' ? receiver : undefined;
  }
  if (item.type === 'contactTaken') return item.agentId;
  return undefined;
}

/**
 * Counts the metrics of contacts and their timelines from scratch, with the same definitions the
 * writer applies item by item: each contact's items in the order they were written. A contact
 * counts in `contacts` for its first agent unless it came unassigned (its first assignment came
 * from nobody).
 */
export function replayTimeline(
  contacts: readonly ReplayContact[],
  items: readonly ReplayItem[],
): Replay {
  const counts: RollupCounts = new Map();
  const contactDays = new Set<string>();
  const waiting = new Map<string, Date>();
  const add = (userId: string, day: string, metric: string, value: number, dimension = '') => {
    const key = rollupKey(userId, day, metric, dimension);
    counts.set(key, (counts.get(key) ?? 0) + value);
  };
  const byContact = new Map<string, ReplayItem[]>();
  for (const item of items) {
    const list = byContact.get(item.contactId) ?? [];
    list.push(item);
    byContact.set(item.contactId, list);
  }
  for (const contact of contacts) {
    const timeline = (byContact.get(contact.id) ?? []).sort(
      (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
    );
    const firstAssignment = timeline.find((item) => assignee(item) !== undefined);
    const cameUnassigned =
      firstAssignment !== undefined && (firstAssignment.content.fromUser ?? null) === null;
    let agent = cameUnassigned ? null : contact.firstAgentId;
    if (agent) add(agent, metricsDay(contact.createdAt), 'contacts', 1, NEW_CONTACT_DIMENSION);
    let waitingSince: Date | null = null;
    const followed = new Set<string>();
    for (const item of timeline) {
      const next = assignee(item);
      if (next !== undefined) agent = next;
      const metricItem: MetricItem = {
        type: item.type,
        content: item.content,
        actorId: item.agentId,
        createdBySystem: item.createdBySystem,
        contactAgentId: agent,
      };
      const day = metricsDay(item.createdAt);
      for (const effect of interactionEffects(metricItem)) {
        add(effect.userId, day, effect.metric, effect.value, effect.dimension);
      }
      const wait = waitAfter(metricItem, waitingSince, item.createdAt);
      waitingSince = wait.waitingSince;
      if (wait.response) {
        add(wait.response.userId, day, 'responses', 1);
        add(wait.response.userId, day, 'responseSeconds', wait.response.seconds);
      }
      if (followsUp(metricItem) && item.agentId && !followed.has(`${item.agentId}|${day}`)) {
        followed.add(`${item.agentId}|${day}`);
        contactDays.add(`${item.agentId}|${day}|${contact.id}`);
        add(item.agentId, day, 'singleTracing', 1);
      }
    }
    if (waitingSince) waiting.set(contact.id, waitingSince);
  }
  return { counts, contactDays, waiting };
}
