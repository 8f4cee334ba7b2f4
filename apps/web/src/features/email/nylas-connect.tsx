import { useEffect, useState } from 'react';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { es, errorMessage } from '@cartera/domain/i18n';
import { userMessageOf } from '../../lib/errors';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { isMeetingState } from '../meetings/meetings-settings-panel';

const t = es.email;

type Provider = 'google' | 'microsoft';

const PROVIDERS: ReadonlyArray<{ provider: Provider; label: string }> = [
  { provider: 'google', label: t.oauth.google },
  { provider: 'microsoft', label: t.oauth.microsoft },
];

/**
 * Codes already sent to the server in this page's life: a code is good once, and React's strict
 * mode runs an effect twice (the second run must not spend it again).
 */
const sentCodes = new Set<string>();

/**
 * Gmail and Outlook in 'Correo personal' through Nylas's hosted authentication (issue #38 item
 * 1): 'Conectar con Google' and 'Conectar con Microsoft' when the server has Nylas
 * (`email.nylasAuthUrl` answers a URL), each asking a fresh URL (its `state` lasts 15 minutes)
 * and leaving for it. Nylas sends the user back to /settings with `code` and `state`, which are
 * handed to `email.connectNylas` once and dropped from the address at once (a reload must not
 * send a spent code): 'Conectando tu correo…' meanwhile, then the notice and the mailbox in the
 * list, or the server's Spanish error. OAuth's `error` (the user refused at Google or Microsoft)
 * is told too.
 */
export function NylasConnect() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const search = useSearch({ from: '/_app/settings/' });
  // Only whether the server offers it: the URL followed is asked on click.
  const offered = useQuery({ ...trpc.email.nylasAuthUrl.queryOptions({}), staleTime: Infinity });
  const [leaving, setLeaving] = useState<Provider | null>(null);
  const [leaveError, setLeaveError] = useState<string | null>(null);
  // Read from the address the panel opened with; the address is cleaned right after.
  const [refused, setRefused] = useState(
    () => search.error !== undefined && search.code === undefined,
  );
  const connect = useMutation(
    trpc.email.connectNylas.mutationOptions({
      onSuccess: (account) => {
        void queryClient.invalidateQueries(trpc.email.accounts.queryFilter());
        notifications.show({ color: 'teal', message: `${t.connected}: ${account.address}` });
      },
    }),
  );
  const { mutate } = connect;
  const { code, state, error } = search;

  useEffect(() => {
    if (code === undefined && state === undefined && error === undefined) return;
    // Google's consent for meetings comes back here too: 'Reuniones' takes it.
    if (isMeetingState(state)) return;
    if (code && state && !sentCodes.has(code)) {
      sentCodes.add(code);
      mutate({ code, state });
    }
    void navigate({ to: '/settings', search: {}, replace: true });
  }, [code, state, error, mutate, navigate]);

  // Back from Nylas's page through the browser's cache: the buttons work again.
  useEffect(() => {
    const shown = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(null);
    };
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, []);

  async function leaveFor(provider: Provider) {
    setLeaving(provider);
    setLeaveError(null);
    setRefused(false);
    connect.reset();
    try {
      const { url } = await client.email.nylasAuthUrl.query({ provider });
      if (url) {
        window.location.assign(url);
        return;
      }
      // The server no longer has Nylas (its configuration changed since the panel opened).
      setLeaveError(errorMessage('EMAIL_NYLAS_NOT_CONFIGURED'));
    } catch (failure) {
      setLeaveError(userMessageOf(failure));
    }
    setLeaving(null);
  }

  return (
    <>
      {offered.data?.url && (
        <Stack gap={6}>
          <Text size="sm" c="dimmed">
            {t.oauth.intro}
          </Text>
          <Group gap="xs">
            {PROVIDERS.map(({ provider, label }) => (
              <Button
                key={provider}
                size="xs"
                variant="default"
                loading={leaving === provider}
                disabled={leaving !== null && leaving !== provider}
                onClick={() => void leaveFor(provider)}
              >
                {label}
              </Button>
            ))}
          </Group>
        </Stack>
      )}
      {connect.isPending && (
        <Alert color="blue" variant="light" role="status">
          <Group gap="xs" wrap="nowrap">
            <Loader size="xs" />
            <Text size="sm">{t.oauth.connecting}</Text>
          </Group>
        </Alert>
      )}
      {connect.isError && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          withCloseButton
          closeButtonLabel={es.app.close}
          onClose={() => connect.reset()}
        >
          <Text size="sm">{userMessageOf(connect.error)}</Text>
        </Alert>
      )}
      {leaveError !== null && (
        <Alert color="red" variant="light" role="alert">
          <Text size="sm">{leaveError}</Text>
        </Alert>
      )}
      {refused && (
        <Alert
          color="yellow"
          variant="light"
          role="alert"
          withCloseButton
          closeButtonLabel={es.app.close}
          onClose={() => setRefused(false)}
        >
          <Text size="sm">{t.oauth.refused}</Text>
        </Alert>
      )}
    </>
  );
}
