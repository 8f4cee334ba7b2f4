import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouterInputs } from '../../lib/api-types';
import { useTRPC } from '../../lib/trpc';

/** What changes of a contact, in place (contact.update's `changes`). */
export type ContactChanges = Extract<
  RouterInputs['contact']['update'],
  { changes: unknown }
>['changes'];

/**
 * Changes some values of a contact in place (the conversation screen's detail panel and header
 * fields, 03 §2.1): sends only those (contact.update `changes`), puts the answer in the cached
 * `contact.get`, and refreshes the lists that show its name or photo.
 */
export function useContactChange(contactId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const mutation = useMutation(
    trpc.contact.update.mutationOptions({
      onSuccess: (contact) => {
        queryClient.setQueryData(trpc.contact.get.queryKey({ id: contactId }), contact);
        void queryClient.invalidateQueries(trpc.contact.list.pathFilter());
        void queryClient.invalidateQueries(trpc.inbox.pathFilter());
      },
    }),
  );
  return {
    change: (changes: ContactChanges) => mutation.mutateAsync({ id: contactId, changes }),
    pending: mutation.isPending,
  };
}
