import type { MeetingProvidersConfig } from '../../env';
import { ProviderError } from '../adapter';
import { callProvider, jsonOf } from '../provider-http';

/*
 * Zoom for meetings (design/integrations.md §9; Zoom's Server-to-Server OAuth and Meetings API):
 * a company connects its own S2S app once (account id, client id and secret); each call mints an
 * hour's token from them (there is no refresh token). An agent may have Zoom meetings when their
 * e-mail is a user of that account; the meeting is created for that user.
 */

export type ZoomUrls = MeetingProvidersConfig['zoom'];

export interface ZoomCredentials {
  accountId: string;
  clientId: string;
  clientSecret: string;
}

export async function zoomToken(urls: ZoomUrls, credentials: ZoomCredentials): Promise<string> {
  const query = new URLSearchParams({
    grant_type: 'account_credentials',
    account_id: credentials.accountId,
  });
  const basic = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString(
    'base64',
  );
  const response = await callProvider(
    `${urls.oauthUrl}/oauth/token?${query.toString()}`,
    { method: 'POST', headers: { authorization: `Basic ${basic}` } },
    'MEETING_AUTH_FAILED',
  );
  const body = jsonOf(response);
  if (!response.ok || typeof body.access_token !== 'string') {
    throw new ProviderError(
      'MEETING_AUTH_FAILED',
      false,
      String(body.error ?? response.status),
      String(body.reason ?? `Zoom token: ${response.status}`),
    );
  }
  return body.access_token;
}

async function zoomCall(
  urls: ZoomUrls,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
) {
  const response = await callProvider(
    `${urls.apiUrl}/v2${path}`,
    {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    },
    'MEETING_LINK_FAILED',
  );
  return { status: response.status, ok: response.ok, body: jsonOf(response) };
}

/** Whether the address is a user of the company's Zoom account. */
export async function isZoomUser(urls: ZoomUrls, token: string, email: string): Promise<boolean> {
  const answer = await zoomCall(urls, token, 'GET', `/users/${encodeURIComponent(email)}`);
  if (answer.ok) return true;
  if (answer.status === 404) return false;
  throw new ProviderError(
    'MEETING_LINK_FAILED',
    false,
    String(answer.body.code ?? answer.status),
    String(answer.body.message ?? 'Zoom user lookup failed'),
  );
}

/** A scheduled meeting (type 2) for the agent's Zoom user; answers its id and join URL. */
export async function createZoomMeeting(
  urls: ZoomUrls,
  token: string,
  meeting: {
    hostEmail: string;
    topic: string;
    agenda: string;
    start: Date;
    durationMinutes: number;
    timezone: string;
  },
): Promise<{ meetingId: string; link: string }> {
  const answer = await zoomCall(
    urls,
    token,
    'POST',
    `/users/${encodeURIComponent(meeting.hostEmail)}/meetings`,
    {
      topic: meeting.topic,
      agenda: meeting.agenda,
      type: 2,
      start_time: meeting.start.toISOString().replace(/\.\d{3}Z$/, 'Z'),
      duration: meeting.durationMinutes,
      timezone: meeting.timezone,
      settings: { join_before_host: false },
    },
  );
  if (answer.status !== 201 || typeof answer.body.join_url !== 'string') {
    throw new ProviderError(
      'MEETING_LINK_FAILED',
      false,
      String(answer.body.code ?? answer.status),
      String(answer.body.message ?? 'Zoom did not create the meeting'),
    );
  }
  return { meetingId: String(answer.body.id), link: answer.body.join_url };
}
