import { MultiSelect, type MultiSelectProps } from '@mantine/core';

/** A group as the server's group choices answer it: its id and its path of names. */
export interface GroupChoice {
  id: string;
  path: string;
}

export interface GroupsSelectProps extends Omit<MultiSelectProps, 'data'> {
  /** The groups offered (each screen asks its own server list). */
  groups: readonly GroupChoice[] | undefined;
}

/** The one picker of several groups of the company, each shown by its path. Searchable. */
export function GroupsSelect({ groups, ...props }: GroupsSelectProps) {
  const data = (groups ?? []).map((group) => ({ value: group.id, label: group.path }));
  return <MultiSelect searchable clearable {...props} data={data} />;
}
