import type { Browser, Page } from '@playwright/test';
import { signedWebhook } from '../../server/src/providers/whatsapp-cloud/graph-simulator';
import { expect, signIn, trpcMutation, trpcQuery, WHATSAPP_ACCESS_TOKEN } from './fixtures';

/**
 * What the channel browser tests share: a WhatsApp Business channel on the worker's Graph fake
 * (fixtures.ts), made through the API as the commercial manager makes it, and Meta's signed
 * webhooks posted to it.
 */

export interface TestChannel {
  id: string;
  name: string;
  webhookUrl: string;
}

export interface WhatsappChannelSpec {
  name: string;
  /** The app secret Meta signs the channel's webhooks with. */
  appSecret: string;
  phoneNumberId: string;
  color?: string;
  /** New contacts go to this user (round robin of one). */
  roundRobinTo?: string;
  limits?: { perHour?: number; perDay?: number };
}

/** Creates the channel as the manager signed in on `managerPage`. */
export function createWhatsappChannel(managerPage: Page, spec: WhatsappChannelSpec) {
  return trpcMutation<TestChannel>(managerPage, 'channel.create', {
    type: 'whatsapp_business',
    name: spec.name,
    ...(spec.color ? { color: spec.color } : {}),
    config: { phoneNumberId: spec.phoneNumberId },
    secrets: { accessToken: WHATSAPP_ACCESS_TOKEN, appSecret: spec.appSecret, verifyToken: 'v' },
    ...(spec.roundRobinTo ? { roundRobin: { enabled: true, userIds: [spec.roundRobinTo] } } : {}),
    ...(spec.limits ? { limits: spec.limits } : {}),
  });
}

/** Posts a webhook envelope to the channel as Meta does (raw JSON and its signature): 200. */
export async function metaPosts(
  channel: { webhookUrl: string },
  appSecret: string,
  envelope: unknown,
) {
  const { body, headers } = signedWebhook(appSecret, envelope);
  const response = await fetch(channel.webhookUrl, { method: 'POST', headers, body });
  expect(response.status, 'Meta is answered').toBe(200);
}

/**
 * The prologue of a conversation test through a channel: the seller signed in on `page`, the
 * commercial manager signed in on a page of a context of their own, and a WhatsApp channel of
 * the manager's whose new contacts go to the seller. `close` removes the channel and the
 * manager's context (in the test's `finally`).
 */
export async function sellerWithWhatsappChannel(
  page: Page,
  browser: Browser,
  baseURL: string | undefined,
  spec: Omit<WhatsappChannelSpec, 'roundRobinTo'>,
) {
  await signIn(page, 'vendedor@demo.test');
  const me = await trpcQuery<{ user: { id: string } }>(page, 'auth.me', undefined);
  const manager = await browser.newContext({ baseURL });
  const managerPage = await manager.newPage();
  await signIn(managerPage, 'comercial@demo.test');
  const channel = await createWhatsappChannel(managerPage, { ...spec, roundRobinTo: me.user.id });
  return {
    channel,
    managerPage,
    /** Posts a webhook envelope to the channel, signed with its app secret. */
    post: (envelope: unknown) => metaPosts(channel, spec.appSecret, envelope),
    async close() {
      await trpcMutation(managerPage, 'channel.remove', { id: channel.id }).catch(() => undefined);
      await manager.close();
    },
  };
}
