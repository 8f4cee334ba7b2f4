import type { QueryClient } from '@tanstack/react-query';
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '../../lib/api-types';
import type { LiveOrigin } from './live-hub';

/*
 * The tab's live origin (live-hub.ts): the company's event position of the first `auth.me` this
 * page read for the signed-in session. Every read a screen makes comes after it, so the tab's
 * first stream may start there and no screen needs to read again when it starts (issue #35
 * item 2: no duplicate fetch). A new session (sign-in, account switch) starts a new origin.
 */

let origin: (LiveOrigin & { tenantId: string }) | null = null;

/** The origin, if the page has one. */
export function liveOrigin(): LiveOrigin | null {
  return origin;
}

/** What the origin needs of an `auth.me` answer. */
interface MeWithPosition {
  tenant: { id: string };
  eventPosition: string;
}

function note(me: MeWithPosition | null | undefined) {
  if (!me) {
    origin = null;
    return;
  }
  if (origin?.tenantId === me.tenant.id) return;
  const lastEventId = Number(me.eventPosition);
  origin = Number.isSafeInteger(lastEventId)
    ? { tenantId: me.tenant.id, lastEventId, at: Date.now() }
    : null;
}

/** Another session takes the tab's place: its first `auth.me` is the new origin. */
export function forgetLiveOrigin() {
  origin = null;
}

/** Notes the origin from the first `auth.me` answer of each session (set at the app's start). */
export function followLiveOrigin(
  queryClient: QueryClient,
  trpc: TRPCOptionsProxy<AppRouter>,
): () => void {
  const meKey = JSON.stringify(trpc.auth.me.queryKey());
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (JSON.stringify(event.query.queryKey) !== meKey) return;
    note(event.query.state.data as MeWithPosition | null | undefined);
  });
}
