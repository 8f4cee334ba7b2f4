import { Alert, Button, Stack, Text } from '@mantine/core';
import { es } from '@cartera/domain/i18n';
import { domainCodeOf } from '../../lib/errors';
import { contactFetchFailure } from './fetch-policy';

/**
 * A contact or its timeline that could not be fetched (03 §8 Contact fetch): the code's Spanish
 * text, and 'Volver a reintentar' only for internal or unknown errors.
 */
export function ContactFetchAlert({
  error,
  retrying,
  onRetry,
  maw,
  testId,
}: {
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
  maw: number;
  testId?: string;
}) {
  const failure = contactFetchFailure(domainCodeOf(error));
  return (
    <Alert color="red" variant="light" role="alert" maw={maw} data-testid={testId}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{failure.message}</Text>
        {failure.retry && (
          <Button size="xs" variant="white" color="red" loading={retrying} onClick={onRetry}>
            {es.conversation.fetchRetry}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
