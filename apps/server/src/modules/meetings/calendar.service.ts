import { z } from 'zod';
import { DomainError } from '@cartera/domain/errors';
import { es } from '@cartera/domain/i18n';
import {
  MEETING_MEDIUMS,
  MEETING_STATUSES,
  type MeetingMedium,
  type MeetingStatus,
} from '@cartera/domain/meetings';
import type { AppDeps } from '../../deps';
import { now as clockNow } from '../../lib/clock';
import { ProviderError } from '../../providers/adapter';
import { googleBusy } from '../../providers/meetings/google-calendar';
import { contactScope } from '../access/contacts';
import { findReachedUserIds, userReachable } from '../access/users';
import type { AuthUser } from '../sessions/session.types';
import {
  findBusyMeetings,
  findConnection,
  findMeetingsInRange,
  findRemindersInRange,
} from './meetings.repository';

import { googleAccess, organizerOf } from './meeting-providers.service';

/*
 * 'Calendario' (issue #40; 01 §2, §7): the meetings and pending reminders of the caller or of whom
 * they reach, and the organiser's availability for the scheduler.
 */

// ---------------------------------------------------------------------------------------------
// Calendar

export const ZCalendarInput = z.object({
  from: z.coerce.date(),
  to: z.coerce.date(),
  /** Whose: the caller's by default; a supervisor may ask for a user or everyone they reach. */
  userId: z.union([z.uuid(), z.literal('all')]).optional(),
});

export const ZCalendarMeeting = z.object({
  id: z.string(),
  contactId: z.string(),
  contactName: z.string(),
  organizerId: z.string(),
  summary: z.string(),
  medium: z.enum(MEETING_MEDIUMS),
  start: z.date(),
  end: z.date(),
  link: z.string().nullable(),
  status: z.enum(MEETING_STATUSES),
});

export const ZCalendarEvent = z.discriminatedUnion('kind', [
  ZCalendarMeeting.extend({ kind: z.literal('meeting') }),
  z.object({
    kind: z.literal('reminder'),
    id: z.string(),
    contactId: z.string(),
    contactName: z.string(),
    agentId: z.string().nullable(),
    start: z.date(),
    actionType: z.string(),
    comment: z.string(),
  }),
]);

/** Most a calendar asks for at once: a month view with its leading and trailing weeks. */
const CALENDAR_RANGE_MS = 45 * 86_400_000;

async function calendarOwners(deps: AppDeps, user: AuthUser, userId: string | undefined) {
  if (!userId || userId === user.id) return [user.id];
  if (userId === 'all') {
    const reached = await findReachedUserIds(deps.db, user);
    return reached.kind === 'all' ? null : reached.ids;
  }
  if (!(await userReachable(deps.db, user, userId))) throw new DomainError('NOT_FOUND');
  return [userId];
}

function checkRange(input: z.infer<typeof ZCalendarInput>) {
  if (input.to <= input.from || input.to.getTime() - input.from.getTime() > CALENDAR_RANGE_MS) {
    throw new DomainError('INVALID_REQUEST_BODY', {
      fields: { to: [es.validation.valueInvalid] },
    });
  }
}

/** GET /calendar/meetings: the meetings in the range (the caller's, or whom they reach). */
export async function calendarMeetings(
  deps: AppDeps,
  user: AuthUser,
  input: z.infer<typeof ZCalendarInput>,
) {
  checkRange(input);
  const owners = await calendarOwners(deps, user, input.userId);
  const scope = await contactScope(deps.db, user);
  const rows = await findMeetingsInRange(
    deps.db,
    user.tenantId,
    scope,
    owners,
    input.from,
    input.to,
  );
  return rows.map((row) => ({
    id: row.id,
    contactId: row.contactId,
    contactName: `${row.contactFirstName} ${row.contactLastName}`.trim(),
    organizerId: row.organizerId,
    summary: row.summary,
    medium: row.medium as MeetingMedium,
    start: row.startsAt,
    end: new Date(row.startsAt.getTime() + row.durationMinutes * 60_000),
    link: row.link,
    status: row.status as MeetingStatus,
  }));
}

/** GET /calendar/events: the meetings and the pending reminders in the range. */
export async function calendarEvents(
  deps: AppDeps,
  user: AuthUser,
  input: z.infer<typeof ZCalendarInput>,
) {
  const meetings = await calendarMeetings(deps, user, input);
  const owners = await calendarOwners(deps, user, input.userId);
  const scope = await contactScope(deps.db, user);
  const reminders = await findRemindersInRange(
    deps.db,
    user.tenantId,
    scope,
    owners,
    input.from,
    input.to,
  );
  return [
    ...meetings.map((meeting) => ({ kind: 'meeting' as const, ...meeting })),
    ...reminders.map((row) => {
      const reminder = (row.reminder ?? {}) as Record<string, unknown>;
      return {
        kind: 'reminder' as const,
        id: String(reminder.interactionId ?? row.contactId),
        contactId: row.contactId,
        contactName: `${row.firstName} ${row.lastName}`.trim(),
        agentId: row.agentId,
        start: new Date(String(reminder.reminderDate)),
        actionType: String(reminder.actionType ?? 'other'),
        comment: String(reminder.comment ?? ''),
      };
    }),
  ].sort((a, b) => a.start.getTime() - b.start.getTime());
}

export const ZAvailabilityInput = z.object({
  startTime: z.coerce.date(),
  endTime: z.coerce.date(),
  eventTypeSlug: z.string().max(100).optional(),
  agent: z.union([z.literal('me'), z.uuid()]).default('me'),
});

/** Slots a day offers: every 30 minutes from 8:00 to 20:00 in the organiser's time zone. */
const SLOT_MINUTES = 30;

/**
 * 02 §6 availability: by day (YYYY-MM-DD, UTC), the free start times of 30-minute slots in the
 * range, without the organiser's Cartera meetings and, with Google connected, their busy periods.
 */
export async function availability(
  deps: AppDeps,
  user: AuthUser,
  input: z.infer<typeof ZAvailabilityInput>,
) {
  if (
    input.endTime <= input.startTime ||
    input.endTime.getTime() - input.startTime.getTime() > 8 * 86_400_000
  ) {
    throw new DomainError('INVALID_REQUEST_BODY', {
      fields: { endTime: [es.validation.valueInvalid] },
    });
  }
  const organizer = await organizerOf(deps, user, input.agent);
  const busy = (
    await findBusyMeetings(deps.db, user.tenantId, organizer.id, input.startTime, input.endTime)
  ).map((row) => ({
    start: row.startsAt,
    end: new Date(row.startsAt.getTime() + row.durationMinutes * 60_000),
  }));
  const google = await findConnection(deps.db, user.tenantId, 'google', organizer.id);
  if (google && deps.env.meetings.google) {
    try {
      const { config, accessToken } = await googleAccess(deps, user.tenantId, organizer.id);
      busy.push(...(await googleBusy(config, accessToken, input.startTime, input.endTime)));
    } catch (error) {
      if (!(error instanceof DomainError) && !(error instanceof ProviderError)) throw error;
      deps.logger.warn({ err: error }, 'meetings: Google free/busy failed');
    }
  }
  const moment = clockNow().getTime();
  const result: Record<string, string[]> = {};
  const first =
    Math.ceil(input.startTime.getTime() / (SLOT_MINUTES * 60_000)) * SLOT_MINUTES * 60_000;
  for (let at = first; at < input.endTime.getTime(); at += SLOT_MINUTES * 60_000) {
    const end = at + SLOT_MINUTES * 60_000;
    if (at <= moment) continue;
    if (busy.some((period) => period.start.getTime() < end && period.end.getTime() > at)) continue;
    const iso = new Date(at).toISOString();
    (result[iso.slice(0, 10)] ??= []).push(iso);
  }
  return { result };
}
