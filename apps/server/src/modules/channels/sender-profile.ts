import { es } from '@cartera/domain/i18n';
import type { Channel } from '@cartera/db/schema';
import type { ChannelContext, InboundEvent } from '../../providers/adapter';
import { adapterFor } from '../../providers/registry';
import type { AppDeps } from '../../deps';
import { findContactByScopedId } from './channel-inbound.repository';

type MessageEvent = Extract<InboundEvent, { kind: 'message' }>;

/**
 * A Messenger or Instagram customer's name (issue #31 item 7): webhooks carry only the scoped
 * id, so the first message of a new customer asks the provider's profile lookup, through the
 * adapter (and so the outbound guard). A customer already known is not asked again; a failed or
 * empty lookup leaves the name unset (the contact is then named by the channel's Spanish label,
 * never its numeric id) and never stops the message.
 */
export async function withSenderProfile(
  deps: AppDeps,
  channel: Channel,
  context: () => ChannelContext,
  event: MessageEvent,
): Promise<MessageEvent> {
  const scopedId = event.from.scopedId;
  const adapter = adapterFor(channel.type);
  if (!scopedId || event.from.phone || event.from.name || !adapter?.fetchProfile) return event;
  if (await findContactByScopedId(deps.db, channel.tenantId, scopedId)) return event;
  try {
    const profile = await adapter.fetchProfile(context(), scopedId);
    return profile.name ? { ...event, from: { ...event.from, name: profile.name } } : event;
  } catch (error) {
    deps.logger.warn(
      { err: error, channelId: channel.id },
      'channels: the customer profile lookup failed; the contact keeps the channel label',
    );
    return event;
  }
}

/** A customer known only by a scoped id, before (or without) a name: 'Cliente de Instagram'. */
export function scopedCustomerLabel(type: string): string {
  return es.channels.customerLabel[type] ?? es.channels.customerLabelOther;
}
