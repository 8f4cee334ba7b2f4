import { useState } from 'react';
import {
  ActionIcon,
  Anchor,
  Badge,
  ColorSwatch,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CHANNEL_SETUP } from '@cartera/domain/channels';
import { es, format } from '@cartera/domain/i18n';
import type { RouterOutputs } from '@cartera/server/router';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { MessagesIcon, PencilIcon, TrashIcon } from '../../ui/icons';
import { Panel } from '../../ui/panel';
import { QueryError } from '../../ui/query-error';
import { ChannelDialog } from './channel-dialog';
import { ChannelStateBadge } from './channel-state';
import { ChannelTemplates } from './channel-templates';
import { ChannelDeadLetters, DeadLetterBadge } from './dead-letters';

const text = es.channels;

export type ManagedChannel = RouterOutputs['channel']['list'][number];

/**
 * '/company/channels' (01 §1, §2; wave 2 chunk 1): the company's messaging channels with their
 * type, colour and connection state; created, edited and deleted through a dialog. A WhatsApp
 * Business channel also manages its message templates below the list.
 */
export function ChannelsPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.channel.list.queryOptions());
  const channels = list.data ?? [];
  const [editing, setEditing] = useState<ManagedChannel | 'new' | null>(null);
  const [removing, setRemoving] = useState<ManagedChannel | null>(null);
  const [templatesOf, setTemplatesOf] = useState<string | null>(null);
  const templatesChannel = channels.find((channel) => channel.id === templatesOf);
  const [deadLettersOf, setDeadLettersOf] = useState<string | null>(null);
  const deadLettersChannel = channels.find((channel) => channel.id === deadLettersOf);

  const remove = useMutation(
    trpc.channel.remove.mutationOptions({
      onSuccess: (_result, input) => {
        void queryClient.invalidateQueries(trpc.channel.pathFilter());
        notifications.show({ color: 'teal', message: text.removed });
        if (templatesOf === input.id) setTemplatesOf(null);
        setRemoving(null);
      },
    }),
  );

  return (
    <Stack gap="md" maw={1100}>
      <div>
        <Title order={1} fz="h2">
          {text.title}
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          {text.intro}
        </Text>
      </div>
      <Panel
        titleId="channels-list"
        title={text.listTitle}
        action={{ label: text.create, onClick: () => setEditing('new') }}
      >
        {list.isError && !list.data ? (
          <QueryError query={list} maw={560} />
        ) : (
          <Paper withBorder radius="sm" style={{ overflow: 'hidden' }}>
            <Table.ScrollContainer minWidth={720} type="native">
              <Table
                verticalSpacing="sm"
                horizontalSpacing="md"
                aria-labelledby="channels-list"
                aria-busy={list.isFetching || undefined}
              >
                <Table.Thead bg="gray.0">
                  <Table.Tr>
                    <Table.Th>{text.columnChannel}</Table.Th>
                    <Table.Th>{text.columnType}</Table.Th>
                    <Table.Th>{text.columnState}</Table.Th>
                    <Table.Th w={140}>
                      <VisuallyHidden>{text.columnActions}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.isPending ? (
                    [0, 1, 2].map((row) => (
                      <Table.Tr key={row}>
                        {[0, 1, 2, 3].map((cell) => (
                          <Table.Td key={cell}>
                            <Skeleton height={12} radius="sm" />
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))
                  ) : channels.length === 0 ? (
                    <Table.Tr>
                      <Table.Td colSpan={4}>
                        <Stack gap={4} align="center" py="lg">
                          <Text fw={600}>{text.empty}</Text>
                          <Text size="sm" c="dimmed">
                            {text.emptyHint}
                          </Text>
                        </Stack>
                      </Table.Td>
                    </Table.Tr>
                  ) : (
                    channels.map((channel) => (
                      <ChannelRow
                        key={channel.id}
                        channel={channel}
                        templatesOpen={templatesOf === channel.id}
                        deadLettersOpen={deadLettersOf === channel.id}
                        onDeadLetters={() =>
                          setDeadLettersOf((current) =>
                            current === channel.id ? null : channel.id,
                          )
                        }
                        onEdit={() => setEditing(channel)}
                        onRemove={() => {
                          remove.reset();
                          setRemoving(channel);
                        }}
                        onTemplates={() =>
                          setTemplatesOf((current) => (current === channel.id ? null : channel.id))
                        }
                      />
                    ))
                  )}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
      </Panel>

      {templatesChannel && (
        <ChannelTemplates key={templatesChannel.id} channel={templatesChannel} />
      )}

      {deadLettersChannel && (
        <ChannelDeadLetters key={deadLettersChannel.id} channel={deadLettersChannel} />
      )}

      <ChannelDialog
        key={editing === null ? 'closed' : editing === 'new' ? 'new' : editing.id}
        opened={editing !== null}
        channel={editing === 'new' || editing === null ? undefined : editing}
        onCreated={(created) => setEditing(created)}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        opened={removing !== null}
        title={text.removeTitle}
        confirmLabel={text.removeConfirm}
        loading={remove.isPending}
        error={remove.error ? userMessageOf(remove.error) : null}
        onConfirm={() => removing && remove.mutate({ id: removing.id })}
        onClose={() => setRemoving(null)}
      >
        <Text size="sm">{format(text.removeMessage, { name: removing?.name ?? '' })}</Text>
      </ConfirmDialog>
    </Stack>
  );
}

function ChannelRow({
  channel,
  templatesOpen,
  deadLettersOpen,
  onDeadLetters,
  onEdit,
  onRemove,
  onTemplates,
}: {
  channel: ManagedChannel;
  templatesOpen: boolean;
  deadLettersOpen: boolean;
  onDeadLetters: () => void;
  onEdit: () => void;
  onRemove: () => void;
  onTemplates: () => void;
}) {
  const templatesLabel = format(es.channels.templates.title, { name: channel.name });
  return (
    <Table.Tr data-testid="channel-row">
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <ColorSwatch color={channel.color} size={14} withShadow={false} aria-hidden />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} lineClamp={2}>
              {channel.name}
            </Text>
            {channel.sandbox ? (
              <Group gap={8} wrap="nowrap">
                <Badge size="sm" variant="light" color="violet" style={{ flexShrink: 0 }}>
                  {text.sandboxBadge}
                </Badge>
                {channel.sandboxUrl && (
                  <Anchor
                    href={channel.sandboxUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    size="xs"
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {text.openSandbox}
                    <VisuallyHidden> {text.opensInNewTab}</VisuallyHidden>
                  </Anchor>
                )}
              </Group>
            ) : channel.config.displayPhoneNumber ? (
              <Text size="xs" c="dimmed">
                {channel.config.displayPhoneNumber}
              </Text>
            ) : null}
          </Stack>
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {text.types[channel.type]}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={8} wrap="nowrap">
          <ChannelStateBadge status={channel.status} reason={channel.statusReason} />
          <DeadLetterBadge channel={channel} open={deadLettersOpen} onToggle={onDeadLetters} />
        </Group>
      </Table.Td>
      <Table.Td>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {CHANNEL_SETUP[channel.type].templates && (
            <Tooltip label={templatesLabel} withArrow>
              <ActionIcon
                variant={templatesOpen ? 'light' : 'subtle'}
                color={templatesOpen ? 'blue' : 'gray'}
                aria-label={templatesLabel}
                aria-pressed={templatesOpen}
                onClick={onTemplates}
              >
                <MessagesIcon size={16} />
              </ActionIcon>
            </Tooltip>
          )}
          <Tooltip label={format(text.edit, { name: channel.name })} withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={format(text.edit, { name: channel.name })}
              onClick={onEdit}
            >
              <PencilIcon size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={format(text.remove, { name: channel.name })} withArrow>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={format(text.remove, { name: channel.name })}
              onClick={onRemove}
            >
              <TrashIcon size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
