import type { Database, Executor } from '@cartera/db/client';
import type { Channel } from '@cartera/db/schema';
import { SLUG_ROLES } from '@cartera/domain/policy';
import { appendEvent } from '../../realtime/event-store';
import type { AuthUser } from '../sessions/session.types';
import { findChannels, updateChannelRow } from './channels.repository';

/** A channel's connection state: recorded, announced to who follows it, and the shell's alert. */

/** A gateway session's state as the channel's status. */
export const CHANNEL_STATUS_OF_SESSION: Record<'open' | 'connecting' | 'close', string> = {
  open: 'available',
  connecting: 'connecting',
  close: 'disconnected',
};

/** The event a channel's connection change makes (the shell's alert and the session screen). */
export const CHANNEL_STATUS_EVENT = 'channel.status';

/**
 * Records a channel's connection state ('available', 'connecting', 'disconnected') with the
 * provider's reason, and when it changed announces it to who follows it: the company's channel
 * managers (the disconnected-channels alert, /company/channels) and a personal channel's owner
 * (/settings/new-whatsapp). Answers the channel as it is now.
 */
export async function changeChannelStatus(
  db: Database,
  channel: Channel,
  status: string,
  statusReason: string | null,
): Promise<Channel> {
  if (channel.status === status && channel.statusReason === statusReason) return channel;
  return db.transaction(async (tx) => {
    const row = await updateChannelRow(tx, channel.tenantId, channel.id, { status, statusReason });
    if (!row) return channel;
    await appendEvent(tx, {
      tenantId: channel.tenantId,
      type: CHANNEL_STATUS_EVENT,
      topic: `channel:${channel.id}`,
      payload: { channelId: channel.id, status },
      audience: {
        roles: [...SLUG_ROLES.company],
        userIds: channel.ownerId ? [channel.ownerId] : [],
      },
    });
    return row;
  });
}

/** Channels that are not available (01 §2 Shell alert for project managers). */
export async function disconnectedChannels(db: Executor, user: AuthUser) {
  const rows = await findChannels(db, user.tenantId);
  const disconnected = rows.filter((row) => row.status !== 'available');
  return {
    count: disconnected.length,
    channels: disconnected.map((row) => ({
      id: row.id,
      name: row.name,
      type: row.type,
      status: row.status,
      statusReason: row.statusReason,
    })),
  };
}
