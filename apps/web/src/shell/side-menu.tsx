import {
  ActionIcon,
  AppShell,
  Avatar,
  Badge,
  Divider,
  Group,
  Indicator,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearch } from '@tanstack/react-router';
import { DisconnectedChannelsAlert } from '../features/channels/disconnected-alert';
import { backLink } from '../features/contacts/back-link';
import type { CompanyPanelIcon } from '@cartera/domain/companies';
import { es, format } from '@cartera/domain/i18n';
import { entryPath, visibleMenu, type MenuEntry, type MenuItem } from '@cartera/domain/menu';
import { can, guardRoute, pathWithin, ruleFor } from '@cartera/domain/policy';
import { fullNameOf, guardUserOf, useMe, type Me } from '../features/auth/session';
import { SETTINGS_STALE_MS } from '../features/companies/companies-settings';
import { useUnassignedCount } from '../features/inbox/unassigned-count';
import { useUnreadCounts } from '../features/inbox/unread-counts';
import { useTRPC } from '../lib/trpc';
import { Brand } from '../ui/brand';
import classes from './app-layout.module.css';
import {
  COMPANY_PANEL_ICON_COMPONENTS,
  ReturnIcon,
  SidebarCollapseIcon,
  SidebarExpandIcon,
} from '../ui/icons';
import { useDocumentTitle } from './document-title';
import { MENU_ICONS } from '../ui/menu-icons';
import { BADGE_WIDTH, NavItem } from './nav-item';
import { QuickActions } from './quick-actions';
import { UserMenu, type ShellDialog } from './user-menu';
import { fileSrc } from '../lib/file-url';

export interface SideMenuProps {
  me: Me;
  collapsed: boolean;
  mobile: boolean;
  onNavigate: () => void;
  onToggleCollapsed: () => void;
  onOpenDialog: (dialog: ShellDialog) => void;
  onReturnToAdmin: () => void;
  returningToAdmin: boolean;
}

/** The fixed side menu (01 §2): logo, company and user, the entries the user may open, actions. */
export function SideMenu(props: SideMenuProps) {
  const { me, collapsed, mobile } = props;
  const items = visibleMenu(guardUserOf(me));
  // The unread counts follow live events here, once per tab; the title shows the user's own.
  const unread = useUnreadCounts({ live: true });
  // Administrators switch to any account; others to their linked ones (01 §2 'Change account').
  const admin = can(me.user, 'administer');
  const switches = !me.impersonatedBy && (admin || me.user.linkedAccountsActive);
  const quickActions = {
    me,
    collapsed,
    onOpen: () => {
      props.onNavigate();
      props.onOpenDialog('createContact');
    },
    onSwitch: switches ? () => props.onOpenDialog(admin ? 'switcher' : 'linked') : undefined,
  };
  useDocumentTitle(useMenuPath(me.user.id), unread.data?.conversations);

  return (
    <>
      {!mobile && (
        <AppShell.Section className={classes.brandRow} data-collapsed={collapsed || undefined}>
          <Link
            to="/"
            aria-label={es.app.name}
            onClick={props.onNavigate}
            style={{ textDecoration: 'none' }}
          >
            <Brand size={34} compact={collapsed} textSize="lg" />
          </Link>
        </AppShell.Section>
      )}
      {!collapsed && <MenuHead me={me} />}
      <AppShell.Section grow component={ScrollArea} scrollbarSize={6}>
        <nav aria-label={es.shell.mainMenu} className={classes.nav}>
          <Stack gap={2}>
            {items.map((item) => (
              <MenuItemView key={itemKey(item)} item={item} {...props} />
            ))}
          </Stack>
        </nav>
      </AppShell.Section>
      <AppShell.Section className={classes.footer}>
        <Stack gap={2}>
          <DisconnectedChannelsAlert me={me} collapsed={collapsed} onNavigate={props.onNavigate} />
          <ReturnAction {...props} />
          {mobile || collapsed ? (
            <>
              <QuickActions {...quickActions} lines />
              {!mobile && (
                <NavItem
                  label={es.shell.expandMenu}
                  icon={<SidebarExpandIcon />}
                  collapsed
                  onClick={props.onToggleCollapsed}
                />
              )}
            </>
          ) : (
            // 'Contraer menú' and the quick actions as one row of icons: the entries keep the room.
            <Group gap={2} wrap="nowrap" justify="space-between" px={4}>
              <Tooltip label={es.shell.collapseMenu} withArrow openDelay={150}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label={es.shell.collapseMenu}
                  onClick={props.onToggleCollapsed}
                >
                  <SidebarCollapseIcon size={18} />
                </ActionIcon>
              </Tooltip>
              <Group gap={2} wrap="nowrap">
                <QuickActions {...quickActions} lines={false} />
              </Group>
            </Group>
          )}
          <UserMenu
            me={me}
            collapsed={collapsed}
            mobile={mobile}
            onOpenDialog={props.onOpenDialog}
          />
        </Stack>
      </AppShell.Section>
    </>
  );
}

/** A count as its badge shows it: above 99, '99+'. */
function badgeText(count: number) {
  return count > 99 ? '99+' : String(count);
}

function badgeWidth(count: number | undefined) {
  return BADGE_WIDTH[badgeText(count ?? 0).length] ?? 40;
}

/** The sellers panel's id on the home page: 'Vendedores' scrolls to it. */
const SELLERS_ANCHOR = 'vendedores';

function itemKey(item: MenuItem) {
  return item.kind === 'entry' ? item.entry.id : `group-${item.group.id}`;
}

/** Company (its logo when it has one) and the user's name. */
function MenuHead({ me }: { me: Me }) {
  return (
    <AppShell.Section className={classes.menuHead}>
      {me.tenant.logo ? (
        <img src={fileSrc(me.tenant.logo)} alt={me.tenant.name} className={classes.companyLogo} />
      ) : (
        <Text fw={700} size="sm" lineClamp={2}>
          {me.tenant.name}
        </Text>
      )}
      <Text size="sm" fw={500} mt={6} lineClamp={2} data-testid="menu-user-name">
        {fullNameOf(me.user)}
      </Text>
    </AppShell.Section>
  );
}

/**
 * The address the menu marks: a contact's view belongs to where it was opened from ('Inbox',
 * 'Carteras compartidas', 'Conversaciones', or 'Contactos' from the list), like its back link.
 */
function useMenuPath(meId: string) {
  const pathname = useLocation({ select: (location) => location.pathname });
  const search = useSearch({ strict: false }) as { id?: unknown; inbox?: unknown };
  if (pathname !== '/contact' || typeof search.id !== 'string') return pathname;
  return backLink(typeof search.inbox === 'string' ? search.inbox : undefined, meId).link.to;
}

function MenuItemView({ item, ...props }: SideMenuProps & { item: MenuItem }) {
  const pathname = useMenuPath(props.me.user.id);
  if (item.kind === 'entry') return <EntryLink entry={item.entry} {...props} />;
  const Icon = MENU_ICONS[item.group.icon];
  // A group holding the current screen starts open, whatever its default.
  const holdsCurrent = item.entries.some(
    (entry) => entry.path && (pathname === entry.path || pathname.startsWith(`${entry.path}/`)),
  );
  if (props.collapsed) {
    // Icons only: the group's entries stand between two thin rules.
    return (
      <>
        <Divider my={4} mx="sm" />
        {item.entries.map((entry) => (
          <EntryLink key={entry.id} entry={entry} {...props} />
        ))}
        <Divider my={4} mx="sm" />
      </>
    );
  }
  return (
    <NavLink
      component="button"
      type="button"
      label={item.group.label}
      leftSection={<Icon />}
      defaultOpened={item.group.defaultOpened || holdsCurrent}
      classNames={{
        root: classes.item,
        section: classes.itemSection,
        children: classes.groupChildren,
      }}
      childrenOffset={0}
    >
      {item.entries.map((entry) => (
        <EntryLink key={entry.id} entry={entry} {...props} />
      ))}
    </NavLink>
  );
}

function EntryLink({
  entry,
  me,
  collapsed,
  onNavigate,
}: SideMenuProps & {
  entry: MenuEntry;
}) {
  const hash = useLocation({ select: (location) => location.hash });
  const pathname = useMenuPath(me.user.id);
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const choosing = Boolean(search['view-user'] || search['view-group']);
  const trpc = useTRPC();
  // The companies panel is labelled per tenant (01 §2); the shell's loader fetched it already.
  // Asked only while the signed-in user (read live: the menu may outlive a sign-out or an
  // account switch by one render) may open companies.
  const liveMe = useMe();
  const companies = useQuery({
    ...trpc.company.settings.queryOptions(),
    staleTime: SETTINGS_STALE_MS,
    enabled:
      entry.id === 'companies' &&
      liveMe !== null &&
      guardRoute(guardUserOf(liveMe), '/companies').kind === 'allow',
  });
  // 'Solicitudes' too may carry the company's own name (01 §2).
  const label =
    entry.id === 'companies'
      ? (companies.data?.panelLabel ?? entry.label)
      : entry.id === 'requestSale'
        ? (me.settings.requestSaleLabel ?? entry.label)
        : entry.label;
  // 'Inbox' carries the count of unassigned contacts (01 §2).
  const unassigned = useUnassignedCount(entry.id === 'inbox');
  // The inboxes carry their unread conversations (issue #33 item 1).
  const unreadCounts = useUnreadCounts().data;
  const unread =
    entry.id === 'conversations'
      ? unreadCounts?.conversations
      : entry.id === 'inbox'
        ? (unreadCounts?.unassigned ?? undefined)
        : entry.id === 'sharedInbox'
          ? unreadCounts?.shared.reduce((sum, inbox) => sum + inbox.count, 0)
          : undefined;
  const unreadBadge = unread ? (
    <Badge
      size="sm"
      variant="filled"
      color="green"
      circle={unread < 10}
      title={format(es.conversation.inbox.unreadConversations, { n: unread })}
      data-testid={`menu-${entry.id}-unread`}
    >
      {badgeText(unread)}
    </Badge>
  ) : undefined;
  const countBadge =
    entry.id === 'inbox' && unassigned.data !== undefined ? (
      <Badge
        size="sm"
        variant="filled"
        color="red"
        circle={unassigned.data < 10}
        title={format(es.conversation.inbox.unassignedBadge, { n: unassigned.data })}
        data-testid="menu-inbox-count"
      >
        {unassigned.data}
      </Badge>
    ) : undefined;
  // 'Inbox' carries both counts in the link; elsewhere the unread count stands beside the link,
  // whose text stays the entry's label.
  const badge =
    entry.id === 'inbox' && unreadBadge && countBadge ? (
      <Group gap={4} wrap="nowrap">
        {unreadBadge}
        {countBadge}
      </Group>
    ) : (
      (countBadge ?? (entry.id === 'inbox' ? unreadBadge : undefined))
    );
  const besideBadge = entry.id === 'inbox' ? undefined : unreadBadge;
  // The companies panel carries the icon the company chose ('Mi Empresa').
  const Icon =
    (entry.id === 'companies' &&
      COMPANY_PANEL_ICON_COMPONENTS[companies.data?.icon as CompanyPanelIcon]) ||
    MENU_ICONS[entry.icon];
  const icon =
    entry.id === 'company' && me.tenant.logo ? (
      // A wide logo fits whole in the square instead of being cropped.
      <Avatar
        src={fileSrc(me.tenant.logo)}
        alt=""
        size={22}
        radius="sm"
        styles={{ image: { objectFit: 'contain' } }}
      />
    ) : collapsed && entry.id === 'inbox' && unassigned.data ? (
      // Collapsed, the count rides on the icon.
      <Indicator label={unassigned.data} size={16} color="red" offset={2}>
        <Icon />
      </Indicator>
    ) : collapsed && unread ? (
      // The unread conversations ride on the icon too (issue #33).
      <Indicator label={unread} size={16} color="green" offset={2}>
        <Icon />
      </Indicator>
    ) : (
      <Icon />
    );

  // 'Vendedores' has no route of its own: it opens the sellers panel on the home page.
  // 'Mi Empresa' of a user manager opens its 'Usuarios' tab (the policy's section fallbacks).
  const to = entryPath(guardUserOf(me), entry) ?? '/';
  const onSellers = choosing || hash === SELLERS_ANCHOR;
  const active =
    entry.id === 'sellers'
      ? pathname === '/' && onSellers
      : entry.path === '/'
        ? pathname === '/' && !onSellers
        : // The screen's own rule: '/contact/unassigned' is 'Inbox', not also 'Conversaciones'.
          // 'Mi Empresa' is current on every one of its tabs.
          entry.path !== null &&
          (ruleFor(pathname)?.path === to ||
            (entry.id === 'company' && pathWithin(pathname, entry.path)));

  return (
    <NavItem
      label={label}
      icon={icon}
      collapsed={collapsed}
      active={active}
      link={{ to, hash: entry.id === 'sellers' ? SELLERS_ANCHOR : undefined }}
      onClick={onNavigate}
      badge={badge}
      beside={besideBadge}
      besideWidth={badgeWidth(unread)}
    />
  );
}

/** While an admin uses someone's account: the way back, as a line of its own. */
function ReturnAction(props: SideMenuProps) {
  const { me, collapsed } = props;
  if (!me.impersonatedBy) return null;
  return (
    <NavItem
      label={es.shell.returnToAdmin}
      icon={<ReturnIcon />}
      collapsed={collapsed}
      color="orange"
      active
      onClick={props.onReturnToAdmin}
      disabled={props.returningToAdmin}
    />
  );
}
