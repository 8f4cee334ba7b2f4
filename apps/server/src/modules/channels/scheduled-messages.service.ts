import { z } from 'zod';
import type { Transaction } from '@cartera/db/client';
import { DomainError, type ErrorCode } from '@cartera/domain/errors';
import { es } from '@cartera/domain/i18n';
import { newId } from '@cartera/domain/ids';
import {
  scheduledDateValid,
  scheduledStatusChangeAllowed,
  ZScheduledMessageContent,
  ZScheduleMessageInput,
  type ScheduledMessageContent,
  type ScheduledMessageStatus,
} from '@cartera/domain/scheduled-messages';
import type { AppDeps } from '../../deps';
import { visibleContact } from '../access/contacts';
import { lockContact } from '../contacts/contacts.service';
import { writeReminder } from '../interactions/conversation.service';
import { actingUser } from '../sessions/session.service';
import type { AuthUser } from '../sessions/session.types';
import { announceInteraction, recordInteraction } from '../timeline/timeline-writer';
import { sendableChannel, sendChannelMessage } from './channel-outbound.service';
import { findMessageContact, updateInteractionState } from './channel-delivery.repository';
import { lockScheduledItem } from './channel-outbound.repository';
import { sendScheduledMessageJob } from './channels.jobs';

/**
 * Scheduled messages (02 §3, §5; 03 §3, §4, §8; issue #13 item 9): a 'scheduled-message' item on
 * the timeline holds the text, channel and date; a durable job starting at the date sends it as
 * its author through the channel's outbox, once, and the item's status follows: active →
 * processing → success (with the channel message it became) or error (with why). Active ones
 * can be cancelled and cancelled ones made active again while the date is ahead.
 */

const GATEWAY_TYPES = new Set(['unofficial_wpp', 'personal_whatsapp']);

export async function scheduleMessage(
  deps: AppDeps,
  user: AuthUser,
  raw: z.input<typeof ZScheduleMessageInput>,
  now = new Date(),
) {
  const input = ZScheduleMessageInput.parse(raw);
  if (!scheduledDateValid(input.date, now)) throw new DomainError('SCHEDULED_DATE_INVALID');
  const contact = await visibleContact(deps.db, user, input.contactId);
  if (input.to !== undefined && !contact.phones.includes(input.to)) {
    throw new DomainError('INVALID_REQUEST_BODY', {
      fields: { to: [es.channels.notContactPhone] },
    });
  }
  await deps.db.transaction(async (tx) => {
    const channel = await sendableChannel(tx, user, input.channelId, contact);
    await recordScheduledItem(tx, deps, user, contact, {
      id: input.id,
      via: channel.type,
      date: input.date,
      dateSelectedFrom: input.dateSelectedFrom,
      reminderComment: input.createReminder ? input.text : null,
      content: {
        interactionType: GATEWAY_TYPES.has(channel.type) ? 'unofficial-whatsapp' : 'channelMessage',
        messageContent: { message: input.text },
        channel: { id: channel.id, name: channel.name, color: channel.config.color ?? null },
        ...(input.to ? { to: input.to } : {}),
      },
    });
  });
  return { id: input.id };
}

/**
 * Writes a scheduled item (in `tx`): its timeline item with the date, the reminder for the same
 * time when `reminderComment` is given (02 §3 createReminder), and the job at the date. A
 * repeated id writes nothing. `content` says what it sends (03 §3 Scheduled message).
 */
export async function recordScheduledItem(
  tx: Transaction,
  deps: AppDeps,
  user: AuthUser,
  contact: Awaited<ReturnType<typeof visibleContact>>,
  item: {
    id: string;
    via: string;
    date: Date;
    dateSelectedFrom: 'manual' | 'predetermined';
    reminderComment: string | null;
    content: Record<string, unknown> & { interactionType: string };
  },
) {
  const fresh = await recordInteraction(tx, user, contact, {
    id: item.id,
    type: 'scheduled-message',
    via: item.via,
    status: 'active',
    content: {
      date: item.date.toISOString(),
      ...item.content,
      reminderOnScheduledMessage: item.reminderComment !== null,
      dateSelectedFrom: item.dateSelectedFrom,
      // What it becomes: one id, so a repeated send stores one message.
      sentInteractionId: newId(),
    },
  });
  if (!fresh) return;
  if (item.reminderComment !== null) {
    const current = await lockContact(tx, user.tenantId, contact.id);
    if (current) {
      await writeReminder(tx, deps, user, current, {
        contactId: contact.id,
        id: newId(),
        reminderDate: item.date,
        actionType: 'message',
        comment: item.reminderComment,
        isPermanent: false,
        dateSelectedFrom: item.dateSelectedFrom,
      });
    }
  }
  await deps.jobs.send(
    sendScheduledMessageJob,
    { tenantId: user.tenantId, interactionId: item.id },
    { tx, startAfter: item.date },
  );
}

export const ZScheduledStatusInput = z.object({
  contactId: z.uuid(),
  id: z.uuid(),
  status: z.enum(['cancel', 'active']),
});

/**
 * Cancels an active scheduled message or makes a cancelled one active again (03 §4), for who may
 * see the contact; made active again only while its date is ahead, and its job enqueued anew.
 */
export async function setScheduledStatus(
  deps: AppDeps,
  user: AuthUser,
  input: z.infer<typeof ZScheduledStatusInput>,
  now = new Date(),
) {
  const contact = await visibleContact(deps.db, user, input.contactId);
  await deps.db.transaction(async (tx) => {
    const item = await lockScheduledItem(tx, user.tenantId, input.id);
    if (!item || item.contactId !== contact.id) throw new DomainError('NOT_FOUND');
    if (item.status === input.status) return;
    if (!scheduledStatusChangeAllowed(item.status, input.status)) {
      throw new DomainError('SCHEDULED_MESSAGE_NOT_CHANGEABLE');
    }
    const content = ZScheduledMessageContent.parse(item.content);
    const date = new Date(content.date);
    if (input.status === 'active' && !scheduledDateValid(date, now)) {
      throw new DomainError('SCHEDULED_DATE_INVALID');
    }
    await updateInteractionState(tx, user.tenantId, item.id, { status: input.status });
    if (input.status === 'active') {
      await deps.jobs.send(
        sendScheduledMessageJob,
        { tenantId: user.tenantId, interactionId: item.id },
        { tx, startAfter: date },
      );
    }
    await announceInteraction(tx, user, contact, {
      event: 'interaction.updated',
      interactionId: item.id,
      type: 'scheduled-message',
    });
  });
  return { id: input.id, status: input.status };
}

/** Sets the item's status (and content) and tells whoever sees the contact. */
async function settle(
  tx: Transaction,
  tenantId: string,
  item: { id: string; contactId: string; content: Record<string, unknown> },
  status: ScheduledMessageStatus,
  extra: Record<string, unknown> = {},
) {
  await updateInteractionState(tx, tenantId, item.id, {
    status,
    content: { ...item.content, ...extra },
  });
  const contact = await findMessageContact(tx, tenantId, item.contactId);
  if (contact) {
    await announceInteraction(tx, null, contact, {
      event: 'interaction.updated',
      interactionId: item.id,
      type: 'scheduled-message',
    });
  }
}

/**
 * What sends a scheduled item that is not a channel message, by its `interactionType` (e-mail:
 * the e-mail module's sender, given where the jobs are bound, so this module imports none).
 * It sends as `author` under the item's `sentInteractionId`, or throws a DomainError.
 */
export type ScheduledSenders = Partial<
  Record<
    string,
    (
      deps: AppDeps,
      author: AuthUser,
      item: { id: string; contactId: string; content: ScheduledMessageContent },
    ) => Promise<unknown>
  >
>;

/**
 * The job at the message's date: an item no longer active (cancelled, already sent) is left
 * alone; one whose date moved ahead waits for its own job. Otherwise it is claimed (processing)
 * and sent as its author through the channel, with the checks of any send at that moment (the
 * author still active and seeing the contact, the channel connected, its reply window); a
 * refusal leaves it in error with its code. A retry after a crash finds it processing and sends
 * the same message id, so the customer gets it once.
 */
export async function sendScheduledMessage(
  deps: AppDeps,
  tenantId: string,
  interactionId: string,
  now = new Date(),
  senders: ScheduledSenders = {},
) {
  const claimed = await deps.db.transaction(async (tx) => {
    const item = await lockScheduledItem(tx, tenantId, interactionId);
    if (!item || (item.status !== 'active' && item.status !== 'processing')) return null;
    const content = ZScheduledMessageContent.parse(item.content);
    if (item.status === 'active' && new Date(content.date).getTime() > now.getTime() + 1_000) {
      return null;
    }
    if (item.status === 'active') {
      await settle(tx, tenantId, item, 'processing');
    }
    return { item, content };
  });
  if (!claimed) return;
  const { item, content } = claimed;
  const fail = (code: ErrorCode) =>
    deps.db.transaction((tx) => settle(tx, tenantId, item, 'error', { errorCode: code }));
  const author = item.agentId ? await actingUser(deps.db, tenantId, item.agentId) : null;
  const messageId = content.sentInteractionId ?? newId();
  const other = senders[content.interactionType];
  if (author && other) {
    try {
      await other(deps, author, { id: messageId, contactId: item.contactId, content });
    } catch (error) {
      if (error instanceof DomainError) return fail(error.code);
      throw error;
    }
    return deps.db.transaction((tx) =>
      settle(tx, tenantId, item, 'success', { sentInteractionId: messageId }),
    );
  }
  if (!author || !content.channel) return fail('SCHEDULED_MESSAGE_ERROR');
  try {
    await sendChannelMessage(deps, author, {
      id: messageId,
      contactId: item.contactId,
      channelId: content.channel.id,
      text: content.messageContent.message,
      ...(content.to ? { to: content.to } : {}),
    });
  } catch (error) {
    if (error instanceof DomainError) return fail(error.code);
    throw error;
  }
  await deps.db.transaction((tx) =>
    settle(tx, tenantId, item, 'success', { sentInteractionId: messageId }),
  );
}
