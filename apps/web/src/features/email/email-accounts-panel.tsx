import { useState } from 'react';
import {
  Badge,
  Button,
  Fieldset,
  Group,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MAIL_SECURITIES,
  mailServersFor,
  ZConnectImapInput,
  type MailSecurityChoice,
} from '@cartera/domain/email';
import { es, format } from '@cartera/domain/i18n';
import { flagOn } from '@cartera/domain/policy';
import type { RouterOutputs } from '../../lib/api-types';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataTable } from '../../ui/data-table';
import { EntityDialog } from '../../ui/entity-dialog';
import { Panel } from '../../ui/panel';
import { useEntityForm } from '../../ui/use-entity-form';
import { useMe } from '../auth/session';
import { NylasConnect } from './nylas-connect';
import { RichEditor } from './rich-editor';

type Account = RouterOutputs['email']['accounts'][number];

const t = es.email;

/**
 * 'Correo personal' in 'Ajustes' (01 §7 Personal e-mail, issue #38): the user's connected
 * mailboxes, connecting one by IMAP and SMTP or, when the server has Nylas, with a Google or
 * Microsoft account (nylas-connect.tsx), and disconnecting. Shown when the company has the
 * 'Correo personal' flag (03 §6).
 */
export function EmailAccountsPanel() {
  const me = useMe();
  if (!me || !flagOn(me, 'personalEmail')) return null;
  return <EmailAccounts />;
}

function EmailAccounts() {
  const trpc = useTRPC();
  const accounts = useQuery(trpc.email.accounts.queryOptions());
  const [connecting, setConnecting] = useState(false);
  const [leaving, setLeaving] = useState<Account | null>(null);
  return (
    <Panel
      titleId="email-accounts-title"
      title={t.title}
      action={{ label: t.connect, onClick: () => setConnecting(true) }}
    >
      <Text size="sm" c="dimmed">
        {t.intro}
      </Text>
      <NylasConnect />
      <DataTable
        query={accounts}
        items={accounts.data ?? []}
        rowKey={(account) => account.id}
        labelledBy="email-accounts-title"
        empty={t.none}
        minWidth={0}
        columns={[
          {
            key: 'address',
            header: t.address,
            // The state under the address: both fit a phone's width beside 'Desconectar'.
            cell: (account) => (
              <Stack gap={4} align="flex-start">
                <Text size="sm" style={{ wordBreak: 'break-all' }}>
                  {account.address}
                </Text>
                {account.status === 'connected' ? (
                  <Badge color="green" variant="light" size="sm">
                    {t.connected}
                  </Badge>
                ) : (
                  <Badge color="red" variant="light" size="sm" tt="none">
                    {account.provider === 'nylas' ? t.oauth.statusError : t.statusError}
                  </Badge>
                )}
              </Stack>
            ),
          },
          {
            key: 'servers',
            header: t.servers,
            visibleFrom: 'sm',
            cell: (account) => (
              <Text size="sm">
                {account.provider === 'nylas'
                  ? t.oauth.account
                  : [account.imap, account.smtp]
                      .map((server) => (server ? `${server.host}:${server.port}` : '—'))
                      .join(' · ')}
              </Text>
            ),
          },
        ]}
        actions={{
          width: 110,
          cell: (account) => (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={() => setLeaving(account)}
              aria-label={`${t.disconnect} ${account.address}`}
            >
              {t.disconnect}
            </Button>
          ),
        }}
      />
      {accounts.data?.map((account) => (
        <SignatureEditor key={account.id} account={account} />
      ))}
      {connecting && <ConnectDialog onClose={() => setConnecting(false)} />}
      <DisconnectDialog account={leaving} onClose={() => setLeaving(null)} />
    </Panel>
  );
}

interface ConnectValues {
  address: string;
  username: string;
  password: string;
  imapHost: string;
  imapPort: number | string;
  imapSecurity: MailSecurityChoice;
  smtpHost: string;
  smtpPort: number | string;
  smtpSecurity: MailSecurityChoice;
}

const EMPTY: ConnectValues = {
  address: '',
  username: '',
  password: '',
  imapHost: '',
  imapPort: 993,
  imapSecurity: 'tls',
  smtpHost: '',
  smtpPort: 465,
  smtpSecurity: 'tls',
};

const SECURITY_OPTIONS = MAIL_SECURITIES.map((value) => ({
  value,
  label: t.securityOptions[value],
}));

/** The schema's nested paths ('imap.host') on the form's flat fields ('imapHost'). */
function placeField(parts: string[]) {
  const [first, second] = parts;
  if (!first) return null;
  if ((first === 'imap' || first === 'smtp') && second) {
    return `${first}${second[0]!.toUpperCase()}${second.slice(1)}`;
  }
  return first;
}

function ConnectDialog({ onClose }: { onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // Until the user edits a server, the servers follow the address (a known provider's, or the
  // domain's usual imap. and smtp. names).
  const [serversEdited, setServersEdited] = useState(false);
  const form = useEntityForm({
    initial: EMPTY,
    schema: ZConnectImapInput,
    input: (values: ConnectValues) => ({
      address: values.address,
      username: values.username.trim() || undefined,
      password: values.password,
      imap: {
        host: values.imapHost,
        port: Number(values.imapPort),
        security: values.imapSecurity,
      },
      smtp: {
        host: values.smtpHost,
        port: Number(values.smtpPort),
        security: values.smtpSecurity,
      },
    }),
    place: placeField,
  });
  const connect = useMutation(
    trpc.email.connectImap.mutationOptions({
      onSuccess: (account) => {
        void queryClient.invalidateQueries(trpc.email.accounts.queryFilter());
        notifications.show({ color: 'teal', message: `${t.connected}: ${account.address}` });
        onClose();
      },
      onError: form.onError,
    }),
  );
  const server = (prefix: 'imap' | 'smtp') => {
    const field = (name: 'Host' | 'Port' | 'Security') => `${prefix}${name}` as const;
    const edit = <K extends keyof ConnectValues>(key: K, value: ConnectValues[K]) => {
      setServersEdited(true);
      form.set(key, value);
    };
    return (
      <Fieldset legend={prefix === 'imap' ? t.incoming : t.outgoing} variant="filled">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
          <TextInput
            label={t.host}
            value={form.values[field('Host')]}
            onChange={(event) => edit(field('Host'), event.currentTarget.value)}
            error={form.errorOf(field('Host'))}
            withAsterisk
            autoComplete="off"
            style={{ gridColumn: 'span 1' }}
          />
          <NumberInput
            label={t.port}
            value={form.values[field('Port')]}
            onChange={(value) => edit(field('Port'), value)}
            error={form.errorOf(field('Port'))}
            min={1}
            max={65_535}
            allowDecimal={false}
            hideControls
          />
          <Select
            label={t.security}
            data={SECURITY_OPTIONS}
            value={form.values[field('Security')]}
            onChange={(value) => value && edit(field('Security'), value as MailSecurityChoice)}
            allowDeselect={false}
          />
        </SimpleGrid>
      </Fieldset>
    );
  };
  return (
    <EntityDialog
      title={t.connectTitle}
      onClose={onClose}
      onSubmit={() => form.submit((input) => connect.mutate(input))}
      form={form}
      saving={connect.isPending}
      submitLabel={connect.isPending ? t.connecting : t.connect}
      size={640}
      gap="sm"
    >
      <TextInput
        label={t.address}
        type="email"
        value={form.values.address}
        onChange={(event) => {
          const address = event.currentTarget.value;
          const servers = serversEdited ? undefined : mailServersFor(address);
          form.change(
            servers
              ? {
                  address,
                  imapHost: servers.imap.host,
                  imapPort: servers.imap.port,
                  imapSecurity: servers.imap.security,
                  smtpHost: servers.smtp.host,
                  smtpPort: servers.smtp.port,
                  smtpSecurity: servers.smtp.security,
                }
              : { address },
            'address',
          );
        }}
        error={form.errorOf('address')}
        withAsterisk
        data-autofocus
        autoComplete="off"
      />
      <Group grow align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label={t.username}
          description={t.usernameHint}
          value={form.values.username}
          onChange={(event) => form.set('username', event.currentTarget.value)}
          error={form.errorOf('username')}
          autoComplete="off"
        />
        <PasswordInput
          label={t.password}
          description={t.passwordHint}
          value={form.values.password}
          onChange={(event) => form.set('password', event.currentTarget.value)}
          error={form.errorOf('password')}
          withAsterisk
          autoComplete="new-password"
        />
      </Group>
      {server('imap')}
      {server('smtp')}
    </EntityDialog>
  );
}

/** 03 §9 is the composer's 500 px; a signature is a few lines. */
const SIGNATURE_EDITOR_PX = 140;

/**
 * A mailbox's signature (03 §3 Connected e-mail account): rich text added at the end of each new
 * mail, saved with 'Guardar firma'; the server keeps only its formatting, which the editor then
 * shows.
 */
function SignatureEditor({ account }: { account: Account }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [signature, setSignature] = useState(account.signature);
  const save = useMutation(
    trpc.email.updateSignature.mutationOptions({
      onSuccess: (updated) => {
        queryClient.setQueryData(trpc.email.accounts.queryKey(), (list) =>
          list?.map((each) => (each.id === updated.id ? updated : each)),
        );
        setSignature(updated.signature);
        notifications.show({ color: 'teal', message: t.signatureSaved });
      },
    }),
  );
  return (
    <Stack gap={6} data-testid="email-signature">
      <RichEditor
        label={`${t.signature} · ${account.address}`}
        value={signature}
        onChange={(html) => {
          save.reset();
          setSignature(html);
        }}
        height={SIGNATURE_EDITOR_PX}
        error={save.isError ? t.signatureFailed : null}
      />
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="xs" c="dimmed">
          {t.signatureHint}
        </Text>
        <Button
          size="xs"
          variant="light"
          loading={save.isPending}
          disabled={signature === account.signature}
          onClick={() => save.mutate({ id: account.id, signature })}
        >
          {t.saveSignature}
        </Button>
      </Group>
    </Stack>
  );
}

function DisconnectDialog({ account, onClose }: { account: Account | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const disconnect = useMutation(
    trpc.email.disconnect.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries(trpc.email.accounts.queryFilter());
        notifications.show({ color: 'teal', message: t.disconnected });
        onClose();
      },
    }),
  );
  return (
    <ConfirmDialog
      opened={account !== null}
      title={t.disconnect}
      confirmLabel={t.disconnect}
      loading={disconnect.isPending}
      error={disconnect.error ? t.unlinkFailed : null}
      onConfirm={() => account && disconnect.mutate({ id: account.id })}
      onClose={() => {
        disconnect.reset();
        onClose();
      }}
    >
      <Text size="sm">{format(t.disconnectConfirm, { address: account?.address ?? '' })}</Text>
    </ConfirmDialog>
  );
}
