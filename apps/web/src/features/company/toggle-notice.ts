import { notifications } from '@mantine/notifications';
import { es, format } from '@cartera/domain/i18n';
import { userMessageOf } from '../../lib/errors';

const text = es.company;

/** What the 'Activo' switch of a configuration list tells once it saved or failed. */
export const toggleNotice = {
  done: (item: { name: string; active: boolean }) =>
    notifications.show({
      color: 'teal',
      message: format(item.active ? text.activated : text.deactivated, { name: item.name }),
    }),
  failed: (error: unknown) => notifications.show({ color: 'red', message: userMessageOf(error) }),
};
