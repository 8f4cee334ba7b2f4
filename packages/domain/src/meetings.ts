import { z } from 'zod';
import { ZClientItemId } from './ids';
import { meetingsEs } from './i18n/meetings.es';

const texts = meetingsEs.form;

/*
 * Meetings (02 §3 Meeting form and interaction, §4 Meeting scheduler, §9; 03 §3 Meeting, §5;
 * issue #40): what the scheduler sends, the statuses and their buttons, the reminder rules.
 */

export const MEETING_MEDIUMS = ['meet', 'zoom', 'person'] as const;
export type MeetingMedium = (typeof MEETING_MEDIUMS)[number];

export const MEETING_STATUSES = [
  'active',
  'inProgress',
  'expired',
  'done',
  'cancel',
  'error',
] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];

/** 02 §3: the durations the form offers (default 30min). */
export const MEETING_DURATIONS = { '15min': 15, '30min': 30, '1hour': 60 } as const;
export type MeetingDuration = keyof typeof MEETING_DURATIONS;
export const DEFAULT_MEETING_DURATION: MeetingDuration = '30min';

/** 02 §9, 03 §9: a meeting comment's limit. */
export const MEETING_COMMENT_MAX = 2_500;
/** 02 §9: at most 3 reminders. */
export const MEETING_REMINDERS_MAX = 3;

export const REMINDER_UNITS = ['minutes', 'hours', 'days'] as const;
export type ReminderUnit = (typeof REMINDER_UNITS)[number];

/**
 * 02 §9's unit normalisation: minutes above 60 reset to 1, hours above 24 become 1 day, days
 * capped at 10 (and never below 1).
 */
export function normalizeReminderOffset(offset: { number: number; unit: ReminderUnit }): {
  number: number;
  unit: ReminderUnit;
} {
  const number = Math.max(1, Math.floor(offset.number));
  if (offset.unit === 'minutes') return { number: number > 60 ? 1 : number, unit: 'minutes' };
  if (offset.unit === 'hours') {
    return number > 24 ? { number: 1, unit: 'days' } : { number, unit: 'hours' };
  }
  return { number: Math.min(number, 10), unit: 'days' };
}

const UNIT_MS: Record<ReminderUnit, number> = {
  minutes: 60_000,
  hours: 3_600_000,
  days: 86_400_000,
};

/** How long before the meeting a reminder goes. */
export function reminderOffsetMs(offset: { number: number; unit: ReminderUnit }): number {
  return offset.number * UNIT_MS[offset.unit];
}

export const ZMeetingReminderInput = z
  .object({
    number: z.number().int().min(1).max(1_000),
    unit: z.enum(REMINDER_UNITS),
    message: z.string().trim().max(1_024).default(''),
    medium: z.enum(['whatsapp', 'email']).default('whatsapp'),
  })
  .transform((reminder) => ({ ...reminder, ...normalizeReminderOffset(reminder) }));

/** 02 §9: the reminder a meeting gets when none is configured (30 minutes before, WhatsApp). */
export const DEFAULT_MEETING_REMINDER = {
  number: 30,
  unit: 'minutes',
  message: '',
  medium: 'whatsapp',
} as const;

export const ZMeetingAttendeeInput = z.object({
  role: z.enum(['organizer', 'client', 'guest']).default('guest'),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: texts.attendeeEmail })),
  name: z.string().trim().max(100).optional(),
  lastname: z.string().trim().max(100).optional(),
  userId: z.uuid().optional(),
});

/**
 * The scheduler's values (02 §3 Meeting form, 03 §3 form values). `when` is 'now' (the instant
 * option) or 'schedule' ('Agendar', whose date must be ahead: checked by the server at its clock).
 */
export const ZCreateMeetingInput = z.object({
  id: ZClientItemId,
  contactId: z.uuid(),
  summary: z
    .string({ error: texts.summaryRequired })
    .trim()
    .min(1, { error: texts.summaryRequired })
    .max(255),
  medium: z.enum(MEETING_MEDIUMS, { error: texts.typeRequired }),
  when: z.enum(['now', 'schedule']),
  date: z.coerce.date({ error: texts.dateRequired }),
  duration: z.enum(['15min', '30min', '1hour']).default(DEFAULT_MEETING_DURATION),
  comment: z.string().trim().max(MEETING_COMMENT_MAX, { error: texts.commentMax }).default(''),
  /** 'me' or a colleague's id: who organises it. */
  assignUser: z.union([z.literal('me'), z.uuid()]).default('me'),
  timezone: z.string().trim().min(1).max(64).default('UTC'),
  reminders: z
    .array(ZMeetingReminderInput)
    .max(MEETING_REMINDERS_MAX)
    .default([DEFAULT_MEETING_REMINDER]),
  attendees: z.array(ZMeetingAttendeeInput).max(20).default([]),
});
export type CreateMeetingInput = z.input<typeof ZCreateMeetingInput>;

/** A meeting item's content on the timeline (02 §3 Meeting interaction). */
export const ZMeetingContent = z.looseObject({
  meetingId: z.string(),
  summary: z.string(),
  meetingType: z.enum(MEETING_MEDIUMS),
  schedule: z.string(),
  duration: z.number(),
  status: z.enum(MEETING_STATUSES),
  link: z.string().nullable(),
  comment: z.string().default(''),
  isGenerateLink: z.boolean().default(false),
  reminders: z
    .array(
      z.looseObject({
        number: z.number(),
        unit: z.enum(REMINDER_UNITS),
        state: z.string().optional(),
      }),
    )
    .default([]),
});
export type MeetingContent = z.output<typeof ZMeetingContent>;

/** A reminder or expiry item of a meeting (01 §3 meeting-reminder, expired-meeting). */
export const ZMeetingNoticeContent = z.looseObject({
  meetingId: z.string(),
  summary: z.string(),
  meetingDate: z.string(),
  meetingType: z.enum(MEETING_MEDIUMS),
  /** A reminder's: when it was due; the label gives the time between it and the meeting. */
  reminderDate: z.string().optional(),
  /** A reminder's: how it reached the customer ('sent', 'failed'). */
  delivery: z.string().optional(),
});

/** 02 §4: what each status offers (the next status each button sets). */
export function meetingButtons(status: MeetingStatus): Array<'cancel' | 'done'> {
  if (status === 'active') return ['cancel'];
  if (status === 'expired' || status === 'inProgress') return ['done', 'cancel'];
  if (status === 'done') return ['cancel'];
  return ['done'];
}

/** Which statuses a person may set from another (the buttons above). */
export function meetingStatusChangeAllowed(from: MeetingStatus, to: 'done' | 'cancel'): boolean {
  return meetingButtons(from).includes(to);
}

/**
 * 03 §9: the reminder label's time between the reminder and the meeting, in the largest whole
 * unit of years, months, days, hours or minutes.
 */
export function meetingReminderGap(ms: number): { value: number; unit: keyof MeetingGapUnits } {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  const units: Array<[keyof MeetingGapUnits, number]> = [
    ['years', 525_600],
    ['months', 43_200],
    ['days', 1_440],
    ['hours', 60],
  ];
  for (const [unit, size] of units) {
    if (minutes >= size) return { value: Math.floor(minutes / size), unit };
  }
  return { value: minutes, unit: 'minutes' };
}

interface MeetingGapUnits {
  years: number;
  months: number;
  days: number;
  hours: number;
  minutes: number;
}
