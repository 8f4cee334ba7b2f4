import { useState } from 'react';
import { Anchor, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { es, format } from '@cartera/domain/i18n';
import { formatDateTime } from '../../lib/dates';
import { useTRPC } from '../../lib/trpc';
import { DataCell, DataRow, PagedTable, SelectCell } from '../../ui/data-table';
import { useSelection } from '../../ui/selection';
import { SelectionBar } from '../../ui/list-toolbar';
import { AddressBookIcon, PlusIcon, SwitchIcon } from '../../ui/icons';
import { useMe } from '../auth/session';
import { useUserNames } from '../pickers/users-picker';
import { SearchBox } from '../pickers/search-box';
import { ContactFilters, hasActiveFilters, type ContactListFilters } from './contact-filters';
import {
  contactName,
  nationalPhone,
  seesOnlyOwnContacts,
  type ContactListItem,
} from './contact-format';
import { ContactSheet } from './sheet/contact-sheet';
import { TagChip } from './tag-chip';
import { TransferDialog } from './transfer-dialog';

/**
 * /contacts: the contacts the user may see, newest first, searched by name, phone in any format,
 * e-mail or document (after a 500 ms pause) and filtered; 50 at a time as the user scrolls. A
 * row opens the contact; chosen rows can be transferred together; 'Crear contacto' opens the
 * sheet.
 */
export function ContactsPage({
  search,
  filters,
  onSearchChange,
  onFiltersChange,
}: {
  search: string;
  filters: ContactListFilters;
  onSearchChange: (search: string) => void;
  onFiltersChange: (filters: ContactListFilters) => void;
}) {
  const trpc = useTRPC();
  const me = useMe();
  const navigate = useNavigate();
  const country = me?.tenant.country ?? 'UY';
  const onlyOwn = me ? seesOnlyOwnContacts(me.user.roles) : true;
  const fields = useQuery(
    trpc.customField.forForm.queryOptions({ entity: 'contact', mode: 'edit' }),
  );
  const [creating, setCreating] = useState(false);
  const [transferring, setTransferring] = useState(false);

  const list = useInfiniteQuery(
    trpc.contact.list.infiniteQueryOptions(
      {
        search: search || undefined,
        statusTag: filters.statusTag,
        origin: filters.origin,
        agentId: filters.agentId,
        companyId: filters.companyId,
        activeFrom: filters.activeFrom,
        activeTo: filters.activeTo,
        filters: filters.filters.length > 0 ? filters.filters : undefined,
      },
      {
        getNextPageParam: (page) => page.nextCursor ?? undefined,
        placeholderData: keepPreviousData,
      },
    ),
  );
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const agentNames = useUserNames(items.map((contact) => contact.agentId));
  const selection = useSelection(items);
  const chosen = selection.chosen;
  const filtering = Boolean(search) || hasActiveFilters(filters);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} fz="h2">
          {es.contacts.listTitle}
        </Title>
        <Button leftSection={<PlusIcon size={16} />} onClick={() => setCreating(true)}>
          {es.contacts.newContact}
        </Button>
      </Group>

      <Group gap="xs" align="flex-start" wrap="wrap">
        <SearchBox
          aria-label={es.contacts.search}
          placeholder={es.contacts.searchPlaceholder}
          initial={search}
          onSearch={onSearchChange}
          w={{ base: '100%', sm: 340 }}
        />
        <ContactFilters
          value={filters}
          onChange={(next) => {
            selection.clear();
            onFiltersChange(next);
          }}
          fields={fields.data ?? []}
          showAgent={!onlyOwn}
        />
      </Group>

      <SelectionBar
        count={chosen.length}
        label={format(es.contacts.selected, { n: chosen.length })}
      >
        <Button
          variant="light"
          leftSection={<SwitchIcon size={16} />}
          onClick={() => setTransferring(true)}
        >
          {es.contacts.transfer}
        </Button>
      </SelectionBar>

      <PagedTable
        list={list}
        loadMoreLabel={es.contacts.loadMore}
        items={items}
        label={es.contacts.listTitle}
        // No forced width: on a phone the narrow columns go and long names wrap instead of
        // pushing the row past the screen's edge.
        minWidth={0}
        selection={{ state: selection, allLabel: es.contacts.selectAll }}
        columns={[
          { key: 'name', header: es.contacts.firstName },
          { key: 'phone', header: es.contacts.phone },
          { key: 'statusTag', header: es.contacts.statusTag, visibleFrom: 'sm' },
          { key: 'agent', header: es.contacts.agent, visibleFrom: 'md' },
          { key: 'lastInteraction', header: es.contacts.lastInteraction, visibleFrom: 'md' },
        ]}
        empty={
          <Stack align="center" gap="xs" py="xl" c="dimmed">
            <AddressBookIcon size={36} stroke={1.4} />
            <Text c="dimmed" ta="center" data-testid="contacts-empty">
              {filtering ? es.contacts.noResults : es.contacts.empty}
            </Text>
          </Stack>
        }
        row={(contact) => (
          <ContactRow
            key={contact.id}
            contact={contact}
            country={country}
            agentName={contact.agentId ? agentNames[contact.agentId] : undefined}
            selected={selection.isSelected(contact.id)}
            onSelect={(on) => selection.toggle(contact.id, on)}
            onOpen={() => void navigate({ to: '/contact', search: { id: contact.id } })}
          />
        )}
      />

      <ContactSheet opened={creating} onClose={() => setCreating(false)} />
      <TransferDialog
        opened={transferring}
        onClose={() => setTransferring(false)}
        contacts={chosen.map((contact) => ({
          id: contact.id,
          name: contactName(contact),
          agentId: contact.agentId,
        }))}
        onDone={selection.clear}
      />
    </Stack>
  );
}

function ContactRow({
  contact,
  country,
  agentName,
  selected,
  onSelect,
  onOpen,
}: {
  contact: ContactListItem;
  country: string;
  agentName: string | undefined;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onOpen: () => void;
}) {
  const name = contactName(contact);
  const phone = contact.phones[0];
  return (
    <DataRow
      bg={selected ? 'cyan.0' : undefined}
      style={{ cursor: 'pointer' }}
      onClick={(event) => {
        // The checkbox and the name link do their own thing.
        if ((event.target as HTMLElement).closest('a, input, label, button')) return;
        onOpen();
      }}
    >
      <SelectCell
        label={format(es.contacts.selectContact, { name })}
        checked={selected}
        onChange={onSelect}
      />
      {/* A long name wraps, between words where it can, inside at least 9 rem. */}
      <DataCell miw="9rem">
        <Anchor
          fw={600}
          size="sm"
          style={{ overflowWrap: 'anywhere' }}
          renderRoot={(props) => <Link to="/contact" search={{ id: contact.id }} {...props} />}
        >
          {name}
        </Anchor>
        {/* Narrow windows drop the agent and tag columns: they go under the name. */}
        {agentName && (
          <Text size="xs" c="dimmed" hiddenFrom="md">
            {agentName}
          </Text>
        )}
        {contact.statusTag && (
          <Box hiddenFrom="sm" mt={4}>
            <TagChip code={contact.statusTag} />
          </Box>
        )}
      </DataCell>
      <DataCell>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {phone ? nationalPhone(phone, country) : es.fields.emptyValue}
        </Text>
      </DataCell>
      <DataCell visibleFrom="sm">
        <TagChip code={contact.statusTag} />
      </DataCell>
      <DataCell visibleFrom="md">
        <Text size="sm">{contact.agentId ? (agentName ?? '') : es.contacts.noAgent}</Text>
      </DataCell>
      <DataCell visibleFrom="md">
        <Text size="sm" c={contact.lastInteractionAt ? undefined : 'dimmed'}>
          {contact.lastInteractionAt
            ? formatDateTime(contact.lastInteractionAt)
            : es.fields.emptyValue}
        </Text>
      </DataCell>
    </DataRow>
  );
}
