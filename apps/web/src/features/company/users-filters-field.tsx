import {
  ActionIcon,
  Button,
  Group,
  Input,
  Loader,
  Select,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { UsersFilter } from '@cartera/domain/custom-fields';
import { es } from '@cartera/domain/i18n';
import { useTRPC } from '../../lib/trpc';
import { XIcon } from '../../ui/icons';
import { QueryError } from '../../ui/query-error';
import { GroupsSelect } from '../pickers/groups-select';
import type { ConfigFormErrors } from './config-dialog';

const t = es.company.filters;

type FilterType = UsersFilter['type'];

/** One filter row as the dialog edits it: the value is texts until the server reads it. */
export interface FilterRow {
  key: string;
  type: FilterType;
  value: string | string[];
}

const TYPE_OPTIONS = (['select', 'string', 'number'] as const).map((value) => ({
  value,
  label: t.types[value],
}));

/** The stored filters as rows of the form. */
export function filterRowsOf(filters: readonly UsersFilter[] | undefined): FilterRow[] {
  return (filters ?? []).map(({ key, type, value }) => ({
    key,
    type,
    value:
      type === 'select'
        ? (Array.isArray(value) ? value : [value]).map(String)
        : value === null || value === undefined
          ? ''
          : String(value),
  }));
}

/** The rows as the procedures take them (the server checks and converts the values). */
export function filtersOfRows(rows: readonly FilterRow[]): UsersFilter[] {
  return rows.map(({ key, type, value }) => ({ key: key.trim(), type, value }));
}

/**
 * The user filters of a catalogue item (03 §5; issue #17): rows of the user's extra field, how
 * it compares (list: any of the values; text: equal; number: equal as an integer) and the
 * values. The server's Spanish errors show under the field they name.
 */
export function UsersFiltersField({
  rows,
  errors,
  onChange,
}: {
  rows: FilterRow[];
  errors: ConfigFormErrors;
  onChange: (rows: FilterRow[]) => void;
}) {
  const change = (index: number, row: Partial<FilterRow>, field: 'key' | 'value' | 'type') => {
    onChange(rows.map((each, i) => (i === index ? { ...each, ...row } : each)));
    errors.clear(`usersFilters.${index}.${field === 'type' ? 'value' : field}`);
    errors.clear('usersFilters');
  };
  return (
    <Input.Wrapper
      label={t.title}
      description={t.hint}
      error={errors.errorOf('usersFilters')}
      inputContainer={(children) => (
        <Stack gap="xs" mt={6}>
          {children}
        </Stack>
      )}
    >
      <>
        {rows.map((row, index) => (
          <Group
            key={index}
            gap="xs"
            align="flex-start"
            wrap="nowrap"
            role="group"
            aria-label={`${t.title} ${index + 1}`}
          >
            <TextInput
              label={t.field}
              value={row.key}
              maxLength={100}
              style={{ flex: 1 }}
              onChange={(event) => change(index, { key: event.currentTarget.value }, 'key')}
              error={errors.errorOf(`usersFilters.${index}.key`)}
            />
            <Select
              label={t.type}
              data={TYPE_OPTIONS}
              value={row.type}
              allowDeselect={false}
              w={100}
              onChange={(type) =>
                type &&
                change(
                  index,
                  {
                    type: type as FilterType,
                    value: type === 'select' ? [] : '',
                  },
                  'type',
                )
              }
            />
            {row.type === 'select' ? (
              <TagsInput
                label={t.values}
                value={Array.isArray(row.value) ? row.value : []}
                style={{ flex: 1 }}
                onChange={(value) => change(index, { value }, 'value')}
                error={errors.errorOf(`usersFilters.${index}.value`)}
              />
            ) : (
              <TextInput
                label={t.value}
                value={Array.isArray(row.value) ? row.value.join(', ') : row.value}
                inputMode={row.type === 'number' ? 'numeric' : undefined}
                maxLength={200}
                style={{ flex: 1 }}
                onChange={(event) => change(index, { value: event.currentTarget.value }, 'value')}
                error={errors.errorOf(`usersFilters.${index}.value`)}
              />
            )}
            <ActionIcon
              variant="subtle"
              color="red"
              mt={26}
              aria-label={t.remove.replace('{n}', String(index + 1))}
              onClick={() => onChange(rows.filter((_, i) => i !== index))}
            >
              <XIcon size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            variant="light"
            size="xs"
            disabled={rows.length >= 20}
            onClick={() => onChange([...rows, { key: '', type: 'select', value: [] }])}
          >
            {t.add}
          </Button>
        </Group>
      </>
    </Input.Wrapper>
  );
}

/** The groups that see a status tag (and those under them); empty: every group. */
export function GroupFiltersField({
  value,
  errors,
  onChange,
}: {
  value: string[];
  errors: ConfigFormErrors;
  onChange: (value: string[]) => void;
}) {
  const trpc = useTRPC();
  const groups = useQuery(trpc.catalog.groupChoices.queryOptions());
  if (groups.isPending) return <Loader size="sm" aria-label={t.groups} />;
  if (groups.isError) return <QueryError query={groups} />;
  const known = new Set(groups.data.map((group) => group.id));
  return (
    <>
      <GroupsSelect
        label={t.groups}
        description={t.groupsHint}
        groups={groups.data}
        value={value.filter((id) => known.has(id))}
        onChange={(ids) => {
          // Groups no longer active stay as they were; only the listed ones are edited here.
          onChange([...value.filter((id) => !known.has(id)), ...ids]);
          errors.clear('groupFilters');
        }}
        error={errors.errorOf('groupFilters')}
      />
      {value.some((id) => !known.has(id)) && (
        <Text size="xs" c="dimmed">
          {t.inactiveGroupsKept}
        </Text>
      )}
    </>
  );
}
