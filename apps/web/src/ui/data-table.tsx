import type { ReactNode } from 'react';
import {
  ActionIcon,
  Checkbox,
  Group,
  Paper,
  Skeleton,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
  type MantineBreakpoint,
  type MantineColor,
  type MantineSpacing,
  type TableTrProps,
} from '@mantine/core';
import { es } from '@cartera/domain/i18n';
import { PencilIcon, TrashIcon } from './icons';
import { ListEnd } from './list-end';
import { QueryError } from './query-error';
import type { Selection } from './selection';

/** What a table needs of its query (`useQuery` or `useInfiniteQuery`'s answer). */
export interface TableQuery {
  data: unknown;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/** What 'Cargar más' needs of an infinite query. */
export interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** An infinite query, as a list screen gives it. */
export type PagedQuery = TableQuery & PagedList;

/** One column: its header and how a row's cell shows. */
export interface Column<T> {
  /** Unique among the columns. */
  key: string;
  header: ReactNode;
  /** The header is read by assistive technology only. */
  hideHeader?: boolean;
  /** The cell's content (a table given `row` draws its rows itself). */
  cell?: (item: T, index: number) => ReactNode;
  width?: number;
  /** Shown from this width up (secondary columns on a phone). */
  visibleFrom?: MantineBreakpoint;
  /** The cell's style (`maw` of a long text). */
  maw?: number;
  /** Figures line up on the right; a column of switches or marks in the centre. */
  align?: 'right' | 'center';
  /** A sortable column: its header is a button that sorts by it (`label` names the button). */
  sort?: { active: boolean; order: 'asc' | 'desc'; onSort: () => void; label: string };
}

/** What the table's state is: the failed load, the first load, nothing, or rows. */
export type TableState = 'error' | 'loading' | 'empty' | 'rows';

export function tableState(query: TableQuery, count: number): TableState {
  if (query.isError && !query.data) return 'error';
  if (query.isPending) return 'loading';
  return count === 0 ? 'empty' : 'rows';
}

/** What a `DataTable` takes. */
export interface DataTableProps<T> {
  /** The rows' query; none when the rows are at hand (a form's own rows). */
  query?: TableQuery;
  /** The rows loaded so far. */
  items: readonly T[];
  rowKey: (item: T) => string;
  columns: readonly Column<T>[];
  /** The table's name for assistive technology, or the id of the heading naming it. */
  label?: string;
  labelledBy?: string;
  /** The table's `data-testid`. */
  testId?: string;
  /** What an empty list says: a text (dimmed, centred) or a whole block. */
  empty: ReactNode;
  /** The row's buttons (`RowAction`s), in a last column named `label` (default 'Acciones'). */
  actions?: { cell: (item: T) => ReactNode; label?: string; width?: number };
  selection?: { state: Selection; allLabel: string; rowLabel?: (item: T) => string };
  /** An infinite list's next pages. */
  paging?: { list: PagedList; loadMoreLabel: string };
  /** Draws a whole row instead of its `columns`' cells. */
  row?: (item: T, index: number) => ReactNode;
  /** A row's own props (`data-testid`, a dimmed colour). */
  rowProps?: (item: T) => TableTrProps & Record<`data-${string}`, string>;
  minWidth?: number;
  loadingRows?: number;
  /** Work besides the query that changes the rows (a move). */
  busy?: boolean;
  highlightOnHover?: boolean;
  /** Alternate rows shaded (a table of figures). */
  striped?: boolean;
  verticalSpacing?: MantineSpacing;
  radius?: MantineSpacing;
  /** Many narrow columns of figures (the 'Rendimiento' ranking): less padding, small headers. */
  dense?: boolean;
  /**
   * A small table inside something that frames it (a chat bubble's lines): no frame, no
   * scrolling width, no row borders, small type.
   */
  plain?: boolean;
}

/**
 * The one table of lists and editors: the failed load with 'Volver a intentar', skeleton rows
 * while the first load runs, the empty state, the rows by their `columns`, optionally a first
 * column of checkboxes with 'select all' (`selection`), a last column of row actions
 * (`actions`, header for assistive technology only) and, for an infinite list, its end (next
 * page on scroll, 'Cargar más'). A screen whose whole row is one control (a row that opens its
 * item) draws it with `row`; it then starts with a `SelectCell` when selectable.
 */
export function DataTable<T>({
  query,
  items,
  rowKey,
  columns,
  label,
  labelledBy,
  testId,
  empty,
  actions,
  selection,
  paging,
  row,
  rowProps,
  minWidth = 640,
  loadingRows = 3,
  busy = false,
  highlightOnHover = false,
  striped = false,
  verticalSpacing = 'xs',
  radius = 'sm',
  dense = false,
  plain = false,
}: DataTableProps<T>) {
  const span = columns.length + (selection ? 1 : 0) + (actions ? 1 : 0);
  const all = selection?.state;
  const state = query ? tableState(query, items.length) : items.length === 0 ? 'empty' : 'rows';
  return (
    <>
      {state === 'error' && query ? (
        <QueryError query={query} maw={560} />
      ) : (
        <Frame plain={plain} radius={radius} minWidth={minWidth}>
          <Table
            highlightOnHover={highlightOnHover}
            striped={striped}
            verticalSpacing={plain ? 2 : verticalSpacing}
            horizontalSpacing={plain ? 4 : dense ? 5 : 'md'}
            withRowBorders={!plain}
            fz={plain ? 'xs' : undefined}
            aria-busy={query?.isFetching || busy || undefined}
            aria-label={label}
            aria-labelledby={labelledBy}
            data-testid={testId}
          >
            <Table.Thead bg={plain ? undefined : 'gray.0'}>
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
                {columns.map((column) => (
                  <Table.Th
                    key={column.key}
                    w={column.width}
                    ta={column.align}
                    visibleFrom={column.visibleFrom}
                    aria-sort={column.sort && sortOf(column.sort)}
                    fz={dense ? 'xs' : undefined}
                  >
                    {column.hideHeader ? (
                      <VisuallyHidden>{column.header}</VisuallyHidden>
                    ) : column.sort ? (
                      <UnstyledButton
                        onClick={column.sort.onSort}
                        aria-label={column.sort.label}
                        fw={700}
                        fz={dense ? 'xs' : 'sm'}
                      >
                        {column.header}{' '}
                        {column.sort.active ? (column.sort.order === 'asc' ? '▲' : '▼') : ''}
                      </UnstyledButton>
                    ) : (
                      column.header
                    )}
                  </Table.Th>
                ))}
                {actions && (
                  <Table.Th
                    w={actions.width ?? 60}
                    style={stickyEnd('var(--mantine-color-gray-0)')}
                  >
                    <VisuallyHidden>{actions.label ?? es.app.actions}</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {state === 'loading' ? (
                <LoadingRows rows={loadingRows} columns={span} />
              ) : state === 'empty' ? (
                <Table.Tr>
                  <Table.Td colSpan={span}>
                    {typeof empty === 'string' ? (
                      <Text size="sm" c="dimmed" ta="center" py="md">
                        {empty}
                      </Text>
                    ) : (
                      empty
                    )}
                  </Table.Td>
                </Table.Tr>
              ) : (
                items.map((item, index) =>
                  row ? (
                    row(item, index)
                  ) : (
                    <Table.Tr key={rowKey(item)} {...rowProps?.(item)}>
                      {selection && all && (
                        <SelectCell
                          label={selection.rowLabel?.(item) ?? rowKey(item)}
                          checked={all.isSelected(rowKey(item))}
                          onChange={(on) => all.toggle(rowKey(item), on)}
                        />
                      )}
                      {columns.map((column) => (
                        <Table.Td
                          key={column.key}
                          visibleFrom={column.visibleFrom}
                          maw={column.maw}
                          ta={column.align}
                        >
                          {column.cell?.(item, index)}
                        </Table.Td>
                      ))}
                      {actions && (
                        <Table.Td style={stickyEnd('var(--mantine-color-body)')}>
                          <Group gap={4} justify="flex-end" wrap="nowrap">
                            {actions.cell(item)}
                          </Group>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ),
                )
              )}
            </Table.Tbody>
          </Table>
        </Frame>
      )}
      {paging && <ListEnd list={paging.list} label={paging.loadMoreLabel} />}
    </>
  );
}

/**
 * A server list read page by page (the sales, requests, contacts and companies lists): a
 * `DataTable` of the list's query keyed by id, with the lists' look (rows lit on hover, round
 * corners, six loading rows) and the list's end ('Cargar más', the next page on scroll).
 */
export function PagedTable<T extends { id: string }>({
  list,
  loadMoreLabel,
  ...table
}: Omit<DataTableProps<T>, 'query' | 'paging' | 'rowKey'> & {
  list: PagedQuery;
  loadMoreLabel: string;
}) {
  return (
    <DataTable
      query={list}
      rowKey={(item) => item.id}
      highlightOnHover
      radius="md"
      loadingRows={6}
      paging={{ list, loadMoreLabel }}
      {...table}
    />
  );
}

/**
 * A row a screen draws itself (`DataTable`'s `row`: a row that opens its item, a row with its
 * own form) and its cells: the table's own, so no screen builds a table.
 */
export const DataRow = Table.Tr;
export const DataCell = Table.Td;

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

/**
 * One button of a row: an icon named by its label (shown on hover and read by assistive
 * technology). `pressed` marks a toggle that is on (a panel the row opened).
 */
export function RowAction({
  label,
  icon,
  onClick,
  color = 'gray',
  disabled = false,
  pressed,
  size,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  color?: MantineColor;
  disabled?: boolean;
  pressed?: boolean;
  size?: 'sm';
}) {
  const button = (
    <ActionIcon
      variant={pressed ? 'light' : 'subtle'}
      color={pressed ? 'blue' : color}
      size={size}
      aria-label={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
    >
      {icon}
    </ActionIcon>
  );
  // A disabled button gets no hover: its label stays its name only.
  return disabled ? (
    button
  ) : (
    <Tooltip label={label} withArrow>
      {button}
    </Tooltip>
  );
}

/** The table's frame: a bordered paper scrolling sideways on a narrow screen, or none. */
function Frame({
  plain,
  radius,
  minWidth,
  children,
}: {
  plain: boolean;
  radius: MantineSpacing;
  minWidth: number;
  children: ReactNode;
}) {
  if (plain) return <>{children}</>;
  return (
    <Paper withBorder radius={radius} style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={minWidth} type="native">
        {children}
      </Table.ScrollContainer>
    </Paper>
  );
}

/**
 * The row actions stay at the right edge while a narrow screen scrolls the table sideways (a
 * phone reaches 'Editar' without scrolling to the end).
 */
function stickyEnd(background: string) {
  return { position: 'sticky', right: 0, background } as const;
}

function sortOf(sort: NonNullable<Column<unknown>['sort']>) {
  if (!sort.active) return 'none';
  return sort.order === 'asc' ? 'ascending' : 'descending';
}

function LoadingRows({ rows, columns }: { rows: number; columns: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, row) => (
        <Table.Tr key={row}>
          <Table.Td colSpan={columns} py={12}>
            <Skeleton height={12} radius="sm" />
          </Table.Td>
        </Table.Tr>
      ))}
    </>
  );
}

/** A row's edit and remove buttons, each named by its label ("Editar …", "Eliminar …"). */
export function EditRemoveActions({
  editLabel,
  removeLabel,
  onEdit,
  onRemove,
}: {
  editLabel: string;
  removeLabel: string;
  onEdit: () => void;
  onRemove: () => void;
}) {
  return (
    <>
      <RowAction label={editLabel} icon={<PencilIcon size={16} />} onClick={onEdit} />
      <RowAction
        label={removeLabel}
        icon={<TrashIcon size={16} />}
        color="red"
        onClick={onRemove}
      />
    </>
  );
}
