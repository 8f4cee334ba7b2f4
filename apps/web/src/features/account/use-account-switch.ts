import { useMutation } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { es, format } from '@cartera/domain/i18n';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { fullNameOf, useReplaceSession, type Me } from '../auth/session';

/**
 * After any account change: the new user's `auth.me`, nothing cached from the previous one, and
 * the home page (where the guard takes over, e.g. for a user confined to other screens).
 */
export function useApplySwitch() {
  const replaceSession = useReplaceSession();
  return async (me: Me, message: string) => {
    await replaceSession(me, '/');
    notifications.show({ color: 'teal', message });
  };
}

export function useSwitchedMessage() {
  return (me: Me) => format(es.shell.switched, { name: fullNameOf(me.user) });
}

/** 'Volver a administrador': the session acts as the administrator again. */
export function useReturnToAdmin() {
  const trpc = useTRPC();
  const apply = useApplySwitch();
  return useMutation(
    trpc.account.returnToAdmin.mutationOptions({
      onSuccess: (me) => apply(me, es.shell.returned),
      onError: (error) => notifications.show({ color: 'red', message: userMessageOf(error) }),
    }),
  );
}
