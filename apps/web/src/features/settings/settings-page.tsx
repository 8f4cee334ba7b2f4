import { Stack, Title } from '@mantine/core';
import { es } from '@cartera/domain/i18n';
import { ApiTokensPanel } from './api-tokens-panel';

/** '/settings' (01 §2): what the user configures for themselves. */
export function SettingsPage() {
  return (
    <Stack gap="md" maw={960}>
      <Title order={1} fz="h2">
        {es.settings.title}
      </Title>
      <ApiTokensPanel />
    </Stack>
  );
}
