import { guardRoute } from '@cartera/domain/policy';
import { guardUserOf, type Me } from '../features/auth/session';
import type { RouterContext } from '../lib/router-context';

/*
 * What the shell and the landing screens read first, asked for by the route loaders while the
 * screens' code downloads, so that after signing in every request leaves together instead of
 * once the code that makes it has arrived (issue #35 item 2: no waterfall). Each read is asked
 * only when nothing is cached yet (the screens refetch on their own terms), and only under the
 * condition its screen uses, so nobody asks what the server would refuse.
 */

/** Asked only when nothing is cached: a loader runs again on every navigation. */
const ONCE = { staleTime: Infinity } as const;

/**
 * The side menu's counts, the message notices' preferences and the user's notifications (the
 * banner, the bottom-right notice and the user menu's count; shell/side-menu, app-layout).
 */
export function prefetchShellReads({ queryClient, trpc }: RouterContext, me: Me) {
  const user = guardUserOf(me);
  void queryClient.prefetchQuery({ ...trpc.notification.list.queryOptions({}), ...ONCE });
  void queryClient.prefetchQuery({ ...trpc.notification.unreadCount.queryOptions(), ...ONCE });
  if (guardRoute(user, '/contact').kind === 'allow') {
    void queryClient.prefetchQuery({ ...trpc.inbox.unreadCounts.queryOptions(), ...ONCE });
    void queryClient.prefetchQuery({
      ...trpc.settings.notificationPreferences.queryOptions(),
      ...ONCE,
    });
  }
  // The menu's 'Inbox' entry: its route, jail included (a confined user has the slug but not
  // the address, and the server refuses them).
  if (guardRoute(user, '/contact/unassigned').kind === 'allow') {
    void queryClient.prefetchQuery({ ...trpc.inbox.unassignedCount.queryOptions(), ...ONCE });
  }
}

/** The status tags and origins 'Conversaciones' filters by. */
export function prefetchCatalog({ queryClient, trpc }: RouterContext) {
  void queryClient.prefetchQuery({ ...trpc.catalog.tags.queryOptions(), ...ONCE });
  void queryClient.prefetchQuery({ ...trpc.catalog.origins.queryOptions(), ...ONCE });
}
