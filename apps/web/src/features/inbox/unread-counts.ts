import { useQuery, useQueryClient } from '@tanstack/react-query';
import { guardRoute } from '@cartera/domain/policy';
import { useTRPC } from '../../lib/trpc';
import { guardUserOf, useMe } from '../auth/session';
import { useLiveEvents } from '../live/live-events';

/** Live events wait this long before the counts are asked again (a burst makes one request). */
const UNREAD_LIVE_DELAY_MS = 300;

/** What may change an unread count: a message, a read or unread mark, a transfer. */
const CHANGES_UNREAD = ['interaction.created', 'contact.read', 'contact.updated'];

/**
 * The user's unread conversations (issue #33 item 1): their own, the unassigned inbox's and each
 * shared inbox's they are a member of. Asked only while the signed-in user may open
 * 'Conversaciones'. With `live` (once per tab: the side menu) every message or mark on a contact
 * the user may see asks them again, through the tab's one live stream.
 */
export function useUnreadCounts({ live = false }: { live?: boolean } = {}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const me = useMe();
  const enabled = me !== null && guardRoute(guardUserOf(me), '/contact').kind === 'allow';
  const refresh = () => void queryClient.invalidateQueries(trpc.inbox.unreadCounts.queryFilter());
  useLiveEvents({
    topics: ['contact:*'],
    types: CHANGES_UNREAD,
    delayMs: UNREAD_LIVE_DELAY_MS,
    enabled: enabled && live,
    onStarted: refresh,
    onEvents: refresh,
  });
  return useQuery({ ...trpc.inbox.unreadCounts.queryOptions(), enabled });
}
