import { useEffect } from 'react';
import { Anchor, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { es, format } from '@cartera/domain/i18n';
import { formatDateTime } from '../../../lib/dates';
import { useTRPC } from '../../../lib/trpc';
import { ArrowLeftIcon } from '../../../ui/icons';
import { QueryError } from '../../../ui/query-error';
import { NotificationCard } from './notification-card';
import { useTrackNotification } from './use-notifications';

const texts = es.notifications.list;

/**
 * /notifications/{id} (01 §2): one of the user's notifications, whole, as its card shows it;
 * viewed when shown (01 §4), its link opening as the card's action. Another's or a missing one
 * answers the spec's 'not found'.
 */
export function NotificationPage({ id }: { id: string }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.notification.get.queryOptions({ id }));
  const track = useTrackNotification();
  const { mutate } = track;
  const unviewed = query.data && !query.data.viewed;
  useEffect(() => {
    if (unviewed) mutate({ id, action: 'viewed' });
  }, [unviewed, id, mutate]);

  return (
    <Stack gap="md" maw={720}>
      <Anchor component={Link} to="/all-notifications" size="sm">
        <ArrowLeftIcon size={14} style={{ verticalAlign: 'middle' }} /> {texts.back}
      </Anchor>
      {query.isPending ? (
        <Stack gap="sm" aria-busy>
          <Skeleton height={28} width="60%" />
          <Skeleton height={14} />
          <Skeleton height={14} width="80%" />
        </Stack>
      ) : query.isError ? (
        <QueryError query={query} maw={640} />
      ) : (
        <>
          <NotificationCard
            notification={query.data}
            layout="page"
            onOpen={() => mutate({ id, action: 'opened' })}
          />
          <Text size="xs" c="dimmed">
            {format(texts.received, { date: formatDateTime(query.data.createdAt) })}
          </Text>
        </>
      )}
    </Stack>
  );
}
