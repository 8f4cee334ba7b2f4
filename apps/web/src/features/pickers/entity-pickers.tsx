import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { COMPANY_PAGE_SIZES } from '@cartera/domain/companies';
import { useTRPC } from '../../lib/trpc';
import { RemotePicker, useRemoteSearch, type RemotePickerProps } from './remote-picker';

export { SEARCH_DEBOUNCE_MS } from './remote-picker';

type EntityPickerProps = Omit<
  RemotePickerProps,
  'options' | 'labels' | 'loading' | 'search' | 'onSearchChange' | 'onDropdownOpen'
>;

function fullName(contact: { firstName: string; lastName: string }) {
  return `${contact.firstName} ${contact.lastName}`.trim();
}

/** Names of contacts by id, for pickers and read-only values (only those the user may see). */
export function useContactNames(ids: string[]): Record<string, string> {
  const trpc = useTRPC();
  const wanted = [...new Set(ids)].sort();
  const names = useQuery({
    ...trpc.contact.lookup.queryOptions({ ids: wanted }),
    enabled: wanted.length > 0,
    placeholderData: keepPreviousData,
  });
  return Object.fromEntries((names.data ?? []).map((contact) => [contact.id, fullName(contact)]));
}

/** Names of companies by id (one cached `company.get` each: there is no lookup by ids). */
export function useCompanyNames(ids: string[]): Record<string, string> {
  const trpc = useTRPC();
  const wanted = [...new Set(ids)];
  const companies = useQueries({
    queries: wanted.map((id) => ({
      ...trpc.company.get.queryOptions({ id }),
      staleTime: 60_000,
      retry: false,
    })),
  });
  const names: Record<string, string> = {};
  companies.forEach((query, index) => {
    if (query.data) names[wanted[index]!] = query.data.businessName;
  });
  return names;
}

/** selectcontact / multiplecontact: contacts.lookup (15 at most) searched after a pause. */
export function ContactPicker(props: EntityPickerProps) {
  const trpc = useTRPC();
  const labels = useContactNames(props.value);
  const search = useRemoteSearch(props.multiple ? undefined : labels[props.value[0] ?? '']);
  const results = useQuery({
    ...trpc.contact.lookup.queryOptions({ search: search.term }),
    ...search.query,
  });
  const options = (results.data ?? []).map((contact) => ({
    value: contact.id,
    label: fullName(contact),
  }));
  return (
    <RemotePicker
      {...props}
      options={options}
      labels={labels}
      {...search.bind(results.isFetching)}
    />
  );
}

/** selectcompany / multiplecompany: companies.list with the pickers' page size (20). */
export function CompanyPicker(props: EntityPickerProps & { excludeId?: string }) {
  const trpc = useTRPC();
  const { excludeId, ...rest } = props;
  const labels = useCompanyNames(props.value);
  const search = useRemoteSearch(props.multiple ? undefined : labels[props.value[0] ?? '']);
  const results = useQuery({
    ...trpc.company.list.queryOptions({ search: search.term, limit: COMPANY_PAGE_SIZES.picker }),
    ...search.query,
  });
  const options = (results.data?.items ?? [])
    .filter((company) => company.id !== excludeId)
    .map((company) => ({ value: company.id, label: company.businessName }));
  return (
    <RemotePicker
      {...rest}
      options={options}
      labels={labels}
      {...search.bind(results.isFetching)}
    />
  );
}
