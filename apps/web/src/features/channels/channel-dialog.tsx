import { useState } from 'react';
import { ColorInput, NumberInput, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CHANNEL_SETUP,
  DIALOG360_WEBHOOK_HEADER,
  type ChannelConfigField,
} from '@cartera/domain/channels';
import { es, format } from '@cartera/domain/i18n';
import { useTRPC } from '../../lib/trpc';
import { EntityDialog } from '../../ui/entity-dialog';
import { useEntityForm } from '../../ui/use-entity-form';
import { useUserNames } from '../pickers/users-picker';
import { UsersPicker } from '../pickers/users-picker';
import { ChannelTypeFields, ProviderFields, Section, WebhookUrl } from './channel-dialog-fields';
import { clientErrors, type ChannelValues } from './channel-values';
import type { ManagedChannel } from './managed-channel';

const text = es.channels;
const DEFAULT_COLOR = '#25D366';

/**
 * 'Nuevo canal' / 'Editar canal': type (on creation only) or a 'Canal de prueba', name, colour,
 * the type's provider configuration and its write-only credentials (a saved one shows
 * 'Guardado' and is kept while its field is left empty), the round robin of new contacts, the
 * sending limits and, once created, the webhook URL to give the provider. Field errors of the
 * server land under their fields ('config.phoneNumberId', 'secrets.accessToken'…).
 */
export function ChannelDialog({
  channel,
  opened,
  onCreated,
  onClose,
}: {
  channel?: ManagedChannel;
  opened: boolean;
  /** A new channel stays open as itself, to show its webhook URL. */
  onCreated: (channel: ManagedChannel) => void;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const saved = new Set(channel?.secretsSet ?? []);
  const form = useEntityForm({
    initial: (): ChannelValues => ({
      type: channel?.type ?? 'whatsapp_business',
      sandbox: false,
      name: channel?.name ?? '',
      color: channel?.color ?? DEFAULT_COLOR,
      config: (channel?.config as Partial<Record<ChannelConfigField, string>> | undefined) ?? {},
      secrets: {},
      roundRobin: channel?.roundRobin ?? { enabled: false, userIds: [] },
      perHour: channel?.limits.perHour ?? null,
      perDay: channel?.limits.perDay ?? null,
    }),
    validate: (values) => clientErrors(values, saved),
    within: channel ? 'values' : undefined,
    place: (parts) => {
      const [head, key] = parts;
      if ((head === 'config' || head === 'secrets' || head === 'limits') && key) {
        return `${head}.${key}`;
      }
      if (head === 'roundRobin') return 'roundRobin.userIds';
      return head ?? null;
    },
  });
  const { values } = form;
  const { type, sandbox, name, color, roundRobin, perHour, perDay } = values;
  const names = useUserNames(channel?.roundRobin.userIds ?? []);
  const [labels, setLabels] = useState<Record<string, string>>({});

  const setup = CHANNEL_SETUP[type];
  const withProvider = !sandbox;

  const afterSave = () => {
    void queryClient.invalidateQueries(trpc.channel.pathFilter());
  };
  const create = useMutation(
    trpc.channel.create.mutationOptions({
      onSuccess: (created) => {
        afterSave();
        notifications.show({ color: 'teal', message: text.created });
        onCreated(created);
      },
      onError: form.onError,
    }),
  );
  const update = useMutation(
    trpc.channel.update.mutationOptions({
      onSuccess: () => {
        afterSave();
        notifications.show({ color: 'teal', message: text.saved });
        onClose();
      },
      onError: form.onError,
    }),
  );

  function send(values: ChannelValues) {
    const shownConfig = Object.fromEntries(
      setup.config.map((field) => [field, values.config[field]?.trim() ?? '']),
    );
    // Only the secrets typed now: one left empty keeps its stored value.
    const typedSecrets = Object.fromEntries(
      setup.secrets.flatMap((field) =>
        values.secrets[field]?.trim() ? [[field, values.secrets[field]!.trim()]] : [],
      ),
    );
    const common = {
      name: values.name.trim(),
      color: values.color,
      roundRobin: values.roundRobin,
      limits: { perHour: values.perHour, perDay: values.perDay },
    };
    if (channel) {
      update.mutate({
        id: channel.id,
        values: { ...common, config: shownConfig, secrets: typedSecrets },
      });
    } else if (values.sandbox) {
      create.mutate({ ...common, type: 'whatsapp_business', sandbox: true });
    } else {
      create.mutate({ ...common, type: values.type, config: shownConfig, secrets: typedSecrets });
    }
  }

  return (
    <EntityDialog
      opened={opened}
      onClose={onClose}
      title={channel ? text.editTitle : text.createTitle}
      size={640}
      form={form}
      saving={create.isPending || update.isPending}
      submitLabel={text.save}
      cancelLabel={text.cancel}
      onSubmit={() => form.submit(send)}
    >
      {channel ? (
        <WebhookUrl
          url={channel.webhookUrl}
          hint={
            channel.type === 'whatsapp_360_dialog'
              ? format(text.dialogHeaderHint, { header: DIALOG360_WEBHOOK_HEADER })
              : text.webhookHint
          }
        />
      ) : (
        <ChannelTypeFields form={form} />
      )}

      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label={text.name}
          placeholder={text.namePlaceholder}
          withAsterisk
          value={name}
          maxLength={80}
          onChange={(event) => {
            form.set('name', event.currentTarget.value);
          }}
          error={form.errorOf('name')}
          data-autofocus={channel ? true : undefined}
        />
        <ColorInput
          label={text.color}
          description={text.colorHint}
          format="hex"
          value={color}
          onChange={(value) => {
            form.set('color', value);
          }}
          swatches={['#25D366', '#128C7E', '#0084FF', '#E1306C', '#7950F2', '#F59F00']}
          error={form.errorOf('color')}
        />
      </SimpleGrid>

      {withProvider && <ProviderFields form={form} saved={saved} />}

      <Section title={text.roundRobinTitle}>
        <Switch
          label={text.roundRobin}
          description={text.roundRobinHint}
          checked={roundRobin.enabled}
          onChange={(event) => {
            const enabled = event.currentTarget.checked;
            form.change({ roundRobin: { ...roundRobin, enabled } }, 'roundRobin.enabled');
          }}
        />
        {roundRobin.enabled && (
          <UsersPicker
            label={text.roundRobinUsers}
            multiple
            required
            value={roundRobin.userIds}
            onChange={(userIds) => {
              form.change({ roundRobin: { ...roundRobin, userIds } }, 'roundRobin.userIds');
            }}
            labels={{ ...names, ...labels }}
            onLabels={(found) => setLabels((current) => ({ ...current, ...found }))}
            placeholder={text.searchUsers}
            nothingFound={text.noUsers}
            error={form.errorOf('roundRobin.userIds')}
          />
        )}
      </Section>

      <Section title={text.limitsTitle}>
        <SimpleGrid cols={2} spacing="sm">
          <NumberInput
            label={text.perHour}
            placeholder={text.noLimit}
            min={1}
            max={1_000_000}
            allowDecimal={false}
            allowNegative={false}
            value={perHour ?? ''}
            onChange={(value) =>
              form.change({ perHour: typeof value === 'number' ? value : null }, 'limits.perHour')
            }
            error={form.errorOf('limits.perHour')}
          />
          <NumberInput
            label={text.perDay}
            placeholder={text.noLimit}
            min={1}
            max={1_000_000}
            allowDecimal={false}
            allowNegative={false}
            value={perDay ?? ''}
            onChange={(value) =>
              form.change({ perDay: typeof value === 'number' ? value : null }, 'limits.perDay')
            }
            error={form.errorOf('limits.perDay')}
          />
        </SimpleGrid>
      </Section>
    </EntityDialog>
  );
}
