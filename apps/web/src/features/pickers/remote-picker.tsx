import { useState, type ReactNode } from 'react';
import { Loader, MultiSelect, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import type { OptionsFilter } from '@mantine/core';
import { es } from '@cartera/domain/i18n';

/** 02 §9: searches wait for a 500 ms pause in typing. */
export const SEARCH_DEBOUNCE_MS = 500;

export interface PickerOption {
  value: string;
  label: string;
}

/** The server already searched: the dropdown shows its answer as it is. */
const keepServerOrder: OptionsFilter = ({ options }) => options;

export interface RemotePickerProps {
  label?: ReactNode;
  'aria-label'?: string;
  placeholder?: string;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  multiple: boolean;
  /** Chosen ids (at most one when single). */
  value: string[];
  onChange: (ids: string[]) => void;
  onBlur?: () => void;
  /** The server's answer for the current search. */
  options: PickerOption[];
  /** Names of the chosen ids (resolved by id). */
  labels: Record<string, string>;
  loading: boolean;
  search: string;
  onSearchChange: (search: string) => void;
  onDropdownOpen?: () => void;
  nothingFound?: string;
  size?: 'xs' | 'sm';
  clearable?: boolean;
}

/**
 * A searchable picker whose options come from the server (contacts, companies, users): the
 * parent owns the search text, debounces it and queries; this draws the Select or MultiSelect.
 */
export function RemotePicker(props: RemotePickerProps) {
  const { value, options, labels } = props;
  const known = new Map(options.map((option) => [option.value, option.label]));
  const data = [
    ...value
      .filter((id) => !known.has(id))
      .map((id) => ({ value: id, label: labels[id] ?? es.app.loading })),
    ...options,
  ];
  const common = {
    label: props.label,
    'aria-label': props['aria-label'],
    placeholder: props.placeholder ?? es.fields.searchPlaceholder,
    description: props.description,
    error: props.error,
    withAsterisk: props.required,
    disabled: props.disabled,
    data,
    searchable: true,
    clearable: props.clearable ?? true,
    filter: keepServerOrder,
    searchValue: props.search,
    onSearchChange: props.onSearchChange,
    onDropdownOpen: props.onDropdownOpen,
    onBlur: props.onBlur,
    size: props.size,
    nothingFoundMessage: props.loading
      ? es.app.loading
      : (props.nothingFound ?? es.fields.noResults),
    rightSection: props.loading ? <Loader size={14} /> : undefined,
    comboboxProps: { withinPortal: true },
    maxDropdownHeight: 260,
  };
  if (props.multiple) {
    return <MultiSelect {...common} value={value} onChange={props.onChange} />;
  }
  return (
    <Select
      {...common}
      value={value[0] ?? null}
      onChange={(id) => props.onChange(id ? [id] : [])}
    />
  );
}

/** What to search for: nothing while the box only shows the chosen option's name. */
export function searchTerm(search: string, chosenLabel: string | undefined): string {
  const term = search.trim();
  return chosenLabel !== undefined && term === chosenLabel.trim() ? '' : term;
}

/**
 * The search state of a picker searched on the server: the text typed, whether its list was
 * opened, and the term to ask for once typing pauses. `query` gates the server query (asked only
 * once the list opens, keeping the last answer while the next one loads); `bind` gives the
 * RemotePicker the search it draws.
 */
export function useRemoteSearch(chosenLabel: string | undefined) {
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const [term] = useDebouncedValue(searchTerm(search, chosenLabel), SEARCH_DEBOUNCE_MS);
  return {
    term: term || undefined,
    query: { enabled: opened, placeholderData: keepPreviousData },
    bind: (fetching: boolean) => ({
      loading: opened && fetching,
      search,
      onSearchChange: setSearch,
      onDropdownOpen: () => setOpened(true),
    }),
  };
}
