import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useDebouncedCallback, useDebouncedValue } from '@mantine/hooks';
import {
  keepPreviousData,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import type { RouterOutputs } from '../../lib/api-types';
import { useTRPC } from '../../lib/trpc';
import { SEARCH_DEBOUNCE_MS } from '../custom-fields/entity-pickers';
import { RemotePicker, searchTerm } from '../custom-fields/remote-picker';
import type { Company } from './companies-settings';

/** 02 §4: the encargado is saved 500 ms after the last change. */
export const MANAGER_SAVE_DELAY_MS = 500;
/** users.lookup resolves at most 100 ids per call. */
const LOOKUP_IDS_MAX = 100;

type CompaniesPage = RouterOutputs['company']['list'];

function userName(user: { name: string; lastname: string }) {
  return `${user.name} ${user.lastname}`.trim();
}

/** Names of the given users (the managers of the companies on screen). */
export function useUserNames(ids: readonly (string | null)[]): Record<string, string> {
  const trpc = useTRPC();
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))].sort();
  const chunks: string[][] = [];
  for (let at = 0; at < wanted.length; at += LOOKUP_IDS_MAX) {
    chunks.push(wanted.slice(at, at + LOOKUP_IDS_MAX));
  }
  const lookups = useQueries({
    queries: chunks.map((chunk) => ({
      ...trpc.user.lookup.queryOptions({ ids: chunk }),
      placeholderData: keepPreviousData,
    })),
  });
  const names: Record<string, string> = {};
  for (const lookup of lookups) {
    for (const user of lookup.data ?? []) names[user.id] = userName(user);
  }
  return names;
}

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
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const shown = pending ? pending.managerId : company.managerId;

  const labels: Record<string, string> = { ...names };
  const [term] = useDebouncedValue(
    searchTerm(search, shown ? labels[shown] : undefined),
    SEARCH_DEBOUNCE_MS,
  );
  const users = useQuery({
    ...trpc.user.lookup.queryOptions({ search: term || undefined }),
    enabled: opened,
    placeholderData: keepPreviousData,
  });
  for (const user of users.data ?? []) labels[user.id] = userName(user);

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
    <RemotePicker
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
      options={(users.data ?? []).map((user) => ({ value: user.id, label: userName(user) }))}
      labels={labels}
      loading={opened && users.isFetching}
      search={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpened(true)}
    />
  );
}
