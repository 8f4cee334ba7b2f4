import { useLiveEvents } from '../live/live-events';

/** The server's event when a channel connects or disconnects (channels.service). */
const CHANNEL_STATUS_EVENT = 'channel.status';

/**
 * Calls `refetch` whenever a channel the user follows changes its connection state (the company's
 * channels for who manages them, a personal WhatsApp for its owner), and once each time the
 * stream (re)starts, for what changed while it was down.
 */
export function useChannelStatusLive(refetch: () => unknown, enabled = true) {
  useLiveEvents({
    topics: ['channel:*'],
    types: [CHANNEL_STATUS_EVENT],
    enabled,
    onStarted: () => void refetch(),
    onEvents: () => void refetch(),
  });
}
