import type { ReactNode } from 'react';
import { Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import type { Period } from '@cartera/domain/metrics';
import { can } from '@cartera/domain/policy';
import type { RouterOutputs } from '../../lib/api-types';
import { useTRPC } from '../../lib/trpc';
import { useMe } from '../auth/session';
import { useLiveEvents } from '../live/live-events';

const t = es.nps.statistics;

export type NpsStatistics = RouterOutputs['nps']['statistics'];

/** A figure of NPS: its name above, its value large, a hint below. */
export function NpsFigure({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  testId?: string;
}) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.3} lineClamp={2}>
        {label}
      </Text>
      <Text fz={26} fw={700} lh={1.3} data-testid={testId ? `${testId}-value` : undefined}>
        {value}
      </Text>
      <Text size="xs" c="dimmed" lineClamp={2}>
        {hint ?? '\u00a0'}
      </Text>
    </Paper>
  );
}

/** The NPS as it reads: a sign on a positive one, a dash without answers. */
export function npsText(nps: number | null) {
  if (nps === null) return '–';
  return nps > 0 ? `+${nps}` : String(nps);
}

export const percentText = (value: number | null) => (value === null ? '–' : `${value} %`);

/** NPS, answers and response rate of a period: the head of 'NPS' and its card on 'Rendimiento'. */
export function NpsHeadline({ data }: { data: NpsStatistics }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      <NpsFigure
        label={t.nps}
        value={npsText(data.nps)}
        hint={data.answered ? t.npsHint : t.noAnswers}
        testId="nps-figure"
      />
      <NpsFigure label={t.sent} value={data.sent} testId="nps-sent" />
      <NpsFigure label={t.answered} value={data.answered} testId="nps-answered" />
      <NpsFigure label={t.responseRate} value={percentText(data.responseRate)} testId="nps-rate" />
    </SimpleGrid>
  );
}

/**
 * NPS on 'Rendimiento' (issue #42 item 1): the period's NPS, answers and response rate of the
 * sellers the reader looks at, for supervisors (and comercial and project managers); live.
 */
export function NpsPerformanceCard({ period }: { period: Period }) {
  const trpc = useTRPC();
  const me = useMe();
  const allowed = me ? can(me.user, 'readNpsFigures') : false;
  const figures = useQuery({
    ...trpc.nps.statistics.queryOptions(period),
    enabled: allowed,
    placeholderData: keepPreviousData,
  });
  useLiveEvents({
    topics: ['nps'],
    types: ['nps.survey'],
    delayMs: 2_000,
    enabled: allowed,
    onStarted: () => void figures.refetch(),
    onEvents: () => void figures.refetch(),
  });
  if (!allowed || figures.isError) return null;
  return (
    <Stack gap={6} data-testid="performance-nps">
      <Text fw={600}>{es.nps.performance.title}</Text>
      {figures.data ? (
        <NpsHeadline data={figures.data} />
      ) : (
        <Skeleton height={96} radius="md" aria-busy="true" />
      )}
    </Stack>
  );
}
