import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { es } from '@cartera/domain/i18n';
import { useTRPC } from '../../../lib/trpc';
import { useMe } from '../../auth/session';
import type { PhoneActions } from './phone-rows-input';

/** Opens a contact's view. */
export function useGoToContact() {
  const navigate = useNavigate();
  return (search: { id: string; inbox?: string }) => void navigate({ to: '/contact', search });
}

/**
 * What the popover of a number another contact already has offers (02 §8): take that contact
 * over, go to it when it is one's own, open a sub-conversation of it, or unify it with the
 * contact being edited (`onUnify`, editing only). Leaving for another contact closes the sheet
 * (`onLeave`).
 */
export function usePhoneActions({
  onLeave,
  onUnify,
}: {
  onLeave: () => void;
  onUnify?: (otherContactId: string) => void;
}): PhoneActions {
  const trpc = useTRPC();
  const me = useMe();
  const queryClient = useQueryClient();
  const goToContact = useGoToContact();
  const takeOver = useMutation(
    trpc.contact.takeOver.mutationOptions({
      onSuccess: ({ contactId }) => {
        void queryClient.invalidateQueries(trpc.contact.pathFilter());
        notifications.show({
          color: 'teal',
          title: es.contacts.takenTitle,
          message: es.contacts.takenMessage,
        });
        onLeave();
        goToContact({ inbox: me?.user.id ?? 'me', id: contactId });
      },
      onError: () =>
        notifications.show({
          color: 'red',
          title: es.contacts.takeFailedTitle,
          message: es.contacts.takeFailedMessage,
        }),
    }),
  );
  const subConversation = useMutation(
    trpc.contact.createSubConversation.mutationOptions({
      onSuccess: ({ id }) => {
        void queryClient.invalidateQueries(trpc.contact.pathFilter());
        notifications.show({ color: 'teal', message: es.contacts.subConversationCreated });
        onLeave();
        goToContact({ id });
      },
      onError: () =>
        notifications.show({ color: 'red', message: es.contacts.subConversationFailed }),
    }),
  );
  return {
    busy: takeOver.isPending || subConversation.isPending,
    takeOver: (contactId) => takeOver.mutate({ contactId }),
    goToMine: (id) => {
      onLeave();
      goToContact({ inbox: 'me', id });
    },
    createSubConversation: (contactId) => subConversation.mutate({ contactId }),
    unify: onUnify,
  };
}
