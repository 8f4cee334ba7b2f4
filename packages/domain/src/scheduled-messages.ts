import { z } from 'zod';
import { validationEs } from './i18n/validation.es';
import { ZClientItemId } from './ids';

/**
 * Scheduled messages (02 §3 'Scheduled message', 03 §3, §4; issue #13 item 9): a message written
 * now and sent through its channel at a chosen time by a durable job. Its timeline item
 * ('scheduled-message') carries the status.
 */

/** 03 §3: active (waiting), cancel, processing (being sent), success, error. */
export const SCHEDULED_MESSAGE_STATUSES = [
  'active',
  'cancel',
  'processing',
  'success',
  'error',
] as const;
export type ScheduledMessageStatus = (typeof SCHEDULED_MESSAGE_STATUSES)[number];

/** 03 §4: an active one can be cancelled, a cancelled one made active again; nothing else. */
export function scheduledStatusChangeAllowed(from: string | null, to: 'active' | 'cancel') {
  return to === 'cancel' ? from === 'active' : from === 'cancel';
}

/** 02 §5: the date must be later than now. */
export function scheduledDateValid(date: Date, now: Date = new Date()) {
  return date.getTime() > now.getTime();
}

export const ZScheduleMessageInput = z.object({
  /** The scheduled item's id, made by the client: a repeated call schedules nothing twice. */
  id: ZClientItemId,
  contactId: z.uuid(),
  channelId: z.uuid(),
  text: z.string().trim().min(1, validationEs.required).max(4_096),
  date: z.coerce.date(),
  /** 02 §3 createReminder: a reminder for the seller at the same time. */
  createReminder: z.boolean().default(false),
  /** Which of the contact's phones it goes to (its first when left out). */
  to: z.string().trim().max(32).optional(),
  /** 02 §3: chosen by hand or from the suggested times. */
  dateSelectedFrom: z.enum(['manual', 'predetermined']).default('manual'),
});
export type ScheduleMessageInput = z.input<typeof ZScheduleMessageInput>;

/** The stored content of a 'scheduled-message' item (03 §3 Scheduled message). */
export const ZScheduledMessageContent = z.looseObject({
  date: z.string(),
  /** 'unofficial-whatsapp' (a WhatsApp session) or 'channelMessage' (any other channel). */
  interactionType: z.string(),
  messageContent: z.looseObject({ message: z.string().default('') }),
  channel: z
    .looseObject({ id: z.string(), name: z.string().nullish(), color: z.string().nullish() })
    .nullish(),
  reminderOnScheduledMessage: z.boolean().default(false),
  /** The contact's phone it goes to, when one was chosen. */
  to: z.string().nullish(),
  /** The channel message it became, once sent. */
  sentInteractionId: z.string().nullish(),
  /** Why it was not sent (a domain code), when it failed. */
  errorCode: z.string().nullish(),
});
export type ScheduledMessageContent = z.output<typeof ZScheduledMessageContent>;
