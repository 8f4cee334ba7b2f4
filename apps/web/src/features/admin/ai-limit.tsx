import { useState } from 'react';
import { Alert, Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { QueryError } from '../../ui/query-error';
import { useAdminSaved } from './use-admin-saved';

const t = es.ai.limit;

/**
 * The company's monthly limit of AI-drafted replies (issue #44 item 3), on its root group's
 * settings in 'Administración': how many drafts its sellers may ask for per calendar month, and
 * how many they asked for this one.
 */
export function AiLimitSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const saved = useAdminSaved();
  const limit = useQuery(trpc.ai.companyLimit.queryOptions());
  const [value, setValue] = useState<number | string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(
    trpc.ai.setCompanyLimit.mutationOptions({
      onSuccess: (data) => {
        queryClient.setQueryData(trpc.ai.companyLimit.queryKey(), data);
        setValue(null);
        saved.done(t.saved);
      },
      onError: (failure) => setError(userMessageOf(failure)),
    }),
  );
  if (limit.isError) return <QueryError error={limit.error} onRetry={() => void limit.refetch()} />;
  const data = limit.data;
  const shown = value ?? data?.monthlyLimit ?? '';
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t.title}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!data) return;
          const number = typeof shown === 'number' ? shown : Number.NaN;
          if (!Number.isInteger(number) || number < 0 || number > data.maxLimit) {
            setError(format(t.invalid, { max: data.maxLimit }));
            return;
          }
          setError(null);
          save.mutate({ monthlyLimit: number });
        }}
      >
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {t.title}
          </Title>
          <Text size="sm" c="dimmed">
            {t.intro}
          </Text>
          <Group align="flex-end" gap="sm">
            <NumberInput
              label={t.monthlyLimit}
              min={0}
              max={data?.maxLimit}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator="."
              decimalSeparator=","
              disabled={!data}
              value={shown}
              error={error}
              onChange={(next) => {
                setValue(next);
                setError(null);
              }}
              style={{ flex: 1, maxWidth: 240 }}
            />
            <Button type="submit" loading={save.isPending} disabled={!data}>
              {t.save}
            </Button>
          </Group>
          {data && (
            <Text size="sm" aria-live="polite">
              {format(t.used, { used: data.usedThisMonth, limit: data.monthlyLimit })}
            </Text>
          )}
          {data && !data.configured && (
            <Alert color="yellow" variant="light">
              {t.notConfigured}
            </Alert>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
