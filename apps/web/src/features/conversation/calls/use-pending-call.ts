import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';
import { pendingCallOf } from './pending-call';
import { useContactChanges } from './use-contact-changes';

export type { PendingCall } from './pending-call';

/**
 * The call in progress of a contact, if any (03 §4 Phone call): the newest timeline item,
 * ignoring take-overs, is a call in state calling. While there is one the page shows the
 * outcome question instead of the composer and the call button is disabled.
 */
export function usePendingCall(contactId: string) {
  const trpc = useTRPC();
  const newest = useQuery({
    ...trpc.interaction.timeline.queryOptions({ contactId }),
    refetchOnWindowFocus: false,
  });
  const { refetch } = newest;
  useContactChanges(contactId, () => void refetch());
  return { call: pendingCallOf(newest.data?.items ?? []), isPending: newest.isPending };
}
