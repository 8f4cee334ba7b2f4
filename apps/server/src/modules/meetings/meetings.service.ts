import { z } from 'zod';
import type { Transaction } from '@cartera/db/client';
import type { Meeting, MeetingReminder } from '@cartera/db/schema';
import { DomainError, type ErrorCode } from '@cartera/domain/errors';
import { es, format } from '@cartera/domain/i18n';
import { newId } from '@cartera/domain/ids';
import {
  MEETING_DURATIONS,
  MEETING_STATUSES,
  meetingStatusChangeAllowed,
  reminderOffsetMs,
  ZCreateMeetingInput,
  type MeetingStatus,
} from '@cartera/domain/meetings';
import type { AppDeps } from '../../deps';
import { now as clockNow } from '../../lib/clock';
import { visibleContact } from '../access/contacts';
import { sendChannelMessage } from '../channels/channel-outbound.service';
import { actingUser } from '../sessions/session.service';
import type { AuthUser } from '../sessions/session.types';
import { tenantSettings } from '../tenant-settings/tenant-settings.service';
import { announceInteraction, recordInteraction } from '../timeline/timeline-writer';
import { expireMeetingJob, meetingReminderJob, startMeetingJob } from './meetings.jobs';
import {
  findMeeting,
  findReminderChannelId,
  insertMeeting,
  lockMeeting,
  updateMeeting,
  updateMeetingItem,
} from './meetings.repository';

import { lockContact } from '../contacts/contacts.service';

import { makeLink, organizerOf, requireMeetings } from './meeting-providers.service';

/*
 * Meetings (issue #40; 02 §3, §4, §9; 03 §3, §5): a meeting with a contact is a row and a
 * 'meeting' item on its timeline (same id). Its link comes from the organiser's Google Calendar
 * (a Meet conference) or the company's Zoom account; when the provider fails the meeting is kept
 * without a link, in status error. Durable jobs at their moments send each reminder (a
 * 'meeting-reminder' item and a WhatsApp message to the customer through the channel outbox),
 * start it (inProgress) and expire it (expired, with an 'expired-meeting' item).
 */

// ---------------------------------------------------------------------------------------------
// Meetings

export const ZMeetingCreateInput = ZCreateMeetingInput.extend({
  /** The link the scheduler made already (meeting.createLink), with its provider's id. */
  meetingLink: z
    .url({ protocol: /^https$/ })
    .max(2_000)
    .optional(),
  providerRef: z.string().max(200).optional(),
});

export const ZMeetingCreated = z.object({
  id: z.string(),
  status: z.enum(MEETING_STATUSES),
  link: z.string().nullable(),
  /** Why the link could not be made (the meeting is kept without one, in status error). */
  linkError: z.string().nullable(),
});

function datePastError(): DomainError {
  return new DomainError('INVALID_REQUEST_BODY', { fields: { date: [es.meetings.form.datePast] } });
}

/**
 * 02 §5 'Create a meeting for a contact': checks the values (03 §9: 'Agendar' only ahead of now),
 * makes the link unless given or in person, then writes the meeting, its timeline item and its
 * jobs in one transaction. A retry with the same id writes nothing more.
 */
export async function createMeeting(
  deps: AppDeps,
  user: AuthUser,
  input: z.infer<typeof ZMeetingCreateInput>,
) {
  await requireMeetings(deps.db, user);
  const moment = clockNow();
  if (input.when === 'schedule' && input.date.getTime() <= moment.getTime()) throw datePastError();
  const start = input.when === 'now' ? moment : input.date;
  const contact = await visibleContact(deps.db, user, input.contactId);
  const existing = await findMeeting(deps.db, user.tenantId, input.id);
  if (existing) {
    return {
      id: existing.id,
      status: existing.status as MeetingStatus,
      link: existing.link,
      linkError: null,
    };
  }
  const organizer = await organizerOf(deps, user, input.assignUser);
  const durationMinutes = MEETING_DURATIONS[input.duration];
  let link = input.medium === 'person' ? null : (input.meetingLink ?? null);
  let providerRef = input.medium === 'person' ? null : (input.providerRef ?? null);
  let linkError: ErrorCode | null = null;
  if (input.medium !== 'person' && !link) {
    try {
      const made = await makeLink(deps, user.tenantId, organizer, {
        medium: input.medium,
        summary: input.summary,
        comment: input.comment,
        start,
        durationMinutes,
        timezone: input.timezone,
        attendees: input.attendees.map((attendee) => attendee.email),
      });
      link = made?.link ?? null;
      providerRef = made?.providerRef ?? null;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      deps.logger.warn({ err: error, medium: input.medium }, 'meetings: the link was not made');
      linkError = error.code;
    }
  }
  const status: MeetingStatus = linkError
    ? 'error'
    : input.when === 'now'
      ? 'inProgress'
      : 'active';
  const reminders: MeetingReminder[] = input.reminders.map((reminder) => ({
    number: reminder.number,
    unit: reminder.unit,
    message: reminder.message,
    medium: reminder.medium,
    state: 'pending',
  }));
  const end = new Date(start.getTime() + durationMinutes * 60_000);
  await deps.db.transaction(async (tx) => {
    const row = await insertMeeting(tx, {
      tenantId: user.tenantId,
      id: input.id,
      contactId: contact.id,
      organizerId: organizer.id,
      summary: input.summary,
      medium: input.medium,
      startsAt: start,
      durationMinutes,
      timezone: input.timezone,
      link,
      providerRef,
      status,
      comment: input.comment,
      reminders,
      attendees: input.attendees,
    });
    if (!row) return;
    await recordInteraction(tx, user, contact, {
      id: input.id,
      type: 'meeting',
      status,
      content: meetingContent(row),
    });
    if (status === 'error') return;
    for (const [index, reminder] of reminders.entries()) {
      const due = new Date(start.getTime() - reminderOffsetMs(reminder));
      if (due.getTime() <= moment.getTime()) continue;
      await deps.jobs.send(
        meetingReminderJob,
        { tenantId: user.tenantId, meetingId: input.id, index },
        { tx, startAfter: due },
      );
    }
    if (status === 'active') {
      await deps.jobs.send(
        startMeetingJob,
        { tenantId: user.tenantId, meetingId: input.id },
        { tx, startAfter: start },
      );
    }
    await deps.jobs.send(
      expireMeetingJob,
      { tenantId: user.tenantId, meetingId: input.id },
      { tx, startAfter: end },
    );
  });
  return { id: input.id, status, link, linkError };
}

/** The timeline item's content (02 §3 Meeting interaction) for the row as it is. */
function meetingContent(row: Meeting): Record<string, unknown> {
  return {
    meetingId: row.id,
    summary: row.summary,
    meetingType: row.medium,
    schedule: row.startsAt.toISOString(),
    duration: row.durationMinutes,
    status: row.status,
    link: row.link,
    comment: row.comment,
    isGenerateLink: Boolean(row.link),
    reminders: row.reminders.map(({ number, unit, state }) => ({ number, unit, state })),
  };
}

/** Sets the meeting's status on its row and on its timeline item, and tells who sees it. */
async function settleMeeting(
  tx: Transaction,
  user: AuthUser | null,
  meeting: Meeting,
  values: Partial<Pick<Meeting, 'status' | 'reminders'>>,
) {
  await updateMeeting(tx, meeting.tenantId, meeting.id, values);
  const next = { ...meeting, ...values };
  await updateMeetingItem(tx, meeting.tenantId, meeting.id, {
    status: next.status,
    content: meetingContent(next),
  });
  const contact = await lockContact(tx, meeting.tenantId, meeting.contactId);
  if (contact) {
    await announceInteraction(tx, user, contact, {
      event: 'interaction.updated',
      interactionId: meeting.id,
      type: 'meeting',
    });
  }
}

export const ZMeetingStatusInput = z.object({
  contactId: z.uuid(),
  id: z.uuid(),
  status: z.enum(['done', 'cancel']),
});

/** 02 §4's buttons: done or cancel as the current status allows, for who may see the contact. */
export async function setMeetingStatus(
  deps: AppDeps,
  user: AuthUser,
  input: z.infer<typeof ZMeetingStatusInput>,
) {
  const contact = await visibleContact(deps.db, user, input.contactId);
  return deps.db.transaction(async (tx) => {
    const meeting = await lockMeeting(tx, user.tenantId, input.id);
    if (!meeting || meeting.contactId !== contact.id) throw new DomainError('NOT_FOUND');
    const current = meeting.status as MeetingStatus;
    if (current !== input.status) {
      if (!meetingStatusChangeAllowed(current, input.status)) {
        throw new DomainError('INVALID_REQUEST_BODY', {
          fields: { status: [es.meetings.statusFailed] },
        });
      }
      await settleMeeting(tx, user, meeting, { status: input.status });
    }
    return { id: meeting.id, content: { status: input.status } };
  });
}

// ---------------------------------------------------------------------------------------------
// Jobs

/** At its start: an active meeting is in progress. */
export async function startMeeting(deps: AppDeps, data: { tenantId: string; meetingId: string }) {
  await deps.db.transaction(async (tx) => {
    const meeting = await lockMeeting(tx, data.tenantId, data.meetingId);
    if (!meeting || meeting.status !== 'active') return;
    if (meeting.startsAt.getTime() > clockNow().getTime() + 1_000) return;
    await settleMeeting(tx, null, meeting, { status: 'inProgress' });
  });
}

/** At its end: an active or running meeting is expired, with an 'expired-meeting' item. */
export async function expireMeeting(deps: AppDeps, data: { tenantId: string; meetingId: string }) {
  await deps.db.transaction(async (tx) => {
    const meeting = await lockMeeting(tx, data.tenantId, data.meetingId);
    if (!meeting || (meeting.status !== 'active' && meeting.status !== 'inProgress')) return;
    const end = meeting.startsAt.getTime() + meeting.durationMinutes * 60_000;
    if (end > clockNow().getTime() + 1_000) return;
    await settleMeeting(tx, null, meeting, { status: 'expired' });
    const contact = await lockContact(tx, meeting.tenantId, meeting.contactId);
    if (!contact) return;
    await recordInteraction(tx, null, contact, {
      id: newId(),
      type: 'expired-meeting',
      via: 'server',
      createdBySystem: true,
      content: {
        meetingId: meeting.id,
        summary: meeting.summary,
        meetingDate: meeting.startsAt.toISOString(),
        meetingType: meeting.medium,
      },
    });
  });
}

/** What the customer reads: the reminder's own message, else the catalogue's, with the link. */
function reminderText(meeting: Meeting, reminder: MeetingReminder): string {
  if (reminder.message.trim()) return reminder.message.trim();
  const date = new Intl.DateTimeFormat('es', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: meeting.timezone,
  }).format(meeting.startsAt);
  const text = format(es.meetings.customerReminder, { summary: meeting.summary, date });
  return meeting.link
    ? `${text} ${format(es.meetings.customerReminderLink, { link: meeting.link })}`
    : text;
}

/**
 * A reminder at its time (02 §9): a 'meeting-reminder' item on the timeline and the customer's
 * WhatsApp message through the channel outbox, as the organiser; outside the 24-hour window the
 * approved template of the meeting settings, else the reminder shows as failed. Once per reminder.
 */
export async function sendMeetingReminder(
  deps: AppDeps,
  data: { tenantId: string; meetingId: string; index: number },
) {
  const meeting = await findMeeting(deps.db, data.tenantId, data.meetingId);
  const reminder = meeting?.reminders[data.index];
  if (!meeting || !reminder || reminder.state === 'sent' || reminder.state === 'failed') return;
  if (meeting.status !== 'active') return;
  const due = meeting.startsAt.getTime() - reminderOffsetMs(reminder);
  if (due > clockNow().getTime() + 1_000) return;
  const organizer = await actingUser(deps.db, data.tenantId, meeting.organizerId);
  const text = reminderText(meeting, reminder);
  let outcome: { state: 'sent' | 'failed'; reason?: string } = { state: 'failed' };
  // The message's id follows from the meeting and the reminder: a retry sends it once.
  const messageId = reminderMessageId(meeting.id, data.index);
  if (organizer && reminder.medium === 'whatsapp') {
    const channelId = await findReminderChannelId(deps.db, data.tenantId, meeting.contactId);
    if (!channelId) outcome = { state: 'failed', reason: 'CHANNEL_NOT_FOUND' };
    else outcome = await sendReminderMessage(deps, organizer, meeting, channelId, messageId, text);
  } else if (!organizer) {
    outcome = { state: 'failed', reason: 'USER_NOT_FOUND' };
  } else {
    outcome = { state: 'failed', reason: 'EMAIL_NOT_CONNECTED' };
  }
  await deps.db.transaction(async (tx) => {
    const locked = await lockMeeting(tx, data.tenantId, data.meetingId);
    if (!locked) return;
    const reminders = locked.reminders.map((each, index) =>
      index === data.index ? { ...each, ...outcome } : each,
    );
    await settleMeeting(tx, null, locked, { reminders });
    const contact = await lockContact(tx, locked.tenantId, locked.contactId);
    if (!contact) return;
    await recordInteraction(tx, null, contact, {
      id: newId(),
      type: 'meeting-reminder',
      via: 'server',
      createdBySystem: true,
      status: outcome.state,
      content: {
        meetingId: locked.id,
        summary: locked.summary,
        meetingDate: locked.startsAt.toISOString(),
        meetingType: locked.medium,
        reminderDate: new Date(due).toISOString(),
        delivery: outcome.state,
        ...(outcome.reason ? { reason: outcome.reason } : {}),
      },
    });
  });
}

async function sendReminderMessage(
  deps: AppDeps,
  organizer: AuthUser,
  meeting: Meeting,
  channelId: string,
  messageId: string,
  text: string,
): Promise<{ state: 'sent' | 'failed'; reason?: string }> {
  try {
    await sendChannelMessage(deps, organizer, {
      id: messageId,
      contactId: meeting.contactId,
      channelId,
      text,
    });
    return { state: 'sent' };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (error.code !== 'WHATSAPP_WINDOW_CLOSED') return { state: 'failed', reason: error.code };
  }
  const settings = await tenantSettings(deps.db, meeting.tenantId, 'conversation');
  const template = settings.meetingSettings?.reminderTemplate;
  if (!template) return { state: 'failed', reason: 'WHATSAPP_WINDOW_CLOSED' };
  try {
    await sendChannelMessage(deps, organizer, {
      id: messageId,
      contactId: meeting.contactId,
      channelId,
      template: { name: template.name, language: template.language, parameters: [text] },
    });
    return { state: 'sent' };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { state: 'failed', reason: error.code };
  }
}

/** A UUIDv7-shaped id fixed by the meeting and the reminder's place (the same on a retry). */
function reminderMessageId(meetingId: string, index: number): string {
  const hex = meetingId.replace(/-/g, '');
  const tail = (parseInt(hex.slice(-4), 16) ^ (index + 1)).toString(16).padStart(4, '0');
  const id = `${hex.slice(0, 28)}${tail}`;
  return `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`;
}
