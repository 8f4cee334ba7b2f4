import { Alert, Button, Stack, Text } from '@mantine/core';
import { es } from '@cartera/domain/i18n';
import { userMessageOf } from '../lib/errors';

/** A failed load: its Spanish message and 'Volver a intentar'. The one error state of screens. */
export function QueryError({
  error,
  onRetry,
  retrying = false,
  maw,
}: {
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
  maw?: number;
}) {
  return (
    <Alert color="red" variant="light" role="alert" maw={maw}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{userMessageOf(error)}</Text>
        <Button size="xs" variant="white" color="red" loading={retrying} onClick={onRetry}>
          {es.app.retry}
        </Button>
      </Stack>
    </Alert>
  );
}
