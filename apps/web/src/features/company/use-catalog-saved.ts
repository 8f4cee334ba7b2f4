import { notifications } from '@mantine/notifications';
import { useQueryClient, type QueryFilters } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';

const text = es.company;

/**
 * What follows a saved configuration item: the queries of `paths` read again (lists, pickers,
 * forms) and a notice; `saved` for a dialog (which then closes), `toggled` for a row's
 * 'Activo' switch.
 */
export function useConfigSaved(paths: (trpc: ReturnType<typeof useTRPC>) => QueryFilters[]) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => {
    for (const filter of paths(trpc)) void queryClient.invalidateQueries(filter);
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

/**
 * `useConfigSaved` of the catalogue (archiving reasons, tags, origins, shortcuts, visit
 * results): its lists and pickers, and the conversation's reads of the configuration
 * ('Visita', 'Feedback'), which follow at once.
 */
export function useCatalogSaved() {
  return useConfigSaved((trpc) => [
    trpc.catalog.pathFilter(),
    trpc.interaction.activitySettings.pathFilter(),
  ]);
}
