import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useDebouncedCallback } from '@mantine/hooks';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import type { RouterOutputs } from '../../lib/api-types';
import { useTRPC } from '../../lib/trpc';
import { UsersPicker } from '../pickers/users-picker';
import type { Company } from './companies-settings';

/** 02 §4: the encargado is saved 500 ms after the last change. */
export const MANAGER_SAVE_DELAY_MS = 500;

type CompaniesPage = RouterOutputs['company']['list'];

/**
 * The encargado of a company in the list: a searchable picker over the tenant's users. The
 * choice shows at once and is saved after a 500 ms pause; if saving fails the previous manager
 * comes back with 'Ocurrió un error al querer guardar el encargado'.
 */
export function ManagerPicker({
  company,
  names,
}: {
  company: Company;
  /** Names of the managers already on screen. */
  names: Record<string, string>;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // The choice not yet confirmed by the server; `undefined` shows the saved manager.
  const [pending, setPending] = useState<{ managerId: string | null } | undefined>(undefined);
  // Names of users chosen here (the next search may not list them).
  const [found, setFound] = useState<Record<string, string>>({});
  const shown = pending ? pending.managerId : company.managerId;

  const assign = useMutation(trpc.company.assignManager.mutationOptions());
  const save = useDebouncedCallback((managerId: string | null) => {
    assign.mutate(
      { companyId: company.id, managerId },
      {
        onSuccess: (saved) => {
          // Put the saved company in every loaded page of the list, then drop the pending value.
          queryClient.setQueriesData<InfiniteData<CompaniesPage>>(
            { queryKey: trpc.company.list.infiniteQueryKey() },
            (data) =>
              data && {
                ...data,
                pages: data.pages.map((page) => ({
                  ...page,
                  items: page.items.map((item) => (item.id === saved.id ? saved : item)),
                })),
              },
          );
          void queryClient.invalidateQueries(trpc.company.get.queryFilter({ id: company.id }));
          setPending(undefined);
        },
        onError: () => {
          setPending(undefined);
          notifications.show({ color: 'red', message: es.companies.managerSaveFailed });
        },
      },
    );
  }, MANAGER_SAVE_DELAY_MS);

  return (
    <UsersPicker
      aria-label={format(es.companies.managerOf, { name: company.businessName })}
      placeholder={es.companies.managerPlaceholder}
      nothingFound={es.companies.managerNotFound}
      size="xs"
      multiple={false}
      value={shown ? [shown] : []}
      onChange={(ids) => {
        const managerId = ids[0] ?? null;
        setPending({ managerId });
        save(managerId);
      }}
      labels={{ ...names, ...found }}
      onLabels={(more) => setFound((current) => ({ ...current, ...more }))}
    />
  );
}
