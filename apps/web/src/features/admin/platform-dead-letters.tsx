import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { useTRPC } from '../../lib/trpc';
import { Panel } from '../../ui/panel';
import { QueryError } from '../../ui/query-error';
import { DeadLetterCard } from '../channels/dead-letters';

const text = es.admin.deadLetters;

/**
 * 'Mensajes sin empresa' (issue #31): webhooks posted to a URL no channel has, for the platform's
 * administrators; shown only when there are some.
 */
export function PlatformDeadLetters() {
  const trpc = useTRPC();
  const letters = useQuery(trpc.admin.deadLetters.queryOptions());
  if (letters.isError && !letters.data) return <QueryError query={letters} maw={560} />;
  if (!letters.data?.count) return null;
  return (
    <Panel titleId="platform-dead-letters" title={text.title}>
      <Text size="sm" c="dimmed">
        {text.intro}
      </Text>
      <Text size="sm" fw={600}>
        {format(text.count, { count: letters.data.count })}
      </Text>
      <Stack gap="sm">
        {letters.data.items.map((letter) => (
          <DeadLetterCard key={letter.id} letter={letter} />
        ))}
      </Stack>
    </Panel>
  );
}
