import { defaultComposerMode, type DefaultChatAction } from '@cartera/domain/composer';
import type { RouterOutputs } from '../../../lib/api-types';
import type { ChannelActivity } from '../timeline-model';

/** The composer's modes (03 §2.2); `email` only while the user has a mailbox to write from. */
export type Mode = 'note' | 'feedback' | 'channel' | 'email';

/** A channel the seller may write through (`channel.options`). */
export type ChannelOption = RouterOutputs['channel']['options'][number];

export interface Start {
  mode: Mode;
  channelId: string | null;
}

/**
 * The starting mode from the user's defaultChatAction (03 §2.2, §4): in channel mode the
 * connected channel this contact last wrote or was written through, else the first one listed;
 * 'personal_wpp' the user's own WhatsApp while its session is open and the contact has a phone;
 * with no channel, a note.
 */
export function startingMode(
  preference: DefaultChatAction | null | undefined,
  channels: readonly ChannelOption[],
  activity: ReadonlyMap<string, ChannelActivity>,
  contactHasPhone: boolean,
): Start {
  // The user's own WhatsApp counts when its session is open (03 §4); a shared inbox owner's
  // counts as any other channel.
  const own = (channel: ChannelOption) =>
    channel.type === 'personal_whatsapp' && !channel.sharedInbox;
  const personal = channels.find((channel) => own(channel) && channel.status === 'available');
  const start = defaultComposerMode({
    preference,
    channels: channels
      .filter((channel) => channel.status === 'available' && !own(channel))
      .map((channel) => ({
        id: channel.id,
        type: channel.type,
        lastInteractionAt: activity.get(channel.id)?.at ?? null,
        lastContactedAt: null,
      })),
    personalWhatsApp: {
      enabled: personal !== undefined,
      lastInteractionAt: personal ? (activity.get(personal.id)?.at ?? null) : null,
    },
    contactHasPhone,
  });
  if (start.mode === 'channel') return { mode: 'channel', channelId: start.channelId };
  if (start.mode === 'personal_wpp' && personal) return { mode: 'channel', channelId: personal.id };
  return { mode: 'note', channelId: null };
}
