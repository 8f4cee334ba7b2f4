import { useEffect, useRef, useState } from 'react';
import { Badge, Group, Loader, Modal, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '../../ui/dates';
import { useInfiniteQuery } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import { DATE_FORMAT, dayjs, formatTime } from '../../lib/format';
import { useTRPC } from '../../lib/trpc';
import { CalendarIcon } from '../../ui/icons';
import { describeAction } from './describe-action';
import { QueryError } from '../../ui/query-error';

/** 01 §9: the list grows 25 actions at a time as the user scrolls. */
const LIST_MAX_HEIGHT = 400;

function today() {
  return dayjs().format('YYYY-MM-DD');
}

/** 'Actividad': the user's own actions of one day, newest first, with infinite scroll. */
export function ActivityDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={es.activity.title} centered size="md">
      {opened && <ActivityBody />}
    </Modal>
  );
}

function ActivityBody() {
  const [day, setDay] = useState<string>(today);
  return (
    <Stack gap="md">
      <DatePickerInput
        label={es.activity.date}
        value={day}
        onChange={(value) => value && setDay(value)}
        valueFormat={DATE_FORMAT}
        maxDate={today()}
        leftSection={<CalendarIcon size={16} />}
        popoverProps={{ withinPortal: true }}
      />
      <DayActions key={day} day={day} />
    </Stack>
  );
}

function DayActions({ day }: { day: string }) {
  const trpc = useTRPC();
  // The day in the user's own time zone: [00:00, next day's 00:00).
  const [range] = useState(() => {
    const start = dayjs(day).startOf('day');
    return { from: start.toDate(), to: start.add(1, 'day').toDate() };
  });
  const actions = useInfiniteQuery(
    trpc.activity.list.infiniteQueryOptions(range, {
      getNextPageParam: (page) => page.nextCursor ?? undefined,
    }),
  );

  const viewport = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = actions;
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) {
          void fetchNextPage();
        }
      },
      { root: viewport.current, rootMargin: '0px 0px 80px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (actions.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label={es.app.loading}>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} height={36} radius="md" />
        ))}
      </Stack>
    );
  }
  if (actions.isError) {
    return <QueryError query={actions} />;
  }

  const items = actions.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <Text size="sm" c="dimmed" ta="center" py="xl">
        {es.activity.empty}
      </Text>
    );
  }

  return (
    <ScrollArea.Autosize mah={LIST_MAX_HEIGHT} type="auto" viewportRef={viewport} offsetScrollbars>
      <Stack gap={0} component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map((item) => (
          <Group
            key={item.id}
            component="li"
            gap="md"
            wrap="nowrap"
            py={8}
            style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
            data-testid="activity-item"
          >
            <Text size="sm" fw={600} c="dimmed" w={44} style={{ flexShrink: 0 }}>
              {formatTime(item.createdAt)}
            </Text>
            <Text size="sm" style={{ flex: 1 }}>
              {describeAction(item)}
            </Text>
            {item.byAnotherUser && (
              <Badge size="xs" variant="light" color="orange" title={es.activity.byAnotherUser}>
                {es.activity.byAnotherUser}
              </Badge>
            )}
          </Group>
        ))}
      </Stack>
      <div ref={sentinel} />
      {isFetchingNextPage && (
        <Group justify="center" gap="xs" py="sm" c="dimmed">
          <Loader size="xs" />
          <Text size="xs">{es.activity.loadingMore}</Text>
        </Group>
      )}
      {!hasNextPage && items.length > 25 && (
        <Text size="xs" c="dimmed" ta="center" py="sm">
          {es.activity.end}
        </Text>
      )}
    </ScrollArea.Autosize>
  );
}
