import type { MouseEvent } from 'react';
import { ActionIcon, Box, Button, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useRouter } from '@tanstack/react-router';
import { es } from '@cartera/domain/i18n';
import type { NotificationKind, NotificationSetting } from '@cartera/domain/notifications';
import { fileSrc } from '../../../lib/file-url';
import { ExternalLinkIcon, XIcon } from '../../../ui/icons';

const texts = es.notifications.card;

/** What a card shows of a notification (a delivered one, or the admin form's preview). */
export interface NotificationContent {
  /** Absent in the admin's preview: nothing to open yet. */
  id?: string;
  title: string;
  body: string;
  setting: NotificationSetting;
  /** 01 §2 Notification card: the action button's label for its media type. */
  actionLabel: string;
}

/** Where a card stands: the banner at the top of the screen, the bottom-right notice, its page. */
export type CardLayout = NotificationKind | 'page';

/**
 * The one notification card (01 §2 Notification card): its picture, title, text, the action
 * button labelled by its media type, and (banner and notice) the button that closes it. The
 * action opens the shipment's link in another tab, or the notification's own page when it has
 * none. Users see it as the banner, the bottom-right notice and on /notifications/{id}; the
 * admin's form shows the same card as its preview (`preview`: its buttons do nothing).
 */
export function NotificationCard({
  notification,
  layout,
  preview = false,
  onOpen,
  onClose,
}: {
  notification: NotificationContent;
  layout: CardLayout;
  preview?: boolean;
  /** The action button was pressed (tracked 'opened'). */
  onOpen?: () => void;
  /** The close button was pressed (tracked 'closed'); without it, no close button. */
  onClose?: () => void;
}) {
  const { title, body, setting } = notification;
  const picture = fileSrc(setting.metadata.thumbnailURL);
  const action = <CardAction notification={notification} preview={preview} onOpen={onOpen} />;
  const close = onClose && (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={texts.close}
      onClick={preview ? undefined : onClose}
    >
      <XIcon size={18} />
    </ActionIcon>
  );
  const name = `${layout === 'banner' ? texts.banner : texts.notice}: ${title}`;

  if (layout === 'banner') {
    return (
      <Paper
        component="section"
        aria-label={name}
        data-testid="notification-banner"
        radius="md"
        p="sm"
        bg="teal.0"
        withBorder
        style={{ borderColor: 'var(--mantine-color-teal-2)' }}
      >
        <Group gap="sm" wrap="nowrap" align="center">
          {picture && (
            <Image src={picture} alt="" w={56} h={56} radius="sm" fit="cover" visibleFrom="xs" />
          )}
          <Box style={{ flex: 1, minWidth: 0 }}>
            <Text fw={700} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Text>
            {body && (
              <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                {body}
              </Text>
            )}
          </Box>
          <Group gap={4} wrap="nowrap">
            {action}
            {close}
          </Group>
        </Group>
      </Paper>
    );
  }

  if (layout === 'right-bottom-notification') {
    return (
      <Paper
        component="section"
        aria-label={name}
        data-testid="notification-notice"
        radius="md"
        shadow="lg"
        withBorder
        style={{ overflow: 'hidden' }}
      >
        {picture && <Image src={picture} alt="" h={130} fit="cover" />}
        <Stack gap={6} p="sm">
          <Group gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
            <Text fw={700} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Text>
            {close}
          </Group>
          {body && (
            <Text size="sm" c="dimmed" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
              {body}
            </Text>
          )}
          <Group justify="flex-end">{action}</Group>
        </Stack>
      </Paper>
    );
  }

  return (
    <Paper component="article" aria-label={title} radius="md" withBorder p="lg" maw={720}>
      <Stack gap="md">
        {picture && <Image src={picture} alt="" mah={360} fit="contain" radius="sm" />}
        <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        {body && <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{body}</Text>}
        {setting.action.redirectType !== 'none' && <Group>{action}</Group>}
      </Stack>
    </Paper>
  );
}

/** An address in Cartera (a system notice's record), never another site. */
function inAppPath(path: string | null): string | null {
  return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
}

/**
 * The action button: the link in another tab; a system notice's record in place (issue #41 item
 * 4); else the notification's page in Cartera.
 */
function CardAction({
  notification,
  preview,
  onOpen,
}: {
  notification: NotificationContent;
  preview: boolean;
  onOpen?: () => void;
}) {
  const router = useRouter();
  const { redirectType, redirectURL } = notification.setting.action;
  const external = redirectType === 'url' && redirectURL;
  const record = redirectType === 'path' ? inAppPath(redirectURL) : null;
  const common = {
    size: 'compact-sm',
    color: 'teal',
    rightSection: external ? <ExternalLinkIcon size={14} /> : undefined,
  } as const;
  if (preview || (!external && !record && !notification.id)) {
    return (
      <Button {...common} type="button">
        {notification.actionLabel}
      </Button>
    );
  }
  if (external) {
    return (
      <Button
        {...common}
        component="a"
        href={redirectURL}
        target="_blank"
        rel="noopener noreferrer"
        onClick={onOpen}
      >
        {notification.actionLabel}
      </Button>
    );
  }
  if (record) {
    return (
      <Button
        {...common}
        component="a"
        href={record}
        onClick={(event: MouseEvent<HTMLAnchorElement>) => {
          onOpen?.();
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          void router.navigate({ href: record });
        }}
      >
        {notification.actionLabel}
      </Button>
    );
  }
  return (
    <Button {...common} component={Link} to={`/notifications/${notification.id}`} onClick={onOpen}>
      {notification.actionLabel}
    </Button>
  );
}
