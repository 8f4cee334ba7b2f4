import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Executor } from '@cartera/db/client';
import { DomainError } from '@cartera/domain/errors';
import { MEETING_DURATIONS, MEETING_MEDIUMS, type MeetingMedium } from '@cartera/domain/meetings';
import type { AppDeps } from '../../deps';
import { openSecret, sealSecret } from '../../lib/secret-box';
import { ProviderError } from '../../providers/adapter';
import { sameSecret } from '../../providers/provider-http';
import {
  createGoogleMeet,
  exchangeGoogleCode,
  googleAuthUrl,
  liveGoogleTokens,
  type GoogleConfig,
  type GoogleTokens,
} from '../../providers/meetings/google-calendar';
import {
  createZoomMeeting,
  isZoomUser,
  zoomToken,
  type ZoomCredentials,
} from '../../providers/meetings/zoom';
import { userReachable } from '../access/users';
import type { AuthUser } from '../sessions/session.types';
import { changeTenantSection, tenantSettings } from '../tenant-settings/tenant-settings.service';
import {
  deleteConnection,
  findConnection,
  findUserMeetingFacts,
  saveConnection,
  setUserMeetings,
  updateConnectionSecrets,
} from './meetings.repository';

/*
 * Meetings' providers (issue #40): who may schedule, the Google and Zoom connections (sealed),
 * the integrations by agent and the links they make.
 */

// ---------------------------------------------------------------------------------------------
// Who may schedule

/** 03 §2.2: meetings need enableMeetings in the user's or the group's configuration. */
export async function meetingsEnabledFor(db: Executor, user: AuthUser): Promise<boolean> {
  const [facts, config] = await Promise.all([
    findUserMeetingFacts(db, user.tenantId, user.id),
    tenantSettings(db, user.tenantId, 'conversation'),
  ]);
  return facts?.enableMeetings === true || config.enableMeetings === true;
}

export async function requireMeetings(db: Executor, user: AuthUser) {
  if (!(await meetingsEnabledFor(db, user))) throw new DomainError('DISABLED_FEATURE');
}

export const ZMeetingSettingsView = z.object({
  /** The user's own switch; null when the group's decides. */
  userEnabled: z.boolean().nullable(),
  groupEnabled: z.boolean(),
  enabled: z.boolean(),
  google: z.object({
    available: z.boolean(),
    account: z.string().nullable(),
    status: z.string().nullable(),
  }),
  zoom: z.object({ connected: z.boolean(), account: z.string().nullable() }),
});

export async function meetingSettingsOf(deps: AppDeps, user: AuthUser) {
  const [facts, config, google, zoom] = await Promise.all([
    findUserMeetingFacts(deps.db, user.tenantId, user.id),
    tenantSettings(deps.db, user.tenantId, 'conversation'),
    findConnection(deps.db, user.tenantId, 'google', user.id),
    findConnection(deps.db, user.tenantId, 'zoom', null),
  ]);
  const userEnabled = facts?.enableMeetings ?? null;
  const groupEnabled = config.enableMeetings === true;
  return {
    userEnabled,
    groupEnabled,
    enabled: userEnabled === true || groupEnabled,
    google: {
      available: Boolean(deps.env.meetings.google),
      account: google?.account ?? null,
      status: google?.status ?? null,
    },
    zoom: { connected: Boolean(zoom), account: zoom?.account ?? null },
  };
}

export async function setOwnMeetings(deps: AppDeps, user: AuthUser, enabled: boolean | null) {
  await setUserMeetings(deps.db, user.tenantId, user.id, enabled);
  return meetingSettingsOf(deps, user);
}

// ---------------------------------------------------------------------------------------------
// Connections

/** How long Google's consent `state` is good for. */
const STATE_TTL_MS = 15 * 60_000;

function stateKey(deps: Pick<AppDeps, 'env'>) {
  return Buffer.from(hkdfSync('sha256', deps.env.sessionSecret, '', 'cartera meetings state', 32));
}

/**
 * A `state` bound to the user and the next 15 minutes, signed with the server's secret (any
 * instance checks it); `meet-` tells it from Nylas's on /settings.
 */
function meetingStateFor(deps: Pick<AppDeps, 'env'>, user: AuthUser, now = Date.now()) {
  const payload = [
    'meet-' + user.tenantId,
    user.id,
    (now + STATE_TTL_MS).toString(36),
    randomBytes(9).toString('base64url'),
  ].join('.');
  const mac = createHmac('sha256', stateKey(deps)).update(payload).digest('base64url');
  return `${payload}.${mac}`;
}

function stateIsFor(deps: Pick<AppDeps, 'env'>, user: AuthUser, state: string, now: number) {
  const at = state.lastIndexOf('.');
  if (at < 0) return false;
  const payload = state.slice(0, at);
  const mac = createHmac('sha256', stateKey(deps)).update(payload).digest('base64url');
  if (!sameSecret(state.slice(at + 1), mac)) return false;
  const [tenant, userId, expires] = payload.split('.');
  return (
    tenant === 'meet-' + user.tenantId && userId === user.id && parseInt(expires ?? '0', 36) >= now
  );
}

function googleConfig(deps: AppDeps): GoogleConfig {
  const config = deps.env.meetings.google;
  if (!config) throw new DomainError('MEETING_PROVIDER_NOT_CONNECTED');
  return config;
}

export function googleConsentUrl(deps: AppDeps, user: AuthUser) {
  const config = deps.env.meetings.google;
  if (!config) return { url: null };
  return { url: googleAuthUrl(config, meetingStateFor(deps, user), user.email) };
}

/** Completes the agent's consent: the code's tokens sealed as their Google connection. */
export async function connectGoogle(
  deps: AppDeps,
  user: AuthUser,
  input: { code: string; state: string },
) {
  const config = googleConfig(deps);
  if (!stateIsFor(deps, user, input.state, Date.now())) {
    throw new DomainError('MEETING_AUTH_FAILED');
  }
  const { tokens, account } = await providerCall(() => exchangeGoogleCode(config, input.code));
  await saveConnection(deps.db, {
    tenantId: user.tenantId,
    provider: 'google',
    userId: user.id,
    account,
    secrets: sealSecret(JSON.stringify(tokens)),
  });
  return meetingSettingsOf(deps, user);
}

export async function disconnectGoogle(deps: AppDeps, user: AuthUser) {
  await deleteConnection(deps.db, user.tenantId, 'google', user.id);
  return meetingSettingsOf(deps, user);
}

export const ZConnectZoomInput = z.object({
  accountId: z.string().trim().min(1).max(200),
  clientId: z.string().trim().min(1).max(200),
  clientSecret: z.string().trim().min(1).max(500),
});

/** The company's Zoom S2S app: its credentials are tried (a token minted) before they are kept. */
export async function connectZoom(
  deps: AppDeps,
  user: AuthUser,
  input: z.infer<typeof ZConnectZoomInput>,
) {
  await providerCall(() => zoomToken(deps.env.meetings.zoom, input));
  await saveConnection(deps.db, {
    tenantId: user.tenantId,
    provider: 'zoom',
    userId: null,
    account: input.accountId,
    secrets: sealSecret(JSON.stringify(input)),
  });
  return meetingSettingsOf(deps, user);
}

export async function disconnectZoom(deps: AppDeps, user: AuthUser) {
  await deleteConnection(deps.db, user.tenantId, 'zoom', null);
  return meetingSettingsOf(deps, user);
}

/** Runs a provider call, a refusal becoming the DomainError of its code. */
async function providerCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProviderError) throw new DomainError(error.code);
    throw error;
  }
}

/** The agent's Google access token, refreshed (and sealed again) when about to end. */
export async function googleAccess(deps: AppDeps, tenantId: string, userId: string) {
  const config = googleConfig(deps);
  const connection = await findConnection(deps.db, tenantId, 'google', userId);
  if (!connection) throw new DomainError('MEETING_PROVIDER_NOT_CONNECTED');
  const stored = JSON.parse(openSecret(connection.secrets)) as GoogleTokens;
  const live = await providerCall(() => liveGoogleTokens(config, stored));
  if (live.changed) {
    await updateConnectionSecrets(
      deps.db,
      tenantId,
      connection.id,
      sealSecret(JSON.stringify(live.tokens)),
    );
  }
  return { config, accessToken: live.tokens.accessToken };
}

async function zoomAccess(deps: AppDeps, tenantId: string) {
  const connection = await findConnection(deps.db, tenantId, 'zoom', null);
  if (!connection) throw new DomainError('MEETING_PROVIDER_NOT_CONNECTED');
  const credentials = JSON.parse(openSecret(connection.secrets)) as ZoomCredentials;
  const token = await providerCall(() => zoomToken(deps.env.meetings.zoom, credentials));
  return { urls: deps.env.meetings.zoom, token };
}

export const ZIntegrationsView = z.object({
  meet: z.boolean(),
  zoom: z.boolean(),
  person: z.literal(true),
});

/** 02 §5: per-agent integrations decide whether meet and zoom are offered; in person always. */
export async function integrationsOf(deps: AppDeps, user: AuthUser, agentId?: string) {
  const agent = agentId ?? user.id;
  if (agent !== user.id && !(await userReachable(deps.db, user, agent))) {
    throw new DomainError('NOT_FOUND');
  }
  const [google, zoom, facts] = await Promise.all([
    findConnection(deps.db, user.tenantId, 'google', agent),
    findConnection(deps.db, user.tenantId, 'zoom', null),
    findUserMeetingFacts(deps.db, user.tenantId, agent),
  ]);
  let zoomEnabled = false;
  if (zoom && facts) {
    try {
      const access = await zoomAccess(deps, user.tenantId);
      zoomEnabled = await isZoomUser(access.urls, access.token, facts.email);
    } catch (error) {
      if (!(error instanceof ProviderError) && !(error instanceof DomainError)) throw error;
      deps.logger.warn({ err: error }, 'meetings: Zoom user lookup failed');
    }
  }
  return {
    meet: Boolean(google && google.status === 'connected' && deps.env.meetings.google),
    zoom: zoomEnabled,
    person: true as const,
  };
}

// ---------------------------------------------------------------------------------------------
// Links

export const ZMeetingLinkInput = z.object({
  summary: z.string().trim().min(1).max(255),
  medium: z.enum(MEETING_MEDIUMS),
  duration: z.enum(['15min', '30min', '1hour']).default('30min'),
  startDate: z.coerce.date(),
  agent: z.union([z.literal('me'), z.uuid()]).default('me'),
  timezone: z.string().trim().min(1).max(64).default('UTC'),
  comment: z.string().max(2_500).default(''),
  attendees: z.array(z.email()).max(20).default([]),
});

/** Makes the link of a meeting through the organiser's provider; MEETING_LINK_FAILED when not. */
export async function makeLink(
  deps: AppDeps,
  tenantId: string,
  organizer: { id: string; email: string },
  meeting: {
    medium: MeetingMedium;
    summary: string;
    comment: string;
    start: Date;
    durationMinutes: number;
    timezone: string;
    attendees: string[];
  },
): Promise<{ link: string; providerRef: string } | null> {
  if (meeting.medium === 'person') return null;
  if (meeting.medium === 'meet') {
    const { config, accessToken } = await googleAccess(deps, tenantId, organizer.id);
    const made = await providerCall(() =>
      createGoogleMeet(config, accessToken, {
        summary: meeting.summary,
        description: meeting.comment,
        start: meeting.start,
        durationMinutes: meeting.durationMinutes,
        timezone: meeting.timezone,
        attendees: meeting.attendees,
      }),
    );
    return { link: made.link, providerRef: made.eventId };
  }
  const { urls, token } = await zoomAccess(deps, tenantId);
  const made = await providerCall(() =>
    createZoomMeeting(urls, token, {
      hostEmail: organizer.email,
      topic: meeting.summary,
      agenda: meeting.comment,
      start: meeting.start,
      durationMinutes: meeting.durationMinutes,
      timezone: meeting.timezone,
    }),
  );
  return { link: made.link, providerRef: made.meetingId };
}

export async function organizerOf(deps: AppDeps, user: AuthUser, assign: string) {
  if (assign === 'me' || assign === user.id) return { id: user.id, email: user.email };
  if (!(await userReachable(deps.db, user, assign))) throw new DomainError('NOT_FOUND');
  const facts = await findUserMeetingFacts(deps.db, user.tenantId, assign);
  if (!facts?.active) throw new DomainError('NOT_FOUND');
  return { id: assign, email: facts.email };
}

/** 02 §5 'Create a link': the scheduler's step before confirming (no meeting is stored). */
export async function createMeetingLink(
  deps: AppDeps,
  user: AuthUser,
  input: z.infer<typeof ZMeetingLinkInput>,
) {
  await requireMeetings(deps.db, user);
  const organizer = await organizerOf(deps, user, input.agent);
  const made = await makeLink(deps, user.tenantId, organizer, {
    medium: input.medium,
    summary: input.summary,
    comment: input.comment,
    start: input.startDate,
    durationMinutes: MEETING_DURATIONS[input.duration],
    timezone: input.timezone,
    attendees: input.attendees,
  });
  return { link: made?.link ?? null, providerRef: made?.providerRef ?? null };
}

// ---------------------------------------------------------------------------------------------
// The company's meeting settings

export const ZReminderTemplate = z.object({
  name: z.string().trim().min(1).max(512),
  language: z.string().trim().min(2).max(15),
});

export const ZMeetingCompanySettings = z.object({
  /** 03 §3 meetingSettings: the approved template a reminder uses outside the 24 hours. */
  reminderTemplate: ZReminderTemplate.nullable(),
  zoom: z.object({ connected: z.boolean(), account: z.string().nullable() }),
});

export async function meetingCompanySettings(deps: AppDeps, user: AuthUser) {
  const [config, zoom] = await Promise.all([
    tenantSettings(deps.db, user.tenantId, 'conversation'),
    findConnection(deps.db, user.tenantId, 'zoom', null),
  ]);
  return {
    reminderTemplate: config.meetingSettings?.reminderTemplate ?? null,
    zoom: { connected: Boolean(zoom), account: zoom?.account ?? null },
  };
}

/** Chooses (or, with null, clears) the template meeting reminders use outside the 24 hours. */
export async function setReminderTemplate(
  deps: AppDeps,
  user: AuthUser,
  template: z.infer<typeof ZReminderTemplate> | null,
) {
  await changeTenantSection(deps.db, user.tenantId, 'conversation', () => ({
    values: { meetingSettings: template ? { reminderTemplate: template } : {} },
    result: null,
  }));
  return meetingCompanySettings(deps, user);
}
