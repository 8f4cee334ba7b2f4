import { useState } from 'react';
import {
  Anchor,
  Box,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from '@tanstack/react-router';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { metricsDay, presetPeriod, type Period, type PeriodPreset } from '@cartera/domain/metrics';
import { NPS_ACTION_STATUSES, type NpsActionStatus } from '@cartera/domain/nps';
import type { RouterOutputs } from '../../lib/api-types';
import { formatDateTime } from '../../lib/dates';
import { useTRPC } from '../../lib/trpc';
import { BarChart } from '../../ui/charts';
import { DataTable, type Column } from '../../ui/data-table';
import { QueryError } from '../../ui/query-error';
import { useLiveEvents } from '../live/live-events';
import { PeriodPicker } from '../performance/period-picker';
import { NpsHeadline, npsText, percentText, type NpsStatistics } from './nps-figures';

const t = es.nps;

/** New answers wait this long before the figures are read again (a burst makes one request). */
const NPS_LIVE_DELAY_MS = 500;

type Category = 'answered' | 'promoter' | 'passive' | 'detractor';
type SurveyRow = RouterOutputs['nps']['surveys']['items'][number];

/** The period of a preset or of the custom range (null while the range is incomplete). */
export function usePeriod(initial: PeriodPreset = 'thisMonth') {
  const [preset, setPreset] = useState<PeriodPreset>(initial);
  const [custom, setCustom] = useState<[string | null, string | null]>([null, null]);
  const today = metricsDay(new Date());
  const period: Period | null =
    preset === 'custom'
      ? custom[0] && custom[1]
        ? { from: custom[0], to: custom[1] }
        : null
      : presetPeriod(preset, today);
  return { preset, setPreset, custom, setCustom, period };
}

/**
 * 'NPS' › 'Estadísticas' (issue #42 item 1): NPS, answers and response rate of the period, the
 * 0–10 distribution, by seller, team and week, and the answers behind a figure (a category, a
 * score, a seller); they move live as surveys are sent and answered (`nps.survey` events).
 */
export function NpsStatisticsPanel({ configs }: { configs: Array<{ id: string; name: string }> }) {
  const trpc = useTRPC();
  const { preset, setPreset, custom, setCustom, period } = usePeriod();
  const [configId, setConfigId] = useState<string | null>(null);
  const [category, setCategory] = useState<Category>('answered');
  const [score, setScore] = useState<number | null>(null);
  const [sellerId, setSellerId] = useState<string | null>(null);
  const filter = {
    ...(period ?? presetPeriod('thisMonth', metricsDay(new Date()))),
    ...(configId ? { configId } : {}),
  };
  const figures = useQuery({
    ...trpc.nps.statistics.queryOptions(filter),
    enabled: period !== null,
    placeholderData: keepPreviousData,
  });
  const answers = useQuery({
    ...trpc.nps.surveys.queryOptions({
      ...filter,
      category,
      ...(score !== null ? { score } : {}),
      ...(sellerId ? { sellerId } : {}),
    }),
    enabled: period !== null,
    placeholderData: keepPreviousData,
  });
  useLiveEvents({
    topics: ['nps'],
    types: ['nps.survey'],
    delayMs: NPS_LIVE_DELAY_MS,
    enabled: period !== null,
    onStarted: () => {
      void figures.refetch();
      void answers.refetch();
    },
    onEvents: () => {
      void figures.refetch();
      void answers.refetch();
    },
  });
  const drill = (next: {
    category?: Category;
    score?: number | null;
    sellerId?: string | null;
  }) => {
    setCategory(next.category ?? 'answered');
    setScore(next.score ?? null);
    setSellerId(next.sellerId ?? null);
  };

  return (
    <Stack gap="md" data-testid="nps-statistics">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Select
          label={t.statistics.config}
          data={[
            { value: '', label: t.statistics.allConfigs },
            ...configs.map((config) => ({ value: config.id, label: config.name })),
          ]}
          value={configId ?? ''}
          onChange={(value) => setConfigId(value || null)}
          allowDeselect={false}
          w={{ base: '100%', xs: 260 }}
        />
        {/* On a phone the four periods may be wider than the screen: they scroll alone. */}
        <Box maw="100%" style={{ overflowX: 'auto' }}>
          <PeriodPicker
            preset={preset}
            onPreset={setPreset}
            custom={custom}
            onCustom={setCustom}
            shown={period}
          />
        </Box>
      </Group>
      {figures.isPending ? (
        <SimpleGrid cols={{ base: 2, sm: 4 }} aria-busy="true">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} height={96} radius="md" />
          ))}
        </SimpleGrid>
      ) : figures.isError ? (
        <QueryError
          error={figures.error}
          onRetry={() => void figures.refetch()}
          retrying={figures.isFetching}
          maw={560}
        />
      ) : (
        <FiguresBody data={figures.data} onDrill={drill} />
      )}
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" gap="sm" mb="sm">
          <Title order={2} fz="h5">
            {t.statistics.answersOf}
          </Title>
          <Select
            size="xs"
            w={200}
            aria-label={t.statistics.answersOf}
            value={category}
            allowDeselect={false}
            onChange={(value) => drill({ category: (value ?? 'answered') as Category })}
            data={[
              { value: 'answered', label: t.answers.all },
              { value: 'promoter', label: t.statistics.promoters },
              { value: 'passive', label: t.statistics.passives },
              { value: 'detractor', label: t.statistics.detractors },
            ]}
          />
        </Group>
        {(score !== null || sellerId) && (
          <Text size="sm" c="dimmed" mb="xs">
            {score !== null ? format(t.answers.ofScore, { score }) : t.answers.ofSeller}{' '}
            <Anchor component="button" size="sm" onClick={() => drill({ category })}>
              {t.answers.clear}
            </Anchor>
          </Text>
        )}
        <AnswersTable query={answers} items={answers.data?.items ?? []} />
      </Paper>
    </Stack>
  );
}

function FiguresBody({
  data,
  onDrill,
}: {
  data: NpsStatistics;
  onDrill: (next: { category?: Category; score?: number; sellerId?: string | null }) => void;
}) {
  const categories: Array<{ key: Category; label: string; value: number }> = [
    { key: 'promoter', label: t.statistics.promoters, value: data.promoters },
    { key: 'passive', label: t.statistics.passives, value: data.passives },
    { key: 'detractor', label: t.statistics.detractors, value: data.detractors },
  ];
  const sellerColumns: Column<NpsStatistics['bySeller'][number]>[] = [
    {
      key: 'seller',
      header: t.statistics.seller,
      cell: (row) =>
        row.sellerId ? (
          <Anchor component="button" size="sm" onClick={() => onDrill({ sellerId: row.sellerId })}>
            {row.name ?? t.statistics.noSeller}
          </Anchor>
        ) : (
          t.statistics.noSeller
        ),
    },
    ...countColumns<NpsStatistics['bySeller'][number]>(),
  ];
  const teamColumns: Column<NpsStatistics['byTeam'][number]>[] = [
    { key: 'team', header: t.statistics.team, cell: (row) => row.name ?? t.statistics.noTeam },
    ...countColumns<NpsStatistics['byTeam'][number]>(),
  ];
  const weekColumns: Column<NpsStatistics['byPeriod'][number]>[] = [
    {
      key: 'week',
      header: t.statistics.byPeriod,
      cell: (row) => format(t.statistics.week, { date: row.week.split('-').reverse().join('/') }),
    },
    ...countColumns<NpsStatistics['byPeriod'][number]>(),
  ];
  return (
    <Stack gap="md">
      <NpsHeadline data={data} />
      <SimpleGrid cols={3} spacing="sm">
        {categories.map((each) => (
          <Paper key={each.key} withBorder radius="md" p="sm">
            <Anchor
              component="button"
              onClick={() => onDrill({ category: each.key })}
              data-testid={`nps-${each.key}s`}
              c="inherit"
              underline="hover"
              display="block"
              w="100%"
              ta="left"
            >
              <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                {each.label}
              </Text>
              <Text fz={22} fw={700}>
                {each.value}
              </Text>
            </Anchor>
          </Paper>
        ))}
      </SimpleGrid>
      <Paper withBorder radius="md" p="md">
        <Text fw={600} mb="sm">
          {t.statistics.distribution}
        </Text>
        <BarChart
          h={200}
          data={data.distribution.map((count, score) => ({ score: String(score), count }))}
          dataKey="score"
          series={[{ name: 'count', label: t.statistics.answered, color: 'teal.6' }]}
          yAxisProps={{ allowDecimals: false }}
          barProps={{
            onClick: (bar: { payload?: { score?: string } }) =>
              bar.payload?.score !== undefined &&
              onDrill({ category: 'answered', score: Number(bar.payload.score) }),
            cursor: 'pointer',
          }}
        />
      </Paper>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm">
        <Paper withBorder radius="md" p="md">
          <Text fw={600} mb="sm">
            {t.statistics.bySeller}
          </Text>
          <DataTable
            items={data.bySeller}
            rowKey={(row) => row.sellerId ?? 'none'}
            columns={sellerColumns}
            label={t.statistics.bySeller}
            empty={t.statistics.drillEmpty}
            dense
          />
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Text fw={600} mb="sm">
            {t.statistics.byTeam}
          </Text>
          <DataTable
            items={data.byTeam}
            rowKey={(row) => row.groupId ?? 'none'}
            columns={teamColumns}
            label={t.statistics.byTeam}
            empty={t.statistics.drillEmpty}
            dense
          />
        </Paper>
      </SimpleGrid>
      <Paper withBorder radius="md" p="md">
        <Text fw={600} mb="sm">
          {t.statistics.byPeriod}
        </Text>
        <DataTable
          items={data.byPeriod}
          rowKey={(row) => row.week}
          columns={weekColumns}
          label={t.statistics.byPeriod}
          empty={t.statistics.drillEmpty}
          dense
        />
      </Paper>
    </Stack>
  );
}

function countColumns<
  T extends { nps: number | null; answered: number; sent: number; responseRate: number | null },
>(): Column<T>[] {
  return [
    { key: 'nps', header: t.statistics.nps, align: 'right', cell: (row) => npsText(row.nps) },
    { key: 'answered', header: t.statistics.answered, align: 'right', cell: (row) => row.answered },
    {
      key: 'sent',
      header: t.statistics.sent,
      align: 'right',
      visibleFrom: 'sm',
      cell: (row) => row.sent,
    },
    {
      key: 'rate',
      header: t.statistics.responseRate,
      align: 'right',
      visibleFrom: 'sm',
      cell: (row) => percentText(row.responseRate),
    },
  ];
}

/** The answers behind a figure, newest first, each with its follow-up. */
function AnswersTable({
  query,
  items,
}: {
  query: Parameters<typeof DataTable>[0]['query'];
  items: SurveyRow[];
}) {
  const columns: Column<SurveyRow>[] = [
    {
      key: 'contact',
      header: t.answers.contact,
      cell: (row) => (
        <Anchor
          size="sm"
          renderRoot={(props) => <Link to="/contact" search={{ id: row.contactId }} {...props} />}
        >
          {row.contactName}
        </Anchor>
      ),
    },
    { key: 'score', header: t.answers.score, align: 'right', cell: (row) => row.score ?? '–' },
    {
      key: 'comment',
      header: t.answers.comment,
      maw: 320,
      cell: (row) =>
        row.comment ?? (
          <Text span size="sm" c="dimmed">
            {t.answers.noComment}
          </Text>
        ),
    },
    {
      key: 'seller',
      header: t.answers.seller,
      visibleFrom: 'sm',
      cell: (row) => row.sellerName ?? t.statistics.noSeller,
    },
    {
      key: 'answeredAt',
      header: t.answers.answeredAt,
      visibleFrom: 'md',
      cell: (row) => (row.answeredAt ? formatDateTime(row.answeredAt) : '–'),
    },
    {
      key: 'action',
      header: t.answers.actionStatus,
      cell: (row) => <ActionStatusSelect row={row} />,
    },
  ];
  return (
    <DataTable
      query={query}
      items={items}
      rowKey={(row) => row.id}
      columns={columns}
      label={t.statistics.answersOf}
      testId="nps-answers"
      empty={t.statistics.drillEmpty}
    />
  );
}

function ActionStatusSelect({ row }: { row: SurveyRow }) {
  const trpc = useTRPC();
  const [value, setValue] = useState<NpsActionStatus>(row.actionStatus);
  const change = useMutation(
    trpc.nps.changeActionStatus.mutationOptions({
      onError: () => {
        setValue(row.actionStatus);
        notifications.show({ color: 'red', message: t.answers.actionError });
      },
    }),
  );
  return (
    <Select
      size="xs"
      w={140}
      aria-label={format(t.answers.actionOf, { name: row.contactName })}
      data={NPS_ACTION_STATUSES.map((status) => ({
        value: status,
        label: t.actionStatuses[status],
      }))}
      value={value}
      allowDeselect={false}
      onChange={(next) => {
        if (!next) return;
        setValue(next as NpsActionStatus);
        change.mutate({ surveyId: row.id, actionStatus: next as NpsActionStatus });
      }}
    />
  );
}
