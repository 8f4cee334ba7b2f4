import type { QueryClient } from '@tanstack/react-query';
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '../../lib/trpc';
import { domainCodeOf } from '../../lib/errors';
import type { AppRouterHandle } from '../../lib/router-context';

interface Attached {
  queryClient: QueryClient;
  trpc: TRPCOptionsProxy<AppRouter>;
  router: AppRouterHandle;
}

/**
 * A session can end while a screen is open (it expired, it was closed elsewhere) and a password
 * change can become owed. Any request answering UNAUTHENTICATED or PASSWORD_CHANGE_REQUIRED makes
 * the app ask `auth.me` again and, if the answer changed, run the route guard, which sends the
 * user to the login or the password page.
 */
/** The app's one watch, for errors that reach no query or mutation (live event streams). */
let current: ReturnType<typeof watchSession> | undefined;

/**
 * A live event stream ended with an error: when the server ended it because the session ended
 * (logout elsewhere, password change, deactivation), the tab signs out like after any refused
 * request.
 */
export function noticeStreamError(error: unknown) {
  current?.onError(error);
}

export function watchSession() {
  let attached: Attached | undefined;
  let checking = false;

  async function recheck() {
    if (!attached || checking) return;
    checking = true;
    const { queryClient, trpc, router } = attached;
    try {
      const me = await queryClient.fetchQuery({ ...trpc.auth.me.queryOptions(), staleTime: 0 });
      if (!me || me.user.mustChangePassword) await router.invalidate();
    } catch {
      // The server is unreachable: the screen already shows its own error.
    } finally {
      checking = false;
    }
  }

  const watch = {
    attach(value: Attached) {
      attached = value;
    },
    onError(error: unknown) {
      const code = domainCodeOf(error);
      if (code === 'UNAUTHENTICATED' || code === 'PASSWORD_CHANGE_REQUIRED') void recheck();
    },
  };
  current = watch;
  return watch;
}
