import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  NumberInput,
  Pagination,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import {
  addDays,
  GOAL_STATUS_COLORS,
  GOALS_PAGE_SIZE,
  metricsDay,
  weekStart,
  type GoalMetric,
} from '@cartera/domain/metrics';
import { can } from '@cartera/domain/policy';
import type { RouterOutputs } from '../../lib/api-types';
import { DATE_FORMAT, dayjs } from '../../lib/dates';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { ArrowLeftIcon, SearchIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/page-header';
import { DataCell, DataRow, DataTable, type TableQuery } from '../../ui/data-table';
import { useMe } from '../auth/session';
import { GoalConfigDialog } from './goal-config-dialog';
import { GoalsSpreadsheet } from './goals-spreadsheet';

const texts = es.goals;
/** 01 §9: searches wait 500 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 500;

type GoalsList = RouterOutputs['goal']['list'];
type Row = GoalsList['items'][number];

/**
 * 'Objetivos' (01 §2 /comercial/goals, §9): the sellers the user may set goals for, 20 a page,
 * each with a target per visible goal metric of the chosen week, edited in place, beside what
 * the seller has done so far and the status colour.
 */
export function GoalsPage() {
  const trpc = useTRPC();
  const [start, setStart] = useState(() => weekStart(metricsDay(new Date())));
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(0);
  const list = useQuery({
    ...trpc.goal.list.queryOptions({
      start,
      page,
      limit: GOALS_PAGE_SIZE,
      ...(debounced ? { search: debounced } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const me = useMe();
  const mayConfigure = me ? can(me.user, 'configureGoals') : false;
  const [configuring, setConfiguring] = useState(false);
  const moveWeek = (weeks: number) => {
    setStart((current) => addDays(current, 7 * weeks));
    setPage(0);
  };

  return (
    <Stack gap="md">
      <PageHeader
        title={texts.list.title}
        actions={
          mayConfigure && (
            <Button variant="default" size="sm" onClick={() => setConfiguring(true)}>
              {texts.config.open}
            </Button>
          )
        }
      />
      <GoalConfigDialog opened={configuring} onClose={() => setConfiguring(false)} />
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <ActionIcon
            variant="default"
            aria-label={texts.list.previousWeek}
            onClick={() => moveWeek(-1)}
          >
            <ArrowLeftIcon size={16} />
          </ActionIcon>
          <Text fw={600} data-testid="goals-week">
            {format(texts.list.week, { date: dayjs(start).format(DATE_FORMAT) })}
          </Text>
          <ActionIcon
            variant="default"
            aria-label={texts.list.nextWeek}
            onClick={() => moveWeek(1)}
            style={{ transform: 'scaleX(-1)' }}
          >
            <ArrowLeftIcon size={16} />
          </ActionIcon>
        </Group>
        <TextInput
          w={260}
          aria-label={texts.list.search}
          placeholder={texts.list.search}
          leftSection={<SearchIcon size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(0);
          }}
        />
      </Group>
      <GoalsSpreadsheet start={start} />
      <GoalsTable query={list} data={list.data} page={page} onPage={setPage} />
    </Stack>
  );
}

function GoalsTable({
  query,
  data,
  page,
  onPage,
}: {
  query: TableQuery;
  data: GoalsList | undefined;
  page: number;
  onPage: (page: number) => void;
}) {
  const metrics = (data?.goalMetrics ?? [])
    .filter((each) => !each.hidden)
    .map((each) => each.reference);
  return (
    <Stack gap="sm">
      <DataTable
        query={query}
        items={data?.items ?? []}
        rowKey={(row) => row.id}
        label={texts.list.title}
        testId="goals-table"
        minWidth={720}
        verticalSpacing="sm"
        radius="md"
        empty={texts.list.empty}
        columns={[
          { key: 'seller', header: texts.ranking.seller },
          ...metrics.map((metric) => ({ key: metric, header: texts.metrics[metric] })),
          { key: 'status', header: texts.goals.title },
          { key: 'save', header: texts.list.save, hideHeader: true },
        ]}
        row={(row) =>
          data && (
            // A goal stored elsewhere (a spreadsheet, another tab) resets the row's fields.
            <GoalRow
              key={`${row.id}:${data.start}:${JSON.stringify(row.goal?.targets ?? {})}`}
              row={row}
              start={data.start}
              metrics={metrics}
            />
          )
        }
      />
      {data && data.total > GOALS_PAGE_SIZE && (
        <Pagination
          total={Math.ceil(data.total / GOALS_PAGE_SIZE)}
          value={page + 1}
          onChange={(value) => onPage(value - 1)}
          size="sm"
        />
      )}
    </Stack>
  );
}

/** One seller's goal of the week: a target per metric, saved with the row's button. */
function GoalRow({ row, start, metrics }: { row: Row; start: string; metrics: GoalMetric[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const stored = row.goal?.targets ?? {};
  const [targets, setTargets] = useState<Partial<Record<GoalMetric, number>>>(stored);
  const dirty = metrics.some((metric) => targets[metric] !== stored[metric]);
  const name = `${row.name} ${row.lastname}`.trim();
  const save = useMutation(
    trpc.goal.save.mutationOptions({
      onSuccess: () => {
        notifications.show({ color: 'teal', message: texts.list.saved });
        void queryClient.invalidateQueries(trpc.goal.pathFilter());
      },
      onError: (error) => notifications.show({ color: 'red', message: userMessageOf(error) }),
    }),
  );
  return (
    <DataRow data-testid={`goal-row-${row.id}`}>
      <DataCell>
        <Text size="sm" fw={500}>
          {name}
        </Text>
        <Text size="xs" c="dimmed">
          {row.groupName}
        </Text>
      </DataCell>
      {metrics.map((metric) => {
        const progress = row.goal?.progress.find((each) => each.metric === metric);
        return (
          <DataCell key={metric}>
            <NumberInput
              size="xs"
              w={90}
              min={0}
              max={1_000_000}
              allowDecimal={false}
              aria-label={`${texts.metrics[metric]} · ${name}`}
              value={targets[metric] ?? ''}
              onChange={(value) =>
                setTargets((current) => ({
                  ...current,
                  [metric]: typeof value === 'number' ? value : undefined,
                }))
              }
            />
            <Text size="xs" c={progress ? GOAL_STATUS_COLORS[progress.status] : 'dimmed'} mt={2}>
              {format(texts.list.done, { n: row.figures[metric] ?? 0 })}
            </Text>
          </DataCell>
        );
      })}
      <DataCell>
        {row.goal?.status ? (
          <Badge color={GOAL_STATUS_COLORS[row.goal.status]} variant="light">
            {texts.goals.status[row.goal.status]}
          </Badge>
        ) : (
          <Text size="xs" c="dimmed">
            {es.goals.duration.none}
          </Text>
        )}
      </DataCell>
      <DataCell>
        <Button
          size="xs"
          disabled={!dirty}
          loading={save.isPending}
          onClick={() => save.mutate({ userId: row.id, start, targets })}
        >
          {texts.list.save}
        </Button>
      </DataCell>
    </DataRow>
  );
}
