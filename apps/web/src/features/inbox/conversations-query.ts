import type { useTRPC } from '../../lib/trpc';

/*
 * What 'Conversaciones' lists, apart from the screen: the route's loader asks for the first page
 * with it while the screen's code downloads, and must not bring that code into the first bundle
 * (issue #35 item 2).
 */

/** The inbox choices besides a seller's id: the user's own, and everything the user reaches. */
export const MINE = 'me';
export const ALL = 'all';

/**
 * The view of 'Conversaciones' the address keeps (issue #33 item 3): whose inbox (`agent`: a
 * seller's id or 'all'; none is the user's own), the tab, the search, the filters and the order.
 */
export interface InboxView {
  agent?: string | undefined;
  tab?: 'archived' | undefined;
  q?: string | undefined;
  tag?: string | undefined;
  origin?: string | undefined;
  channel?: string | undefined;
  unread?: boolean | undefined;
  due?: boolean | undefined;
  /** 'Sin atender (+24 h)': the customer has waited for an answer more than 24 hours. */
  unattended?: boolean | undefined;
  /** With `agent` 'all': only one group's sellers (a link from 'Rendimiento'). */
  group?: string | undefined;
  order?: 'waiting' | undefined;
}

/**
 * The list's query of a view: the screen's, and the route loader's, which asks for the first page
 * while the screen's code downloads (issue #35 item 2). `switches`: the user may look at other
 * sellers' inboxes (canSwitchInbox).
 */
export function conversationsQuery(
  trpc: ReturnType<typeof useTRPC>,
  view: InboxView,
  switches: boolean,
) {
  const viewing = switches ? view.agent : undefined;
  return trpc.inbox.conversations.infiniteQueryOptions(
    {
      inbox: viewing ?? MINE,
      tab: view.tab ?? 'open',
      search: view.q,
      statusTag: view.tag,
      origin: view.origin,
      channelId: view.channel,
      unread: view.unread,
      reminderDue: view.due,
      unattended: view.unattended,
      ...(viewing === ALL && view.group ? { groupId: view.group } : {}),
      order: view.order ?? 'recent',
    },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
}
