import type { ReactNode } from 'react';
import { Badge, Group, Paper, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import { es, format } from '@cartera/domain/i18n';
import type { RouterOutputs } from '../../lib/api-types';
import { ListEnd } from '../../ui/list-end';
import { AlertIcon, BellIcon, FolderIcon, MessagesIcon } from '../../ui/icons';
import { QueryError } from '../../ui/query-error';
import { useMe } from '../auth/session';
import { useListKeys } from '../keyboard/use-list-keys';
import { contactName, nationalPhone } from '../contacts/contact-format';
import { TagChip } from '../contacts/tag-chip';
import { ContactAvatar } from '../contacts/contact-avatar';
import { chatListTime } from './chat-time';
import classes from './inbox.module.css';

/** A row of either inbox ('Conversaciones' or the unassigned 'Inbox'). */
export type InboxItem = RouterOutputs['inbox']['conversations']['items'][number];

interface InboxQuery {
  data: { pages: { items: InboxItem[] }[] } | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The list of an inbox: loading, error and empty states, one line per contact (name, national
 * phone, tag, marks, when it last moved), and the next page of 30 when the end comes near.
 * `renderRow` wraps a line: a link into the conversation, or a line with its own action.
 * `currentId` marks the line of the chat open beside the list (`aria-current`, shaded).
 */
export function InboxList({
  list,
  label,
  emptyText,
  renderRow,
  currentId,
}: {
  list: InboxQuery;
  label: string;
  emptyText: string;
  renderRow: (item: InboxItem, content: ReactNode) => ReactNode;
  currentId?: string | undefined;
}) {
  const me = useMe();
  const country = me?.tenant.country ?? 'UY';
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  // ↑/↓ and j/k move through the rows, Enter opens one (issue #33 item 5).
  const rowsRef = useListKeys<HTMLUListElement>();

  if (list.isError && !list.data) {
    return <QueryError query={list} maw={560} />;
  }

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        {list.isPending ? (
          <Stack gap={0} aria-busy aria-label={label}>
            {[0, 1, 2, 3, 4, 5].map((row) => (
              <Group key={row} gap="sm" p="sm" wrap="nowrap">
                <Skeleton circle height={38} />
                <Stack gap={6} style={{ flex: 1 }}>
                  <Skeleton height={12} width="40%" radius="sm" />
                  <Skeleton height={10} width="25%" radius="sm" />
                </Stack>
              </Group>
            ))}
          </Stack>
        ) : items.length === 0 ? (
          <Stack align="center" gap="xs" py="xl" c="dimmed">
            <MessagesIcon size={36} stroke={1.4} />
            <Text c="dimmed" ta="center" data-testid="inbox-empty">
              {emptyText}
            </Text>
          </Stack>
        ) : (
          <ul
            ref={rowsRef}
            data-keyboard-list
            className={classes.list}
            aria-label={label}
            aria-busy={list.isFetching || undefined}
          >
            {items.map((item) => (
              <li
                key={item.id}
                className={
                  item.id === currentId ? `${classes.item} ${classes.current}` : classes.item
                }
                aria-current={item.id === currentId ? 'true' : undefined}
              >
                {renderRow(item, <InboxRowContent item={item} country={country} />)}
              </li>
            ))}
          </ul>
        )}
      </Paper>
      <ListEnd list={list} label={es.conversation.inbox.loadMore} />
    </Stack>
  );
}

/** The last message's line of a row: who wrote it, its kind and its first words. */
function previewLine(preview: NonNullable<InboxItem['preview']>, myName: string | null) {
  const text = es.conversation.inbox;
  const kind = text.previewKinds[preview.kind];
  const body = kind ? (preview.text ? `${kind} · ${preview.text}` : kind) : preview.text;
  if (preview.direction === 'in') return body;
  const sender =
    preview.senderName && preview.senderName !== myName ? preview.senderName : text.previewYou;
  return `${sender}: ${body}`;
}

function InboxRowContent({ item, country }: { item: InboxItem; country: string }) {
  const name = contactName(item);
  const text = es.conversation.inbox;
  const me = useMe();
  const myName = me ? `${me.user.name} ${me.user.lastname}`.trim() : null;
  const unread = item.unreadCount > 0;
  return (
    <Group gap="sm" wrap="nowrap" align="center" style={{ flex: 1, minWidth: 0 }}>
      <ContactAvatar contact={item} size={38} />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6} wrap="nowrap" justify="space-between">
          <Text fw={unread ? 700 : 600} size="sm" truncate data-testid="inbox-name">
            {name}
          </Text>
          <Text
            size="xs"
            c={unread ? 'green.8' : item.unattended ? 'orange.8' : 'dimmed'}
            fw={unread ? 600 : undefined}
            style={{ whiteSpace: 'nowrap' }}
            data-testid="inbox-time"
          >
            {item.lastInteractionAt ? chatListTime(item.lastInteractionAt) : text.noInteractions}
          </Text>
        </Group>
        {(item.preview || unread) && (
          <Group gap={6} wrap="nowrap" justify="space-between">
            <Text
              size="sm"
              c={unread ? undefined : 'dimmed'}
              truncate
              style={{ minWidth: 0 }}
              data-testid="inbox-preview"
            >
              {item.preview ? previewLine(item.preview, myName) : ''}
            </Text>
            {unread && (
              <Badge
                size="sm"
                variant="filled"
                color="green"
                circle={item.unreadCount < 10}
                style={{ flexShrink: 0 }}
                title={
                  item.unreadCount === 1
                    ? text.unreadBadgeOne
                    : format(text.unreadBadge, { n: item.unreadCount })
                }
                data-testid="inbox-unread"
              >
                {item.unreadCount}
              </Badge>
            )}
          </Group>
        )}
        <Group gap={6} wrap="wrap" align="center">
          {item.phone && (
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {nationalPhone(item.phone, country)}
            </Text>
          )}
          {item.statusTag && <TagChip code={item.statusTag} />}
          {item.isSubConversation && (
            <Badge size="sm" variant="light" color="grape" tt="none" fw={500}>
              {text.subConversation}
            </Badge>
          )}
          {item.hasReminder && (
            <Badge
              size="sm"
              variant="light"
              color="blue"
              tt="none"
              fw={500}
              leftSection={<BellIcon size={12} />}
            >
              {text.reminder}
            </Badge>
          )}
          {item.archivingReason && (
            <Badge
              size="sm"
              variant="light"
              color="gray"
              tt="none"
              fw={500}
              maw={220}
              leftSection={<FolderIcon size={12} />}
            >
              {format(text.archived, { reason: item.archivingReason })}
            </Badge>
          )}
          {item.unattended && (
            <Tooltip label={text.unattendedHint} withArrow>
              <Badge
                size="sm"
                variant="light"
                color="orange"
                tt="none"
                fw={600}
                leftSection={<AlertIcon size={12} />}
                data-testid="inbox-unattended"
              >
                {text.unattended}
              </Badge>
            </Tooltip>
          )}
        </Group>
      </Stack>
    </Group>
  );
}
