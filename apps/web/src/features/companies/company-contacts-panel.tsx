import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Drawer,
  Paper,
  ScrollArea,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { flagOn } from '@cartera/domain/policy';
import { useMe } from '../auth/session';
import { es, format } from '@cartera/domain/i18n';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { SearchIcon } from '../../ui/icons';
import { SEARCH_DEBOUNCE_MS } from '../pickers/entity-pickers';
import type { CompanyDetail } from './companies-settings';
import { DataTable } from '../../ui/data-table';
import { Panel } from '../../ui/panel';
import { FormActions } from '../../ui/form-actions';

/** The company's contacts with their role and sector, and 'Agregar contactos'. */
export function CompanyContactsPanel({ company }: { company: CompanyDetail }) {
  const [adding, setAdding] = useState(false);
  // A contact's sector in its companies: where the company turned sectors on.
  const me = useMe();
  const sectorsOn = me !== null && flagOn(me, 'sectors');
  return (
    <Panel
      titleId="contacts-title"
      title={es.companies.contacts}
      action={{ label: es.companies.addContacts, onClick: () => setAdding(true) }}
    >
      <DataTable
        items={company.contacts}
        rowKey={(contact) => contact.contactId}
        labelledBy="contacts-title"
        minWidth={360}
        verticalSpacing={6}
        empty={es.companies.noContacts}
        columns={[
          {
            key: 'name',
            header: es.companies.contactName,
            cell: (contact) => (
              <Text size="sm" fw={500}>
                {`${contact.firstName} ${contact.lastName}`.trim()}
              </Text>
            ),
          },
          {
            key: 'role',
            header: es.companies.role,
            cell: (contact) => <Text size="sm">{contact.role || es.fields.emptyValue}</Text>,
          },
          {
            key: 'sector',
            header: es.companies.sector,
            cell: (contact) => <Text size="sm">{contact.sectorName ?? es.companies.noSector}</Text>,
          },
        ]}
      />
      <SelectContactsSheet
        companyId={company.id}
        withSectors={company.hasSectors && sectorsOn}
        opened={adding}
        onClose={() => setAdding(false)}
      />
    </Panel>
  );
}

/**
 * 'Seleccionar Contactos' (issue #4): a side sheet offering only contacts not yet in the company,
 * searched after a pause; the chosen ones join with one role and, optionally, one sector.
 */
function SelectContactsSheet({
  companyId,
  withSectors,
  opened,
  onClose,
}: {
  companyId: string;
  withSectors: boolean;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={440}
      title={es.companies.selectContacts}
    >
      {opened && (
        <SelectContactsForm companyId={companyId} withSectors={withSectors} onClose={onClose} />
      )}
    </Drawer>
  );
}

function SelectContactsForm({
  companyId,
  withSectors,
  onClose,
}: {
  companyId: string;
  withSectors: boolean;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [sector, setSector] = useState<string | null>(null);
  const [role, setRole] = useState('');

  const contacts = useInfiniteQuery(
    trpc.company.selectableContacts.infiniteQueryOptions(
      { companyId, search: term || undefined },
      {
        getNextPageParam: (page) => page.nextCursor ?? undefined,
        placeholderData: keepPreviousData,
      },
    ),
  );
  const sectors = useQuery({
    ...trpc.company.sectors.queryOptions({ companyId }),
    enabled: withSectors,
  });
  const items = contacts.data?.pages.flatMap((page) => page.items) ?? [];

  const add = useMutation(
    trpc.company.addContacts.mutationOptions({
      onSuccess: (_, input) => {
        notifications.show({
          color: 'teal',
          message: format(es.companies.contactsAdded, { n: input.contacts.length }),
        });
        void queryClient.invalidateQueries(trpc.company.get.queryFilter({ id: companyId }));
        void queryClient.invalidateQueries(trpc.company.selectableContacts.pathFilter());
        onClose();
      },
    }),
  );

  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    setChosen(next);
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen.size === 0) return;
        add.mutate({ companyId, contacts: [...chosen], sector, role: role.trim() });
      }}
    >
      <Stack gap="md">
        <TextInput
          aria-label={es.companies.searchContacts}
          placeholder={es.companies.searchContacts}
          leftSection={<SearchIcon size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          data-autofocus
        />
        <Paper withBorder radius="md">
          <ScrollArea.Autosize mah="calc(100dvh - 420px)" mih={120} type="auto">
            {contacts.isPending ? (
              <Stack gap={6} p="sm">
                <Skeleton height={24} />
                <Skeleton height={24} />
                <Skeleton height={24} />
              </Stack>
            ) : contacts.isError ? (
              <Alert color="red" variant="light" m="sm" role="alert">
                {userMessageOf(contacts.error)}
              </Alert>
            ) : items.length === 0 ? (
              <Text size="sm" c="dimmed" p="md" ta="center">
                {term ? es.fields.noSearchResults : es.companies.noSelectableContacts}
              </Text>
            ) : (
              <Stack gap={0} p={4}>
                {items.map((contact) => (
                  <Checkbox
                    key={contact.id}
                    label={`${contact.firstName} ${contact.lastName}`.trim()}
                    checked={chosen.has(contact.id)}
                    onChange={(event) => toggle(contact.id, event.currentTarget.checked)}
                    p="xs"
                  />
                ))}
                {contacts.hasNextPage && (
                  <Button
                    variant="subtle"
                    size="xs"
                    loading={contacts.isFetchingNextPage}
                    onClick={() => void contacts.fetchNextPage()}
                  >
                    {es.companies.loadMore}
                  </Button>
                )}
              </Stack>
            )}
          </ScrollArea.Autosize>
        </Paper>
        <Text size="sm" c="dimmed">
          {format(es.companies.selectedContacts, { n: chosen.size })}
        </Text>
        {withSectors && (
          <Select
            label={es.companies.sector}
            placeholder={es.companies.noSector}
            data={(sectors.data?.items ?? []).map((each) => ({ value: each.id, label: each.name }))}
            value={sector}
            onChange={setSector}
            clearable
            searchable
            nothingFoundMessage={es.companies.noSectors}
            comboboxProps={{ withinPortal: true }}
          />
        )}
        <TextInput
          label={es.companies.role}
          placeholder={es.companies.rolePlaceholder}
          value={role}
          maxLength={100}
          onChange={(event) => setRole(event.currentTarget.value)}
        />
        {add.isError && (
          <Alert color="red" variant="light" role="alert">
            {userMessageOf(add.error)}
          </Alert>
        )}
        <FormActions
          cancelLabel={es.companies.cancel}
          onCancel={onClose}
          submitLabel={es.companies.add}
          loading={add.isPending}
          disabled={chosen.size === 0}
        />
      </Stack>
    </form>
  );
}
