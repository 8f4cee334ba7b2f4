import { useState } from 'react';
import { Anchor, Badge, ColorSwatch, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CHANNEL_SETUP } from '@cartera/domain/channels';
import { es, format } from '@cartera/domain/i18n';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog, useRemoval } from '../../ui/confirm-dialog';
import { DataTable, EditRemoveActions, RowAction } from '../../ui/data-table';
import { MessagesIcon } from '../../ui/icons';
import { PageHeader } from '../../ui/page-header';
import { Panel } from '../../ui/panel';
import { ChannelDialog } from './channel-dialog';
import { ChannelStateBadge } from './channel-state';
import { ChannelTemplates } from './channel-templates';
import { ChannelDeadLetters, DeadLetterBadge } from './dead-letters';
import type { ManagedChannel } from './managed-channel';

const text = es.channels;

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
  const removing = useRemoval<ManagedChannel>();
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
        removing.close();
      },
    }),
  );

  return (
    <Stack gap="md" maw={1100}>
      <PageHeader title={text.title} intro={text.intro} />
      <Panel
        titleId="channels-list"
        title={text.listTitle}
        action={{ label: text.create, onClick: () => setEditing('new') }}
      >
        <DataTable
          query={list}
          items={channels}
          rowKey={(channel) => channel.id}
          labelledBy="channels-list"
          minWidth={720}
          verticalSpacing="sm"
          rowProps={() => ({ 'data-testid': 'channel-row' })}
          empty={
            <Stack gap={4} align="center" py="lg">
              <Text fw={600}>{text.empty}</Text>
              <Text size="sm" c="dimmed">
                {text.emptyHint}
              </Text>
            </Stack>
          }
          columns={[
            {
              key: 'channel',
              header: text.columnChannel,
              cell: (channel) => <ChannelName channel={channel} />,
            },
            {
              key: 'type',
              header: text.columnType,
              cell: (channel) => (
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {text.types[channel.type]}
                </Text>
              ),
            },
            {
              key: 'state',
              header: text.columnState,
              cell: (channel) => (
                <Group gap={8} wrap="nowrap">
                  <ChannelStateBadge status={channel.status} reason={channel.statusReason} />
                  <DeadLetterBadge
                    channel={channel}
                    open={deadLettersOf === channel.id}
                    onToggle={() =>
                      setDeadLettersOf((current) => (current === channel.id ? null : channel.id))
                    }
                  />
                </Group>
              ),
            },
          ]}
          actions={{
            label: text.columnActions,
            width: 140,
            cell: (channel) => (
              <>
                {CHANNEL_SETUP[channel.type].templates && (
                  <RowAction
                    label={format(text.templates.title, { name: channel.name })}
                    icon={<MessagesIcon size={16} />}
                    pressed={templatesOf === channel.id}
                    onClick={() =>
                      setTemplatesOf((current) => (current === channel.id ? null : channel.id))
                    }
                  />
                )}
                <EditRemoveActions
                  editLabel={format(text.edit, { name: channel.name })}
                  removeLabel={format(text.remove, { name: channel.name })}
                  onEdit={() => setEditing(channel)}
                  onRemove={() => removing.ask(channel)}
                />
              </>
            ),
          }}
        />
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
        title={text.removeTitle}
        confirmLabel={text.removeConfirm}
        {...removing.dialog(remove, (channel) => ({ id: channel.id }))}
      >
        <Text size="sm">{format(text.removeMessage, { name: removing.item?.name ?? '' })}</Text>
      </ConfirmDialog>
    </Stack>
  );
}

/** The channel's colour, name and, below, its sandbox link or its phone number. */
function ChannelName({ channel }: { channel: ManagedChannel }) {
  return (
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
  );
}
