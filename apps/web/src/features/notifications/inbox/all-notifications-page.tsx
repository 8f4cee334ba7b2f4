import { Anchor, Badge, Group, Pagination, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { es, format } from '@cartera/domain/i18n';
import { NOTIFICATION_PAGE_SIZE } from '@cartera/domain/notifications';
import { formatDateTime } from '../../../lib/dates';
import { useTRPC } from '../../../lib/trpc';
import { DataTable } from '../../../ui/data-table';
import { PageHeader } from '../../../ui/page-header';
import type { UserNotification } from './use-notifications';

const texts = es.notifications.list;

/**
 * /all-notifications (01 §2): the user's notifications, newest first, 10 a page (01 §9), those
 * not viewed yet marked; each opens its page (/notifications/{id}). The page is in the address.
 */
export function AllNotificationsPage({ page }: { page: number }) {
  const trpc = useTRPC();
  const navigate = useNavigate({ from: '/all-notifications' });
  const query = useQuery({
    ...trpc.notification.page.queryOptions({ page, size: NOTIFICATION_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const pages = data ? Math.ceil(data.total / NOTIFICATION_PAGE_SIZE) : 0;

  return (
    <Stack gap="md" maw={960}>
      <PageHeader
        title={texts.title}
        intro={
          data && data.unviewed > 0
            ? format(texts.unviewedCount, { n: data.unviewed })
            : texts.intro
        }
      />
      <DataTable<UserNotification>
        query={query}
        items={data?.items ?? []}
        rowKey={(item) => item.id}
        label={texts.title}
        testId="notifications-list"
        empty={texts.empty}
        minWidth={320}
        loadingRows={NOTIFICATION_PAGE_SIZE}
        highlightOnHover
        radius="md"
        rowProps={(item) => ({ 'data-viewed': String(item.viewed) })}
        columns={[
          {
            key: 'title',
            header: es.notifications.admin.columns.title,
            cell: (item) => (
              <Stack gap={2}>
                <Group gap="xs" wrap="nowrap">
                  <Anchor
                    component={Link}
                    to={`/notifications/${item.id}`}
                    fw={item.viewed ? 500 : 700}
                    size="sm"
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {item.title}
                  </Anchor>
                  {!item.viewed && (
                    <Badge size="xs" color="red" variant="light">
                      {texts.unviewed}
                    </Badge>
                  )}
                </Group>
                {item.body && (
                  <Text size="xs" c="dimmed" lineClamp={2}>
                    {item.body}
                  </Text>
                )}
                <Text size="xs" c="dimmed" hiddenFrom="sm">
                  {formatDateTime(item.createdAt)}
                </Text>
              </Stack>
            ),
          },
          {
            key: 'date',
            header: es.notifications.admin.columns.date,
            width: 160,
            visibleFrom: 'sm',
            cell: (item) => <Text size="sm">{formatDateTime(item.createdAt)}</Text>,
          },
        ]}
      />
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page}
          onChange={(next) => void navigate({ search: { page: next } })}
          size="sm"
          aria-label={texts.pages}
        />
      )}
    </Stack>
  );
}
