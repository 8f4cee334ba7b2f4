import { z } from 'zod';
import { conversationEs } from './i18n/conversation.es';
import { validationEs } from './i18n/validation.es';
import { INPUT_TEXTS, isInputDate } from './input';
import { ZClientItemId } from './interactions';
import { matchesUsersFilters, ZUsersFilter, ZUsersFiltersInput } from './custom-fields';
import { ROLES } from './roles';

/**
 * Rules of the conversation screen's actions shared by web and server (03 §3, §4, §5, §9):
 * archiving reasons and who may pick them, reminder choices, and reminder actions.
 */

export const NEXT_ACTIONS = [
  'noAction',
  'persistentReminder',
  'standardReminder',
  'transfer',
  'changeStatusTag',
] as const;
export type NextAction = (typeof NEXT_ACTIONS)[number];

/** 03 §3 Archiving reason. */
export const ZArchivingReason = z.object({
  code: z.string().min(1).max(60),
  name: z.string().min(1).max(120),
  type: z.enum(['sale']).nullable().default(null),
  groupCode: z.string().max(60).nullable().default(null),
  nextAction: z.enum(NEXT_ACTIONS).default('noAction'),
  usersFilters: z.array(ZUsersFilter).default([]),
  limitedToRoles: z.array(z.string()).default([]),
  active: z.boolean().default(true),
});
export type ArchivingReason = z.infer<typeof ZArchivingReason>;

/** A catalogue code (tags, origins, archiving reasons): letters, digits, '_' and '-'. */
export const CATALOG_CODE_PATTERN = /^[\w-]{1,60}$/;

/**
 * What 'Mi Empresa' sends to create an archiving reason; an update sends the same without the
 * code, which names the reason and never changes (contacts keep it as their archiving reason).
 */
export const ZArchivingReasonInput = ZArchivingReason.extend({
  code: z.string().trim().regex(CATALOG_CODE_PATTERN),
  name: z.string().trim().min(1).max(120),
  groupCode: z.string().trim().max(60).nullable().default(null),
  limitedToRoles: z.array(z.enum(ROLES)).max(ROLES.length).default([]),
  usersFilters: ZUsersFiltersInput,
});
export const ZArchivingReasonChanges = ZArchivingReasonInput.omit({ code: true });

/**
 * 03 §5: the reasons a user may pick — active, not limited to roles the user lacks, and
 * matching the user's extra fields. The current reason stays listed (shown as 'Actual', not
 * selectable) when the user may see it.
 */
export function reasonsForUser(
  reasons: readonly ArchivingReason[],
  user: { roles: readonly string[]; fields: Record<string, unknown> },
): ArchivingReason[] {
  return reasons.filter(
    (reason) =>
      reason.active &&
      (reason.limitedToRoles.length === 0 ||
        user.roles.some((role) => reason.limitedToRoles.includes(role))) &&
      matchesUsersFilters(reason.usersFilters, user.fields),
  );
}

/** 03 §3 reminder actions. */
export const REMINDER_ACTIONS = [
  'phoneCall',
  'message',
  'visit',
  'meeting',
  'sendMail',
  'sendWhatsapp',
  'other',
] as const;
export type ReminderAction = (typeof REMINDER_ACTIONS)[number];

/** 03 §9 quick and long reminder choices. */
export const QUICK_REMINDER_CHOICES = ['30m', '1h', '3h', '1d', '2d', '3d'] as const;
export const LONG_REMINDER_CHOICES = ['30d', '60d', '90d', '6M', '1y', '2y'] as const;
export type ReminderChoice =
  (typeof QUICK_REMINDER_CHOICES)[number] | (typeof LONG_REMINDER_CHOICES)[number];

/** The date a reminder choice stands for, from `now`. */
export function reminderDateFor(choice: ReminderChoice, now: Date): Date {
  const amount = Number.parseInt(choice, 10);
  const unit = choice.replace(String(amount), '');
  const date = new Date(now.getTime());
  switch (unit) {
    case 'm':
      date.setMinutes(date.getMinutes() + amount);
      break;
    case 'h':
      date.setHours(date.getHours() + amount);
      break;
    case 'd':
      date.setDate(date.getDate() + amount);
      break;
    case 'M':
      date.setMonth(date.getMonth() + amount);
      break;
    case 'y':
      date.setFullYear(date.getFullYear() + amount);
      break;
  }
  return date;
}

export const ZReminderInput = z.object({
  contactId: z.string().uuid(),
  /** The client's id of the reminder item (idempotent retries). */
  id: ZClientItemId,
  reminderDate: z.coerce
    .date({ error: validationEs.dateRequired })
    .refine(isInputDate, { message: INPUT_TEXTS.invalidDate }),
  actionType: z.enum(REMINDER_ACTIONS).default('other'),
  comment: z.string().trim().max(2500).default(''),
  isPermanent: z.boolean().default(false),
  dateSelectedFrom: z.enum(['manual', 'predetermined', 'calendar']).default('manual'),
});

/** 03 §5 visit comment rules: required by default, optional bounds. */
export interface VisitRules {
  commentRequired: boolean;
  minChars: number;
  maxChars: number;
}

export const DEFAULT_VISIT_RULES: VisitRules = {
  commentRequired: true,
  minChars: 0,
  maxChars: 2500,
};

export const VISIT_TEXTS = conversationEs.visitRules;

/** The visit form of 03 §5 with the tenant's rules (one schema for web and server). */
export function visitSchema(rules: VisitRules, resultCodes: readonly string[]) {
  return z
    .object({
      contactId: z.string().uuid(),
      id: ZClientItemId,
      state: z.string(),
      comment: z.string().trim().default(''),
      tag: z.string().max(60).nullable().default(null),
      shared: z.array(z.string().uuid()).max(50).default([]),
    })
    .superRefine((value, ctx) => {
      if (!value.state || !resultCodes.includes(value.state)) {
        ctx.addIssue({ code: 'custom', path: ['state'], message: VISIT_TEXTS.stateRequired });
      }
      const length = value.comment.length;
      if (!length && rules.commentRequired) {
        ctx.addIssue({ code: 'custom', path: ['comment'], message: VISIT_TEXTS.commentRequired });
      } else if (length && rules.minChars > 0 && length < rules.minChars) {
        ctx.addIssue({
          code: 'custom',
          path: ['comment'],
          message: VISIT_TEXTS.commentMin
            .replace('{n}', String(rules.minChars))
            .replace(
              '{unit}',
              rules.minChars === 1 ? VISIT_TEXTS.characterOne : VISIT_TEXTS.characterMany,
            ),
        });
      } else if (length > rules.maxChars) {
        ctx.addIssue({
          code: 'custom',
          path: ['comment'],
          message: VISIT_TEXTS.commentMax.replace('{n}', String(rules.maxChars)),
        });
      }
    });
}

/** 03 §4 phone-call outcomes: 'Sin responder', 'Correo de voz', 'Contestó'. */
export const CALL_OUTCOMES = ['cancel', 'voicemail', 'done'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/**
 * 03 §4 Reserved contact: how long an unassigned contact opened from 'Inbox' stays reserved for
 * the user looking at it, counted down on screen and renewed by their activity. The
 * specification does not show the constant (03 §9); two minutes is ours (docs/decisions.md).
 */
export const RESERVATION_SECONDS = 120;
