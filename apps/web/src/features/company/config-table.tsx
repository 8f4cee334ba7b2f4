import { Fragment, useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Paper,
  Skeleton,
  Switch,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { es, format } from '@cartera/domain/i18n';
import { PencilIcon } from '../../ui/icons';
import { Panel } from '../../ui/panel';
import { QueryError } from '../../ui/query-error';

const text = es.company;

/** The list's query, as TanStack Query gives it. */
interface ListQuery<T> {
  data: T[] | undefined;
  error: unknown;
  isError: boolean;
  isPending: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

export interface ConfigColumn<T> {
  label: string;
  render: (row: T) => ReactNode;
}

/** The create or edit dialog of one item (`item` missing: a new one). */
export type ConfigDialogOf<T> = (props: {
  item: T | undefined;
  opened: boolean;
  onClose: () => void;
}) => ReactNode;

/**
 * One configuration list of 'Mi Empresa' (archiving reasons, tags, origins): a panel with its
 * 'Nuevo…' action and a table of code, name, the editor's own columns, the 'Activo' switch
 * (which saves at once) and the edit button, which open the editor's `dialog`.
 */
export function ConfigTable<T extends { code: string; name: string; active: boolean }>({
  titleId,
  title,
  createLabel,
  empty,
  query,
  columns,
  togglingCode,
  dialog,
  onToggle,
}: {
  titleId: string;
  title: string;
  createLabel: string;
  empty: string;
  query: ListQuery<T>;
  columns: ConfigColumn<T>[];
  /** The row whose 'Activo' switch is saving. */
  togglingCode: string | null;
  dialog: ConfigDialogOf<T>;
  onToggle: (row: T, active: boolean) => void;
}) {
  const rows = query.data ?? [];
  const columnCount = columns.length + 4;
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  return (
    <Panel
      titleId={titleId}
      title={title}
      action={{ label: createLabel, onClick: () => setEditing('new') }}
    >
      {query.isError && !query.data ? (
        <QueryError query={query} maw={560} />
      ) : (
        <Paper withBorder radius="sm" style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={640} type="native">
            <Table
              verticalSpacing="xs"
              horizontalSpacing="md"
              aria-labelledby={titleId}
              aria-busy={query.isFetching || undefined}
            >
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  <Table.Th>{text.code}</Table.Th>
                  <Table.Th>{text.name}</Table.Th>
                  {columns.map((column) => (
                    <Table.Th key={column.label}>{column.label}</Table.Th>
                  ))}
                  <Table.Th w={90}>{text.active}</Table.Th>
                  <Table.Th w={60}>
                    <VisuallyHidden>{text.actions}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.isPending ? (
                  [0, 1, 2].map((row) => (
                    <Table.Tr key={row}>
                      <Table.Td colSpan={columnCount}>
                        <Skeleton height={12} radius="sm" />
                      </Table.Td>
                    </Table.Tr>
                  ))
                ) : rows.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={columnCount}>
                      <Text size="sm" c="dimmed" ta="center" py="md">
                        {empty}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  rows.map((row) => (
                    <Table.Tr key={row.code}>
                      <Table.Td>
                        <Text size="sm" ff="monospace">
                          {row.code}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" fw={600} c={row.active ? undefined : 'dimmed'}>
                          {row.name}
                        </Text>
                      </Table.Td>
                      {columns.map((column) => (
                        <Table.Td key={column.label}>{column.render(row)}</Table.Td>
                      ))}
                      <Table.Td>
                        <Switch
                          checked={row.active}
                          disabled={togglingCode === row.code}
                          aria-label={format(text.activeOf, { name: row.name })}
                          onChange={(event) => onToggle(row, event.currentTarget.checked)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Tooltip label={format(text.edit, { name: row.name })} withArrow>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={format(text.edit, { name: row.name })}
                            onClick={() => setEditing(row)}
                          >
                            <PencilIcon size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <Fragment key={editing === null ? 'closed' : editing === 'new' ? 'new' : editing.code}>
        {dialog({
          item: editing === null || editing === 'new' ? undefined : editing,
          opened: editing !== null,
          onClose: () => setEditing(null),
        })}
      </Fragment>
    </Panel>
  );
}
