import { randomUUID } from 'node:crypto';
import type { MeetingProvidersConfig } from '../../env';
import { ProviderError } from '../adapter';
import { callProvider, jsonOf } from '../provider-http';

/*
 * Google Calendar for meetings (design/integrations.md §9; Google's "OAuth 2.0 for web server
 * applications" and Calendar API v3): the agent's consent gives a refresh token; an access token
 * lasts about an hour and is minted again from it. A Meet link is an event created with
 * `conferenceDataVersion=1` and a `conferenceData.createRequest` of type `hangoutsMeet`; the
 * conference may still be `pending` in the answer, in which case the event is read again.
 */

export type GoogleConfig = NonNullable<MeetingProvidersConfig['google']>;

/** What is sealed for an agent's Google connection. */
export interface GoogleTokens {
  accessToken: string;
  refreshToken: string;
  /** Epoch ms when the access token stops working. */
  expiresAt: number;
}

const SCOPE = 'https://www.googleapis.com/auth/calendar.events';
/** Calendar's read of the primary calendar (its id is the account's address) and free/busy. */
const SCOPES = `${SCOPE} https://www.googleapis.com/auth/calendar.readonly`;
/** An access token this close to its end is minted again before a call. */
const EARLY_MS = 60_000;
/** How many times a pending conference is read again. */
const PENDING_READS = 3;

export function googleAuthUrl(config: GoogleConfig, state: string, loginHint?: string): string {
  const url = new URL(`${config.oauthUrl}/o/oauth2/v2/auth`);
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('redirect_uri', config.redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', SCOPES);
  url.searchParams.set('access_type', 'offline');
  url.searchParams.set('prompt', 'consent');
  url.searchParams.set('state', state);
  if (loginHint) url.searchParams.set('login_hint', loginHint);
  return url.toString();
}

async function tokenCall(config: GoogleConfig, form: Record<string, string>) {
  const response = await callProvider(
    config.tokenUrl,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        ...form,
        client_id: config.clientId,
        client_secret: config.clientSecret,
      }).toString(),
    },
    'MEETING_AUTH_FAILED',
  );
  const body = jsonOf(response);
  if (!response.ok || typeof body.access_token !== 'string') {
    throw new ProviderError(
      'MEETING_AUTH_FAILED',
      false,
      String(body.error ?? response.status),
      `Google token: ${response.status}`,
    );
  }
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : undefined,
    expiresAt: Date.now() + Number(body.expires_in ?? 3600) * 1000,
  };
}

/** Exchanges the consent's code; answers the tokens and the account's address. */
export async function exchangeGoogleCode(config: GoogleConfig, code: string) {
  const minted = await tokenCall(config, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: config.redirectUri,
  });
  if (!minted.refreshToken) {
    throw new ProviderError('MEETING_AUTH_FAILED', false, 'no_refresh_token', 'no refresh token');
  }
  const tokens: GoogleTokens = { ...minted, refreshToken: minted.refreshToken };
  const calendar = await calendarCall(config, tokens.accessToken, 'GET', '/calendars/primary');
  const account = typeof calendar.id === 'string' ? calendar.id.toLowerCase() : '';
  return { tokens, account };
}

/**
 * A live access token: the stored one, or one minted from the refresh token when it is about to
 * end (`changed` says the tokens must be sealed again).
 */
export async function liveGoogleTokens(config: GoogleConfig, tokens: GoogleTokens) {
  if (tokens.expiresAt - EARLY_MS > Date.now()) return { tokens, changed: false };
  const minted = await tokenCall(config, {
    grant_type: 'refresh_token',
    refresh_token: tokens.refreshToken,
  });
  return {
    tokens: {
      accessToken: minted.accessToken,
      refreshToken: minted.refreshToken ?? tokens.refreshToken,
      expiresAt: minted.expiresAt,
    },
    changed: true,
  };
}

async function calendarCall(
  config: GoogleConfig,
  accessToken: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
) {
  const response = await callProvider(
    `${config.calendarUrl}/calendar/v3${path}`,
    {
      method,
      headers: {
        authorization: `Bearer ${accessToken}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    },
    'MEETING_LINK_FAILED',
  );
  const answer = jsonOf(response);
  if (!response.ok) {
    const error = answer.error as { code?: number; message?: string } | undefined;
    throw new ProviderError(
      response.status === 401 ? 'MEETING_AUTH_FAILED' : 'MEETING_LINK_FAILED',
      false,
      String(error?.code ?? response.status),
      error?.message ?? `Google Calendar: ${response.status}`,
    );
  }
  return answer;
}

function meetLinkOf(event: Record<string, unknown>): string | null {
  const conference = event.conferenceData as
    { entryPoints?: Array<{ entryPointType?: string; uri?: string }> } | undefined;
  const video = conference?.entryPoints?.find((entry) => entry.entryPointType === 'video')?.uri;
  if (video) return video;
  return typeof event.hangoutLink === 'string' ? event.hangoutLink : null;
}

function conferenceStatus(event: Record<string, unknown>): string | undefined {
  return (
    event.conferenceData as { createRequest?: { status?: { statusCode?: string } } } | undefined
  )?.createRequest?.status?.statusCode;
}

/**
 * Creates the event with its Meet conference on the agent's primary calendar; answers the event
 * id and the Meet link (reading the event again while the conference is pending).
 */
export async function createGoogleMeet(
  config: GoogleConfig,
  accessToken: string,
  meeting: {
    summary: string;
    description: string;
    start: Date;
    durationMinutes: number;
    timezone: string;
    attendees: string[];
  },
): Promise<{ eventId: string; link: string }> {
  const end = new Date(meeting.start.getTime() + meeting.durationMinutes * 60_000);
  let event = await calendarCall(
    config,
    accessToken,
    'POST',
    '/calendars/primary/events?conferenceDataVersion=1',
    {
      summary: meeting.summary,
      description: meeting.description,
      start: { dateTime: meeting.start.toISOString(), timeZone: meeting.timezone },
      end: { dateTime: end.toISOString(), timeZone: meeting.timezone },
      attendees: meeting.attendees.map((email) => ({ email })),
      conferenceData: {
        createRequest: {
          requestId: randomUUID(),
          conferenceSolutionKey: { type: 'hangoutsMeet' },
        },
      },
    },
  );
  const eventId = String(event.id ?? '');
  for (let read = 0; read < PENDING_READS && conferenceStatus(event) === 'pending'; read += 1) {
    event = await calendarCall(
      config,
      accessToken,
      'GET',
      `/calendars/primary/events/${encodeURIComponent(eventId)}`,
    );
  }
  const link = meetLinkOf(event);
  if (conferenceStatus(event) !== 'success' || !link) {
    throw new ProviderError(
      'MEETING_LINK_FAILED',
      false,
      conferenceStatus(event) ?? 'no_conference',
      'Google did not create the Meet conference',
    );
  }
  return { eventId, link };
}

/** The agent's busy periods between two moments (Calendar's freeBusy on the primary calendar). */
export async function googleBusy(
  config: GoogleConfig,
  accessToken: string,
  from: Date,
  to: Date,
): Promise<Array<{ start: Date; end: Date }>> {
  const answer = await calendarCall(config, accessToken, 'POST', '/freeBusy', {
    timeMin: from.toISOString(),
    timeMax: to.toISOString(),
    items: [{ id: 'primary' }],
  });
  const busy =
    (answer.calendars as { primary?: { busy?: Array<{ start: string; end: string }> } })?.primary
      ?.busy ?? [];
  return busy.map((period) => ({ start: new Date(period.start), end: new Date(period.end) }));
}
