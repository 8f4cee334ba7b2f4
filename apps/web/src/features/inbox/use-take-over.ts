import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { es } from '@cartera/domain/i18n';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { useMe } from '../auth/session';

/**
 * 'Obtener' (02 §8 'Contacto obtenido'), from the 'Inbox' list or a reserved contact's screen:
 * takes the contact into the user's portfolio and opens its conversation as theirs. On a refusal
 * (someone took it first, or is looking at it) the list and the count catch up.
 */
export function useTakeOver() {
  const trpc = useTRPC();
  const me = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation(
    trpc.contact.takeOver.mutationOptions({
      onSuccess: ({ contactId }) => {
        void queryClient.invalidateQueries(trpc.inbox.pathFilter());
        void queryClient.invalidateQueries(trpc.contact.pathFilter());
        notifications.show({
          color: 'teal',
          title: es.contacts.takenTitle,
          message: es.contacts.takenMessage,
        });
        void navigate({ to: '/contact', search: { inbox: me?.user.id ?? 'me', id: contactId } });
      },
      onError: (error) => {
        void queryClient.invalidateQueries(trpc.inbox.pathFilter());
        notifications.show({
          color: 'red',
          title: es.contacts.takeFailedTitle,
          message: userMessageOf(error),
        });
      },
    }),
  );
}

/**
 * Opens an unassigned contact from 'Inbox' to look at its conversation: reserves it first (03 §4),
 * so nobody else opens or takes it meanwhile; a refusal says why and refreshes the list.
 */
export function useOpenReserved() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation(
    trpc.inbox.reserve.mutationOptions({
      onSuccess: (_result, { contactId }) => {
        void navigate({ to: '/contact', search: { id: contactId, inbox: 'unassigned' } });
      },
      onError: (error) => {
        void queryClient.invalidateQueries(trpc.inbox.pathFilter());
        notifications.show({
          color: 'red',
          title: es.conversation.inbox.openFailedTitle,
          message: userMessageOf(error),
        });
      },
    }),
  );
}
