import { useState } from 'react';
import { Anchor, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { es } from '@cartera/domain/i18n';
import { newId } from '@cartera/domain/ids';
import { canOpenScreen } from '@cartera/domain/policy';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { QueryError } from '../../ui/query-error';
import { guardUserOf, useMe } from '../auth/session';
import type { ChannelOption } from '../conversation/composer/starting-mode';

const t = es.forms.composer;
const FORMS_PATH = '/comercial/forms';

/**
 * The composer's mode `form` (issue #42 item 3): pick one of the company's forms and a channel,
 * and its link goes to the contact as a message through that channel (its reply window applies).
 */
export function FormLinkDialog({
  contactId,
  channels,
  channelId,
  opened,
  onClose,
}: {
  contactId: string;
  channels: readonly ChannelOption[];
  /** The composer's channel, chosen first. */
  channelId: string | null;
  opened: boolean;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const me = useMe();
  const forms = useQuery({ ...trpc.form.choices.queryOptions(), enabled: opened });
  const [formId, setFormId] = useState<string | null>(null);
  const [channel, setChannel] = useState<string | null>(channelId ?? channels[0]?.id ?? null);
  const send = useMutation(
    trpc.form.sendLink.mutationOptions({
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t.sent });
        setFormId(null);
        onClose();
      },
    }),
  );
  const mayCreate = me ? canOpenScreen(guardUserOf(me), FORMS_PATH) : false;
  const chosenChannel = channel ?? channelId ?? channels[0]?.id ?? null;

  return (
    <Modal opened={opened} onClose={onClose} title={t.tab} size={440} centered>
      {forms.isError ? (
        <QueryError query={forms} />
      ) : forms.data && forms.data.length === 0 ? (
        <Stack gap="xs">
          <Text size="sm">{t.none}</Text>
          {mayCreate && (
            <Anchor component={Link} to={FORMS_PATH} size="sm">
              {t.create}
            </Anchor>
          )}
        </Stack>
      ) : (
        <Stack gap="sm">
          <Select
            label={t.pick}
            placeholder={t.pickPlaceholder}
            data={(forms.data ?? []).map((form) => ({ value: form.id, label: form.name }))}
            value={formId}
            onChange={setFormId}
            disabled={forms.isPending}
            data-autofocus
          />
          <Select
            label={t.channel}
            data={channels.map((each) => ({ value: each.id, label: each.name }))}
            value={chosenChannel}
            onChange={setChannel}
            allowDeselect={false}
            description={t.channelHint}
          />
          {send.isError && (
            <Text size="sm" c="red" role="alert">
              {userMessageOf(send.error)}
            </Text>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {es.forms.cancel}
            </Button>
            <Button
              loading={send.isPending}
              disabled={!formId || !chosenChannel}
              onClick={() =>
                send.mutate({ id: newId(), contactId, formId: formId!, channelId: chosenChannel! })
              }
            >
              {t.send}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
