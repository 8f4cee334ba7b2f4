import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { GuardUser } from '@cartera/domain/policy';
import type { AppRouter, RouterOutputs } from '../../lib/api-types';
import { useTRPC } from '../../lib/trpc';
import { forgetLiveOrigin } from '../live/live-origin';

/** The signed-in user as the shell knows it (`auth.me`). */
export type Me = NonNullable<RouterOutputs['auth']['me']>;

/** What the shared route guard needs to know about the user. */
export function guardUserOf(me: Me): GuardUser {
  return {
    roles: me.user.roles,
    userType: me.user.userType,
    featureFlags: me.featureFlags,
    settings: me.settings,
    jailUrl: me.user.jailUrl,
    mustChangePassword: me.user.mustChangePassword,
  };
}

export function fullNameOf(user: { name: string; lastname: string }): string {
  return `${user.name} ${user.lastname}`.trim();
}

/**
 * The signed-in user. The root route's guard loads `auth.me` before any screen renders, so
 * this is only `null` when nobody is signed in (the login page) or right after signing out.
 */
export function useMe(): Me | null {
  const trpc = useTRPC();
  return useQuery(trpc.auth.me.queryOptions()).data ?? null;
}

/**
 * Puts another session in place (after an account switch, a return to the administrator or a
 * sign-out): the new `auth.me`, nothing cached from the previous user, and the guard run again
 * from `to`.
 */
export function useReplaceSession() {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  return async (me: Me | null, to: '/' | '/login') => {
    await queryClient.cancelQueries();
    replaceSessionData(queryClient, trpc, me);
    await router.navigate({ to, replace: false });
  };
}

/** Drops every cached answer of the previous user and keeps `me` as the new `auth.me`. */
export function replaceSessionData(
  queryClient: QueryClient,
  trpc: TRPCOptionsProxy<AppRouter>,
  me: Me | null,
) {
  const meKey = trpc.auth.me.queryKey();
  forgetLiveOrigin();
  queryClient.setQueryData(meKey, me);
  const others = (query: { queryKey: unknown }) =>
    JSON.stringify(query.queryKey) !== JSON.stringify(meKey);
  if (!me) {
    // Signed out: nothing is asked again (it would only be refused on the way to /login).
    queryClient.removeQueries({ predicate: others });
    return;
  }
  // Another user: answers no screen shows go; those on screen are emptied and asked again as the
  // new user (removed while observed, they would keep showing the previous user's data).
  queryClient.removeQueries({ predicate: others, type: 'inactive' });
  void queryClient.resetQueries({ predicate: others, type: 'active' });
}
