import { useState, type ReactNode } from 'react';
import {
  Anchor,
  Button,
  Group,
  MultiSelect,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import {
  RECEIPT_DATE_KINDS,
  RECEIPT_STATUSES,
  type ReceiptDateKind,
  type ReceiptSort,
  type ReceiptStatus,
  type SortOrder,
} from '@cartera/domain/sales';
import { dayjs, formatDate } from '../../lib/dates';
import { useTRPC } from '../../lib/trpc';
import { DateRangeFilter } from '../../ui/date-range-filter';
import { DataCell, DataRow, PagedTable, SelectCell, type Column } from '../../ui/data-table';
import { CartIcon, SearchIcon } from '../../ui/icons';
import { ListFilters, SelectionBar } from '../../ui/list-toolbar';
import { useSelection } from '../../ui/selection';
import { SEARCH_DEBOUNCE_MS } from '../pickers/entity-pickers';
import { SellerSelect } from '../pickers/seller-select';
import { useExcelDownload } from '../../lib/excel-download';
import { ExcelProgress } from '../../ui/excel-progress';
import { BulkStatusDialog } from './bulk-status-dialog';
import { SaleDialog, StatusBadge } from './sale-dialog';
import type { Receipt } from './sale-values';
import { useMoney } from '../../lib/use-money';

const texts = es.salesOffice;
const TABLE_MIN_WIDTH = 1000;

interface Filters {
  search: string;
  status: ReceiptStatus[];
  sellerId: string | null;
  from: string | null;
  to: string | null;
  /** Which date the period reads. */
  dates: ReceiptDateKind;
}

const NO_FILTERS: Filters = {
  search: '',
  status: [],
  sellerId: null,
  from: null,
  to: null,
  dates: 'entry',
};

/** Filters the address opens the list with ('Rendimiento' links to a figure's sales). */
export interface InitialSalesFilters {
  sellerId?: string | undefined;
  status?: ReceiptStatus[] | undefined;
  from?: string | undefined;
  to?: string | undefined;
  dates?: ReceiptDateKind | undefined;
}

function initialFilters(initial: InitialSalesFilters): Filters {
  return {
    ...NO_FILTERS,
    status: initial.status ?? [],
    sellerId: initial.sellerId ?? null,
    from: initial.from ?? null,
    to: initial.to ?? null,
    dates: initial.dates ?? 'entry',
  };
}

/** The list's input of the filters and the order (the Excel export's query says the same). */
function listInput(filters: Filters, sort: ReceiptSort, order: SortOrder) {
  return {
    search: filters.search || undefined,
    status: filters.status.length > 0 ? filters.status : undefined,
    sellerId: filters.sellerId ?? undefined,
    from: filters.from ?? undefined,
    to: filters.to ?? undefined,
    dates: filters.dates,
    sort,
    order,
  };
}

function excelQuery(input: ReturnType<typeof listInput>) {
  const query = new URLSearchParams();
  if (input.search) query.set('search', input.search);
  if (input.status) query.set('status', input.status.join(','));
  if (input.sellerId) query.set('user', input.sellerId);
  if (input.from) query.set('from', input.from);
  if (input.to) query.set('to', input.to);
  if (input.dates !== 'entry') query.set('dates', input.dates);
  query.set('sort', input.sort);
  query.set('order', input.order);
  return query;
}

/**
 * /comercial/sale 'Ventas' (01 §2; issue #14 §3, §5): the back office's sales, searched by
 * phone, ticket or name and filtered by status, seller and entry dates, 100 at a time in the
 * chosen order; a row opens the sale dialog; chosen rows change status together with a progress
 * bar; the filter downloads as an Excel workbook.
 */
export function SalesPage({ initial = {} }: { initial?: InitialSalesFilters }) {
  const trpc = useTRPC();
  const [filters, setFilters] = useState<Filters>(() => initialFilters(initial));
  const [text, setText] = useState('');
  const [sort, setSort] = useState<ReceiptSort>('created');
  const [order, setOrder] = useState<SortOrder>('desc');
  const [open, setOpen] = useState<Receipt | 'new' | null>(null);
  const [bulk, setBulk] = useState(false);
  const pushSearch = useDebouncedCallback(
    (next: string) => setFilters((current) => ({ ...current, search: next.trim() })),
    SEARCH_DEBOUNCE_MS,
  );
  const sellers = useQuery(trpc.receipt.sellers.queryOptions());
  const input = listInput(filters, sort, order);
  const list = useInfiniteQuery(
    trpc.receipt.list.infiniteQueryOptions(input, {
      getNextPageParam: (page) => page.nextCursor ?? undefined,
      placeholderData: keepPreviousData,
    }),
  );
  const count = useQuery({
    ...trpc.receipt.count.queryOptions(listInput(filters, 'created', 'desc')),
    placeholderData: keepPreviousData,
  });
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const selection = useSelection(items);
  const excel = useExcelDownload({
    path: '/api/receipt/excel',
    fileName: texts.excelFile,
    failed: texts.excelFailed,
  });
  const filtering =
    Boolean(filters.search) ||
    filters.status.length > 0 ||
    Boolean(filters.sellerId || filters.from || filters.to) ||
    filters.dates !== 'entry';
  const today = dayjs().format('YYYY-MM-DD');

  const change = (next: Partial<Filters>) => {
    selection.clear();
    setFilters((current) => ({ ...current, ...next }));
  };
  const sortBy = (column: ReceiptSort) => {
    selection.clear();
    if (column === sort) setOrder(order === 'asc' ? 'desc' : 'asc');
    else {
      setSort(column);
      setOrder(column === 'seller' || column === 'status' ? 'asc' : 'desc');
    }
  };
  /** A column the list sorts by: its header sorts, and sorts the other way when it already does. */
  const sortable = (column: ReceiptSort, label: string, visibleFrom?: 'md'): Column<Receipt> => ({
    key: column,
    header: label,
    visibleFrom,
    sort: {
      active: sort === column,
      order,
      onSort: () => sortBy(column),
      label: format(texts.sort, { column: label }),
    },
  });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Group gap="xs" align="baseline">
          <Title order={1} fz="h2">
            {texts.title}
          </Title>
          {count.data !== undefined && (
            <Text c="dimmed" size="sm" data-testid="sales-count">
              {count.data}
            </Text>
          )}
        </Group>
        <Group gap="xs">
          <Button
            variant="default"
            onClick={() => void excel.start(excelQuery(input))}
            loading={excel.state.kind === 'loading'}
          >
            {texts.excel}
          </Button>
          <Button leftSection={<CartIcon size={16} />} onClick={() => setOpen('new')}>
            {texts.newSale}
          </Button>
        </Group>
      </Group>

      <ExcelProgress
        state={excel.state}
        label={texts.excel}
        progress={texts.excelProgress}
        done={texts.excelDone}
      />

      <ListFilters
        filtering={filtering}
        clearLabel={texts.clearFilters}
        onClear={() => {
          setText('');
          change(NO_FILTERS);
        }}
      >
        <TextInput
          aria-label={texts.search}
          placeholder={texts.searchPlaceholder}
          leftSection={<SearchIcon size={16} />}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            pushSearch(event.currentTarget.value);
          }}
          w={{ base: '100%', sm: 300 }}
        />
        <MultiSelect
          aria-label={texts.statusFilter}
          placeholder={filters.status.length ? undefined : texts.statusFilter}
          data={RECEIPT_STATUSES.map((status) => ({
            value: status,
            label: texts.statuses[status],
          }))}
          value={filters.status}
          onChange={(next) => change({ status: next as ReceiptStatus[] })}
          clearable
          w={240}
        />
        <SellerSelect
          aria-label={texts.sellerFilter}
          placeholder={texts.allSellers}
          sellers={sellers.data}
          value={filters.sellerId}
          onChange={(next) => change({ sellerId: next })}
          clearable
          w={220}
        />
        <Select
          aria-label={texts.datesFilter}
          data={RECEIPT_DATE_KINDS.map((kind) => ({ value: kind, label: texts.dates[kind] }))}
          value={filters.dates}
          onChange={(next) => change({ dates: (next as ReceiptDateKind | null) ?? 'entry' })}
          allowDeselect={false}
          w={110}
        />
        <DateRangeFilter
          value={filters}
          onChange={change}
          fromLabel={filters.dates === 'sale' ? texts.saleFromFilter : texts.fromFilter}
          toLabel={filters.dates === 'sale' ? texts.saleToFilter : texts.toFilter}
        />
      </ListFilters>

      <SelectionBar
        count={selection.chosen.length}
        label={format(texts.selected, { n: selection.chosen.length })}
      >
        <Button variant="light" onClick={() => setBulk(true)}>
          {texts.bulkStatus}
        </Button>
      </SelectionBar>

      <PagedTable
        list={list}
        loadMoreLabel={texts.loadMore}
        items={items}
        label={texts.title}
        minWidth={TABLE_MIN_WIDTH}
        selection={{ state: selection, allLabel: texts.selectAll }}
        columns={[
          { key: 'ticket', header: texts.columns.ticket },
          sortable('entryDate', texts.columns.entryDate),
          sortable('saleDate', texts.columns.saleDate, 'md'),
          { key: 'phone', header: texts.columns.phone },
          { key: 'name', header: texts.columns.name },
          sortable('total', texts.columns.total),
          sortable('status', texts.columns.status),
          sortable('seller', texts.columns.seller, 'md'),
        ]}
        empty={
          <Stack align="center" gap="xs" py="xl" c="dimmed">
            <CartIcon size={36} stroke={1.4} />
            <Text c="dimmed" ta="center" data-testid="sales-empty">
              {filtering ? texts.noResults : texts.empty}
            </Text>
          </Stack>
        }
        row={(receipt) => (
          <SaleRow
            key={receipt.id}
            receipt={receipt}
            selected={selection.isSelected(receipt.id)}
            onSelect={(on) => selection.toggle(receipt.id, on)}
            onOpen={() => setOpen(receipt)}
          />
        )}
      />

      <SaleDialog
        opened={open !== null}
        receipt={open === 'new' ? null : open}
        today={today}
        onClose={() => setOpen(null)}
      />
      <BulkStatusDialog
        opened={bulk}
        receipts={selection.chosen}
        onClose={() => setBulk(false)}
        onDone={selection.clear}
      />
    </Stack>
  );
}

function SaleRow({
  receipt,
  selected,
  onSelect,
  onOpen,
}: {
  receipt: Receipt;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onOpen: () => void;
}) {
  const money = useMoney();
  const cell = (content: ReactNode, visibleFrom?: 'md') => (
    <DataCell visibleFrom={visibleFrom}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {content}
      </Text>
    </DataCell>
  );
  return (
    <DataRow
      bg={selected ? 'cyan.0' : undefined}
      style={{ cursor: 'pointer' }}
      data-testid="sale-row"
      onClick={(event) => {
        if ((event.target as HTMLElement).closest('a, input, label, button')) return;
        onOpen();
      }}
    >
      <SelectCell
        label={format(texts.selectSale, { ticket: receipt.ticketId })}
        checked={selected}
        onChange={onSelect}
      />
      <DataCell>
        <Anchor
          component="button"
          type="button"
          size="sm"
          fw={600}
          onClick={onOpen}
          style={{ whiteSpace: 'nowrap' }}
        >
          {receipt.ticketId}
        </Anchor>
      </DataCell>
      {cell(formatDate(receipt.entryDate))}
      {cell(receipt.saleDate ? formatDate(receipt.saleDate) : es.fields.emptyValue, 'md')}
      {cell(receipt.phone)}
      <DataCell>
        <Text size="sm">{receipt.name}</Text>
      </DataCell>
      {cell(money(receipt.total))}
      <DataCell style={{ minWidth: 112 }}>
        <StatusBadge status={receipt.status} />
      </DataCell>
      {cell(
        receipt.seller
          ? `${receipt.seller.name} ${receipt.seller.lastname}`.trim()
          : texts.noSeller,
        'md',
      )}
    </DataRow>
  );
}
