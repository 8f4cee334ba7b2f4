import { es } from './i18n/es';
import {
  CAPABILITY_ROLES,
  hasRole,
  hasSlug,
  pathWithin,
  ruleFor,
  sectionPathFor,
  type PermissionSlug,
  type PolicySubject,
} from './policy';
import type { Role } from './roles';

/**
 * The side menu of 01 §2 as data: its entries in the specification's order, the groups that
 * collect them and who sees each one. The web draws it; the policy decides it.
 *
 * Where the specification is silent, ours (kept here so the menu and its test agree):
 * - 'Carteras compartidas' is the shared contact inbox (/contact/sharedinbox) and 'Inbox' the
 *   unassigned inbox (/contact/unassigned): 01 §2 lists those two inbox screens and these two
 *   labels without pairing them.
 * - Group labels (es.menu.groups) are ours; the specification names the groups in English only.
 * - A group is drawn only when at least two of its entries are visible; a lone entry stands on
 *   its own. The backoffice group exists for the comercial role only (01 §6): anyone else who may
 *   open one of its screens sees that entry on its own.
 * - 'Rendimiento' also needs the statistics slug, so a user manager (no statistics) has no
 *   dashboard entry.
 */

export type MenuIcon =
  | 'performance'
  | 'reports'
  | 'sellers'
  | 'sales'
  | 'sharedInbox'
  | 'presale'
  | 'requestSale'
  | 'goals'
  | 'campaigns'
  | 'inbox'
  | 'conversations'
  | 'contacts'
  | 'companies'
  | 'calendar'
  | 'map'
  | 'actionsHistory'
  | 'groups'
  | 'nps'
  | 'forms'
  | 'company'
  | 'charts'
  | 'backoffice'
  | 'training'
  | 'settings';

export const MENU_GROUP_IDS = ['charts', 'backoffice', 'conversations', 'contacts'] as const;
export type MenuGroupId = (typeof MENU_GROUP_IDS)[number];

export type MenuEntryId = keyof typeof es.menu.entries;

export interface MenuEntry {
  id: MenuEntryId;
  label: string;
  icon: MenuIcon;
  /**
   * The screen it opens; its route rule (ROUTE_RULES) decides who may open it and whether it is
   * built. `null` for a parent entry without a route of its own.
   */
  path: string | null;
  /** For an entry without a route: the built screen it shows (Vendedores opens the panel on /). */
  opens?: string;
  /** Checked besides the route rule. */
  slug?: PermissionSlug;
  /** Checked besides the route rule (the only check for an entry without a route). */
  roles?: readonly Role[];
  group?: MenuGroupId;
  /**
   * Shown only to a confined user (01 §6 jailUrl) whose list holds its screen: everyone else
   * reaches it from the user menu (docs/decisions.md 'Landing screens and dead ends').
   */
  confinedOnly?: boolean;
  /**
   * Checked besides the route rule, for the entry only (its screen opens by address): 'Formularios'
   * shows when the company has a lead channel or a form (01 §2, issue #42 item 3).
   */
  shownWhen?: (subject: PolicySubject) => boolean;
}

export interface MenuGroup {
  id: MenuGroupId;
  label: string;
  icon: MenuIcon;
  /** Who gets the group; anyone else sees its visible entries on their own. */
  roles: readonly Role[] | 'all';
  /** 01 §2: backoffice, charts and conversations start expanded. */
  defaultOpened: boolean;
}

const label = es.menu.entries;

/** 01 §2 side-menu labels, in the specification's order. */
export const MENU_ENTRIES: readonly MenuEntry[] = [
  {
    id: 'performance',
    label: label.performance,
    icon: 'performance',
    path: '/',
    slug: 'statistics',
    group: 'charts',
  },
  {
    id: 'reports',
    label: label.reports,
    icon: 'reports',
    path: '/reportes/receipts',
    group: 'charts',
  },
  {
    id: 'sellers',
    label: label.sellers,
    icon: 'sellers',
    path: null,
    opens: '/',
    roles: CAPABILITY_ROLES.superviseSellers,
  },
  { id: 'sales', label: label.sales, icon: 'sales', path: '/comercial/sale', group: 'backoffice' },
  {
    id: 'sharedInbox',
    label: label.sharedInbox,
    icon: 'sharedInbox',
    path: '/contact/sharedinbox',
    group: 'conversations',
  },
  { id: 'presale', label: label.presale, icon: 'presale', path: '/presale', group: 'backoffice' },
  {
    id: 'requestSale',
    label: label.requestSale,
    icon: 'requestSale',
    path: '/comercial/requestsale',
    group: 'backoffice',
  },
  { id: 'goals', label: label.goals, icon: 'goals', path: '/comercial/goals', group: 'backoffice' },
  {
    id: 'campaigns',
    label: label.campaigns,
    icon: 'campaigns',
    path: '/campaigns',
    group: 'contacts',
  },
  {
    id: 'inbox',
    label: label.inbox,
    icon: 'inbox',
    path: '/contact/unassigned',
    group: 'conversations',
  },
  {
    id: 'conversations',
    label: label.conversations,
    icon: 'conversations',
    path: '/contact',
    group: 'conversations',
  },
  { id: 'contacts', label: label.contacts, icon: 'contacts', path: '/contacts', group: 'contacts' },
  {
    id: 'companies',
    label: label.companies,
    icon: 'companies',
    path: '/companies',
    group: 'contacts',
  },
  {
    id: 'calendar',
    label: label.calendar,
    icon: 'calendar',
    path: '/contact/calendar',
    group: 'contacts',
  },
  { id: 'map', label: label.map, icon: 'map', path: '/contacts/map', group: 'contacts' },
  {
    id: 'actionsHistory',
    label: label.actionsHistory,
    icon: 'actionsHistory',
    path: '/actionsHistory',
    group: 'contacts',
  },
  { id: 'groups', label: label.groups, icon: 'groups', path: '/grupos' },
  {
    id: 'nps',
    label: label.nps,
    icon: 'nps',
    path: '/comercial/netpromoterscore',
    group: 'backoffice',
  },
  {
    id: 'forms',
    label: label.forms,
    icon: 'forms',
    path: '/comercial/forms',
    group: 'backoffice',
    shownWhen: (subject) => (subject.settings?.formChannels ?? 0) > 0,
  },
  // Shows the company logo instead of its icon when the company has one (01 §2); its channels
  // are a tab of the page (/company/channels).
  { id: 'company', label: label.company, icon: 'company', path: '/company' },
  {
    id: 'training',
    label: label.training,
    icon: 'training',
    path: '/training',
    confinedOnly: true,
  },
  {
    id: 'settings',
    label: label.settings,
    icon: 'settings',
    path: '/settings',
    confinedOnly: true,
  },
];

export const MENU_GROUPS: Record<MenuGroupId, MenuGroup> = {
  charts: {
    id: 'charts',
    label: es.menu.groups.charts,
    icon: 'charts',
    roles: 'all',
    defaultOpened: true,
  },
  backoffice: {
    id: 'backoffice',
    label: es.menu.groups.backoffice,
    icon: 'backoffice',
    roles: CAPABILITY_ROLES.backOffice,
    defaultOpened: true,
  },
  conversations: {
    id: 'conversations',
    label: es.menu.groups.conversations,
    icon: 'conversations',
    roles: 'all',
    defaultOpened: true,
  },
  contacts: {
    id: 'contacts',
    label: es.menu.groups.contacts,
    icon: 'contacts',
    roles: 'all',
    defaultOpened: false,
  },
};

export type MenuItem =
  { kind: 'entry'; entry: MenuEntry } | { kind: 'group'; group: MenuGroup; entries: MenuEntry[] };

export interface MenuOptions {
  /** Whether a screen exists yet; by default its route rule's `built`. Tests may pretend. */
  isBuilt?: (path: string) => boolean;
}

function builtByRule(path: string): boolean {
  const rule = ruleFor(path);
  return rule !== undefined && rule.path === path && rule.built && !rule.menuHidden;
}

/** A subject the menu is drawn for: a confined user (01 §6 jailUrl) has the prefixes. */
export type MenuSubject = PolicySubject & { jailUrl?: readonly string[] };

/**
 * An entry is shown when its screen is built and the user may open it (01 §6); a confined user
 * sees only the entries inside the prefixes they are kept to (the guard would send them back).
 */
export function isEntryVisible(
  subject: MenuSubject,
  entry: MenuEntry,
  options: MenuOptions = {},
): boolean {
  const isBuilt = options.isBuilt ?? builtByRule;
  const target = entry.path ?? entry.opens;
  if (!target || !isBuilt(target)) return false;
  if (entry.roles && !hasRole(subject, entry.roles)) return false;
  if (entry.slug && !hasSlug(subject, entry.slug)) return false;
  if (entry.shownWhen && !entry.shownWhen(subject)) return false;
  const jail = subject.jailUrl ?? [];
  if (entry.confinedOnly && jail.length === 0) return false;
  if (entry.path && jail.length > 0 && !jail.some((prefix) => pathWithin(entry.path!, prefix))) {
    return false;
  }
  return entry.path === null || entryPath(subject, entry) !== undefined;
}

/**
 * Where an entry leads this user: its screen, or the part of its section that is theirs ('Mi
 * Empresa' of a user manager opens 'Usuarios'); undefined when none is.
 */
export function entryPath(subject: PolicySubject, entry: MenuEntry): string | undefined {
  if (entry.path === null) return entry.opens;
  return sectionPathFor(subject, entry.path);
}

/**
 * What the user's side menu shows, top to bottom. Entries keep the specification's order; a
 * group takes the place of its first visible entry and holds all of its visible entries.
 */
export function visibleMenu(subject: MenuSubject, options: MenuOptions = {}): MenuItem[] {
  const visible = MENU_ENTRIES.filter((entry) => isEntryVisible(subject, entry, options));
  const grouped = (entry: MenuEntry): MenuGroup | undefined => {
    if (!entry.group) return undefined;
    const group = MENU_GROUPS[entry.group];
    if (!hasRole(subject, group.roles)) return undefined;
    const members = visible.filter((each) => each.group === group.id);
    return members.length >= 2 ? group : undefined;
  };

  const items: MenuItem[] = [];
  const placed = new Set<MenuGroupId>();
  for (const entry of visible) {
    const group = grouped(entry);
    if (!group) {
      items.push({ kind: 'entry', entry });
    } else if (!placed.has(group.id)) {
      placed.add(group.id);
      items.push({
        kind: 'group',
        group,
        entries: visible.filter((each) => each.group === group.id),
      });
    }
  }
  return items;
}

/** The labels of a menu, flattened (groups as `Group > Entry`): handy in tests and logs. */
export function menuLabels(items: readonly MenuItem[]): string[] {
  return items.flatMap((item) =>
    item.kind === 'entry'
      ? [item.entry.label]
      : item.entries.map((entry) => `${item.group.label} > ${entry.label}`),
  );
}
