import { useQuery } from '@tanstack/react-query';
import { hasSlug } from '@cartera/domain/policy';
import { useTRPC } from '../../lib/trpc';
import { guardUserOf, useMe } from '../auth/session';

/** The menu badge follows new unassigned contacts without a reload (and after a take-over). */
export const UNASSIGNED_COUNT_REFRESH_MS = 60_000;

/**
 * How many contacts nobody holds: the count beside 'Inbox' in the menu and in its title. Asked
 * only while the signed-in user may open the unassigned inbox (its slug needs the tenant's
 * 'inbox' flag), and when `enabled`.
 */
export function useUnassignedCount(enabled = true) {
  const trpc = useTRPC();
  const me = useMe();
  return useQuery({
    ...trpc.inbox.unassignedCount.queryOptions(),
    refetchInterval: UNASSIGNED_COUNT_REFRESH_MS,
    enabled: enabled && me !== null && hasSlug(guardUserOf(me), 'unassigned'),
  });
}
