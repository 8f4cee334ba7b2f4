import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { es } from '@cartera/domain/i18n';
import { userMessageOf } from '../lib/errors';

/** A failed query, as TanStack Query gives it: its error, how to ask again, whether it is asking. */
interface FailedQuery {
  error: unknown;
  refetch: () => unknown;
  isFetching: boolean;
}

/**
 * A failed load: its Spanish message and 'Volver a intentar'. The one error state of screens.
 * Give it the failed `query` (retrying asks it again and shows it working), or an `error` and
 * what `onRetry` does.
 */
export function QueryError(
  props: ({ query: FailedQuery } | { error: unknown; onRetry: () => void; retrying?: boolean }) & {
    maw?: number;
  },
) {
  const { error, onRetry, retrying } =
    'query' in props
      ? {
          error: props.query.error,
          onRetry: () => void props.query.refetch(),
          retrying: props.query.isFetching,
        }
      : { ...props, retrying: props.retrying ?? false };
  return (
    <Alert color="red" variant="light" role="alert" maw={props.maw}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{userMessageOf(error)}</Text>
        <Button size="xs" variant="white" color="red" loading={retrying} onClick={onRetry}>
          {es.app.retry}
        </Button>
      </Stack>
    </Alert>
  );
}

/**
 * A query whose data is not there yet (a settings panel's): its failed load with 'Volver a
 * intentar', else three loading lines.
 */
export function QueryLoading({ query }: { query: FailedQuery & { isError: boolean } }) {
  return query.isError ? (
    <QueryError query={query} maw={560} />
  ) : (
    <Stack gap="xs">
      {[0, 1, 2].map((row) => (
        <Skeleton key={row} height={12} radius="sm" />
      ))}
    </Stack>
  );
}
