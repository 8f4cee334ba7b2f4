import { useState, type ReactNode } from 'react';
import { Checkbox, Paper, Skeleton, Table } from '@mantine/core';
import { ListEnd } from './list-end';
import { QueryError } from './query-error';

/** What a list screen's table needs of its infinite query (`useInfiniteQuery`'s answer). */
export interface PagedQuery {
  data: unknown;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** The rows chosen with their checkboxes, among those loaded so far. */
export function useSelection<T extends { id: string }>(items: readonly T[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const chosen = items.filter((item) => selected.has(item.id));
  return {
    chosen,
    allChosen: items.length > 0 && chosen.length === items.length,
    none: items.length === 0,
    isSelected: (id: string) => selected.has(id),
    toggle: (id: string, on: boolean) => {
      const next = new Set(selected);
      if (on) next.add(id);
      else next.delete(id);
      setSelected(next);
    },
    /** Every loaded row, or none. */
    setAll: (on: boolean) => setSelected(on ? new Set(items.map((item) => item.id)) : new Set()),
    clear: () => setSelected(new Set()),
  };
}

export type Selection = ReturnType<typeof useSelection>;

/**
 * The table of a list screen ('Contactos', companies): its failed load with 'Volver a intentar',
 * skeleton rows while the first page loads, the empty state, the rows, optionally a first
 * column of checkboxes with 'select all', and the list's end (next page on scroll, 'Cargar más').
 * `columns` counts the columns after the checkbox one.
 */
export function ListTable<T>({
  list,
  items,
  row,
  label,
  minWidth,
  loadMoreLabel,
  selection,
  head,
  columns,
  empty,
}: {
  list: PagedQuery;
  /** The rows loaded so far. */
  items: readonly T[];
  /** One row; a selectable row starts with a `SelectCell`. */
  row: (item: T) => ReactNode;
  label: string;
  minWidth: number;
  loadMoreLabel: string;
  selection?: { state: Selection; allLabel: string };
  /** The header cells after the checkbox one. */
  head: ReactNode;
  columns: number;
  /** What an empty list says (inside a full-width cell). */
  empty: ReactNode;
}) {
  const span = columns + (selection ? 1 : 0);
  const all = selection?.state;
  return (
    <>
      {list.isError && !list.data ? (
        <QueryError query={list} maw={560} />
      ) : (
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={minWidth} type="native">
            <Table
              highlightOnHover
              verticalSpacing="xs"
              horizontalSpacing="md"
              aria-busy={list.isFetching || undefined}
              aria-label={label}
            >
              <Table.Thead bg="gray.0">
                <Table.Tr>
                  {selection && all && (
                    <Table.Th w={44}>
                      <Checkbox
                        aria-label={selection.allLabel}
                        checked={all.allChosen}
                        indeterminate={all.chosen.length > 0 && !all.allChosen}
                        disabled={all.none}
                        onChange={(event) => all.setAll(event.currentTarget.checked)}
                      />
                    </Table.Th>
                  )}
                  {head}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.isPending ? (
                  <LoadingRows columns={span} />
                ) : items.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={span}>{empty}</Table.Td>
                  </Table.Tr>
                ) : (
                  items.map(row)
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}

      <ListEnd list={list} label={loadMoreLabel} />
    </>
  );
}

/** A row's checkbox cell. */
export function SelectCell({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Table.Td>
      <Checkbox
        aria-label={label}
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
    </Table.Td>
  );
}

function LoadingRows({ columns }: { columns: number }) {
  return (
    <>
      {[0, 1, 2, 3, 4, 5].map((row) => (
        <Table.Tr key={row}>
          <Table.Td colSpan={columns} py={12}>
            <Skeleton height={14} radius="sm" />
          </Table.Td>
        </Table.Tr>
      ))}
    </>
  );
}
