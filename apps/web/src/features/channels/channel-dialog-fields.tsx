import type { ReactNode } from 'react';
import {
  ActionIcon,
  Badge,
  Checkbox,
  CopyButton,
  Divider,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  CHANNEL_SETUP,
  CHANNEL_TYPE_ORDER,
  DIALOG360_WEBHOOK_HEADER,
  type ChannelTypeName,
} from '@cartera/domain/channels';
import { es, format } from '@cartera/domain/i18n';
import { CheckIcon, ClipboardIcon } from '../../ui/icons';
import type { EntityForm } from '../../ui/use-entity-form';
import type { ChannelValues } from './channel-values';

const text = es.channels;

/** A new channel's type, or a 'Canal de prueba' (a WhatsApp Business sandbox with a name). */
export function ChannelTypeFields({ form }: { form: EntityForm<ChannelValues> }) {
  const { type, sandbox, name } = form.values;
  return (
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
          form.change(
            {
              type: value as ChannelTypeName,
              ...(value !== 'whatsapp_business' ? { sandbox: false } : {}),
            },
            'type',
          );
        }}
        allowDeselect={false}
        disabled={sandbox}
        error={form.errorOf('type')}
        data-autofocus
      />
      <Checkbox
        label={text.sandboxOption}
        description={text.sandboxHint}
        checked={sandbox}
        onChange={(event) => {
          const on = event.currentTarget.checked;
          form.change(
            on
              ? {
                  sandbox: true,
                  type: 'whatsapp_business',
                  ...(name.trim() ? {} : { name: es.channels.sandbox.channelName }),
                }
              : { sandbox: false },
            'sandbox',
          );
        }}
        error={form.errorOf('sandbox')}
      />
    </Stack>
  );
}

/**
 * The type's provider configuration and its write-only credentials: a saved one shows 'Guardado'
 * and is kept while its field is left empty.
 */
export function ProviderFields({
  form,
  saved,
}: {
  form: EntityForm<ChannelValues>;
  /** The credentials already stored. */
  saved: ReadonlySet<string>;
}) {
  const { values } = form;
  const { type, config, secrets } = values;
  const setup = CHANNEL_SETUP[type];
  return (
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
                form.change({ config: { ...values.config, [field]: value } }, `config.${field}`);
              }}
              error={form.errorOf(`config.${field}`)}
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
                form.change({ secrets: { ...values.secrets, [field]: value } }, `secrets.${field}`);
              }}
              error={form.errorOf(`secrets.${field}`)}
              data-secret={field}
            />
          ))}
        </SimpleGrid>
      </Section>
    </>
  );
}

export function Section({
  title,
  hint,
  children,
}: {
  title: string;
  hint?: string;
  children: ReactNode;
}) {
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
export function WebhookUrl({ url, hint }: { url: string; hint: string }) {
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
