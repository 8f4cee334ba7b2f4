import { z } from 'zod';
import { DomainError, type ErrorCode } from '@cartera/domain/errors';
import { callProvider, jsonOf } from '../provider-http';
import { ProviderError } from '../adapter';

/*
 * Aircall's Public API v1 as documented (shared/design/integrations.md §5): HTTP Basic
 * `api_id:api_token`; users, numbers and calls listed with a `meta` page object; an outbound
 * call started on the agent's Aircall app with POST /users/{id}/calls {number_id, to}, answered
 * 204. Webhooks are JSON envelopes {resource, event, timestamp, token, data} with no signature:
 * the shared `token` is checked (phone-webhooks.ts). aircall.fake.ts serves the same shapes on
 * 127.0.0.1 for the tests; the demo's 'Aircall de prueba' answers them in process.
 */

export interface AircallCredentials {
  /** https://api.aircall.io/v1, a fake's `${url}/v1`, or the demo's sandbox://aircall/v1. */
  baseUrl: string;
  apiId: string;
  apiToken: string;
}

export const ZAircallNumber = z.object({
  id: z.number(),
  digits: z.string(),
  name: z.string().nullable().optional(),
});

export const ZAircallUser = z.object({
  id: z.number(),
  name: z.string().nullable().optional(),
  email: z.string().nullable().optional(),
  available: z.boolean().optional(),
  numbers: z.array(ZAircallNumber).optional(),
});

/** The call object of the API and of the webhooks (the fields Cartera reads). */
export const ZAircallCall = z.object({
  id: z.number(),
  direction: z.enum(['inbound', 'outbound']),
  status: z.string(),
  started_at: z.number().nullable().optional(),
  answered_at: z.number().nullable().optional(),
  ended_at: z.number().nullable().optional(),
  duration: z.number().nullable().optional(),
  raw_digits: z.string().nullable().optional(),
  missed_call_reason: z.string().nullable().optional(),
  recording: z.string().nullable().optional(),
  voicemail: z.string().nullable().optional(),
  number: ZAircallNumber.nullable().optional(),
  user: z.object({ id: z.number(), name: z.string().nullable().optional() }).nullable().optional(),
});
export type AircallCall = z.infer<typeof ZAircallCall>;
export type AircallUser = z.infer<typeof ZAircallUser>;
export type AircallNumber = z.infer<typeof ZAircallNumber>;

/** The call events Cartera takes in; others (call.tagged, call.commented…) are acknowledged. */
export const AIRCALL_CALL_EVENTS = [
  'call.created',
  'call.ringing_on_agent',
  'call.answered',
  'call.hungup',
  'call.ended',
  'call.voicemail_left',
] as const;
export type AircallCallEvent = (typeof AIRCALL_CALL_EVENTS)[number];

export const ZAircallWebhook = z.object({
  resource: z.string(),
  event: z.string(),
  timestamp: z.number(),
  token: z.string(),
  data: z.unknown(),
});
export type AircallWebhook = z.infer<typeof ZAircallWebhook>;

const ZPage = z.object({
  meta: z
    .object({ next_page_link: z.string().nullable().optional(), total: z.number().optional() })
    .optional(),
});

/** Pages read at most when listing users or numbers (50 a page). */
const MAX_PAGES = 10;

export class AircallClient {
  constructor(private readonly credentials: AircallCredentials) {}

  private authorization() {
    const { apiId, apiToken } = this.credentials;
    return `Basic ${Buffer.from(`${apiId}:${apiToken}`).toString('base64')}`;
  }

  private async request(
    method: 'GET' | 'POST',
    path: string,
    failure: ErrorCode,
    body?: unknown,
  ): Promise<{ status: number; json: Record<string, unknown> }> {
    const response = await callProvider(
      `${this.credentials.baseUrl}${path}`,
      {
        method,
        headers: {
          authorization: this.authorization(),
          accept: 'application/json',
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      },
      failure,
    );
    if (response.status === 401 || response.status === 403) {
      throw new ProviderError('PHONE_PROVIDER_AUTH_FAILED', false, String(response.status), '');
    }
    if (response.status >= 400) {
      const json = jsonOf(response);
      throw new ProviderError(
        failure,
        false,
        String(response.status),
        String(json.error ?? json.message ?? response.text.slice(0, 200)),
      );
    }
    return { status: response.status, json: jsonOf(response) };
  }

  private async list<T>(
    path: string,
    key: string,
    item: z.ZodType<T>,
    failure: ErrorCode,
  ): Promise<T[]> {
    const all: T[] = [];
    for (let page = 1; page <= MAX_PAGES; page += 1) {
      const { json } = await this.request('GET', `${path}?page=${page}&per_page=50`, failure);
      const rows = z.array(item).safeParse(json[key]);
      if (!rows.success) throw new ProviderError(failure, false, undefined, `bad ${key} page`);
      all.push(...rows.data);
      if (!ZPage.safeParse(json).data?.meta?.next_page_link) break;
    }
    return all;
  }

  /** GET /users: the company's Aircall users with their numbers. */
  users() {
    return this.list('/users', 'users', ZAircallUser, 'PHONE_PROVIDER_UNAVAILABLE');
  }

  /** GET /numbers: the company's Aircall numbers. */
  numbers() {
    return this.list('/numbers', 'numbers', ZAircallNumber, 'PHONE_PROVIDER_UNAVAILABLE');
  }

  /** GET /calls: a page of the company's calls, newest first. */
  async calls(page: number, perPage: number) {
    const { json } = await this.request(
      'GET',
      `/calls?page=${page}&per_page=${perPage}&order=desc`,
      'PHONE_PROVIDER_UNAVAILABLE',
    );
    return z.array(ZAircallCall).parse(json.calls ?? []);
  }

  /**
   * POST /webhooks: Aircall posts the call events to `url`; answers the webhook's `token`, which
   * every event it posts carries.
   */
  async createWebhook(url: string) {
    const { json } = await this.request('POST', '/webhooks', 'PHONE_PROVIDER_UNAVAILABLE', {
      custom_name: 'Cartera',
      url,
      events: [...AIRCALL_CALL_EVENTS],
    });
    const webhook = z.object({ webhook: z.object({ token: z.string().min(1) }) }).safeParse(json);
    if (!webhook.success) {
      throw new ProviderError('PHONE_PROVIDER_UNAVAILABLE', false, undefined, 'no webhook token');
    }
    return webhook.data.webhook.token;
  }

  /**
   * POST /users/{id}/calls: Aircall rings the agent's Aircall app and dials `to` from
   * `numberId`; 204 with no body (the call's id arrives with call.created).
   */
  async startCall(userId: string, numberId: string, to: string) {
    await this.request('POST', `/users/${encodeURIComponent(userId)}/calls`, 'PHONE_CALL_FAILED', {
      number_id: Number(numberId),
      to,
    });
  }
}

/** A provider's failure as the caller's DomainError (its code is the spec's error). */
export function phoneProviderError(error: unknown): never {
  if (error instanceof ProviderError) throw new DomainError(error.code);
  throw error;
}
