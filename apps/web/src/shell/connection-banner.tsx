import { Group, Loader, Text } from '@mantine/core';
import { es } from '@cartera/domain/i18n';
import { useConnected } from '../lib/connection';
import classes from './connection-banner.module.css';

/**
 * 'Sin conexión — reintentando…' while the server cannot be reached (issue #33 item 7): a small
 * label over the top edge of the screen that clicks pass through, so it covers no action and
 * moves no layout; it goes away by itself when the connection returns.
 */
export function ConnectionBanner() {
  const connected = useConnected();
  if (connected) return null;
  return (
    <div className={classes.banner} role="status" aria-live="polite" data-testid="offline-banner">
      <Group gap={8} wrap="nowrap">
        <Loader size={12} color="white" />
        <Text size="sm" fw={600} c="white">
          {es.app.offline}
        </Text>
      </Group>
    </div>
  );
}
