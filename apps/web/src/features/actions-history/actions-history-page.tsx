import { useState } from 'react';
import { Anchor, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { HISTORY_KINDS, type HistoryKind } from '@cartera/domain/actions-history';
import { es } from '@cartera/domain/i18n';
import { dayjs, formatDateTime } from '../../lib/dates';
import { useExcelDownload } from '../../lib/excel-download';
import type { RouterOutputs } from '../../lib/api-types';
import { useTRPC } from '../../lib/trpc';
import { PagedTable } from '../../ui/data-table';
import { DateRangeFilter } from '../../ui/date-range-filter';
import { ExcelProgress } from '../../ui/excel-progress';
import { ListFilters } from '../../ui/list-toolbar';

const texts = es.actionsHistory;

type Entry = RouterOutputs['actionsHistory']['list']['entries'][number];

interface Filters {
  userId: string | null;
  groupId: string | null;
  kind: HistoryKind | null;
  /** Days (YYYY-MM-DD), both included. */
  from: string | null;
  to: string | null;
}

const NO_FILTERS: Filters = { userId: null, groupId: null, kind: null, from: null, to: null };

/** The filters as the list and the workbook take them: the period as moments of the user's days. */
function inputOf(filters: Filters) {
  return {
    userId: filters.userId ?? undefined,
    groupId: filters.groupId ?? undefined,
    kind: filters.kind ?? undefined,
    from: filters.from ? dayjs(filters.from).startOf('day').toDate() : undefined,
    to: filters.to ? dayjs(filters.to).add(1, 'day').startOf('day').toDate() : undefined,
  };
}

function excelQuery(input: ReturnType<typeof inputOf>) {
  const query = new URLSearchParams();
  if (input.userId) query.set('userId', input.userId);
  if (input.groupId) query.set('groupId', input.groupId);
  if (input.kind) query.set('kind', input.kind);
  if (input.from) query.set('from', input.from.toISOString());
  if (input.to) query.set('to', input.to.toISOString());
  return query;
}

/** The record an action was about: a contact opens its conversation when the reader sees it. */
function RecordCell({ entry }: { entry: Entry }) {
  const record = entry.record;
  if (!record) return <Text size="sm">{es.fields.emptyValue}</Text>;
  if (record.type === 'contact') {
    if (!record.name) {
      return (
        <Text size="sm" c="dimmed">
          {texts.hiddenContact}
        </Text>
      );
    }
    return (
      <Anchor
        size="sm"
        renderRoot={(props) => <Link to="/contact" search={{ id: record.id }} {...props} />}
      >
        {record.name}
      </Anchor>
    );
  }
  return <Text size="sm">{record.name ?? texts.deletedRecord}</Text>;
}

/**
 * '/actionsHistory' 'Historial de acciones' (01 §2; issue #44 item 2): who did what to which
 * contact or record and when, newest first, 50 at a time; filtered by user, team, action and
 * period; the filter downloads as an Excel workbook.
 */
export function ActionsHistoryPage() {
  const trpc = useTRPC();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const options = useQuery(trpc.actionsHistory.options.queryOptions());
  const input = inputOf(filters);
  const list = useInfiniteQuery(
    trpc.actionsHistory.list.infiniteQueryOptions(input, {
      getNextPageParam: (page) => page.nextCursor ?? undefined,
      placeholderData: keepPreviousData,
    }),
  );
  const entries = list.data?.pages.flatMap((page) => page.entries) ?? [];
  const excel = useExcelDownload({
    path: '/api/actionsHistory/excel',
    fileName: 'historial-de-acciones',
    failed: texts.exportFailed,
  });
  const filtering = Object.values(filters).some((value) => value !== null);
  const change = (next: Partial<Filters>) => setFilters((current) => ({ ...current, ...next }));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={2}>
          <Title order={1} fz="h2">
            {texts.title}
          </Title>
          <Text c="dimmed" size="sm">
            {texts.subtitle}
          </Text>
        </Stack>
        <Button
          variant="default"
          onClick={() => void excel.start(excelQuery(input))}
          loading={excel.state.kind === 'loading'}
        >
          {texts.export}
        </Button>
      </Group>

      <ExcelProgress
        state={excel.state}
        label={texts.export}
        progress={texts.exporting}
        done={texts.exported}
      />

      <ListFilters
        filtering={filtering}
        clearLabel={texts.filters.clear}
        onClear={() => setFilters(NO_FILTERS)}
      >
        <Select
          aria-label={texts.filters.user}
          placeholder={texts.filters.userPlaceholder}
          data={(options.data?.users ?? []).map((user) => ({
            value: user.id,
            label: `${user.name} ${user.lastname}`.trim(),
          }))}
          value={filters.userId}
          onChange={(next) => change({ userId: next })}
          searchable
          clearable
          w={220}
        />
        <Select
          aria-label={texts.filters.team}
          placeholder={texts.filters.teamPlaceholder}
          data={(options.data?.groups ?? []).map((group) => ({
            value: group.id,
            label: group.name,
          }))}
          value={filters.groupId}
          onChange={(next) => change({ groupId: next })}
          searchable
          clearable
          w={200}
        />
        <Select
          aria-label={texts.filters.action}
          placeholder={texts.filters.actionPlaceholder}
          data={HISTORY_KINDS.map((kind) => ({ value: kind, label: texts.kinds[kind] }))}
          value={filters.kind}
          onChange={(next) => change({ kind: next as HistoryKind | null })}
          clearable
          w={200}
        />
        <DateRangeFilter
          value={filters}
          onChange={change}
          fromLabel={texts.filters.from}
          toLabel={texts.filters.to}
        />
      </ListFilters>

      <PagedTable
        list={list}
        loadMoreLabel={texts.more}
        items={entries}
        label={texts.title}
        minWidth={0}
        rowProps={() => ({ 'data-testid': 'history-row' })}
        columns={[
          {
            key: 'when',
            header: texts.columns.when,
            cell: (entry) => (
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(entry.at)}
              </Text>
            ),
          },
          {
            key: 'who',
            header: texts.columns.who,
            cell: (entry) => (
              <Stack gap={0}>
                <Text size="sm">{entry.user?.name ?? texts.deletedUser}</Text>
                {entry.byAnotherUser && (
                  <Text size="xs" c="dimmed">
                    {texts.details.byAnotherUser}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            key: 'action',
            header: texts.columns.action,
            cell: (entry) => (
              <Text size="sm" fw={500}>
                {entry.label}
              </Text>
            ),
          },
          {
            key: 'record',
            header: texts.columns.record,
            cell: (entry) => <RecordCell entry={entry} />,
          },
          {
            key: 'detail',
            header: texts.columns.detail,
            visibleFrom: 'md',
            maw: 320,
            cell: (entry) => (
              <Text size="sm" c="dimmed">
                {entry.detail ?? ''}
              </Text>
            ),
          },
        ]}
        empty={
          <Text c="dimmed" ta="center" py="xl" data-testid="history-empty">
            {texts.empty}
          </Text>
        }
      />
    </Stack>
  );
}
