import '../ui/mantine-styles';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { AppShell, Burger, Button, Group, Image, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { es, format } from '@cartera/domain/i18n';
import { AccountSwitcherDialog } from '../features/account/account-switcher-dialog';
import { LinkedAccountsDialog } from '../features/account/linked-accounts-dialog';
import { useReturnToAdmin } from '../features/account/use-account-switch';
import { ActivityDialog } from '../features/activity/activity-dialog';
import { fullNameOf, useMe, type Me } from '../features/auth/session';
import { useSessionLive } from '../features/auth/use-session-live';
import { KeyboardProvider } from '../features/keyboard/keyboard-provider';
import { LiveEventsProvider } from '../features/live/live-events';
import { NewVersionModal } from '../features/new-version/new-version-modal';
import { MessageNotices } from '../features/notifications/message-notices';
import {
  NotificationBanner,
  NotificationNotice,
  noticeRoom,
} from '../features/notifications/inbox/frame-notifications';
import { useFrameNotifications } from '../features/notifications/inbox/use-notifications';
import { ProfileDialog } from '../features/profile/profile-dialog';
import { PhoneFrame } from '../features/phone/phone-frame';
import classes from './app-layout.module.css';
import { ConnectionBanner } from './connection-banner';
import { EyeIcon, ReturnIcon } from '../ui/icons';
import { SideMenu } from './side-menu';
import { MENU_WIDTH, MOBILE_HEADER_HEIGHT, useMenuLayout } from './use-menu-layout';
import type { ShellDialog } from './user-menu';

/** The side menu's 'Crear contacto' (01 §2): the contact sheet, loaded when first opened. */
const ContactSheet = lazy(() =>
  import('../features/contacts/sheet/contact-sheet').then((module) => ({
    default: module.ContactSheet,
  })),
);

/** The signed-in application: side menu, mobile header, the screen, and the shell's dialogs. */
export function AppLayout({ children }: { children: ReactNode }) {
  const me = useMe();
  // Right after signing out nobody is signed in until the login page replaces this layout.
  if (!me) return null;
  return (
    <LiveEventsProvider>
      {/* The one keyboard registry: shortcuts, the command menu and the shortcuts sheet. */}
      <KeyboardProvider me={me}>
        <SignedInLayout me={me}>{children}</SignedInLayout>
      </KeyboardProvider>
    </LiveEventsProvider>
  );
}

function SignedInLayout({ me, children }: { me: Me; children: ReactNode }) {
  const layout = useMenuLayout();
  useSessionLive();
  const [dialog, setDialog] = useState<ShellDialog | null>(null);
  const returnToAdmin = useReturnToAdmin();
  const close = () => setDialog(null);
  // The shipments' banner and bottom-right notice (issue #41).
  const notices = useFrameNotifications();

  return (
    <AppShell
      header={{ height: { base: MOBILE_HEADER_HEIGHT, sm: 0 } }}
      navbar={{
        width: layout.collapsed ? MENU_WIDTH.collapsed : MENU_WIDTH.expanded,
        breakpoint: 'sm',
        collapsed: { mobile: !layout.mobileOpened },
      }}
      padding="md"
      bg="gray.0"
    >
      <AppShell.Header hiddenFrom="sm" className={classes.header}>
        <Burger
          opened={layout.mobileOpened}
          onClick={layout.toggleMobile}
          size="sm"
          aria-label={layout.mobileOpened ? es.shell.closeMenu : es.shell.openMenu}
        />
        <Link to="/" aria-label={es.app.name} onClick={layout.closeMobile}>
          <Image src="/brand/cartera.svg" alt="" w={30} h={30} />
        </Link>
        <Text fw={700} truncate style={{ flex: 1 }}>
          {me.tenant.name}
        </Text>
      </AppShell.Header>

      <AppShell.Navbar className={classes.navbar} data-collapsed={layout.collapsed || undefined}>
        <SideMenu
          me={me}
          collapsed={layout.collapsed}
          mobile={layout.mobile}
          onNavigate={layout.closeMobile}
          onToggleCollapsed={layout.toggleCollapsed}
          onOpenDialog={(next) => {
            layout.closeMobile();
            setDialog(next);
          }}
          onReturnToAdmin={() => returnToAdmin.mutate()}
          returningToAdmin={returnToAdmin.isPending}
        />
      </AppShell.Navbar>

      <AppShell.Main style={{ paddingBottom: noticeRoom(notices) }}>
        {me.impersonatedBy && (
          <ImpersonationBanner
            me={me}
            onReturn={() => returnToAdmin.mutate()}
            returning={returnToAdmin.isPending}
          />
        )}
        <NotificationBanner frame={notices} />
        {layout.mobile && <NotificationNotice frame={notices} inline />}
        {children}
      </AppShell.Main>
      {!layout.mobile && <NotificationNotice frame={notices} inline={false} />}
      <ConnectionBanner />
      <MessageNotices me={me} mobile={layout.mobile} />
      <PhoneFrame mobile={layout.mobile} />

      <ProfileDialog me={me} opened={dialog === 'profile'} onClose={close} />
      <ActivityDialog opened={dialog === 'activity'} onClose={close} />
      {dialog === 'switcher' && <AccountSwitcherDialog me={me} onClose={close} />}
      {dialog === 'linked' && <LinkedAccountsDialog onClose={close} />}
      {dialog === 'createContact' && (
        <Suspense fallback={null}>
          <ContactSheet opened onClose={close} />
        </Suspense>
      )}
      {/* An administrator using someone's account must not dismiss it on their behalf. */}
      {me.user.showNewVersionPresentation && !me.impersonatedBy && <NewVersionModal />}
    </AppShell>
  );
}

/** While an administrator uses someone else's account, it says so on every screen. */
function ImpersonationBanner({
  me,
  onReturn,
  returning,
}: {
  me: Me;
  onReturn: () => void;
  returning: boolean;
}) {
  return (
    <Group
      className={classes.banner}
      justify="space-between"
      gap="sm"
      wrap="wrap"
      role="status"
      data-testid="impersonation-banner"
    >
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <EyeIcon size={18} style={{ flexShrink: 0 }} />
        <Text size="sm" fw={500}>
          {format(es.shell.impersonating, {
            name: fullNameOf(me.user),
            email: me.user.email,
            admin: me.impersonatedBy?.name ?? '',
          })}
        </Text>
      </Group>
      <Button
        size="compact-sm"
        color="orange"
        leftSection={<ReturnIcon size={16} />}
        loading={returning}
        onClick={onReturn}
      >
        {es.shell.returnToAdmin}
      </Button>
    </Group>
  );
}
