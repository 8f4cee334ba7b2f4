import { z } from 'zod';
import { router, roleProcedure, tenantProcedure } from '../../trpc/init';
import {
  createMeeting,
  setMeetingStatus,
  ZMeetingCreated,
  ZMeetingCreateInput,
  ZMeetingStatusInput,
} from './meetings.service';
import {
  connectGoogle,
  connectZoom,
  createMeetingLink,
  disconnectGoogle,
  disconnectZoom,
  googleConsentUrl,
  integrationsOf,
  meetingCompanySettings,
  meetingSettingsOf,
  setOwnMeetings,
  setReminderTemplate,
  ZConnectZoomInput,
  ZIntegrationsView,
  ZMeetingCompanySettings,
  ZMeetingLinkInput,
  ZMeetingSettingsView,
  ZReminderTemplate,
} from './meeting-providers.service';
import {
  availability,
  calendarEvents,
  calendarMeetings,
  ZAvailabilityInput,
  ZCalendarEvent,
  ZCalendarInput,
  ZCalendarMeeting,
} from './calendar.service';

/** The scheduler and the meeting items live in the conversation ('/contact'). */
const conversationProcedure = tenantProcedure.meta({ area: '/contact' });
/** 'Calendario' (01 §2 /contact/calendar, slug contact-calendar). */
const calendarProcedure = tenantProcedure.meta({ area: '/contact/calendar' });
/** The caller's own meetings switch and Google connection ('Ajustes'). */
const settingsProcedure = tenantProcedure.meta({ area: '/settings' });

const LINK_ERRORS = [
  'DISABLED_FEATURE',
  'MEETING_LINK_FAILED',
  'MEETING_PROVIDER_NOT_CONNECTED',
  'MEETING_AUTH_FAILED',
] as const;

export const meetingsRouter = router({
  settings: settingsProcedure
    .meta({
      description:
        "The caller's meetings: their own switch (null: the group's decides), the group's, whether the 'Reunión' tab is on, their Google Calendar connection (whether the server offers Google, the account) and whether the company's Zoom account is connected.",
    })
    .output(ZMeetingSettingsView)
    .query(({ ctx }) => meetingSettingsOf(ctx.deps, ctx.user)),

  setEnabled: settingsProcedure
    .meta({
      description:
        "Sets the caller's own meetings switch (03 §3 User config.enableMeetings): true turns the 'Reunión' tab on for them even when the group has it off; null leaves it to the group.",
    })
    .input(z.object({ enabled: z.boolean().nullable() }))
    .output(ZMeetingSettingsView)
    .mutation(({ ctx, input }) => setOwnMeetings(ctx.deps, ctx.user, input.enabled)),

  googleAuthUrl: settingsProcedure
    .meta({
      description:
        'Where the caller consents to Cartera using their Google Calendar (OAuth 2.0, offline access), with a `state` bound to them for 15 minutes; Google sends them back to /settings with `code` and `state`, for `meeting.connectGoogle`. `url` is null when the server has no Google client.',
    })
    .output(z.object({ url: z.string().nullable() }))
    .query(({ ctx }) => googleConsentUrl(ctx.deps, ctx.user)),

  connectGoogle: settingsProcedure
    .meta({
      description:
        "Completes the caller's Google consent: the code is exchanged for their tokens, kept sealed (the access token is refreshed from the refresh token when it ends). MEETING_AUTH_FAILED when the code or state is not good.",
      errors: ['MEETING_AUTH_FAILED', 'MEETING_PROVIDER_NOT_CONNECTED'],
    })
    .input(
      z.object({
        code: z.string().trim().min(1).max(2000),
        state: z.string().trim().min(1).max(200),
      }),
    )
    .output(ZMeetingSettingsView)
    .mutation(({ ctx, input }) => connectGoogle(ctx.deps, ctx.user, input)),

  disconnectGoogle: settingsProcedure
    .meta({ description: "Forgets the caller's Google Calendar connection (its tokens deleted)." })
    .output(ZMeetingSettingsView)
    .mutation(({ ctx }) => disconnectGoogle(ctx.deps, ctx.user)),

  connectZoom: roleProcedure('configureCompany')
    .meta({
      area: '/company',
      description:
        "Connects the company's Zoom Server-to-Server OAuth app (account id, client id and secret), tried by minting a token first; kept sealed. An agent is offered Zoom when their e-mail is a user of that account.",
      errors: ['MEETING_AUTH_FAILED'],
    })
    .input(ZConnectZoomInput)
    .output(ZMeetingSettingsView)
    .mutation(({ ctx, input }) => connectZoom(ctx.deps, ctx.user, input)),

  disconnectZoom: roleProcedure('configureCompany')
    .meta({ area: '/company', description: "Forgets the company's Zoom account." })
    .output(ZMeetingSettingsView)
    .mutation(({ ctx }) => disconnectZoom(ctx.deps, ctx.user)),

  companySettings: roleProcedure('configureCompany')
    .meta({
      area: '/company',
      description:
        "The company's meeting settings (03 §3 meetingSettings): the approved WhatsApp template a meeting reminder uses outside the customer's 24-hour window (null: none, the reminder then fails), and whether its Zoom account is connected.",
    })
    .output(ZMeetingCompanySettings)
    .query(({ ctx }) => meetingCompanySettings(ctx.deps, ctx.user)),

  setReminderTemplate: roleProcedure('configureCompany')
    .meta({
      area: '/company',
      description:
        "Chooses the approved WhatsApp template (name and language) meeting reminders use outside the 24-hour window, its first parameter the reminder's text; null clears it.",
    })
    .input(z.object({ template: ZReminderTemplate.nullable() }))
    .output(ZMeetingCompanySettings)
    .mutation(({ ctx, input }) => setReminderTemplate(ctx.deps, ctx.user, input.template)),

  integrations: conversationProcedure
    .meta({
      description:
        "02 §5 integrations by agent (GET /calendar/meetings/integrations): whether meet (the agent's Google Calendar) and zoom (the agent's e-mail is a user of the company's Zoom account) are offered; in person always.",
      errors: ['NOT_FOUND'],
    })
    .input(z.object({ agent: z.uuid().optional() }))
    .output(ZIntegrationsView)
    .query(({ ctx, input }) => integrationsOf(ctx.deps, ctx.user, input.agent)),

  availability: conversationProcedure
    .meta({
      description:
        '02 §6 availability: by day (YYYY-MM-DD, UTC), the free 30-minute start times of the organiser in the range (at most 8 days): without their Cartera meetings and, with Google connected, their busy periods.',
      errors: ['NOT_FOUND'],
    })
    .input(ZAvailabilityInput)
    .output(z.object({ result: z.record(z.string(), z.array(z.string())) }))
    .query(({ ctx, input }) => availability(ctx.deps, ctx.user, input)),

  createLink: conversationProcedure
    .meta({
      description:
        "02 §5 'Create a link' (POST /calendar/meetingLink): the organiser's Meet (a Google Calendar event with a conference) or Zoom meeting; null for in person. MEETING_LINK_FAILED when the provider fails ('Error al crear el enlace de la reunión').",
      errors: [...LINK_ERRORS, 'NOT_FOUND'],
    })
    .input(ZMeetingLinkInput)
    .output(z.object({ link: z.string().nullable(), providerRef: z.string().nullable() }))
    .mutation(({ ctx, input }) => createMeetingLink(ctx.deps, ctx.user, input)),

  create: conversationProcedure
    .meta({
      description:
        "02 §5 'Create a meeting for a contact' with the scheduler's values: 'Agendar' only ahead of now; the link made unless given or in person (a provider failure keeps the meeting without a link, status error, `linkError`); the meeting, its timeline item and its reminder, start and expiry jobs in one transaction. A retry with the same id writes nothing more.",
      errors: ['DISABLED_FEATURE', 'CONTACT_NOT_FOUND', 'NOT_FOUND'],
    })
    .input(ZMeetingCreateInput)
    .output(ZMeetingCreated)
    .mutation(({ ctx, input }) => createMeeting(ctx.deps, ctx.user, input)),

  setStatus: conversationProcedure
    .meta({
      description:
        "02 §5 'Change status': done or cancel, as the meeting's status allows (02 §4's buttons); answers result.content.status.",
      errors: ['CONTACT_NOT_FOUND', 'NOT_FOUND'],
    })
    .input(ZMeetingStatusInput)
    .output(z.object({ id: z.string(), content: z.object({ status: z.enum(['done', 'cancel']) }) }))
    .mutation(({ ctx, input }) => setMeetingStatus(ctx.deps, ctx.user, input)),
});

export const calendarRouter = router({
  events: calendarProcedure
    .meta({
      description:
        "GET /calendar/events: the meetings and pending reminders in [from, to) (at most 45 days), the caller's or, for a supervisor, a user's or everyone's they reach (`userId`: an id or 'all').",
      errors: ['NOT_FOUND'],
    })
    .input(ZCalendarInput)
    .output(z.array(ZCalendarEvent))
    .query(({ ctx, input }) => calendarEvents(ctx.deps, ctx.user, input)),

  meetings: calendarProcedure
    .meta({
      description:
        'GET /calendar/meetings: the meetings starting in [from, to) (at most 45 days), whose as in calendar.events.',
      errors: ['NOT_FOUND'],
    })
    .input(ZCalendarInput)
    .output(z.array(ZCalendarMeeting))
    .query(({ ctx, input }) => calendarMeetings(ctx.deps, ctx.user, input)),
});
