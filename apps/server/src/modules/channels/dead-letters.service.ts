import superjson from 'superjson';
import { z } from 'zod';
import { ZJsonValue } from '@cartera/domain/input';
import { DomainError } from '@cartera/domain/errors';
import type { InboundEvent } from '../../providers/adapter';
import { adapterFor } from '../../providers/registry';
import type { AppDeps } from '../../deps';
import type { AuthUser } from '../sessions/session.types';
import { channelContext } from './channel-messages.service';
import { findChannel } from './channels.repository';
import {
  countTenantlessSince,
  findChannelDeadLetters,
  findTenantlessDeadLetters,
  lockDeadLetter,
  markRetried,
} from './dead-letters.repository';
import {
  deadLetter,
  payloadOf,
  rawOf,
  routeWebhook,
  type DeadLetterReason,
} from './webhook-routing';
import { enqueueWebhookEvents } from './webhook-inbox';

/**
 * 'Mensajes no procesados' (issue #31 item 4): the events a channel's webhook URL received that
 * could not be taken in, for the roles that manage 'Canales', with 'Reintentar'; those that
 * matched no company, for the platform's administrators ('Administración').
 */

export const ZDeadLetterView = z.object({
  id: z.uuid(),
  channelId: z.uuid().nullable(),
  provider: z.string(),
  reason: z.string(),
  detail: z.string().nullable(),
  /** The body as received (JSON when it was JSON), for a person to read. */
  payload: ZJsonValue,
  createdAt: z.date(),
  retriedAt: z.date().nullable(),
});

export const ZDeadLetterList = z.object({
  count: z.number().int(),
  items: z.array(ZDeadLetterView),
});

/** Dead letters listed at a time (the count says how many there are in all). */
const LIST_LIMIT = 100;
/** Bodies posted to URLs no company has, kept per hour at most (they come from anyone). */
const UNKNOWN_PER_HOUR = 200;

function viewOf(row: Awaited<ReturnType<typeof findChannelDeadLetters>>['rows'][number]) {
  return {
    id: row.id,
    channelId: row.channelId,
    provider: row.provider,
    reason: row.reason,
    detail: row.detail,
    payload: row.payload,
    createdAt: row.createdAt,
    retriedAt: row.retriedAt,
  };
}

/** A channel's dead letters not taken in yet: how many, and the newest with their payloads. */
export async function channelDeadLetters(deps: AppDeps, user: AuthUser, channelId: string) {
  const channel = await findChannel(deps.db, user.tenantId, channelId);
  if (!channel) throw new DomainError('CHANNEL_NOT_FOUND');
  const { count, rows } = await findChannelDeadLetters(
    deps.db,
    user.tenantId,
    channel.id,
    LIST_LIMIT,
  );
  return { count, items: rows.map(viewOf) };
}

/** Dead letters no company matched (a webhook URL nobody has): platform administrators. */
export async function platformDeadLetters(deps: AppDeps) {
  const { count, rows } = await findTenantlessDeadLetters(deps.db, LIST_LIMIT);
  return { count, items: rows.map(viewOf) };
}

/**
 * 'Reintentar': the dead letter is taken in again as if it had just arrived on its channel's URL
 * (routed by number again, so a channel added since receives it), or, for events the inbox gave
 * up on, stored in the inbox again. Taking it in twice writes nothing twice (provider ids are
 * claimed once). Answers whether it was taken in; when not, it stays with its new reason.
 */
export async function retryDeadLetter(
  deps: AppDeps,
  user: AuthUser,
  input: { channelId: string; id: string },
) {
  const channel = await findChannel(deps.db, user.tenantId, input.channelId);
  if (!channel) throw new DomainError('CHANNEL_NOT_FOUND');
  return deps.db.transaction(async (tx) => {
    const letter = await lockDeadLetter(tx, user.tenantId, channel.id, input.id);
    if (!letter) throw new DomainError('NOT_FOUND');
    if (letter.resolvedAt) return { resolved: true };
    const txDeps = { ...deps, db: tx } as AppDeps;
    if (letter.events) {
      const events = superjson.deserialize<InboundEvent[]>(letter.events as never);
      await enqueueWebhookEvents(tx, channel, events);
      await markRetried(tx, letter.id, { resolved: true });
      return { resolved: true };
    }
    if (!adapterFor(channel.type)) throw new DomainError('CHANNEL_NOT_FOUND');
    const request = { rawBody: rawOf(letter.payload), headers: {}, url: '' };
    const kept: Array<{ reason: DeadLetterReason; payload: unknown; detail: string | null }> = [];
    const routed = await routeWebhook(
      txDeps,
      channel,
      request,
      (each) => channelContext(deps, each),
      async (reason, payload, detail) => {
        kept.push({ reason, payload, detail });
      },
    );
    if (kept.length === 1 && routed.stored === 0) {
      // Still nowhere to go: the same letter stays, with why.
      await markRetried(tx, letter.id, {
        resolved: false,
        reason: kept[0]!.reason,
        detail: kept[0]!.detail,
      });
      return { resolved: false };
    }
    // Parts still without a channel (of a body that now went partly through) are kept apart.
    for (const part of kept) {
      await deadLetter(txDeps, {
        tenantId: channel.tenantId,
        channelId: channel.id,
        provider: letter.provider,
        ...part,
      });
    }
    await markRetried(tx, letter.id, { resolved: true });
    return { resolved: kept.length === 0 };
  });
}

/** A body posted to a webhook URL no company has: kept for the platform (capped), then refused. */
export async function keepUnknownWebhook(deps: AppDeps, provider: string, body: Buffer) {
  if (!/^[a-z0-9]{1,20}$/.test(provider) || body.length === 0) return;
  if ((await countTenantlessSince(deps.db, new Date(Date.now() - 3_600_000))) >= UNKNOWN_PER_HOUR) {
    deps.logger.warn({ provider }, 'webhooks: unknown webhook URL, not kept (hourly cap)');
    return;
  }
  await deadLetter(deps, {
    tenantId: null,
    channelId: null,
    provider,
    reason: 'UNKNOWN_WEBHOOK',
    detail: null,
    payload: payloadOf(body),
  });
}
