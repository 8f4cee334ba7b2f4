import { z } from 'zod';
import { campaignsEs } from './i18n/campaigns.es';

/*
 * Campaigns (issue #42 item 2; 01 §2 /campaigns, flag `campaigns`): an approved WhatsApp template
 * sent to a segment of the company's contacts through one channel, throttled, inside a daily
 * window, with opt-outs honoured. The server and the web share these shapes.
 */

const t = campaignsEs.validation;

/** A campaign's life: written, waiting for its date, sending, paused, finished, stopped for good. */
export const CAMPAIGN_STATUSES = [
  'draft',
  'scheduled',
  'sending',
  'paused',
  'done',
  'canceled',
] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** What became of one contact of a campaign (campaign_recipients.state). */
export const RECIPIENT_STATES = [
  'pending',
  'skipped',
  'sending',
  'sent',
  'failed',
  'unknown',
] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];

/** Why a contact was left out before sending. */
export const SKIP_REASONS = [
  'OPTED_OUT',
  'MISSING_VALUES',
  'CONTACT_WITHOUT_PHONE_NUMBER',
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** The words that opt a contact out of every later campaign, besides a company's own. */
export const OPT_OUT_WORDS = ['baja', 'stop'] as const;

/**
 * The highest send rate a campaign may ask for, messages a second. WhatsApp Cloud's documented
 * throughput is 80 messages a second per number by default; the throttle keeps a margin below
 * what is asked (campaigns.service.ts).
 */
export const MAX_RATE_PER_SECOND = 80;
export const DEFAULT_RATE_PER_SECOND = 20;
/** The daily sending window's default, hours in the company's time zone (09–20). */
export const DEFAULT_WINDOW = { start: 9, end: 20 } as const;

/** A word as a customer may write it: trimmed, lower case, without accents or end punctuation. */
export function foldOptOutWord(text: string) {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .trim()
    .replace(/[.!¡?¿]+$/u, '')
    .replace(/^[.!¡?¿]+/u, '')
    .trim()
    .toLowerCase();
}

export const ZCampaignSegment = z.strictObject({
  statusTag: z.string().trim().min(1).max(100).optional(),
  origin: z.string().trim().min(1).max(100).optional(),
  agentId: z.uuid().optional(),
  companyId: z.uuid().optional(),
  customField: z
    .strictObject({
      code: z.string().trim().min(1).max(100),
      value: z.string().trim().min(1, { error: t.customFieldValue }).max(500),
    })
    .optional(),
  lastInteraction: z
    .strictObject({
      days: z.number().int().min(1, { error: t.days }).max(3_650, { error: t.days }),
      direction: z.enum(['older', 'newer']),
    })
    .optional(),
});
export type CampaignSegmentInput = z.input<typeof ZCampaignSegment>;

export const ZCampaignParameter = z.discriminatedUnion('source', [
  z.strictObject({
    source: z.literal('field'),
    field: z.enum(['firstName', 'lastName', 'fullName', 'email', 'govId']),
  }),
  z.strictObject({ source: z.literal('custom'), code: z.string().trim().min(1).max(100) }),
  z.strictObject({
    source: z.literal('text'),
    value: z.string().trim().min(1, { error: t.parameterText }).max(1_024),
  }),
]);

export const ZCampaignInput = z
  .strictObject({
    name: z
      .string({ error: t.name })
      .trim()
      .min(1, { error: t.name })
      .max(120, { error: t.nameTooLong }),
    channelId: z.uuid({ error: t.channel }),
    template: z.strictObject({
      name: z.string({ error: t.template }).trim().min(1, { error: t.template }).max(512),
      language: z.string().trim().min(2).max(15),
    }),
    parameters: z.array(ZCampaignParameter).max(20).default([]),
    segment: ZCampaignSegment.default({}),
    /** Left out: sent when started; a date: started then. */
    scheduledAt: z.coerce.date().optional(),
    windowStart: z.number().int().min(0).max(23).default(DEFAULT_WINDOW.start),
    windowEnd: z.number().int().min(1).max(24).default(DEFAULT_WINDOW.end),
    ratePerSecond: z
      .number()
      .int()
      .min(1, { error: t.rate })
      .max(MAX_RATE_PER_SECOND, { error: t.rate })
      .default(DEFAULT_RATE_PER_SECOND),
    optOutWord: z.string().trim().min(2).max(30).optional(),
  })
  .refine((input) => input.windowStart < input.windowEnd, {
    error: t.window,
    path: ['windowEnd'],
  });
export type CampaignInput = z.input<typeof ZCampaignInput>;
