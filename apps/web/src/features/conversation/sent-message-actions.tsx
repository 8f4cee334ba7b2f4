import { useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Alert,
  Menu,
  Modal,
  Popover,
  Stack,
  Text,
  Textarea,
  UnstyledButton,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { sentMessageChanges } from '@cartera/domain/channels';
import { es, format } from '@cartera/domain/i18n';
import type { ChatMessage } from '@cartera/domain/interactions';
import { formatTime } from '../../lib/format';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FormActions } from '../../ui/form-actions';
import { PencilIcon, TrashIcon } from '../../ui/icons';
import { useMe } from '../auth/session';
import { DotsIcon } from './icons';
import type { TimelineItem } from './timeline-model';
import classes from './timeline.module.css';

const t = es.conversation.timeline.chat;

/**
 * The menu of a message the user sent (03 §4, §6): 'Editar' for their own text within 15
 * minutes, 'Eliminar' for their own message within 1 hour, on channels that can change a sent
 * message. The windows are read again when the menu opens; the server checks them once more.
 * The timeline shows the change when the server announces it.
 */
export function SentMessageActions({
  item,
  message,
  contactId,
}: {
  item: TimelineItem;
  message: ChatMessage;
  contactId: string;
}) {
  const me = useMe();
  const [dialog, setDialog] = useState<'edit' | 'remove' | null>(null);
  const [now, setNow] = useState(() => new Date());
  if (!me || item.localStatus) return null;
  const changes = sentMessageChanges(
    {
      origin: message.origin,
      kind: message.kind,
      deleted: message.deleted,
      status: item.status,
      agentId: item.agent?.id ?? null,
      createdAt: item.createdAt,
      channelType: item.via,
    },
    me.user.id,
    now,
  );
  if (!changes.edit && !changes.remove && !dialog) return null;
  return (
    <>
      <Menu position="bottom-end" withinPortal onOpen={() => setNow(new Date())}>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="xs"
            aria-label={t.actions}
            className={classes.messageActions}
          >
            <DotsIcon size={14} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {changes.edit && (
            <Menu.Item leftSection={<PencilIcon size={14} />} onClick={() => setDialog('edit')}>
              {t.edit}
            </Menu.Item>
          )}
          {changes.remove && (
            <Menu.Item
              color="red"
              leftSection={<TrashIcon size={14} />}
              onClick={() => setDialog('remove')}
            >
              {t.remove}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <Modal
        opened={dialog === 'edit'}
        onClose={() => setDialog(null)}
        title={t.editTitle}
        centered
        size="md"
      >
        {dialog === 'edit' && (
          <EditMessageForm
            contactId={contactId}
            id={item.id}
            text={message.text}
            onDone={() => setDialog(null)}
          />
        )}
      </Modal>
      <RemoveMessageDialog
        opened={dialog === 'remove'}
        contactId={contactId}
        id={item.id}
        onDone={() => setDialog(null)}
      />
    </>
  );
}

function EditMessageForm({
  contactId,
  id,
  text,
  onDone,
}: {
  contactId: string;
  id: string;
  text: string;
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const [value, setValue] = useState(text);
  const edit = useMutation(trpc.channel.editMessage.mutationOptions({ onSuccess: onDone }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) return;
    edit.mutate({ contactId, id, text: value.trim() });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Textarea
          label={t.editLabel}
          description={t.editHint}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={4_096}
          data-autofocus
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) submit(event);
          }}
        />
        {edit.isError && (
          <Alert color="red" variant="light" role="alert">
            {userMessageOf(edit.error)}
          </Alert>
        )}
        <FormActions
          cancelLabel={t.cancel}
          onCancel={onDone}
          submitLabel={t.save}
          loading={edit.isPending}
          disabled={!value.trim() || value.trim() === text}
          cancelDisabled={edit.isPending}
        />
      </Stack>
    </form>
  );
}

function RemoveMessageDialog({
  opened,
  contactId,
  id,
  onDone,
}: {
  opened: boolean;
  contactId: string;
  id: string;
  onDone: () => void;
}) {
  const trpc = useTRPC();
  const remove = useMutation(trpc.channel.deleteMessage.mutationOptions({ onSuccess: onDone }));
  return (
    <ConfirmDialog
      opened={opened}
      title={t.removeTitle}
      confirmLabel={t.remove}
      action={remove}
      onConfirm={() => remove.mutate({ contactId, id })}
      onClose={() => {
        remove.reset();
        onDone();
      }}
    >
      <Text size="sm">{t.removeBody}</Text>
    </ConfirmDialog>
  );
}

/** 'Mensaje editado', which opens the texts it had before, oldest first. */
export function EditedMark({ message }: { message: ChatMessage }) {
  return (
    <Popover position="top" withArrow shadow="md" width={280}>
      <Popover.Target>
        <UnstyledButton className={classes.editedMark} data-testid="edited-mark">
          {t.edited}
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6}>
          <Text size="xs" fw={600} c="dimmed" tt="uppercase">
            {t.previousVersions}
          </Text>
          {message.previousVersions.map((version, index) => (
            <Stack key={index} gap={0}>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {version.text}
              </Text>
              {version.replacedAt && (
                <Text size="xs" c="dimmed">
                  {format(t.replacedAt, { time: formatTime(version.replacedAt) })}
                </Text>
              )}
            </Stack>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
