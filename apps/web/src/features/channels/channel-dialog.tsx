import { useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Checkbox,
  ColorInput,
  CopyButton,
  Divider,
  Modal,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CHANNEL_SETUP,
  CHANNEL_TYPE_ORDER,
  DIALOG360_WEBHOOK_HEADER,
  type ChannelConfigField,
  type ChannelSecretField,
  type ChannelTypeName,
} from '@cartera/domain/channels';
import { es, format } from '@cartera/domain/i18n';
import { userMessageOf } from '../../lib/errors';
import { fieldErrorsOf, placeFieldErrors } from '../../lib/field-errors';
import { useTRPC } from '../../lib/trpc';
import { FormActions } from '../../ui/form-actions';
import { CheckIcon, ClipboardIcon } from '../../ui/icons';
import { useUserNames } from '../companies/manager-picker';
import { UsersPicker } from '../custom-fields/users-picker';
import type { ManagedChannel } from './channels-page';

const text = es.channels;
const DEFAULT_COLOR = '#25D366';
const HEX = /^#[0-9a-fA-F]{6}$/;

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
  const [type, setType] = useState<ChannelTypeName>(channel?.type ?? 'whatsapp_business');
  const [sandbox, setSandbox] = useState(false);
  const [name, setName] = useState(channel?.name ?? '');
  const [color, setColor] = useState(channel?.color ?? DEFAULT_COLOR);
  const [config, setConfig] = useState<Partial<Record<ChannelConfigField, string>>>(
    () => (channel?.config as Partial<Record<ChannelConfigField, string>> | undefined) ?? {},
  );
  const [secrets, setSecrets] = useState<Partial<Record<ChannelSecretField, string>>>({});
  const [roundRobin, setRoundRobin] = useState(
    channel?.roundRobin ?? { enabled: false, userIds: [] },
  );
  const [perHour, setPerHour] = useState<number | null>(channel?.limits.perHour ?? null);
  const [perDay, setPerDay] = useState<number | null>(channel?.limits.perDay ?? null);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const names = useUserNames(channel?.roundRobin.userIds ?? []);
  const [labels, setLabels] = useState<Record<string, string>>({});

  const setup = CHANNEL_SETUP[type];
  const withProvider = !sandbox;
  const saved = new Set(channel?.secretsSet ?? []);

  const clientErrors: Record<string, string> = {};
  if (!name.trim()) clientErrors.name = text.nameRequired;
  if (!HEX.test(color)) clientErrors.color = text.colorInvalid;
  if (withProvider) {
    for (const field of setup.requiredConfig) {
      if (!config[field]?.trim()) clientErrors[`config.${field}`] = text.required;
    }
    for (const field of setup.requiredSecrets) {
      if (!saved.has(field) && !secrets[field]?.trim()) {
        clientErrors[`secrets.${field}`] = text.required;
      }
    }
  }
  if (roundRobin.enabled && roundRobin.userIds.length === 0) {
    clientErrors['roundRobin.userIds'] = text.roundRobinUsersRequired;
  }
  const errorOf = (field: string) =>
    serverErrors[field] ?? (submitted ? clientErrors[field] : undefined);
  const clear = (field: string) => setServerErrors(({ [field]: _dropped, ...rest }) => rest);

  const onError = (error: unknown) => {
    const placed = placeFieldErrors(
      fieldErrorsOf(error),
      (parts) => {
        const [head, key] = parts;
        if ((head === 'config' || head === 'secrets' || head === 'limits') && key) {
          return `${head}.${key}`;
        }
        if (head === 'roundRobin') return 'roundRobin.userIds';
        return head ?? null;
      },
      channel ? 'values' : undefined,
    );
    setServerErrors(placed.fields);
  };
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
      onError,
    }),
  );
  const update = useMutation(
    trpc.channel.update.mutationOptions({
      onSuccess: () => {
        afterSave();
        notifications.show({ color: 'teal', message: text.saved });
        onClose();
      },
      onError,
    }),
  );
  const saving = create.isPending || update.isPending;
  const failure = create.error ?? update.error;
  const failedWithoutFields =
    failure && Object.keys(serverErrors).length === 0 ? userMessageOf(failure) : null;

  function submit() {
    setSubmitted(true);
    setServerErrors({});
    if (Object.keys(clientErrors).length > 0) return;
    const shownConfig = Object.fromEntries(
      setup.config.map((field) => [field, config[field]?.trim() ?? '']),
    );
    // Only the secrets typed now: one left empty keeps its stored value.
    const typedSecrets = Object.fromEntries(
      setup.secrets.flatMap((field) =>
        secrets[field]?.trim() ? [[field, secrets[field]!.trim()]] : [],
      ),
    );
    const common = {
      name: name.trim(),
      color,
      roundRobin,
      limits: { perHour, perDay },
    };
    if (channel) {
      update.mutate({
        id: channel.id,
        values: { ...common, config: shownConfig, secrets: typedSecrets },
      });
    } else if (sandbox) {
      create.mutate({ ...common, type: 'whatsapp_business', sandbox: true });
    } else {
      create.mutate({ ...common, type, config: shownConfig, secrets: typedSecrets });
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={channel ? text.editTitle : text.createTitle}
      size={640}
      centered
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
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
            <Stack gap="xs">
              <Select
                label={text.type}
                data={CHANNEL_TYPE_ORDER.map((value) => ({
                  value,
                  label: CHANNEL_SETUP[value].available
                    ? text.types[value]
                    : `${text.types[value]} · ${text.notAvailable}`,
                  disabled: !CHANNEL_SETUP[value].available,
                }))}
                value={type}
                onChange={(value) => {
                  if (!value) return;
                  setType(value as ChannelTypeName);
                  if (value !== 'whatsapp_business') setSandbox(false);
                  clear('type');
                }}
                allowDeselect={false}
                disabled={sandbox}
                error={errorOf('type')}
                data-autofocus
              />
              <Checkbox
                label={text.sandboxOption}
                description={text.sandboxHint}
                checked={sandbox}
                onChange={(event) => {
                  const on = event.currentTarget.checked;
                  setSandbox(on);
                  if (on) {
                    setType('whatsapp_business');
                    if (!name.trim()) setName(es.channels.sandbox.channelName);
                  }
                }}
                error={errorOf('sandbox')}
              />
            </Stack>
          )}

          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label={text.name}
              placeholder={text.namePlaceholder}
              withAsterisk
              value={name}
              maxLength={80}
              onChange={(event) => {
                setName(event.currentTarget.value);
                clear('name');
              }}
              error={errorOf('name')}
              data-autofocus={channel ? true : undefined}
            />
            <ColorInput
              label={text.color}
              description={text.colorHint}
              format="hex"
              value={color}
              onChange={(value) => {
                setColor(value);
                clear('color');
              }}
              swatches={['#25D366', '#128C7E', '#0084FF', '#E1306C', '#7950F2', '#F59F00']}
              error={errorOf('color')}
            />
          </SimpleGrid>

          {withProvider && (
            <>
              <Section title={text.configTitle}>
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                  {setup.config.map((field) => (
                    <TextInput
                      key={field}
                      label={text.config[field]}
                      withAsterisk={setup.requiredConfig.includes(field)}
                      value={config[field] ?? ''}
                      onChange={(event) => {
                        const value = event.currentTarget.value;
                        setConfig((current) => ({ ...current, [field]: value }));
                        clear(`config.${field}`);
                      }}
                      error={errorOf(`config.${field}`)}
                    />
                  ))}
                </SimpleGrid>
              </Section>
              <Section title={text.secretsTitle} hint={text.secretsHint}>
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                  {setup.secrets.map((field) => (
                    <PasswordInput
                      key={field}
                      label={
                        <>
                          {text.secrets[field]}
                          {saved.has(field) && (
                            <Badge
                              size="xs"
                              variant="light"
                              color="green"
                              ml={6}
                              style={{ verticalAlign: 'middle' }}
                              leftSection={<CheckIcon size={10} stroke={3} />}
                            >
                              {text.secretSaved}
                            </Badge>
                          )}
                        </>
                      }
                      description={
                        type === 'whatsapp_360_dialog' && field === 'webhookSecret'
                          ? format(text.dialogHeaderHint, { header: DIALOG360_WEBHOOK_HEADER })
                          : undefined
                      }
                      withAsterisk={!saved.has(field)}
                      placeholder={saved.has(field) ? text.secretSavedPlaceholder : undefined}
                      autoComplete="new-password"
                      value={secrets[field] ?? ''}
                      onChange={(event) => {
                        const value = event.currentTarget.value;
                        setSecrets((current) => ({ ...current, [field]: value }));
                        clear(`secrets.${field}`);
                      }}
                      error={errorOf(`secrets.${field}`)}
                      data-secret={field}
                    />
                  ))}
                </SimpleGrid>
              </Section>
            </>
          )}

          <Section title={text.roundRobinTitle}>
            <Switch
              label={text.roundRobin}
              description={text.roundRobinHint}
              checked={roundRobin.enabled}
              onChange={(event) => {
                const enabled = event.currentTarget.checked;
                setRoundRobin((current) => ({ ...current, enabled }));
              }}
            />
            {roundRobin.enabled && (
              <UsersPicker
                label={text.roundRobinUsers}
                multiple
                required
                value={roundRobin.userIds}
                onChange={(userIds) => {
                  setRoundRobin((current) => ({ ...current, userIds }));
                  clear('roundRobin.userIds');
                }}
                labels={{ ...names, ...labels }}
                onLabels={(found) => setLabels((current) => ({ ...current, ...found }))}
                placeholder={text.searchUsers}
                nothingFound={text.noUsers}
                error={errorOf('roundRobin.userIds')}
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
                onChange={(value) => setPerHour(typeof value === 'number' ? value : null)}
                error={errorOf('limits.perHour')}
              />
              <NumberInput
                label={text.perDay}
                placeholder={text.noLimit}
                min={1}
                max={1_000_000}
                allowDecimal={false}
                allowNegative={false}
                value={perDay ?? ''}
                onChange={(value) => setPerDay(typeof value === 'number' ? value : null)}
                error={errorOf('limits.perDay')}
              />
            </SimpleGrid>
          </Section>

          {failedWithoutFields && (
            <Alert color="red" variant="light" role="alert">
              {failedWithoutFields}
            </Alert>
          )}
          <FormActions
            cancelLabel={text.cancel}
            onCancel={onClose}
            submitLabel={text.save}
            loading={saving}
            cancelDisabled={saving}
          />
        </Stack>
      </form>
    </Modal>
  );
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Divider />
      <div>
        <Title order={3} fz="sm">
          {title}
        </Title>
        {hint && (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        )}
      </div>
      {children}
    </Stack>
  );
}

/** The address the provider posts to, read-only, with a copy button. */
function WebhookUrl({ url, hint }: { url: string; hint: string }) {
  return (
    <TextInput
      label={text.webhookUrl}
      description={hint}
      value={url}
      readOnly
      onFocus={(event) => event.currentTarget.select()}
      data-testid="channel-webhook-url"
      rightSection={
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? text.copied : text.copy} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                aria-label={copied ? text.copied : text.copy}
                onClick={copy}
              >
                {copied ? <CheckIcon size={16} /> : <ClipboardIcon size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      }
    />
  );
}
