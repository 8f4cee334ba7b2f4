import { useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { BarChart, LineChart } from '@mantine/charts';
import { DatePickerInput } from '@mantine/dates';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { es, format } from '@cartera/domain/i18n';
import {
  DASHBOARD_METRICS,
  GOAL_STATUS_COLORS,
  metricsDay,
  presetPeriod,
  STATE_METRICS,
  type DashboardMetric,
  type Period,
  type PeriodPreset,
} from '@cartera/domain/metrics';
import { DATE_FORMAT, dayjs } from '../../lib/dates';
import { useTRPC } from '../../lib/trpc';
import { QueryError } from '../../ui/query-error';
import { CalendarIcon, SelectorIcon } from '../../ui/icons';
import { useLiveEvents } from '../live/live-events';
import { changeOf, formatFigure, type Dashboard, type SellerRow } from './figures';

/** New items wait this long before the board is read again (a burst makes one request). */
const DASHBOARD_LIVE_DELAY_MS = 2_000;

const texts = es.goals;

/** What the seller or group of the sellers panel chose (01 §2 view-user / view-group). */
export interface DashboardSelection {
  viewUser?: string | undefined;
  viewGroup?: string | undefined;
}

/**
 * The 'Rendimiento' dashboard (01 §2 '/', issue #16): KPI cards against the previous period,
 * goal progress, a daily series, archivings by reason and a sortable ranking of sellers. It reads
 * again a moment after any new timeline item the user may see, so the figures move live.
 */
export function PerformanceDashboard({
  selection,
  linkSellers,
}: {
  selection: DashboardSelection;
  /** Ranking rows open the seller's dashboard (view-user): for whoever has the sellers panel. */
  linkSellers: boolean;
}) {
  const trpc = useTRPC();
  const [preset, setPreset] = useState<PeriodPreset>('thisWeek');
  const [custom, setCustom] = useState<[string | null, string | null]>([null, null]);
  const today = metricsDay(new Date());
  const period: Period | null =
    preset === 'custom'
      ? custom[0] && custom[1]
        ? { from: custom[0], to: custom[1] }
        : null
      : presetPeriod(preset, today);
  const board = useQuery({
    ...trpc.goal.dashboard.queryOptions({
      period: period ?? presetPeriod('thisWeek', today),
      ...(selection.viewUser ? { userId: selection.viewUser } : {}),
      ...(!selection.viewUser && selection.viewGroup ? { groupId: selection.viewGroup } : {}),
    }),
    enabled: period !== null,
    placeholderData: keepPreviousData,
  });
  // A new item on a contact the user may see may move a figure (a message, a call, a sale, an
  // archiving): the board is read again once a burst has settled, not on every message.
  useLiveEvents({
    topics: ['contact:*'],
    types: ['interaction.created'],
    delayMs: DASHBOARD_LIVE_DELAY_MS,
    enabled: period !== null,
    onStarted: () => void board.refetch(),
    onEvents: () => void board.refetch(),
  });

  return (
    <Stack gap="md" data-testid="performance-dashboard">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2} fz="h4">
          {board.data ? board.data.scope.name : texts.scope.company}
        </Title>
        <PeriodPicker
          preset={preset}
          onPreset={setPreset}
          custom={custom}
          onCustom={setCustom}
          shown={board.data?.period ?? period}
        />
      </Group>
      {board.isPending ? (
        <Stack gap="md" aria-busy="true">
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }}>
            {Array.from({ length: 8 }, (_, index) => (
              <Skeleton key={index} height={96} radius="md" />
            ))}
          </SimpleGrid>
          <Skeleton height={260} radius="md" />
        </Stack>
      ) : board.isError ? (
        <QueryError
          error={board.error}
          onRetry={() => void board.refetch()}
          retrying={board.isFetching}
          maw={560}
        />
      ) : (
        <DashboardBody data={board.data} linkSellers={linkSellers} />
      )}
    </Stack>
  );
}

function PeriodPicker({
  preset,
  onPreset,
  custom,
  onCustom,
  shown,
}: {
  preset: PeriodPreset;
  onPreset: (preset: PeriodPreset) => void;
  custom: [string | null, string | null];
  onCustom: (value: [string | null, string | null]) => void;
  shown: Period | null;
}) {
  return (
    <Stack gap={6} align="flex-end">
      <SegmentedControl
        aria-label={texts.period.label}
        size="xs"
        value={preset}
        onChange={(value) => onPreset(value as PeriodPreset)}
        data={[
          { value: 'thisWeek', label: texts.period.thisWeek },
          { value: 'lastWeek', label: texts.period.lastWeek },
          { value: 'thisMonth', label: texts.period.thisMonth },
          { value: 'custom', label: texts.period.custom },
        ]}
      />
      {preset === 'custom' ? (
        <DatePickerInput
          type="range"
          size="xs"
          w={240}
          aria-label={texts.period.custom}
          placeholder={texts.period.customPlaceholder}
          value={custom}
          onChange={(value) => onCustom(value as [string | null, string | null])}
          valueFormat={DATE_FORMAT}
          leftSection={<CalendarIcon size={14} />}
          popoverProps={{ withinPortal: true }}
        />
      ) : (
        shown && (
          <Text size="xs" c="dimmed" data-testid="period-range">
            {format(texts.period.range, {
              from: dayjs(shown.from).format(DATE_FORMAT),
              to: dayjs(shown.to).format(DATE_FORMAT),
            })}
          </Text>
        )
      )}
    </Stack>
  );
}

/** KPI figures in the order of the cards. */
const CARD_METRICS: DashboardMetric[] = DASHBOARD_METRICS.filter(
  (metric) => metric !== 'archivings',
);

function DashboardBody({ data, linkSellers }: { data: Dashboard; linkSellers: boolean }) {
  const today = metricsDay(new Date());
  const quiet =
    data.sellers.length === 0 ||
    DASHBOARD_METRICS.every((metric) => !data.totals[metric] && !data.previousTotals[metric]);
  return (
    <Stack gap="md">
      {quiet && (
        <Alert color="gray" variant="light">
          {data.sellers.length === 0 ? texts.ranking.empty : texts.empty}
        </Alert>
      )}
      {data.scope.kind !== 'seller' && <BehindAlert sellers={data.sellers} />}
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
        {CARD_METRICS.map((metric) => (
          <KpiCard
            key={metric}
            metric={metric}
            value={data.totals[metric]}
            previous={data.previousTotals[metric]}
          />
        ))}
      </SimpleGrid>
      {data.scope.kind === 'seller' && <GoalProgress data={data} />}
      <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="sm">
        <Paper withBorder radius="md" p="md" style={{ gridColumn: 'span 2' }}>
          <Text fw={600} mb="sm">
            {texts.charts.series}
          </Text>
          <LineChart
            h={240}
            // Days still to come have no figures yet: the lines stop at today.
            data={data.series.map((day) =>
              day.day > today
                ? { label: dayjs(day.day).format('DD/MM') }
                : { ...day, label: dayjs(day.day).format('DD/MM') },
            )}
            dataKey="label"
            withLegend
            curveType="monotone"
            series={[
              { name: 'tracing', label: texts.metrics.tracing, color: 'cyan.6' },
              { name: 'contacts', label: texts.metrics.contacts, color: 'indigo.5' },
              { name: 'messagesIn', label: texts.metrics.messagesIn, color: 'grape.5' },
              { name: 'sale', label: texts.metrics.sale, color: 'teal.6' },
            ]}
          />
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Text fw={600} mb="sm">
            {texts.charts.breakdown}
          </Text>
          {data.archivings.length === 0 ? (
            <Text size="sm" c="dimmed">
              {texts.charts.noArchivings}
            </Text>
          ) : (
            <BarChart
              h={240}
              data={data.archivings.map((each) => ({ name: each.name, value: each.value }))}
              dataKey="name"
              orientation="vertical"
              yAxisProps={{ width: 110 }}
              series={[{ name: 'value', label: texts.metrics.archivings, color: 'cyan.6' }]}
            />
          )}
        </Paper>
      </SimpleGrid>
      {data.scope.kind !== 'seller' && <Ranking data={data} linkSellers={linkSellers} />}
    </Stack>
  );
}

/** The alert of sellers behind their goal's pace (02 §4 status below ratio 1.0). */
function BehindAlert({ sellers }: { sellers: SellerRow[] }) {
  const behind = sellers.filter((seller) => seller.goal?.status === 'behind');
  if (!behind.length) return null;
  const names = behind.map((seller) => `${seller.name} ${seller.lastname}`.trim()).join(', ');
  return (
    <Alert color={GOAL_STATUS_COLORS.behind} variant="light" data-testid="behind-alert">
      {behind.length === 1
        ? format(texts.goals.behindOne, { names })
        : format(texts.goals.behindMany, { n: behind.length, names })}
    </Alert>
  );
}

function KpiCard({
  metric,
  value,
  previous,
}: {
  metric: DashboardMetric;
  value: number | null;
  previous: number | null;
}) {
  const isState = (STATE_METRICS as readonly string[]).includes(metric);
  const change = isState ? null : changeOf(metric, value, previous);
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`kpi-${metric}`}>
      <Text
        size="xs"
        c="dimmed"
        fw={600}
        tt="uppercase"
        lts={0.3}
        lineClamp={2}
        title={texts.metrics[metric]}
      >
        {texts.metrics[metric]}
      </Text>
      <Text fz={26} fw={700} lh={1.3} data-testid="kpi-value">
        {formatFigure(metric, value)}
      </Text>
      <Text
        size="xs"
        c={change?.good === true ? 'teal.7' : change?.good === false ? 'red.7' : 'dimmed'}
        lineClamp={1}
      >
        {isState ? texts.hints.stateNow : (change?.text ?? '\u00a0')}
      </Text>
    </Paper>
  );
}

/** A seller's goal of the period, metric by metric, coloured by status at ratios 1.0 and 1.5. */
function GoalProgress({ data }: { data: Dashboard }) {
  const seller = data.sellers[0];
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={texts.goals.progress}>
      <Text fw={600} mb="sm">
        {texts.goals.progress}
      </Text>
      {!data.goalsEnabled ? (
        <Text size="sm" c="dimmed">
          {texts.goals.disabled}
        </Text>
      ) : !seller?.goal || seller.goal.progress.length === 0 ? (
        <Text size="sm" c="dimmed">
          {texts.goals.none}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {seller.goal.progress.map((each) => (
            <Stack key={each.metric} gap={4} data-testid={`goal-${each.metric}`}>
              <Group justify="space-between" gap="xs">
                <Text size="sm" fw={500}>
                  {texts.metrics[each.metric]}
                </Text>
                <Badge color={GOAL_STATUS_COLORS[each.status]} variant="light" size="sm">
                  {texts.goals.status[each.status]}
                </Badge>
              </Group>
              <Progress
                value={Math.min(100, each.percent ?? 0)}
                color={GOAL_STATUS_COLORS[each.status]}
                aria-label={texts.metrics[each.metric]}
              />
              <Text size="xs" c="dimmed">
                {format(texts.goals.ofTarget, { value: each.value, target: each.target })}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      )}
    </Paper>
  );
}

const RANKING_METRICS: DashboardMetric[] = [
  'contacts',
  'contactsTaken',
  'tracing',
  'singleTracing',
  'sale',
  'messagesOut',
  'firstResponse',
  'unattended',
];

type SortKey = DashboardMetric | 'name';

/** The ranking as a workbook, for the same period and scope as on screen. */
function exportUrl(data: Dashboard) {
  const query = new URLSearchParams({ startDate: data.period.from, endDate: data.period.to });
  if (data.scope.kind === 'group') query.set('groupId', data.scope.id);
  return `/api/sellersgoals/export?${query.toString()}`;
}

/** The sellers of the scope, sortable by any figure (a second click reverses the order). */
function Ranking({ data, linkSellers }: { data: Dashboard; linkSellers: boolean }) {
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({
    key: 'tracing',
    descending: true,
  });
  const rows = useMemo(() => {
    const valueOf = (seller: SellerRow) =>
      sort.key === 'name' ? `${seller.name} ${seller.lastname}` : (seller.figures[sort.key] ?? -1);
    return [...data.sellers].sort((a, b) => {
      const [x, y] = [valueOf(a), valueOf(b)];
      const order = typeof x === 'string' ? x.localeCompare(String(y), 'es') : x - (y as number);
      return sort.descending ? -order : order;
    });
  }, [data.sellers, sort]);
  const header = (key: SortKey, label: string) => (
    <Table.Th
      key={key}
      aria-sort={sort.key === key ? (sort.descending ? 'descending' : 'ascending') : undefined}
    >
      <UnstyledButton
        onClick={() =>
          setSort((current) => ({
            key,
            descending: current.key === key ? !current.descending : key !== 'name',
          }))
        }
        aria-label={format(texts.ranking.sortBy, { metric: label })}
      >
        <Group gap={2} wrap="nowrap">
          <Text size="xs" fw={700}>
            {label}
          </Text>
          <SelectorIcon size={12} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="ranking-title">
      <Group justify="space-between" mb="sm">
        <Title order={3} fz="md" id="ranking-title">
          {texts.ranking.title}
        </Title>
        <Button component="a" size="xs" variant="light" href={exportUrl(data)} download>
          {texts.ranking.export}
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={760}>
        <Table striped highlightOnHover verticalSpacing={6} data-testid="ranking">
          <Table.Thead>
            <Table.Tr>
              {header('name', texts.ranking.seller)}
              {RANKING_METRICS.map((metric) => header(metric, texts.metrics[metric]))}
              {data.goalsEnabled && <Table.Th>{texts.goals.title}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((seller) => {
              const name = `${seller.name} ${seller.lastname}`.trim();
              return (
                <Table.Tr key={seller.id}>
                  <Table.Td>
                    {linkSellers ? (
                      <Link
                        to="/"
                        search={{ 'view-user': seller.id }}
                        style={{
                          color: 'var(--mantine-color-cyan-8)',
                          fontWeight: 500,
                          fontSize: 14,
                        }}
                      >
                        {name}
                      </Link>
                    ) : (
                      <Text size="sm">{name}</Text>
                    )}
                    <Text size="xs" c="dimmed">
                      {seller.groupName}
                    </Text>
                  </Table.Td>
                  {RANKING_METRICS.map((metric) => (
                    <Table.Td key={metric}>{formatFigure(metric, seller.figures[metric])}</Table.Td>
                  ))}
                  {data.goalsEnabled && (
                    <Table.Td>
                      {seller.goal?.status ? (
                        <Badge color={GOAL_STATUS_COLORS[seller.goal.status]} variant="light">
                          {texts.goals.status[seller.goal.status]}
                        </Badge>
                      ) : (
                        <Text size="xs" c="dimmed">
                          {es.goals.duration.none}
                        </Text>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
