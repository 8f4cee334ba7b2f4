import { afterAll, expect } from 'vitest';
import { newId } from '@cartera/domain/ids';
import { useDemoApp, type DemoApp } from './demo-app';

/**
 * The frame of a channel's integration test file: the demo app of `useDemoApp` with its jobs on
 * (the webhook inbox, the outbox, the media job), its provider's base URL pointed at a fake of
 * the provider on 127.0.0.1 (the outbound guard lets that host through), and the fake closed
 * after the file.
 *
 * ```ts
 * const fake = await startWhatsappCloudFake({ accessToken: ACCESS_TOKEN });
 * const env = useChannelApp(fake, { env: { MEDIA_FETCH_ATTEMPTS: '3' } });
 * const response = await env.postWebhook(channel.webhookUrl, signedWebhook(APP_SECRET, body));
 * ```
 */

/** The env override that sends a provider's calls to its fake. */
const PROVIDER_URLS = {
  meta: (url: string) => ({ META_GRAPH_BASE_URL: `${url}/v22.0` }),
  twilio: (url: string) => ({ TWILIO_BASE_URL: url }),
} as const;

export interface ChannelApp extends DemoApp {
  /**
   * Posts a webhook as the provider would (its body and signed headers) and resolves, with the
   * answer, once the inbox has taken in what it acknowledged.
   */
  postWebhook(
    url: string,
    signed: { body: string | Buffer; headers: Record<string, string> },
  ): Promise<Response>;
  /**
   * Sends a message through a channel as a demo user (a new item id) and answers the item's id
   * once the call is accepted.
   */
  sendMessage(
    email: string,
    input: { contactId: string; channelId: string } & Record<string, unknown>,
  ): Promise<string>;
}

export function useChannelApp(
  fake: { url: string; close(): Promise<void> },
  options: { provider?: keyof typeof PROVIDER_URLS; env?: Record<string, string> } = {},
): ChannelApp {
  const env = useDemoApp({
    JOBS_ENABLED: 'true',
    OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
    ...PROVIDER_URLS[options.provider ?? 'meta'](fake.url),
    ...options.env,
  });
  afterAll(() => fake.close());
  return Object.assign(env, {
    async postWebhook(
      url: string,
      signed: { body: string | Buffer; headers: Record<string, string> },
    ) {
      const response = await fetch(url, {
        method: 'POST',
        headers: signed.headers,
        body: signed.body,
      });
      await env.webhooksSettled();
      return response;
    },
    async sendMessage(
      email: string,
      input: { contactId: string; channelId: string } & Record<string, unknown>,
    ) {
      const id = newId();
      const answer = await env.call(email, 'channel.sendMessage', { id, ...input });
      expect(answer.status).toBe(200);
      return id;
    },
  });
}
