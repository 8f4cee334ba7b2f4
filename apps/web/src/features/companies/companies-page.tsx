import { useState } from 'react';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { COMPANY_PAGE_SIZES } from '@cartera/domain/companies';
import { es, format } from '@cartera/domain/i18n';
import { can } from '@cartera/domain/policy';
import { useTRPC } from '../../lib/trpc';
import { DataCell, DataRow, PagedTable, SelectCell } from '../../ui/data-table';
import { useSelection } from '../../ui/selection';
import { SelectionBar } from '../../ui/list-toolbar';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { PlusIcon, TrashIcon } from '../../ui/icons';
import { useMe } from '../auth/session';
import { SearchBox } from '../pickers/search-box';
import { useCompaniesSettings, type Company } from './companies-settings';
import { CompanyDialog } from './company-dialog';
import { CompanyFilters, type FieldFilter } from './company-filters';
import { useUserNames } from '../pickers/users-picker';
import { ManagerPicker } from './manager-picker';

const TABLE_MIN_WIDTH = 620;

/**
 * /companies (01 §2 companies panel): the tenant's companies by name, searched (35 a page while
 * searching, 50 otherwise) and filtered on configurable fields, loaded page by page as the user
 * scrolls; the encargado of each chosen in place; several deleted at once; 'Agregar' opens the
 * company dialog.
 */
export function CompaniesPage({
  search,
  filters,
  onSearchChange,
  onFiltersChange,
}: {
  search: string;
  filters: FieldFilter[];
  onSearchChange: (search: string) => void;
  onFiltersChange: (filters: FieldFilter[]) => void;
}) {
  const trpc = useTRPC();
  const me = useMe();
  const queryClient = useQueryClient();
  const settings = useCompaniesSettings();
  const fields = useQuery(
    trpc.customField.forForm.queryOptions({ entity: 'company', mode: 'edit' }),
  );
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const list = useInfiniteQuery(
    trpc.company.list.infiniteQueryOptions(
      {
        search: search || undefined,
        filters: filters.length > 0 ? filters : undefined,
        limit: search ? COMPANY_PAGE_SIZES.search : COMPANY_PAGE_SIZES.list,
      },
      {
        getNextPageParam: (page) => page.nextCursor ?? undefined,
        placeholderData: keepPreviousData,
      },
    ),
  );
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const managerNames = useUserNames(items.map((company) => company.managerId));
  const selection = useSelection(items);
  const chosen = selection.chosen;
  const mayDelete = me ? can(me.user, 'deleteCompanies') : false;

  const remove = useMutation(
    trpc.company.delete.mutationOptions({
      onSuccess: ({ deleted }) => {
        notifications.show({
          color: 'teal',
          message: format(es.companies.deleted, { n: deleted.length }),
        });
        selection.clear();
        setConfirming(false);
        void queryClient.invalidateQueries(trpc.company.pathFilter());
      },
    }),
  );

  const plural = settings.data?.plural ?? es.companies.defaultPlural;
  const title = settings.data?.panelLabel ?? plural;
  const taxCodeLabel = settings.data?.taxCodeLabel ?? '';

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} fz="h2">
          {title}
        </Title>
        <Button leftSection={<PlusIcon size={16} />} onClick={() => setAdding(true)}>
          {es.companies.add}
        </Button>
      </Group>

      <Group justify="space-between" align="flex-start" gap="sm">
        <Group gap="sm" align="flex-start" style={{ flex: 1, minWidth: 0 }}>
          <SearchBox
            aria-label={es.companies.search}
            placeholder={format(es.companies.searchPlaceholder, { taxCode: taxCodeLabel })}
            initial={search}
            onSearch={onSearchChange}
            w={{ base: '100%', xs: 320 }}
          />
          <CompanyFilters fields={fields.data ?? []} filters={filters} onChange={onFiltersChange} />
        </Group>
        <SelectionBar
          count={mayDelete ? chosen.length : 0}
          label={format(es.companies.selected, { n: chosen.length })}
        >
          <Button
            color="red"
            variant="light"
            leftSection={<TrashIcon size={16} />}
            onClick={() => {
              remove.reset();
              setConfirming(true);
            }}
          >
            {format(es.companies.deleteSelected, { n: chosen.length })}
          </Button>
        </SelectionBar>
      </Group>

      <PagedTable
        list={list}
        loadMoreLabel={es.companies.loadMore}
        items={items}
        label={title}
        minWidth={TABLE_MIN_WIDTH}
        selection={mayDelete ? { state: selection, allLabel: es.companies.selectAll } : undefined}
        columns={[
          { key: 'businessName', header: es.companies.businessName },
          { key: 'displayName', header: es.companies.displayName, visibleFrom: 'md' },
          { key: 'taxCode', header: taxCodeLabel },
          { key: 'origin', header: es.companies.origin, visibleFrom: 'md' },
          { key: 'manager', header: es.companies.manager, width: 230 },
        ]}
        empty={
          <Text c="dimmed" ta="center" py="xl">
            {es.companies.noResults}
          </Text>
        }
        row={(company) => (
          <CompanyRow
            key={company.id}
            company={company}
            selectable={mayDelete}
            selected={selection.isSelected(company.id)}
            onSelect={(on) => selection.toggle(company.id, on)}
            managerNames={managerNames}
          />
        )}
      />

      <CompanyDialog opened={adding} onClose={() => setAdding(false)} />
      <ConfirmDialog
        opened={confirming}
        title={format(es.companies.deleteTitle, { plural })}
        action={remove}
        onConfirm={() => remove.mutate({ ids: chosen.map((company) => company.id) })}
        onClose={() => setConfirming(false)}
      >
        <Text size="sm">{format(es.companies.deleteCount, { n: chosen.length })}</Text>
      </ConfirmDialog>
    </Stack>
  );
}

function CompanyRow({
  company,
  selectable,
  selected,
  onSelect,
  managerNames,
}: {
  company: Company;
  selectable: boolean;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  managerNames: Record<string, string>;
}) {
  return (
    <DataRow bg={selected ? 'cyan.0' : undefined}>
      {selectable && (
        <SelectCell
          label={format(es.companies.selectRow, { name: company.businessName })}
          checked={selected}
          onChange={onSelect}
        />
      )}
      <DataCell>
        <Anchor
          fw={600}
          size="sm"
          renderRoot={(props) => (
            <Link to="/companies/$companyId" params={{ companyId: company.id }} {...props} />
          )}
        >
          {company.businessName}
        </Anchor>
        {/* Narrow windows drop the name column: the name goes under the business name. */}
        <Text size="xs" c="dimmed" hiddenFrom="md">
          {company.displayName}
        </Text>
      </DataCell>
      <DataCell visibleFrom="md">
        <Text size="sm">{company.displayName}</Text>
      </DataCell>
      <DataCell>
        <Text size="sm" ff="monospace">
          {company.taxCode ?? ''}
        </Text>
      </DataCell>
      <DataCell visibleFrom="md">
        <Text size="sm">{company.origin}</Text>
      </DataCell>
      <DataCell>
        <ManagerPicker company={company} names={managerNames} />
      </DataCell>
    </DataRow>
  );
}
