import { useState } from 'react';
import { Button, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { useTRPC } from '../../lib/trpc';
import { DateRangeFilter } from '../../ui/date-range-filter';
import { CompanyFilters, type FieldFilter } from '../companies/company-filters';
import { useUserNames } from '../pickers/users-picker';
import { CompanyPicker, SEARCH_DEBOUNCE_MS } from '../pickers/entity-pickers';
import type { FormField } from '../custom-fields/field-values';
import { RemotePicker, searchTerm } from '../pickers/remote-picker';
import { useOrigins, useTags } from './tag-chip';

/** The filters of the contacts list, as the route keeps them in the address. */
export interface ContactListFilters {
  statusTag?: string;
  origin?: string;
  agentId?: string;
  companyId?: string;
  /** Days (YYYY-MM-DD) with timeline activity of the contact. */
  activeFrom?: string;
  activeTo?: string;
  /** Configurable fields, with the `not:` / `gt:` / `lt:` prefixes of 02 §7. */
  filters: FieldFilter[];
}

export function hasActiveFilters(filters: ContactListFilters): boolean {
  return Boolean(
    filters.statusTag ||
    filters.origin ||
    filters.agentId ||
    filters.companyId ||
    filters.activeFrom ||
    filters.activeTo ||
    filters.filters.length > 0,
  );
}

const FILTER_WIDTH = 190;

/**
 * Filters of '/contacts': tag, origin, agent (not for sellers, who only see their own), company,
 * and conditions on configurable fields through the same popover as the companies list.
 */
export function ContactFilters({
  value,
  onChange,
  fields,
  showAgent,
}: {
  value: ContactListFilters;
  onChange: (next: ContactListFilters) => void;
  fields: FormField[];
  showAgent: boolean;
}) {
  const tags = useTags();
  const origins = useOrigins();
  const set = (patch: Partial<ContactListFilters>) => onChange({ ...value, ...patch });

  // Items of the caller's row: they wrap beside the search box.
  return (
    <>
      <Select
        aria-label={format(es.contacts.filterBy, { field: es.contacts.statusTag })}
        placeholder={es.contacts.statusTag}
        data={(tags.data ?? []).map((tag) => ({ value: tag.code, label: tag.name }))}
        value={value.statusTag ?? null}
        onChange={(next) => set({ statusTag: next ?? undefined })}
        clearable
        searchable
        nothingFoundMessage={es.fields.noResults}
        w={FILTER_WIDTH}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        aria-label={format(es.contacts.filterBy, { field: es.contacts.origin })}
        placeholder={es.contacts.origin}
        data={(origins.data ?? []).map((origin) => ({ value: origin.code, label: origin.name }))}
        value={value.origin ?? null}
        onChange={(next) => set({ origin: next ?? undefined })}
        clearable
        searchable
        nothingFoundMessage={es.fields.noResults}
        w={FILTER_WIDTH}
        comboboxProps={{ withinPortal: true }}
      />
      {showAgent && <AgentFilter value={value.agentId} onChange={(agentId) => set({ agentId })} />}
      <div style={{ width: FILTER_WIDTH }}>
        <CompanyPicker
          aria-label={format(es.contacts.filterBy, { field: es.contacts.company })}
          placeholder={es.contacts.company}
          multiple={false}
          value={value.companyId ? [value.companyId] : []}
          onChange={(ids) => set({ companyId: ids[0] })}
        />
      </div>
      <DateRangeFilter
        value={{ from: value.activeFrom ?? null, to: value.activeTo ?? null }}
        onChange={(next) =>
          set({
            ...('from' in next ? { activeFrom: next.from ?? undefined } : {}),
            ...('to' in next ? { activeTo: next.to ?? undefined } : {}),
          })
        }
        fromLabel={es.contacts.activeFromFilter}
        toLabel={es.contacts.activeToFilter}
      />
      <CompanyFilters
        fields={fields}
        filters={value.filters}
        onChange={(filters) => set({ filters })}
      />
      {hasActiveFilters(value) && (
        <Button
          variant="subtle"
          color="gray"
          onClick={() =>
            onChange({
              statusTag: undefined,
              origin: undefined,
              agentId: undefined,
              companyId: undefined,
              activeFrom: undefined,
              activeTo: undefined,
              filters: [],
            })
          }
        >
          {es.contacts.clearFilters}
        </Button>
      )}
    </>
  );
}

/** The agent holding the contacts: the tenant's users, searched after a pause. */
function AgentFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (id: string | undefined) => void;
}) {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const labels = useUserNames(value ? [value] : []);
  const [term] = useDebouncedValue(
    searchTerm(search, value ? labels[value] : undefined),
    SEARCH_DEBOUNCE_MS,
  );
  const users = useQuery({
    ...trpc.user.lookup.queryOptions({ search: term || undefined }),
    enabled: opened,
    placeholderData: keepPreviousData,
  });
  return (
    <div style={{ width: FILTER_WIDTH }}>
      <RemotePicker
        aria-label={format(es.contacts.filterBy, { field: es.contacts.agent })}
        placeholder={es.contacts.agent}
        multiple={false}
        value={value ? [value] : []}
        onChange={(ids) => onChange(ids[0])}
        options={(users.data ?? []).map((user) => ({
          value: user.id,
          label: `${user.name} ${user.lastname}`.trim(),
        }))}
        labels={labels}
        loading={opened && users.isFetching}
        search={search}
        onSearchChange={setSearch}
        onDropdownOpen={() => setOpened(true)}
        nothingFound={es.contacts.noAgents}
      />
    </div>
  );
}
