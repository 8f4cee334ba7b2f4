import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { es } from '@cartera/domain/i18n';
import { Panel } from '../../ui/panel';
import { ApiTokensPanel } from './api-tokens-panel';

const whatsapp = es.channels.personalWhatsapp;

/** '/settings' (01 §2): what the user configures for themselves. */
export function SettingsPage() {
  return (
    <Stack gap="md" maw={960}>
      <Title order={1} fz="h2">
        {es.settings.title}
      </Title>
      <Panel titleId="personal-whatsapp-title" title={whatsapp.settingsTitle}>
        <Text size="sm" c="dimmed">
          {whatsapp.settingsIntro}
        </Text>
        <Button component={Link} to="/settings/new-whatsapp" variant="light" w="fit-content">
          {whatsapp.settingsOpen}
        </Button>
      </Panel>
      <ApiTokensPanel />
    </Stack>
  );
}
