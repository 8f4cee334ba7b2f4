import { Alert, Progress, Stack, Text } from '@mantine/core';
import { format } from '@cartera/domain/i18n';
import type { ExcelState } from '../lib/excel-download';

/**
 * An Excel download's state under its button: the bar and the kilobytes of the rows on their
 * way, the rows downloaded, or the failure.
 */
export function ExcelProgress({
  state,
  label,
  progress,
  done,
}: {
  state: ExcelState;
  /** The bar's accessible name (the button's text). */
  label: string;
  /** '{kb} KB of {n} rows…' */
  progress: string;
  /** '{n} rows downloaded' */
  done: string;
}) {
  if (state.kind === 'loading') {
    return (
      <Stack gap={4} data-testid="excel-progress">
        <Progress value={state.percent} animated aria-label={label} />
        <Text size="xs" c="dimmed">
          {format(progress, { kb: Math.round(state.received / 1024), n: state.total })}
        </Text>
      </Stack>
    );
  }
  if (state.kind === 'done') {
    return (
      <Text size="xs" c="dimmed" data-testid="excel-done">
        {format(done, { n: state.total })}
      </Text>
    );
  }
  if (state.kind === 'error') {
    return (
      <Alert color="red" variant="light" role="alert">
        {state.message}
      </Alert>
    );
  }
  return null;
}
