import { useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { BarChart, LineChart } from '../../ui/charts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import {
  DASHBOARD_METRICS,
  metricsDay,
  presetPeriod,
  type DashboardMetric,
  type Period,
  type PeriodPreset,
} from '@cartera/domain/metrics';
import { dayjs } from '../../lib/dates';
import { useTRPC } from '../../lib/trpc';
import { QueryError } from '../../ui/query-error';
import { useLiveEvents } from '../live/live-events';
import { formatFigure, type Dashboard } from './figures';
import { BehindAlert, GoalProgress, KpiCard, MetricInfo } from './figure-panels';
import { PeriodPicker } from './period-picker';
import { NpsPerformanceCard } from '../nps/nps-figures';
import { Ranking } from './ranking';
import { RecordsLink, useRecordsTarget } from './record-links';

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
      {/* On the reader's own board: NPS covers everyone they look at, not a chosen seller. */}
      {!selection.viewUser && !selection.viewGroup && (
        <NpsPerformanceCard
          period={board.data?.period ?? period ?? presetPeriod('thisWeek', today)}
        />
      )}
    </Stack>
  );
}

/** KPI figures in the order of the cards. */
const CARD_METRICS: DashboardMetric[] = DASHBOARD_METRICS.filter(
  (metric) => metric !== 'archivings',
);

/**
 * Whose conversations a figure of the scope stands for in 'Conversaciones': the seller's, or the
 * sellers of the group or company (issue #35 item 1).
 */
function scopeInbox(scope: Dashboard['scope']) {
  return scope.kind === 'seller' ? { agent: scope.id } : { agent: 'all' as const, group: scope.id };
}

/** The series of the daily chart whose point was clicked last (a click on a line's dot). */
type SeriesMetric = 'tracing' | 'contacts' | 'messagesIn' | 'sale';

function DashboardBody({ data, linkSellers }: { data: Dashboard; linkSellers: boolean }) {
  const today = metricsDay(new Date());
  const navigate = useNavigate();
  const recordsTarget = useRecordsTarget();
  // A figure of one seller's board is that seller's; of a group or the company, everyone's the
  // user sees (the lists have no group filter: docs/decisions.md).
  const sellerId = data.scope.kind === 'seller' ? data.scope.id : undefined;
  const figureLink = (metric: DashboardMetric) => {
    const target = recordsTarget(metric, data.period, sellerId);
    if (!target) return undefined;
    return (figure: ReactNode) => (
      <RecordsLink
        target={target}
        label={format(texts.openRecords, {
          metric: texts.metrics[metric],
          value: formatFigure(metric, data.totals[metric]),
        })}
        testId="kpi-link"
        inherit
      >
        {figure}
      </RecordsLink>
    );
  };
  // A click on a day of the chart opens that day's records: a sales dot its sales, anywhere
  // else the contacts with activity that day.
  const clickedSeries = useRef<SeriesMetric | null>(null);
  const openDay = (index: number) => {
    const day = data.series[index]?.day;
    if (!day || day > today) return;
    const target = recordsTarget(
      clickedSeries.current ?? 'contacts',
      { from: day, to: day },
      sellerId,
    );
    clickedSeries.current = null;
    if (target) void navigate(target);
  };
  const unattendedLink = (figure: ReactNode) => (
    <Anchor
      renderRoot={(props) => (
        <Link to="/contact" search={{ ...scopeInbox(data.scope), unattended: true }} {...props} />
      )}
      aria-label={format(texts.openRecords, {
        metric: texts.metrics.unattended,
        value: data.totals.unattended ?? 0,
      })}
      data-testid="kpi-link"
      c="inherit"
      underline="hover"
    >
      {figure}
    </Anchor>
  );
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
            link={metric === 'unattended' ? unattendedLink : figureLink(metric)}
            goal={data.teamGoal.find((each) => each.metric === metric)}
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
            // Counts: whole-number ticks only.
            yAxisProps={{ allowDecimals: false }}
            withLegend
            curveType="monotone"
            lineProps={(series) => ({
              activeDot: {
                r: 5,
                cursor: 'pointer',
                onClick: () => {
                  clickedSeries.current = series.name as SeriesMetric;
                },
              },
            })}
            lineChartProps={{
              style: { cursor: 'pointer' },
              onClick: (state) => {
                const index = Number(state.activeTooltipIndex);
                if (state.activeTooltipIndex != null && Number.isInteger(index)) openDay(index);
              },
            }}
            series={[
              { name: 'tracing', label: texts.metrics.tracing, color: 'cyan.6' },
              { name: 'contacts', label: texts.metrics.contacts, color: 'indigo.5' },
              { name: 'messagesIn', label: texts.metrics.messagesIn, color: 'grape.5' },
              { name: 'sale', label: texts.metrics.sale, color: 'teal.6' },
            ]}
          />
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Group gap={4} mb="sm" wrap="nowrap">
            <Text fw={600}>{texts.charts.breakdown}</Text>
            <MetricInfo metric="archivings" />
          </Group>
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
              // The value axis of a vertical chart is x: counts, whole-number ticks only.
              xAxisProps={{ allowDecimals: false }}
              series={[{ name: 'value', label: texts.metrics.archivings, color: 'cyan.6' }]}
            />
          )}
        </Paper>
      </SimpleGrid>
      {data.scope.kind !== 'seller' && <Ranking data={data} linkSellers={linkSellers} />}
    </Stack>
  );
}
