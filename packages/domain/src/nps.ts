import { z } from 'zod';

/*
 * Net promoter score (issue #42 item 1; 01 §3 'NPS configuration and surveys', 03 §3 `npsSurvey`
 * inside a WhatsApp message, 03 §4 its toggle): the configurations' and surveys' shapes, reading
 * a score from what a customer answered, and the figures. The server and the web share them.
 */

/** When a configuration sends its survey: after a sale, after an archiving, or only by hand. */
export const NPS_TRIGGERS = ['sale', 'archiving', 'manual'] as const;
export type NpsTrigger = (typeof NPS_TRIGGERS)[number];

/** How the score is asked: a written reply, or two taps (a range, then the score). */
export const NPS_MODES = ['text', 'buttons'] as const;
export type NpsMode = (typeof NPS_MODES)[number];

/** 03 §3 surveyStatus, plus what became of the survey after it was sent. */
export const NPS_SURVEY_STATUSES = ['pendingDispatch', 'sended', 'answered', 'failed'] as const;
export type NpsSurveyStatus = (typeof NPS_SURVEY_STATUSES)[number];

/** 01 §3 'action status': the follow-up of an answer. */
export const NPS_ACTION_STATUSES = ['pending', 'contacted', 'resolved'] as const;
export type NpsActionStatus = (typeof NPS_ACTION_STATUSES)[number];

/** The channel types that send an approved WhatsApp template (outside the 24-hour window). */
export const NPS_CHANNEL_TYPES = ['whatsapp_business', 'whatsapp_360_dialog'] as const;

/** At most one survey per contact every this many days (the configuration's default). */
export const NPS_DEFAULT_DAYS_BETWEEN = 90;
/** The comment is the customer's next reply after the score, within this many hours. */
export const NPS_COMMENT_HOURS = 24;

export type NpsCategory = 'detractor' | 'passive' | 'promoter';

/** 0–6 detractor, 7–8 passive, 9–10 promoter. */
export function npsCategory(score: number): NpsCategory {
  if (score <= 6) return 'detractor';
  if (score <= 8) return 'passive';
  return 'promoter';
}

/**
 * The two-step quick replies (WhatsApp reply buttons hold at most 3 and lists 10 rows, so one
 * interactive message cannot carry 11 scores): the template's three buttons name a range, and
 * the range's scores come next as buttons (two) or a list (seven).
 */
export const NPS_RANGES = [
  { id: 'nps:range:0-6', title: '0–6', scores: [0, 1, 2, 3, 4, 5, 6] },
  { id: 'nps:range:7-8', title: '7–8', scores: [7, 8] },
  { id: 'nps:range:9-10', title: '9–10', scores: [9, 10] },
] as const;
export type NpsRange = (typeof NPS_RANGES)[number];

/** The payload of a score's button or list row. */
export const npsScorePayload = (score: number) => `nps:score:${score}`;

const WORDS: Record<string, number> = {
  cero: 0,
  uno: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
};

/** Longer replies are taken for words, not a score ('9', 'nueve', '9/10', 'un 9!'). */
const SCORE_REPLY_MAX_CHARS = 40;

/**
 * What a customer's reply says as a score: a tapped score button (`nps:score:9`), or a short
 * text with exactly one number from 0 to 10, in digits ('9', '9/10', '9 de 10', 'un 9') or in
 * Spanish words ('nueve', 'Diez!'). Anything else (two numbers, 11, a sentence) is no score.
 */
export function readNpsScore(text: string, choiceId?: string | null): number | null {
  const tapped = /^nps:score:(\d{1,2})$/.exec(choiceId ?? '');
  if (tapped) {
    const score = Number(tapped[1]);
    return score <= 10 ? score : null;
  }
  const clean = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
  if (!clean || clean.length > SCORE_REPLY_MAX_CHARS) return null;
  // "9/10", "9 de 10", "9 sobre 10": the out-of-ten is not a second number; nor is the
  // article of "un 9".
  const plain = clean
    .replace(/(\d{1,2})\s*(?:\/|de|sobre)\s*10\b/g, '$1')
    .replace(/\bun[oa]?\s+(?=\d)/g, '');
  const found: number[] = [];
  for (const match of plain.matchAll(/\d+(?:[.,]\d+)?/g))
    found.push(Number(match[0].replace(',', '.')));
  for (const word of plain.split(/[^a-z]+/)) {
    if (word in WORDS) found.push(WORDS[word]!);
  }
  if (found.length !== 1) return null;
  const score = found[0]!;
  if (!Number.isInteger(score) || score < 0 || score > 10) return null;
  return score;
}

/** The range a tapped first-step button names, if it is one. */
export function npsRangeOf(choiceId: string | null | undefined): NpsRange | undefined {
  return NPS_RANGES.find((range) => range.id === choiceId);
}

/** NPS = % promoters − % detractors, rounded; null without answers. */
export function netPromoterScore(counts: {
  promoters: number;
  passives: number;
  detractors: number;
}): number | null {
  const total = counts.promoters + counts.passives + counts.detractors;
  if (!total) return null;
  return Math.round(((counts.promoters - counts.detractors) / total) * 100);
}

const ZName = z.string().trim().min(1).max(120);

export const ZNpsConfigInput = z.object({
  name: ZName,
  question: z.string().trim().min(1).max(500),
  channelId: z.uuid(),
  templateName: z.string().trim().min(1).max(512),
  templateLanguage: z.string().trim().min(2).max(15),
  trigger: z.enum(NPS_TRIGGERS),
  /** 'archiving': the reasons' codes that send it (none: every archiving). */
  archivingReasons: z.array(z.string().trim().min(1).max(60)).max(50).default([]),
  mode: z.enum(NPS_MODES).default('text'),
  minDaysBetween: z.number().int().min(1).max(3_650).default(NPS_DEFAULT_DAYS_BETWEEN),
  active: z.boolean().default(true),
});
export type NpsConfigInput = z.input<typeof ZNpsConfigInput>;

/** 03 §3 `npsSurvey` in a WhatsApp message: the bubble's toggle. */
export const ZNpsSurveyRef = z.object({
  _id: z.uuid(),
  isCanceled: z.boolean(),
  surveyStatus: z.enum(NPS_SURVEY_STATUSES),
  score: z.number().int().min(0).max(10).nullable(),
  comment: z.string().nullable(),
});
export type NpsSurveyRef = z.infer<typeof ZNpsSurveyRef>;

/** Whether the agent may still cancel or activate the survey (03 §4). */
export function npsToggleOpen(status: NpsSurveyStatus) {
  return status === 'pendingDispatch' || status === 'sended';
}
