import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';

/**
 * What follows an administrative change: the tree, users and audit log read again, and a notice;
 * a failure that no form shows becomes a red notice.
 */
export function useAdminSaved() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries(trpc.admin.pathFilter());
  return {
    refresh,
    done: (message: string) => {
      refresh();
      notifications.show({ color: 'teal', message });
    },
    failed: (error: unknown) => notifications.show({ color: 'red', message: userMessageOf(error) }),
  };
}
