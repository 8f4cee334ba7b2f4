import { useEffect, useState } from 'react';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useTRPC } from '../../lib/trpc';
import { noticeStreamError } from '../auth/session-watch';

/** Live events wait this long before the list is asked again (a burst makes one request). */
const INBOX_LIVE_DELAY_MS = 300;

/** Events that may move a contact in an inbox: a new item (a message, a note, a transfer…). */
const MOVES_CONTACTS = new Set(['interaction.created', 'contact.updated']);

/**
 * Keeps an inbox in order while it is on screen (03 §2.1): every new item on a contact the user
 * may see (a customer's message first of all) asks the list again, which the server orders by
 * last interaction, so that contact comes to the top; so does every (re)start of the stream, for
 * what happened before it (the list is read again once: one more request when the page opens).
 * Changes of an item in place (a delivery receipt) move nothing and are not followed.
 */
export function useInboxLive(refetch: () => Promise<unknown>, enabled = true) {
  const trpc = useTRPC();
  const [refresh] = useState(() => new InboxRefresh(INBOX_LIVE_DELAY_MS));
  useEffect(() => refresh.use(refetch), [refresh, refetch]);
  useEffect(() => () => refresh.stop(), [refresh]);

  useSubscription(
    trpc.realtime.events.subscriptionOptions(
      { lastEventId: null },
      {
        enabled,
        // What happened before the stream started (the list may have been read earlier, or
        // the socket was down) is read once it has: nothing falls in between.
        onStarted: () => refresh.soon(),
        onError: noticeStreamError,
        onData: ({ data: event }) => {
          if (MOVES_CONTACTS.has(event.type)) refresh.soon();
        },
      },
    ),
  );
}

/** One list request a moment after a burst of events; none once the list has left. */
class InboxRefresh {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private refetch: (() => Promise<unknown>) | null = null;

  constructor(private readonly delayMs: number) {}

  use(refetch: () => Promise<unknown>) {
    this.refetch = refetch;
  }

  soon() {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.refetch?.();
    }, this.delayMs);
  }

  stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.refetch = null;
  }
}
