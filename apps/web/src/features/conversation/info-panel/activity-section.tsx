import { Alert, Box, Group, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { useTRPC } from '../../../lib/trpc';
import { heatmapOpacity } from './info-panel-format';

const t = es.conversation.infoPanel;
const WEEKDAYS = es.conversation.actions.weekdays;

/** The viewer's time zone: the heatmap's days are the viewer's days. */
function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * 'Actividad' (03 §2.1, §9): the contact's interactions per weekday over the last 3 months,
 * Sunday to Saturday, each cell as opaque as its share of the busiest day (at least 0.3), and
 * 'Mejor momento: {día}', the busiest day.
 */
export function ActivitySection({ contactId }: { contactId: string }) {
  const trpc = useTRPC();
  const heatmap = useQuery(
    trpc.interaction.heatmap.queryOptions({ contactId, timeZone: viewerTimeZone() }),
  );
  if (heatmap.isPending) return <Skeleton height={64} radius="sm" />;
  if (heatmap.isError) {
    return (
      <Alert color="red" variant="light" role="alert" p="xs">
        {t.activityFailed}
      </Alert>
    );
  }
  const { counts, bestWeekday } = heatmap.data;
  const max = Math.max(0, ...counts);
  return (
    <Stack gap="xs">
      <Text size="xs" c="dimmed">
        {t.activityHint}
      </Text>
      <Group gap={4} wrap="nowrap" role="list" aria-label={t.activity}>
        {counts.map((count, day) => {
          const label = format(t.activityCell, { day: WEEKDAYS[day] ?? '', n: count });
          const opacity = heatmapOpacity(count, max);
          return (
            <Tooltip key={day} label={label} withArrow>
              <Stack gap={2} align="center" style={{ flex: 1 }} role="listitem" aria-label={label}>
                <Box
                  w="100%"
                  h={28}
                  style={{
                    borderRadius: 4,
                    background:
                      count > 0
                        ? 'var(--mantine-color-blue-filled)'
                        : 'var(--mantine-color-default-hover)',
                    opacity: count > 0 ? opacity : 1,
                  }}
                  data-count={count}
                />
                <Text size="10px" c="dimmed" aria-hidden>
                  {t.weekdaysShort[day]}
                </Text>
              </Stack>
            </Tooltip>
          );
        })}
      </Group>
      <Text size="sm" fw={600}>
        {bestWeekday === null
          ? t.activityEmpty
          : format(t.bestMoment, { day: WEEKDAYS[bestWeekday] ?? '' })}
      </Text>
    </Stack>
  );
}
