import type { Executor } from '@cartera/db/client';
import type { Channel } from '@cartera/db/schema';
import { findChannelByWebhookKey } from './channels.repository';

/**
 * The channel a webhook URL names, kept a few seconds per server instance: a provider posts
 * many webhooks a second to the same URL, and acknowledging one should cost one statement (the
 * inbox's), not two. Only what acknowledging needs is read from it (tenant, id, type, secrets);
 * the inbox worker reads the channel afresh. A change made through this instance drops the entry
 * at once; one made elsewhere (a rotated secret, a deletion) applies within CACHE_MS.
 */
const CACHE_MS = 5_000;
const MAX_ENTRIES = 5_000;

const caches = new WeakMap<object, Map<string, { channel: Channel; until: number }>>();

function cacheOf(db: Executor) {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

export async function channelOfWebhook(db: Executor, webhookKey: string) {
  const cache = cacheOf(db);
  const hit = cache.get(webhookKey);
  if (hit && hit.until > Date.now()) return hit.channel;
  const channel = await findChannelByWebhookKey(db, webhookKey);
  if (!channel) {
    cache.delete(webhookKey);
    return undefined;
  }
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(webhookKey, { channel, until: Date.now() + CACHE_MS });
  return channel;
}

/** A channel changed or was deleted here: its webhooks read it again. */
export function forgetWebhookChannel(db: Executor, webhookKey: string) {
  cacheOf(db).delete(webhookKey);
}
