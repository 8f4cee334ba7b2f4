import { Accordion, Badge, Button, Group, Stack, Text, Alert, Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import { useTRPC } from '../../../lib/trpc';

const t = es.conversationPanels;

/** External figures change rarely while a conversation is open: asked again after a while. */
const STATS_STALE_MS = 5 * 60_000;

/**
 * The info panel's 'Estadísticas' (03 §2.1, §7 'External statistics'; issue #43 item 3): what the
 * company's external system answers about the contact, each a title and a body shown as text
 * or as a chip. The server asks the system with its token; the section is absent when the
 * company has no statistics address (or while that is not known yet).
 */
export function StatisticsItem({ contactId }: { contactId: string }) {
  const trpc = useTRPC();
  const stats = useQuery({
    ...trpc.contact.externalStats.queryOptions({ id: contactId }),
    staleTime: STATS_STALE_MS,
    retry: false,
  });
  if (stats.isPending || (stats.isSuccess && !stats.data.configured)) return null;
  return (
    <Accordion.Item value="statistics">
      <Accordion.Control>{t.statistics}</Accordion.Control>
      <Accordion.Panel>
        {stats.isError ? (
          <Alert color="red" variant="light" role="alert" p="xs">
            <Stack gap={4} align="flex-start">
              <Text size="xs">{t.statisticsFailed}</Text>
              <Button
                size="compact-xs"
                variant="subtle"
                loading={stats.isFetching}
                onClick={() => void stats.refetch()}
              >
                {es.contactEditor.retry}
              </Button>
            </Stack>
          </Alert>
        ) : stats.isFetching && stats.data.items.length === 0 ? (
          <Skeleton height={40} radius="sm" />
        ) : stats.data.items.length === 0 ? (
          <Text size="xs" c="dimmed">
            {t.statisticsEmpty}
          </Text>
        ) : (
          <Stack gap="xs" role="list" aria-label={t.statistics}>
            {stats.data.items.map((item, index) => (
              <Group
                role="listitem"
                key={index}
                justify="space-between"
                gap="xs"
                wrap="nowrap"
                align="flex-start"
              >
                <Text size="xs" c="dimmed" style={{ minWidth: 0 }}>
                  {item.title}
                </Text>
                <Text
                  size="sm"
                  fw={500}
                  ta="right"
                  style={{ minWidth: 0, wordBreak: 'break-word' }}
                >
                  {item.kind === 'chip' ? (
                    <Badge variant="light" radius="sm" tt="none">
                      {item.body}
                    </Badge>
                  ) : (
                    item.body
                  )}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Accordion.Panel>
    </Accordion.Item>
  );
}
