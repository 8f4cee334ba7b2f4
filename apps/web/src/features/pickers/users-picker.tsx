import { useState, type ReactNode } from 'react';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { fullNameOf } from '../auth/session';
import { RemotePicker, useRemoteSearch } from './remote-picker';

/** users.lookup resolves at most 100 ids per call. */
const LOOKUP_IDS_MAX = 100;

/** Names of the given users (managers, agents, members on screen), by id. */
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
    for (const user of lookup.data ?? []) names[user.id] = fullNameOf(user);
  }
  return names;
}

export interface UsersPickerProps {
  label?: ReactNode;
  'aria-label'?: string;
  size?: 'xs' | 'sm';
  description?: string;
  placeholder?: string;
  nothingFound?: string;
  required?: boolean;
  multiple: boolean;
  value: string[];
  onChange: (ids: string[]) => void;
  /** Users never offered (the author, an owner). */
  exclude?: string[];
  /** Names of chosen users kept by the caller (shared by several pickers); else kept here. */
  labels?: Record<string, string>;
  onLabels?: (found: Record<string, string>) => void;
  error?: string | null | undefined;
}

/** Active users of the company, searched on the server (users.lookup) once the list opens. */
export function UsersPicker(props: UsersPickerProps) {
  const { multiple, value, exclude = [] } = props;
  const trpc = useTRPC();
  const [ownLabels, setOwnLabels] = useState<Record<string, string>>({});
  const labels = props.labels ?? ownLabels;
  const chosenLabel = !multiple && value[0] ? labels[value[0]] : undefined;
  const search = useRemoteSearch(chosenLabel);
  const users = useQuery({
    ...trpc.user.lookup.queryOptions({ search: search.term }),
    ...search.query,
  });
  const options = (users.data ?? [])
    .filter((user) => !exclude.includes(user.id))
    .map((user) => ({ value: user.id, label: fullNameOf(user) }));
  return (
    <RemotePicker
      label={props.label}
      aria-label={props['aria-label']}
      size={props.size}
      description={props.description}
      required={props.required}
      placeholder={props.placeholder}
      nothingFound={props.nothingFound}
      multiple={multiple}
      value={value}
      onChange={(ids) => {
        // Keep the names of the chosen users: the next search may not list them.
        const found = Object.fromEntries(options.map((option) => [option.value, option.label]));
        if (props.onLabels) props.onLabels(found);
        else setOwnLabels((current) => ({ ...current, ...found }));
        props.onChange(ids);
      }}
      options={options}
      labels={labels}
      {...search.bind(users.isFetching)}
      error={props.error}
    />
  );
}
