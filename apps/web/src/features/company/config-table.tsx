import { Fragment, useState, type ReactNode } from 'react';
import { Switch, Text } from '@mantine/core';
import { es, format } from '@cartera/domain/i18n';
import { DataTable, RowAction, type Column, type TableQuery } from '../../ui/data-table';
import { PencilIcon } from '../../ui/icons';
import { Panel } from '../../ui/panel';

const text = es.company;

/** The list's query, as TanStack Query gives it. */
interface ListQuery<T> extends TableQuery {
  data: T[] | undefined;
}

export interface ConfigColumn<T> {
  label: string;
  render: (row: T) => ReactNode;
}

/** What the create or edit dialog of one item receives (`item` missing: a new one). */
export interface ConfigDialogProps<T> {
  item: T | undefined;
  opened: boolean;
  onClose: () => void;
}
export type ConfigDialogOf<T> = (props: ConfigDialogProps<T>) => ReactNode;

/** The 'Código' column a configuration list starts with: the item's code in monospace. */
export function codeColumn<T extends { code: string }>(header: string = text.code): Column<T> {
  return {
    key: 'code',
    header,
    cell: (row) => (
      <Text size="sm" ff="monospace">
        {row.code}
      </Text>
    ),
  };
}

/**
 * One configuration list of 'Mi Empresa' (archiving reasons, tags, origins): a panel with its
 * 'Nuevo…' action and a table of code, name, the editor's own columns, the 'Activo' switch
 * (which saves at once) and the edit button, which open the editor's `dialog`. The kit's
 * `DataTable` with the columns every configuration list has.
 */
export function ConfigTable<T extends { code: string; name: string; active: boolean }>({
  titleId,
  texts,
  query,
  columns,
  togglingCode,
  dialog,
  onToggle,
}: {
  titleId: string;
  /** The panel's title, its 'Nuevo…' action and the empty list's text. */
  texts: { title: string; create: string; empty: string };
  query: ListQuery<T>;
  columns: ConfigColumn<T>[];
  /** The row whose 'Activo' switch is saving. */
  togglingCode: string | null;
  dialog: ConfigDialogOf<T>;
  onToggle: (row: T, active: boolean) => void;
}) {
  const rows = query.data ?? [];
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  return (
    <Panel
      titleId={titleId}
      title={texts.title}
      action={{ label: texts.create, onClick: () => setEditing('new') }}
    >
      <DataTable
        query={query}
        items={rows}
        rowKey={(row) => row.code}
        labelledBy={titleId}
        empty={texts.empty}
        columns={[
          codeColumn<T>(),
          {
            key: 'name',
            header: text.name,
            cell: (row) => (
              <Text size="sm" fw={600} c={row.active ? undefined : 'dimmed'}>
                {row.name}
              </Text>
            ),
          },
          ...columns.map((column) => ({
            key: `own:${column.label}`,
            header: column.label,
            cell: column.render,
          })),
          {
            key: 'active',
            header: text.active,
            width: 90,
            cell: (row) => (
              <Switch
                checked={row.active}
                disabled={togglingCode === row.code}
                aria-label={format(text.activeOf, { name: row.name })}
                onChange={(event) => onToggle(row, event.currentTarget.checked)}
              />
            ),
          },
        ]}
        actions={{
          label: text.actions,
          cell: (row) => (
            <RowAction
              label={format(text.edit, { name: row.name })}
              icon={<PencilIcon size={16} />}
              onClick={() => setEditing(row)}
            />
          ),
        }}
      />
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
