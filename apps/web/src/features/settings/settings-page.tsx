import { Button, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { es } from '@cartera/domain/i18n';
import { canOpen, canOpenScreen } from '@cartera/domain/policy';
import { Panel } from '../../ui/panel';
import { ChangePasswordForm } from '../auth/change-password-form';
import { guardUserOf, useMe } from '../auth/session';
import { EmailAccountsPanel } from '../email/email-accounts-panel';
import { UnknownMailPanel } from '../email/unknown-mail-panel';
import { ApiTokensPanel } from './api-tokens-panel';
import { NotificationsPanel } from './notifications-panel';
import { AppearancePanel, PersonalConfigPanel } from './preference-panels';
import { ProfilePanel } from './profile-panel';
import { MeetingsSettingsPanel } from '../meetings/meetings-settings-panel';

const whatsapp = es.channels.personalWhatsapp;
const texts = es.settings;
const TRAINING_PATH = '/training';
const QUICK_REPLIES_PATH = '/settings/quick-replies';

/** 'Contraseña': the password change of 01 §5 with its policy checklist, cleared once done. */
function PasswordPanel() {
  // A new key mounts an empty form after a change.
  const [round, setRound] = useState(0);
  return (
    <Panel titleId="settings-password-title" title={texts.password.title}>
      <Text size="sm" c="dimmed">
        {texts.password.intro}
      </Text>
      <Stack maw={440}>
        <ChangePasswordForm
          key={round}
          onSuccess={() => {
            notifications.show({ color: 'teal', message: es.password.changed });
            setRound((value) => value + 1);
          }}
        />
      </Stack>
    </Panel>
  );
}

/**
 * '/settings' (01 §2, §7 Settings): what every user configures for themselves — profile,
 * password, notices, appearance, personal config, the entries to 'Aprender' and 'Respuestas rápidas',
 * their WhatsApp, their mailbox and API tokens.
 */
export function SettingsPage() {
  const me = useMe();
  if (!me) return null;
  return (
    <Stack gap="md" maw={960}>
      <Title order={1} fz="h2">
        {texts.title}
      </Title>
      <ProfilePanel key={me.user.id} me={me} />
      <PasswordPanel />
      <NotificationsPanel />
      <AppearancePanel />
      <PersonalConfigPanel />
      <MeetingsSettingsPanel />
      {canOpen(guardUserOf(me), TRAINING_PATH) && (
        <Panel titleId="settings-learn-title" title={texts.learn.title}>
          <Text size="sm" c="dimmed">
            {texts.learn.intro}
          </Text>
          <Button component={Link} to={TRAINING_PATH} variant="light" w="fit-content">
            {texts.learn.open}
          </Button>
        </Panel>
      )}
      {canOpenScreen(guardUserOf(me), QUICK_REPLIES_PATH) && (
        <Panel titleId="settings-quick-replies-title" title={es.quickReplies.title}>
          <Text size="sm" c="dimmed">
            {es.quickReplies.settingsIntro}
          </Text>
          <Button component={Link} to={QUICK_REPLIES_PATH} variant="light" w="fit-content">
            {es.quickReplies.open}
          </Button>
        </Panel>
      )}
      <Panel titleId="personal-whatsapp-title" title={whatsapp.settingsTitle}>
        <Text size="sm" c="dimmed">
          {whatsapp.settingsIntro}
        </Text>
        <Button component={Link} to="/settings/new-whatsapp" variant="light" w="fit-content">
          {whatsapp.settingsOpen}
        </Button>
      </Panel>
      <EmailAccountsPanel />
      <UnknownMailPanel />
      <ApiTokensPanel />
    </Stack>
  );
}
