import { useLiveEvents } from '../live/live-events';

/** Live events wait this long before the list is asked again (a burst makes one request). */
const INBOX_LIVE_DELAY_MS = 300;

/**
 * Events that change a contact in an inbox: a new item (a message, a note, a transfer…), an
 * unread mark (issue #33).
 */
const MOVES_CONTACTS = ['interaction.created', 'contact.updated', 'contact.read'];

/**
 * Keeps an inbox in order while it is on screen (03 §2.1): every new item on a contact the user
 * may see (a customer's message first of all) asks the list again, which the server orders by
 * last interaction, so that contact comes to the top; so does every (re)start of the stream, for
 * what happened before it (the list is read again once: one more request when the page opens).
 * Changes of an item in place (a delivery receipt) move nothing and are not followed.
 */
export function useInboxLive(refetch: () => Promise<unknown>, enabled = true) {
  useLiveEvents({
    topics: ['contact:*'],
    types: MOVES_CONTACTS,
    delayMs: INBOX_LIVE_DELAY_MS,
    enabled,
    onStarted: () => void refetch(),
    onEvents: () => void refetch(),
  });
}
