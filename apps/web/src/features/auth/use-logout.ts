import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { useReplaceSession } from './session';

/** 'Cerrar sesión': ends the session, forgets everything cached and goes to the login page. */
export function useLogout() {
  const trpc = useTRPC();
  const replaceSession = useReplaceSession();
  return useMutation(
    trpc.auth.logout.mutationOptions({
      onSuccess: () => replaceSession(null, '/login'),
    }),
  );
}
