import type { ReactNode } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { es, format } from '@cartera/domain/i18n';
import { GOAL_STATUS_COLORS, STATE_METRICS, type DashboardMetric } from '@cartera/domain/metrics';
import { InfoIcon } from '../../ui/icons';
import { changeOf, formatFigure, type Dashboard, type SellerRow } from './figures';

/* The dashboard's panels of figures: the alert of sellers behind, a KPI card, a seller's goal. */

const texts = es.goals;

/** The alert of sellers behind their goal's pace (02 §4 status below ratio 1.0). */
export function BehindAlert({ sellers }: { sellers: SellerRow[] }) {
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

/**
 * What a figure counts (issue #35 item 1): an info button beside its name whose tooltip opens on
 * hover, on keyboard focus and on tap, the definition written once in the catalogue.
 */
export function MetricInfo({ metric }: { metric: DashboardMetric }) {
  return (
    <Tooltip
      label={texts.definitions[metric]}
      multiline
      w={280}
      withArrow
      events={{ hover: true, focus: true, touch: true }}
    >
      <ActionIcon
        variant="subtle"
        color="gray"
        size="xs"
        aria-label={format(texts.definitionOf, { metric: texts.metrics[metric] })}
        data-testid={`definition-${metric}`}
      >
        <InfoIcon size={14} />
      </ActionIcon>
    </Tooltip>
  );
}

export function KpiCard({
  metric,
  value,
  previous,
  link,
  goal,
}: {
  metric: DashboardMetric;
  value: number | null;
  previous: number | null;
  /** The team's goal of the figure (a group's or the company's board), beside its actual. */
  goal?: Dashboard['teamGoal'][number] | undefined;
  /** Wraps the figure in a link to the records behind it, when there is such a list. */
  link?: ((figure: ReactNode) => ReactNode) | undefined;
}) {
  const isState = (STATE_METRICS as readonly string[]).includes(metric);
  const change = isState ? null : changeOf(metric, value, previous);
  const figure = (
    <Text fz={26} fw={700} lh={1.3} data-testid="kpi-value" span={link !== undefined}>
      {formatFigure(metric, value)}
    </Text>
  );
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`kpi-${metric}`}>
      <Group gap={4} wrap="nowrap" align="flex-start" justify="space-between">
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
        <MetricInfo metric={metric} />
      </Group>
      {link ? link(figure) : figure}
      <Text
        size="xs"
        c={change?.good === true ? 'teal.7' : change?.good === false ? 'red.7' : 'dimmed'}
        lineClamp={1}
      >
        {isState ? texts.hints.stateNow : (change?.text ?? '\u00a0')}
      </Text>
      {goal && (
        <Stack gap={2} mt={6} data-testid="kpi-team-goal">
          <Progress
            value={Math.min(100, goal.percent ?? 0)}
            color={GOAL_STATUS_COLORS[goal.status]}
            size="sm"
            aria-label={format(texts.goals.teamOfTarget, {
              value: goal.value,
              target: goal.target,
            })}
          />
          <Text size="xs" c="dimmed">
            {format(texts.goals.teamOfTarget, { value: goal.value, target: goal.target })}
          </Text>
        </Stack>
      )}
    </Paper>
  );
}

/** A seller's goal of the period, metric by metric, coloured by status at ratios 1.0 and 1.5. */
export function GoalProgress({ data }: { data: Dashboard }) {
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
