import { useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';

/**
 * After an action on the contact: refetch its `contact.get` (header, chips) and every timeline
 * query, so the page and the conversation show the new item.
 */
export function useRefreshContact(contactId: string): () => Promise<void> {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries(trpc.contact.get.queryFilter({ id: contactId })),
      queryClient.invalidateQueries({ queryKey: trpc.interaction.pathKey() }),
    ]);
  };
}
