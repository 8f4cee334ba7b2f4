import type { Channel } from '@cartera/db/schema';
import { type ChannelTypeName } from '@cartera/domain/channels';
import { DomainError } from '@cartera/domain/errors';
import { type OutboundMessage } from '../../providers/adapter';
import type { AppDeps } from '../../deps';
import { visibleContact } from '../access/contacts';
import { mediaReadUrl } from '../files/file-links.service';
import type { AuthUser } from '../sessions/session.types';
import { findChannelItem } from './channel-delivery.repository';

/** A channel message's file: its kind, where it is kept, and the URL a provider may read. */

export function mediaKindOf(mimeType: string) {
  if (mimeType.startsWith('image/')) return 'image' as const;
  if (mimeType.startsWith('video/')) return 'video' as const;
  if (mimeType.startsWith('audio/')) return 'audio' as const;
  return 'document' as const;
}

/**
 * Where a channel message's file is kept (GET /crm/wppimg/{media}, 03 §7): the product's own
 * stored copy, for who may see the contact; NOT_FOUND for anything else.
 */
export async function channelMediaUrl(deps: AppDeps, user: AuthUser, interactionId: string) {
  const item = await findChannelItem(deps.db, user.tenantId, interactionId);
  if (!item) throw new DomainError('NOT_FOUND');
  await visibleContact(deps.db, user, item.contactId);
  const media = (item.content as { message?: { media?: unknown } }).message?.media;
  if (typeof media !== 'string' || !media) throw new DomainError('NOT_FOUND');
  return media;
}

/**
 * A file of ours reaches the provider as a read URL signed for as long as that provider may
 * fetch it (issue #30 §5; the windows are in docs/decisions.md 'Files'): the stored address
 * needs a session the provider does not have. Minted at each attempt, so a retry gets a fresh one.
 */
export async function withReadableMedia(
  deps: AppDeps,
  channel: Channel,
  message: OutboundMessage,
): Promise<OutboundMessage> {
  if (!message.media) return message;
  const url = await mediaReadUrl(deps, message.media.url, channel.type as ChannelTypeName);
  return { ...message, media: { ...message.media, url } };
}
