import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';

const text = es.company;

/**
 * What follows a saved configuration item: the catalogue read again (lists and pickers) and a
 * notice; `saved` for a dialog (which then closes), `toggled` for a row's 'Activo' switch.
 */
export function useCatalogSaved() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries(trpc.catalog.pathFilter());
    // The conversation's reads of the configuration ('Visita', 'Feedback') follow at once.
    void queryClient.invalidateQueries(trpc.interaction.activitySettings.pathFilter());
  };
  return {
    saved: (onClose: () => void) => () => {
      refresh();
      notifications.show({ color: 'teal', message: text.saved });
      onClose();
    },
    toggled: {
      onSuccess: (item: { name: string; active: boolean }) => {
        refresh();
        notifications.show({
          color: 'teal',
          message: format(item.active ? text.activated : text.deactivated, { name: item.name }),
        });
      },
      onError: (error: unknown) =>
        notifications.show({ color: 'red', message: userMessageOf(error) }),
    },
  };
}
