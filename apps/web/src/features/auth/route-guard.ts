import { notFound, redirect, type ParsedLocation } from '@tanstack/react-router';
import { FORM_PAGE_PREFIX } from '@cartera/domain/forms';
import { guardRoute } from '@cartera/domain/policy';
import { hrefWithSearch } from '../../lib/return-url';
import type { RouterContext } from '../../lib/router-context';
import { showSignInLinkNotice } from './link-notice';
import { fullNameOf, guardUserOf, type Me } from './session';

/**
 * The one route guard of 01 §4 / 02 §2, run by the root route before every screen:
 * 1. a `token` in the address is exchanged for this browser's session and removed from the
 *    address (a failed exchange goes to the login page); while signed in, it is only removed,
 *    with a notice offering to sign out and use it (issue #30 S6);
 * 2. the shared policy decides the rest (no session, a password change owed, a jail list, a role
 *    or slug the screen needs); the server applies the same policy to every procedure. A screen
 *    the user may not open renders the root's explanation page (shell/forbidden-page) in place.
 */
export async function guardNavigation(
  { queryClient, trpc, trpcClient }: RouterContext,
  location: ParsedLocation,
): Promise<{ me: Me | null }> {
  // A customer's form page (issue #42 item 3) belongs to nobody signed in: no session is asked.
  if (location.pathname.startsWith(FORM_PAGE_PREFIX)) return { me: null };
  const params = new URLSearchParams(location.searchStr);
  const token = params.get('token');
  if (token !== null) {
    params.delete('token');
    const query = params.toString();
    const withoutToken = `${location.pathname}${query ? `?${query}` : ''}${location.hash ? `#${location.hash}` : ''}`;
    // Signed in already: the link is not used (it would replace this session), only offered.
    const current = await queryClient.ensureQueryData(trpc.auth.me.queryOptions());
    if (current) {
      const linkHref = location.href;
      showSignInLinkNotice(fullNameOf(current.user), async () => {
        await trpcClient.auth.logout.mutate();
        window.location.assign(linkHref);
      });
      throw redirect({ href: withoutToken, replace: true });
    }
    let me: Me;
    try {
      me = await trpcClient.auth.exchangeToken.mutate({ token });
    } catch {
      // Whoever this browser was signed in as, the link did not work: start from the login.
      queryClient.removeQueries({ queryKey: trpc.auth.me.queryKey() });
      throw redirect({
        href: hrefWithSearch('/login', { returnurl: withoutToken }),
        replace: true,
      });
    }
    queryClient.setQueryData(trpc.auth.me.queryKey(), me);
    throw redirect({ href: withoutToken, replace: true });
  }

  const me = await queryClient.ensureQueryData(trpc.auth.me.queryOptions());
  const decision = guardRoute(me ? guardUserOf(me) : null, location.pathname, location.href);
  if (decision.kind === 'redirect') {
    throw redirect({ href: hrefWithSearch(decision.to, decision.search), replace: true });
  }
  if (decision.kind === 'forbidden') {
    // Explained where it was typed, with the way to the user's own screen (issue #35 item 5).
    const data: ForbiddenData = { forbidden: true, home: decision.home };
    throw notFound({ data });
  }
  return { me };
}

/** What the guard hands the root's not-found view for a screen the user may not open. */
export interface ForbiddenData {
  forbidden: true;
  /** The user's landing screen: the explanation's way back. */
  home: string;
}

export function isForbidden(data: unknown): data is ForbiddenData {
  return typeof data === 'object' && data !== null && (data as ForbiddenData).forbidden === true;
}
