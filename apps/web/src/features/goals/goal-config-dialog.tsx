import { useState, type FormEvent } from 'react';
import {
  Badge,
  Checkbox,
  Group,
  Modal,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import {
  GOAL_METRICS,
  goalMetricsOn,
  metricsDay,
  weekStart,
  type GoalConfigEntry,
  type GoalMetric,
} from '@cartera/domain/metrics';
import { DATE_FORMAT, dayjs } from '../../lib/dates';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { FormActions } from '../../ui/form-actions';
import { CalendarIcon } from '../../ui/icons';
import { QueryError } from '../../ui/query-error';

const texts = es.goals.config;

type Choice = Record<GoalMetric, { used: boolean; hidden: boolean }>;

function choiceOf(metrics: readonly GoalConfigEntry['metrics'][number][]): Choice {
  return Object.fromEntries(
    GOAL_METRICS.map((metric) => {
      const found = metrics.find((each) => each.reference === metric);
      return [metric, { used: !!found, hidden: found?.hidden ?? false }];
    }),
  ) as Choice;
}

/**
 * The company goal config (01 §3, /group/{id}/goalconfig): which metrics weekly goals are set on
 * and which of them the list hides, from a start date on; earlier weeks keep the metrics of
 * their own date (the history below).
 */
export function GoalConfigDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={texts.title} centered size="lg">
      {opened && <GoalConfigBody onClose={onClose} />}
    </Modal>
  );
}

function GoalConfigBody({ onClose }: { onClose: () => void }) {
  const trpc = useTRPC();
  const config = useQuery(trpc.goal.config.queryOptions());
  if (config.isPending) return <Skeleton height={280} radius="md" aria-busy="true" />;
  if (config.isError) {
    return (
      <QueryError
        error={config.error}
        onRetry={() => void config.refetch()}
        retrying={config.isFetching}
      />
    );
  }
  return <GoalConfigForm history={config.data.history} onClose={onClose} />;
}

function GoalConfigForm({
  history,
  onClose,
}: {
  history: readonly GoalConfigEntry[];
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const today = metricsDay(new Date());
  // Goals are weekly: an entry starts on a Monday, this week's unless another is chosen.
  const [startDate, setStartDate] = useState(() => weekStart(today));
  const [choice, setChoice] = useState(() => choiceOf(goalMetricsOn(history, today)));
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(
    trpc.goal.saveConfig.mutationOptions({
      onSuccess: () => {
        notifications.show({ color: 'teal', message: texts.saved });
        void queryClient.invalidateQueries(trpc.goal.pathFilter());
        onClose();
      },
      onError: (failure) => setError(userMessageOf(failure)),
    }),
  );
  const change = (metric: GoalMetric, patch: Partial<Choice[GoalMetric]>) => {
    setError(null);
    setChoice((current) => ({ ...current, [metric]: { ...current[metric], ...patch } }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const metrics = GOAL_METRICS.filter((metric) => choice[metric].used).map((metric) => ({
      reference: metric,
      hidden: choice[metric].hidden,
    }));
    if (metrics.length === 0) {
      setError(texts.atLeastOne);
      return;
    }
    save.mutate({ startDate, metrics });
  };
  const inForce = [...history]
    .filter((entry) => entry.startDate <= today)
    .sort((a, b) => (a.startDate < b.startDate ? 1 : -1))[0]?.startDate;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {texts.intro}
        </Text>
        <DatePickerInput
          label={texts.startDate}
          value={startDate}
          onChange={(value) => value && setStartDate(value)}
          valueFormat={DATE_FORMAT}
          excludeDate={(day) => dayjs(day).day() !== 1}
          leftSection={<CalendarIcon size={16} />}
          popoverProps={{ withinPortal: true }}
          w={220}
        />
        <Table verticalSpacing="xs" data-testid="goal-config-metrics">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{texts.metric}</Table.Th>
              <Table.Th>{texts.used}</Table.Th>
              <Table.Th>{texts.hidden}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {GOAL_METRICS.map((metric) => (
              <Table.Tr key={metric}>
                <Table.Td>{es.goals.metrics[metric]}</Table.Td>
                <Table.Td>
                  <Checkbox
                    aria-label={`${texts.used}: ${es.goals.metrics[metric]}`}
                    checked={choice[metric].used}
                    onChange={(event) => change(metric, { used: event.currentTarget.checked })}
                  />
                </Table.Td>
                <Table.Td>
                  <Switch
                    aria-label={`${texts.hidden}: ${es.goals.metrics[metric]}`}
                    checked={choice[metric].hidden}
                    disabled={!choice[metric].used}
                    onChange={(event) => change(metric, { hidden: event.currentTarget.checked })}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Stack gap={4}>
          <Title order={3} fz="sm">
            {texts.history}
          </Title>
          {history.length === 0 ? (
            <Text size="sm" c="dimmed">
              {texts.historyEmpty}
            </Text>
          ) : (
            <Stack gap={4} data-testid="goal-config-history">
              {[...history].reverse().map((entry) => (
                <Group key={entry.startDate} gap="xs" wrap="nowrap" align="baseline">
                  <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                    {format(texts.since, { date: dayjs(entry.startDate).format(DATE_FORMAT) })}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {entry.metrics
                      .map(
                        (each) =>
                          `${es.goals.metrics[each.reference]}${each.hidden ? ` ${texts.hiddenTag}` : ''}`,
                      )
                      .join(', ')}
                  </Text>
                  {entry.startDate === inForce && (
                    <Badge size="xs" variant="light" style={{ flexShrink: 0 }}>
                      {texts.current}
                    </Badge>
                  )}
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
        <FormActions
          cancelLabel={texts.cancel}
          onCancel={onClose}
          submitLabel={texts.save}
          loading={save.isPending}
          cancelDisabled={save.isPending}
        />
      </Stack>
    </form>
  );
}
