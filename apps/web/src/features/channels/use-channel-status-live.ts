import { useSubscription } from '@trpc/tanstack-react-query';
import { useTRPC } from '../../lib/trpc';
import { noticeStreamError } from '../auth/session-watch';

/** The server's event when a channel connects or disconnects (channels.service). */
const CHANNEL_STATUS_EVENT = 'channel.status';

/**
 * Calls `refetch` whenever a channel the user follows changes its connection state (the company's
 * channels for who manages them, a personal WhatsApp for its owner), and once each time the
 * stream (re)starts, for what changed while it was down.
 */
export function useChannelStatusLive(refetch: () => unknown, enabled = true) {
  const trpc = useTRPC();
  useSubscription(
    trpc.realtime.events.subscriptionOptions(
      { lastEventId: null },
      {
        enabled,
        onStarted: () => void refetch(),
        onError: noticeStreamError,
        onData: ({ data: event }) => {
          if (event.type === CHANNEL_STATUS_EVENT) void refetch();
        },
      },
    ),
  );
}
