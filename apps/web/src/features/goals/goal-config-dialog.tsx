import { useState } from 'react';
import { Badge, Checkbox, Group, Modal, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { DatePickerInput } from '../../ui/dates';
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
import { useTRPC } from '../../lib/trpc';
import { DataTable } from '../../ui/data-table';
import { EntityForm } from '../../ui/entity-dialog';
import { CalendarIcon } from '../../ui/icons';
import { QueryError } from '../../ui/query-error';
import { useEntityForm } from '../../ui/use-entity-form';

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
  const form = useEntityForm<{ choice: Choice }>({
    initial: () => ({ choice: choiceOf(goalMetricsOn(history, today)) }),
  });
  const { choice } = form.values;
  const save = useMutation(
    trpc.goal.saveConfig.mutationOptions({
      onSuccess: () => {
        notifications.show({ color: 'teal', message: texts.saved });
        void queryClient.invalidateQueries(trpc.goal.pathFilter());
        onClose();
      },
      onError: form.onError,
    }),
  );
  const change = (metric: GoalMetric, patch: Partial<Choice[GoalMetric]>) => {
    form.forget();
    form.set('choice', { ...choice, [metric]: { ...choice[metric], ...patch } });
  };
  const submit = () => {
    form.forget();
    const metrics = GOAL_METRICS.filter((metric) => choice[metric].used).map((metric) => ({
      reference: metric,
      hidden: choice[metric].hidden,
    }));
    if (metrics.length === 0) {
      form.showMessage(texts.atLeastOne);
      return;
    }
    save.mutate({ startDate, metrics });
  };
  const inForce = [...history]
    .filter((entry) => entry.startDate <= today)
    .sort((a, b) => (a.startDate < b.startDate ? 1 : -1))[0]?.startDate;

  return (
    <EntityForm
      onSubmit={submit}
      onCancel={onClose}
      form={form}
      saving={save.isPending}
      submitLabel={texts.save}
      cancelLabel={texts.cancel}
    >
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
      <DataTable
        items={GOAL_METRICS}
        rowKey={(metric) => metric}
        label={texts.metric}
        testId="goal-config-metrics"
        minWidth={0}
        empty={null}
        columns={[
          { key: 'metric', header: texts.metric, cell: (metric) => es.goals.metrics[metric] },
          {
            key: 'used',
            header: texts.used,
            cell: (metric) => (
              <Checkbox
                aria-label={`${texts.used}: ${es.goals.metrics[metric]}`}
                checked={choice[metric].used}
                onChange={(event) => change(metric, { used: event.currentTarget.checked })}
              />
            ),
          },
          {
            key: 'hidden',
            header: texts.hidden,
            cell: (metric) => (
              <Switch
                aria-label={`${texts.hidden}: ${es.goals.metrics[metric]}`}
                checked={choice[metric].hidden}
                disabled={!choice[metric].used}
                onChange={(event) => change(metric, { hidden: event.currentTarget.checked })}
              />
            ),
          },
        ]}
      />
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
    </EntityForm>
  );
}
