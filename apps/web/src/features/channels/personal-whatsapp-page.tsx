import { useState } from 'react';
import {
  Alert,
  Button,
  Code,
  Group,
  Image,
  List,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import type { RouterOutputs } from '../../lib/api-types';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { QueryError } from '../../ui/query-error';
import { ChannelStateBadge } from './channel-state';
import { useChannelStatusLive } from './use-channel-status-live';

type Session = RouterOutputs['channel']['whatsappSession'];

const text = es.channels.personalWhatsapp;

/**
 * While the phone has not scanned, the session is asked again this often: the gateway renews
 * its QR every few seconds, and a scan is also announced live (channel.status).
 */
export const QR_REFRESH_MS = 5_000;

/** The session's state as a channel status, for the one connection badge. */
const STATUS_OF: Record<Session['state'], string> = {
  open: 'available',
  connecting: 'connecting',
  close: 'disconnected',
};

/**
 * '/settings/new-whatsapp' (01 §2 'connect a personal messaging account'): the user links their
 * own WhatsApp to Cartera by scanning the company gateway's QR, follows the session's state live
 * and can unlink it. Decisions: docs/decisions.md, "Personal WhatsApp".
 */
export function PersonalWhatsappPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sessionKey = trpc.channel.whatsappSession.queryKey();
  const session = useQuery({
    ...trpc.channel.whatsappSession.queryOptions(),
    refetchInterval: (query) => (query.state.data?.state === 'connecting' ? QR_REFRESH_MS : false),
  });
  useChannelStatusLive(session.refetch);

  const [confirming, setConfirming] = useState(false);
  const show = (next: Session) => queryClient.setQueryData(sessionKey, next);
  const connect = useMutation(trpc.channel.connectWhatsapp.mutationOptions({ onSuccess: show }));
  const disconnect = useMutation(
    trpc.channel.disconnectWhatsapp.mutationOptions({
      onSuccess: (next) => {
        show(next);
        setConfirming(false);
        notifications.show({ color: 'teal', message: text.disconnectedNotice });
      },
    }),
  );
  const actionError = connect.error ?? (confirming ? null : disconnect.error);

  return (
    <Stack gap="md" maw={760}>
      <Title order={1} fz="h2">
        {text.title}
      </Title>
      <Text c="dimmed" size="sm">
        {text.intro}
      </Text>
      <Paper withBorder radius="md" p="lg" component="section" aria-label={text.title}>
        {session.isPending ? (
          <Group justify="center" p="md">
            <Loader size="sm" aria-label={es.app.loading} />
          </Group>
        ) : session.isError ? (
          <QueryError query={session} />
        ) : (
          <Stack gap="md">
            <Group gap="sm">
              <Text size="sm" fw={600}>
                {text.stateLabel}
              </Text>
              <ChannelStateBadge status={STATUS_OF[session.data.state]} reason={null} />
              {session.data.channel && (
                <Text size="sm" c="dimmed">
                  {session.data.channel.name}
                </Text>
              )}
            </Group>
            {session.data.state === 'open' ? (
              <Connected
                onDisconnect={() => {
                  disconnect.reset();
                  setConfirming(true);
                }}
              />
            ) : session.data.state === 'connecting' ? (
              <Scanning
                session={session.data}
                cancelling={disconnect.isPending}
                onCancel={() => disconnect.mutate()}
              />
            ) : !session.data.gatewayConfigured && !session.data.channel ? (
              <Alert color="yellow" variant="light" role="status">
                {text.noGateway}
              </Alert>
            ) : (
              <Stack gap="sm" align="flex-start">
                <Text size="sm">{text.disconnected}</Text>
                <Button onClick={() => connect.mutate()} loading={connect.isPending}>
                  {session.data.channel ? text.connectAgain : text.connect}
                </Button>
                {connect.isPending && (
                  <Text size="xs" c="dimmed">
                    {text.connecting}
                  </Text>
                )}
              </Stack>
            )}
            {actionError && (
              <Alert color="red" variant="light" role="alert">
                {userMessageOf(actionError)}
              </Alert>
            )}
          </Stack>
        )}
      </Paper>
      <ConfirmDialog
        opened={confirming}
        title={text.disconnectTitle}
        confirmLabel={text.disconnect}
        reversible
        loading={disconnect.isPending}
        error={disconnect.error ? userMessageOf(disconnect.error) : null}
        onConfirm={() => disconnect.mutate()}
        onClose={() => setConfirming(false)}
      >
        <Text size="sm">{text.disconnectMessage}</Text>
      </ConfirmDialog>
    </Stack>
  );
}

function Connected({ onDisconnect }: { onDisconnect: () => void }) {
  return (
    <Stack gap="sm" align="flex-start">
      <Text size="sm">{text.connected}</Text>
      <Button variant="light" color="red" onClick={onDisconnect}>
        {text.disconnect}
      </Button>
    </Stack>
  );
}

/** The QR to scan with the phone, how to scan it, and the pairing code instead. */
function Scanning({
  session,
  cancelling,
  onCancel,
}: {
  session: Session;
  cancelling: boolean;
  onCancel: () => void;
}) {
  return (
    <Stack gap="md">
      <Title order={2} fz="md">
        {text.scanTitle}
      </Title>
      <Group align="flex-start" gap="xl" wrap="wrap">
        {session.qr ? (
          <Image
            src={session.qr}
            alt={text.qrAlt}
            w={240}
            h={240}
            fit="contain"
            radius="sm"
            bg="white"
            style={{ imageRendering: 'pixelated', border: '1px solid var(--mantine-color-gray-3)' }}
          />
        ) : (
          <Group w={240} h={240} justify="center">
            <Loader aria-label={text.connecting} />
          </Group>
        )}
        <Stack gap="sm" style={{ flex: '1 1 260px' }}>
          <List type="ordered" size="sm" spacing={6}>
            {text.steps.map((step) => (
              <List.Item key={step}>{step}</List.Item>
            ))}
          </List>
          {session.pairingCode && (
            <Stack gap={4}>
              <Text size="sm">{text.pairingCode}</Text>
              <Code fz="lg" w="fit-content" aria-label={text.pairingCode}>
                {session.pairingCode}
              </Code>
            </Stack>
          )}
          <Group gap="xs" wrap="nowrap">
            <Loader size="xs" type="dots" />
            <Text size="xs" c="dimmed" role="status">
              {text.waiting}
            </Text>
          </Group>
          <Button variant="default" w="fit-content" onClick={onCancel} loading={cancelling}>
            {text.cancel}
          </Button>
        </Stack>
      </Group>
    </Stack>
  );
}
