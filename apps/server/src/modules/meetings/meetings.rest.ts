import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { restRoute } from '../../http/rest';
import {
  createMeetingLink,
  integrationsOf,
  ZIntegrationsView,
  ZMeetingLinkInput,
} from './meeting-providers.service';
import {
  calendarEvents,
  calendarMeetings,
  ZCalendarEvent,
  ZCalendarInput,
  ZCalendarMeeting,
} from './calendar.service';

/** Meetings' paths of 01 §7 for API clients; the same services as tRPC's `meeting` and `calendar`. */
export function registerMeetingRoutes(app: FastifyInstance, deps: AppDeps) {
  const tags = ['meetings'];
  const CALENDAR = { area: '/contact/calendar' };
  const CONVERSATION = { area: '/contact' };

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/calendar/events',
    tags,
    summary: "The meetings and pending reminders in [from, to), the caller's or whom they reach",
    auth: 'session',
    access: { ...CALENDAR, procedure: 'calendar.events' },
    querystring: ZCalendarInput,
    response: z.array(ZCalendarEvent),
    handler: ({ session, query }) => calendarEvents(deps, session.user, query),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/calendar/meetings',
    tags,
    summary: 'The meetings starting in [from, to)',
    auth: 'session',
    access: { ...CALENDAR, procedure: 'calendar.meetings' },
    querystring: ZCalendarInput,
    response: z.array(ZCalendarMeeting),
    handler: ({ session, query }) => calendarMeetings(deps, session.user, query),
  });

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/calendar/meetingLink',
    tags,
    summary: "Makes a meeting's Meet or Zoom link through the organiser's provider",
    auth: 'session',
    access: { ...CONVERSATION, procedure: 'meeting.createLink' },
    body: ZMeetingLinkInput,
    response: z.object({ link: z.string().nullable(), providerRef: z.string().nullable() }),
    status: 201,
    handler: ({ session, body }) => createMeetingLink(deps, session.user, body),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/calendar/meetings/integrations',
    tags,
    summary: 'Whether meet and zoom are offered for an agent (in person always)',
    auth: 'session',
    access: { ...CONVERSATION, procedure: 'meeting.integrations' },
    querystring: z.object({ agent: z.uuid().optional() }),
    response: ZIntegrationsView,
    handler: ({ session, query }) => integrationsOf(deps, session.user, query.agent),
  });
}
