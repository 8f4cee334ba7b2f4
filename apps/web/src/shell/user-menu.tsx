import { Badge, Box, Menu, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { es, format } from '@cartera/domain/i18n';
import { canOpenScreen, ruleFor } from '@cartera/domain/policy';
import { useLogout } from '../features/auth/use-logout';
import { fullNameOf, guardUserOf, type Me } from '../features/auth/session';
import { useUnviewedCount } from '../features/notifications/inbox/use-notifications';
import { useSupport } from '../features/support/use-support';
import { SoftphoneMenuItem } from '../features/phone/softphone-menu-item';
import classes from './app-layout.module.css';
import {
  ActivityIcon,
  BellIcon,
  HelpIcon,
  LogoutIcon,
  MessagesIcon,
  SchoolIcon,
  UserIcon,
} from '../ui/icons';
import { UserAvatar } from '../ui/user-avatar';

export type ShellDialog = 'profile' | 'activity' | 'switcher' | 'linked' | 'createContact';

/** Entries that lead to a screen appear once that screen exists (no placeholder pages). */
const LEARN_PATH = '/settings/learn';
const NOTIFICATIONS_PATH = '/all-notifications';
const QUICK_REPLIES_PATH = '/settings/quick-replies';

function isBuilt(path: string) {
  return ruleFor(path)?.built === true;
}

/**
 * The user menu at the foot of the side menu (01 §2): Mi perfil, Actividad, Aprender,
 * Notificaciones and Cerrar sesión; ours, 'Respuestas rápidas' for whoever writes in
 * conversations (docs/decisions.md 'Quick replies screen'); 'Ocultar soporte' / 'Mostrar
 * soporte' when the installation has a support link; the softphone's entry when the company has
 * a phone provider (issue #39).
 */
export function UserMenu({
  me,
  collapsed,
  mobile = false,
  onOpenDialog,
}: {
  me: Me;
  collapsed: boolean;
  /** On a phone the menu opens above its button, inside the drawer, as wide as the button. */
  mobile?: boolean;
  onOpenDialog: (dialog: ShellDialog) => void;
}) {
  const router = useRouter();
  const logout = useLogout();
  const name = fullNameOf(me.user);
  const unviewed = useUnviewedCount().data?.count ?? 0;
  const support = useSupport();

  const target = (
    <UnstyledButton
      className={classes.userButton}
      data-collapsed={collapsed || undefined}
      aria-label={`${es.shell.userMenu}: ${name}`}
    >
      <UserAvatar user={me.user} name={name} />
      {!collapsed && (
        <>
          <Box style={{ flex: 1, minWidth: 0 }}>
            {/* A name too long for one line wraps to a second rather than being cut (issue #35). */}
            <Text
              size="sm"
              fw={600}
              lineClamp={2}
              style={{ overflowWrap: 'anywhere' }}
              data-testid="user-menu-name"
            >
              {name}
            </Text>
            <Text size="xs" c="dimmed" truncate title={me.user.email}>
              {me.user.email}
            </Text>
          </Box>
        </>
      )}
    </UnstyledButton>
  );

  return (
    <Menu
      position={mobile ? 'top' : 'right-end'}
      offset={mobile ? 4 : 12}
      width={mobile ? 'target' : 220}
      shadow="md"
      withinPortal
    >
      <Menu.Target>
        {collapsed ? (
          <Tooltip label={name} position="right" withArrow openDelay={150}>
            {target}
          </Tooltip>
        ) : (
          target
        )}
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{name}</Menu.Label>
        <Menu.Item leftSection={<UserIcon size={16} />} onClick={() => onOpenDialog('profile')}>
          {es.shell.profile}
        </Menu.Item>
        <Menu.Item
          leftSection={<ActivityIcon size={16} />}
          onClick={() => onOpenDialog('activity')}
        >
          {es.shell.activity}
        </Menu.Item>
        {/* Only for who may open it: a company without training has no 'Aprender'. */}
        {isBuilt(LEARN_PATH) && canOpenScreen(guardUserOf(me), LEARN_PATH) && (
          <Menu.Item
            leftSection={<SchoolIcon size={16} />}
            onClick={() => void router.navigate({ href: LEARN_PATH })}
          >
            {es.shell.learn}
          </Menu.Item>
        )}
        {isBuilt(QUICK_REPLIES_PATH) && canOpenScreen(guardUserOf(me), QUICK_REPLIES_PATH) && (
          <Menu.Item
            leftSection={<MessagesIcon size={16} />}
            onClick={() => void router.navigate({ href: QUICK_REPLIES_PATH })}
          >
            {es.quickReplies.title}
          </Menu.Item>
        )}
        {isBuilt(NOTIFICATIONS_PATH) && canOpenScreen(guardUserOf(me), NOTIFICATIONS_PATH) && (
          <Menu.Item
            leftSection={<BellIcon size={16} />}
            rightSection={
              unviewed > 0 && (
                <Badge
                  size="sm"
                  color="red"
                  circle={unviewed < 10}
                  aria-label={format(es.notifications.list.menuCount, { n: unviewed })}
                  data-testid="notifications-unviewed"
                >
                  {unviewed > 99 ? '99+' : unviewed}
                </Badge>
              )
            }
            onClick={() => void router.navigate({ href: NOTIFICATIONS_PATH })}
          >
            {es.shell.notifications}
          </Menu.Item>
        )}
        <SoftphoneMenuItem />
        {support.url && (
          <Menu.Item
            leftSection={<HelpIcon size={16} />}
            onClick={() => support.setHidden(!support.hidden)}
          >
            {support.hidden ? es.shell.showSupport : es.shell.hideSupport}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<LogoutIcon size={16} />}
          disabled={logout.isPending}
          onClick={() => logout.mutate()}
        >
          {es.auth.logout}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
