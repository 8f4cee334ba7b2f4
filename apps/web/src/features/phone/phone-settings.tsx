import { useState } from 'react';
import { Button, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { QueryError } from '../../ui/query-error';
import { useMe } from '../auth/session';
import { usePhoneProviders, type PhoneProviders } from './use-phone';

const t = es.phone.settings;

/**
 * 'Ajustes' › 'Llamadas' (issue #39; PATCH /settings/phoneProviders): the caller's own Aircall
 * user, the number they call from and the country codes they call through it. Without the
 * company's Aircall it says calls are logged by hand.
 */
export function PhoneProviderSettings() {
  const providers = usePhoneProviders();
  if (providers.isPending) return <Loader size="sm" aria-label={t.provider} />;
  if (providers.isError) return <QueryError query={providers} />;
  if (!providers.data.connected) {
    return (
      <Text size="sm" c="dimmed">
        {t.notConnected}
      </Text>
    );
  }
  return <MappingForm providers={providers.data} />;
}

function MappingForm({ providers }: { providers: PhoneProviders }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const channels = useQuery(trpc.phone.channels.queryOptions());
  const me = useMe();
  // Without a choice yet, the Aircall user with the caller's e-mail is offered.
  const [picked, setUserId] = useState<string | null | undefined>(
    providers.mapping?.externalUserId,
  );
  const [chosenNumber, setNumberId] = useState<string | null>(
    providers.mapping?.numberIds[0] ?? null,
  );
  const [codes, setCodes] = useState((providers.mapping?.countryCodes ?? []).join(', '));
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(
    trpc.phone.saveProviders.mutationOptions({
      onSuccess: (answer) => {
        queryClient.setQueryData(trpc.phone.providers.queryKey(), answer);
        notifications.show({ color: 'teal', message: t.saved });
        setError(null);
      },
      onError: (failure) => setError(userMessageOf(failure)),
    }),
  );
  if (channels.isPending) return <Loader size="sm" aria-label={t.provider} />;
  if (channels.isError) return <QueryError query={channels} />;
  const userId =
    picked !== undefined
      ? picked
      : (channels.data.users.find((each) => each.email === me?.user.email)?.id ?? null);
  const account = channels.data.users.find((each) => each.id === userId);
  const numbers = channels.data.numbers.filter((each) => account?.numberIds.includes(each.id));
  const numberId = chosenNumber ?? numbers[0]?.id ?? null;
  return (
    <Stack gap="sm" maw={480}>
      <Select
        label={t.provider}
        description={t.providerHint}
        placeholder={t.none}
        clearable
        data={channels.data.users.map((each) => ({
          value: each.id,
          label: each.email ? `${each.name} (${each.email})` : each.name,
        }))}
        value={userId}
        onChange={(value) => {
          setUserId(value);
          setNumberId(null);
        }}
      />
      <Select
        label={t.number}
        disabled={!account}
        data={numbers.map((each) => ({
          value: each.id,
          label: `${each.name} ${each.digits}`.trim(),
        }))}
        value={numberId}
        onChange={setNumberId}
      />
      <TextInput
        label={t.countryCodes}
        description={t.countryCodesHint}
        value={codes}
        onChange={(event) => setCodes(event.currentTarget.value)}
        error={error}
      />
      <Group>
        <Button
          loading={save.isPending}
          onClick={() =>
            save.mutate({
              externalUserId: userId,
              numberIds: numberId ? [numberId] : [],
              countryCodes: codes
                .split(',')
                .map((code) => code.trim().replace(/^\+/, ''))
                .filter(Boolean),
            })
          }
        >
          {t.save}
        </Button>
      </Group>
    </Stack>
  );
}
