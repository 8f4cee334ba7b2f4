import type { Role, UserType } from './roles';

/**
 * Who may see and do what: one module for the web (menu, route guard) and the server (the same
 * checks on every procedure). The specification names the slugs, flags and capabilities (01 §2,
 * §6; 02 §6) but not which role holds each slug: that mapping is ours, documented in
 * docs/decisions.md ("Permission slugs").
 */

export const PERMISSION_SLUGS = [
  'comercial-sale',
  'statistics',
  'comercial-presale',
  'retention',
  'company',
  'settings',
  'unassigned',
  'conversation',
  'sharedContactInbox',
  'campaigns',
  'actionsHistory',
  'contacts',
  'contact-calendar',
  'contacts-map',
  'groups',
  'comercial-goals',
  'training',
  'reports',
  'comercial-requestsale',
  'comercial-companies',
  'net-promoter-score',
  'forms',
] as const;
export type PermissionSlug = (typeof PERMISSION_SLUGS)[number];

/**
 * Per-group feature flags (1 on, 0 off; 01 §3, §4, 02 §6, 03 §6 and the project's own), with
 * their Spanish labels in `es.admin.flags`. A group inherits each flag from the nearest group
 * above it that sets it (`resolveFlags`); every reader asks `flagOn`.
 */
export const FEATURE_FLAGS = [
  'inbox',
  'locationField',
  'campaigns',
  'disableHistoryActions',
  'hideContactPhoto',
  'businessSalesModel',
  'requestSale',
  'disableRequestSale',
  'goalsDisabled',
  'snooze',
  'training',
  'internalPhoneNumbers',
  'requiredCompany',
  'requiredTags',
  'sectors',
  'disableLastname',
  'disableGovId',
  'messageGeneration',
  'disableMandatoryCompanyFields',
  'enableCompanyGroupSectors',
  'subConversations',
  'showAllSellers',
  'showAllAgents',
  /** 03 §2.2: the composer's 'Venta Manual' tab. */
  'manualSale',
  // 02 §6 "location": the location field required (locationField only shows it).
  'locationRequired',
  // 03 §6
  'sharedVisits',
  'alwaysPermanentReminders',
  'pressToCall',
  // 03 §6: personal e-mail needs e-mail providers plus a feature flag (issue #38).
  'personalEmail',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];
export type FeatureFlags = Partial<Record<string, 0 | 1>>;

const ALL_ROLES: readonly Role[] = [
  'admin',
  'super',
  'comercial',
  'project_manager',
  'user',
  'users_manager',
];

/** Roles holding each slug (our decision where 01 §6 is silent). */
export const SLUG_ROLES: Record<PermissionSlug, readonly Role[]> = {
  statistics: ['admin', 'super', 'comercial', 'project_manager', 'user'],
  reports: ['super', 'comercial', 'project_manager'],
  'comercial-sale': ['comercial'],
  'comercial-presale': ['comercial'],
  // Admins too (our decision): they edit the company's request templates ('Plantillas').
  'comercial-requestsale': ['admin', 'comercial', 'super', 'user'],
  'comercial-goals': ['comercial', 'super', 'project_manager'],
  'comercial-companies': ['comercial', 'super', 'project_manager', 'user'],
  'net-promoter-score': ['project_manager', 'comercial'],
  forms: ['comercial', 'project_manager'],
  retention: ['super', 'comercial', 'project_manager'],
  company: ['comercial', 'users_manager', 'project_manager'],
  settings: ALL_ROLES,
  unassigned: ['super', 'comercial', 'project_manager', 'user'],
  // Admins too (our decision): 03 §6 gives them note attachments on the conversation screen.
  conversation: ['admin', 'super', 'comercial', 'project_manager', 'user'],
  sharedContactInbox: ['super', 'comercial', 'project_manager', 'user'],
  campaigns: ['project_manager'],
  actionsHistory: ['project_manager', 'super', 'comercial'],
  contacts: ['admin', 'super', 'comercial', 'project_manager', 'user'],
  'contact-calendar': ['super', 'comercial', 'project_manager', 'user'],
  'contacts-map': ['super', 'comercial', 'project_manager', 'user'],
  groups: ['admin'],
  training: ALL_ROLES,
};

/** What the policy needs to know about a user. */
export interface PolicySubject {
  roles: readonly Role[];
  userType?: UserType;
  featureFlags: FeatureFlags;
  /** Tenant settings that gate entries (01 §6). Missing = off. */
  settings?: {
    presale?: boolean;
    formChannels?: number;
  };
}

/**
 * THE reader of a feature flag, for the web and the server alike: whether `flag` is on for a
 * user (their merged flags, `auth.me` / the session) or a group (its resolved flags).
 */
export function flagOn(subject: Pick<PolicySubject, 'featureFlags'>, flag: FeatureFlag): boolean {
  return subject.featureFlags[flag] === 1;
}

export function isFeatureFlag(value: string): value is FeatureFlag {
  return (FEATURE_FLAGS as readonly string[]).includes(value);
}

/**
 * The flags in force at the end of a group path: each group's own flags, root first, so the
 * nearest group that sets a flag decides (a group overrides what it inherits).
 */
export function resolveFlags(pathFlags: ReadonlyArray<FeatureFlags | undefined>): FeatureFlags {
  const merged: FeatureFlags = {};
  for (const flags of pathFlags) {
    for (const [flag, value] of Object.entries(flags ?? {})) {
      if (value === 0 || value === 1) merged[flag] = value;
    }
  }
  return merged;
}

export function hasRole(subject: Pick<PolicySubject, 'roles'>, roles: readonly Role[] | 'all') {
  return roles === 'all' || subject.roles.some((role) => roles.includes(role));
}

/** A slug holds when one of the user's roles has it and its flags (01 §6) allow it. */
export function hasSlug(subject: PolicySubject, slug: PermissionSlug): boolean {
  if (!hasRole(subject, SLUG_ROLES[slug])) return false;
  switch (slug) {
    case 'comercial-companies':
      return flagOn(subject, 'businessSalesModel');
    case 'comercial-requestsale':
      return flagOn(subject, 'requestSale') && !flagOn(subject, 'disableRequestSale');
    case 'comercial-goals':
      return !flagOn(subject, 'goalsDisabled');
    case 'campaigns':
      return flagOn(subject, 'campaigns');
    case 'actionsHistory':
      return !flagOn(subject, 'disableHistoryActions');
    case 'unassigned':
    case 'sharedContactInbox':
      return flagOn(subject, 'inbox');
    case 'training':
      return flagOn(subject, 'training');
    case 'comercial-presale':
      return subject.settings?.presale === true;
    default:
      return true;
  }
}

// ---------------------------------------------------------------------------------------------
// Named capabilities (issue #32 §2): who may do what, named by what it means in 01 §6 and our
// decisions. The server's roleProcedure, the REST routes and the services ask these, and the
// web's screens and menu follow them; no module or component keeps its own list of roles.
// Whose records a user reaches is the other question (`contactReach`, the server's access module).

export const CAPABILITY_ROLES = {
  /**
   * 01 §6 'Groups administration and account switcher': the group tree, its flags and audit log,
   * other companies, acting as another user, naming the company's coach, granting the admin role.
   */
  administer: ['admin'],
  /** Edits the company's configuration in 'Mi Empresa' (fields, catalogues, conversation, sales). */
  configureCompany: ['admin', 'comercial', 'project_manager'],
  /** 01 §6 'Company entry': opens 'Mi Empresa' (its overview and its users' list). */
  enterCompany: SLUG_ROLES.company,
  /** Creates, edits, deactivates the company's users and resets their passwords. */
  manageUsers: ['admin', 'users_manager'],
  /**
   * Sets the password policy and the external contact system ('Seguridad e integraciones'): not
   * user or project managers, the token reaches the company's own systems (docs/decisions.md).
   */
  configureSecurity: ['admin', 'comercial'],
  /** Manages the shared inboxes ('Mi Empresa' › 'Carteras compartidas'). */
  manageSharedInboxes: ['admin', 'comercial'],
  /** Edits the request templates ('Solicitudes' › 'Plantillas') and lists inactive ones. */
  manageRequestTemplates: ['admin', 'comercial'],
  /** 01 §3 Goals: the company goal configuration. */
  configureGoals: ['comercial', 'project_manager'],
  /** Deletes a company of 'Empresas'. */
  deleteCompanies: ['comercial', 'super', 'project_manager'],
  /** 'Reportes': the sales totals per seller, status and month. */
  readReports: SLUG_ROLES.reports,
  /** 'Rendimiento' (slug statistics): its figures, also over REST (a user manager has none). */
  readPerformance: SLUG_ROLES.statistics,
  /**
   * 01 §6 'Backoffice group': the back office of sales and requests (audit, creator, forced and
   * explicit statuses, seen marks, saving with required fields missing, manual-sale fields).
   */
  backOffice: ['comercial'],
  /**
   * Oversees sellers (01 §6 'Sellers panel', 'Dashboard submenu panel on /'; 03 §2.1 another
   * seller's inbox and an agent's profile).
   */
  superviseSellers: ['super', 'comercial'],
  /** 01 §6 'Disconnected-channels alert': follows the company's disconnected channels. */
  followChannels: ['project_manager'],
  /** Reads hidden request comments, hides and shows them and deletes anyone's. */
  moderateComments: ['admin'],
  /** 03 §6: attaches files to a note. */
  attachNoteFiles: ['admin'],
  /**
   * NPS figures and answers (issue #42 item 1): 'NPS' (slug net-promoter-score) and, for
   * supervisors, 'Rendimiento'; each within their reach.
   */
  readNpsFigures: ['super', 'comercial', 'project_manager'],
} as const satisfies Record<string, readonly Role[]>;
export type Capability = keyof typeof CAPABILITY_ROLES;

/** Whether one of the user's roles holds the capability. */
export function can(subject: Pick<PolicySubject, 'roles'>, capability: Capability): boolean {
  return hasRole(subject, CAPABILITY_ROLES[capability]);
}

/** Who coaches (03 §2 'Aprender'): the company's coach and admins manage classes and posts. */
export function coaches(
  subject: Pick<PolicySubject, 'roles'> & { id: string },
  coachId: string | null | undefined,
): boolean {
  return can(subject, 'administer') || (!!coachId && coachId === subject.id);
}

/**
 * 03 §2: a sub-conversation item links to its conversation only for users holding both the
 * comercial and super roles.
 */
export function linksSubConversations(subject: Pick<PolicySubject, 'roles'>): boolean {
  return subject.roles.includes('comercial') && subject.roles.includes('super');
}

/** Whose reach is own: a user who sees only the contacts (and records) assigned to them. */
export function reachIsOwn(subject: Pick<PolicySubject, 'roles'>): boolean {
  return contactReach(subject.roles) === 'own';
}

/**
 * The screens of the product with who may open them. `roles: 'all'` admits every signed-in
 * user; a slug adds its own check. `built` is false until the screen exists: the menu hides it
 * and the guard treats it as unknown (404), so there are no placeholder pages.
 */
export interface RouteRule {
  path: string;
  roles: readonly Role[] | 'all';
  slug?: PermissionSlug;
  built: boolean;
  /**
   * The route is built but what its menu entry promises is not yet (a screen that shares its
   * path with another one still to come): the menu hides it.
   */
  menuHidden?: boolean;
  /**
   * Checked besides roles and slug when this very screen is opened, not for the procedures of its
   * area nor the screens below it (issue #35 item 5): '/' is 'Rendimiento' (statistics), while the
   * frame's procedures declare '/' too; '/company' is the configuration tab of 'Mi Empresa'.
   */
  screen?: { roles?: readonly Role[]; slug?: PermissionSlug };
}

export const ROUTE_RULES: readonly RouteRule[] = [
  // 'Rendimiento' needs statistics: a user manager starts elsewhere (LANDING_PATHS).
  { path: '/', roles: 'all', built: true, screen: { slug: 'statistics' } },
  { path: '/reportes/receipts', roles: 'all', slug: 'reports', built: true },
  { path: '/contacts', roles: 'all', slug: 'contacts', built: true },
  { path: '/contact/unassigned', roles: 'all', slug: 'unassigned', built: true },
  { path: '/contact/sharedinbox', roles: 'all', slug: 'sharedContactInbox', built: true },
  { path: '/contact/calendar', roles: 'all', slug: 'contact-calendar', built: true },
  { path: '/contact', roles: 'all', slug: 'conversation', built: true },
  { path: '/contacts/map', roles: 'all', slug: 'contacts-map', built: true },
  { path: '/actionsHistory', roles: 'all', slug: 'actionsHistory', built: true },
  { path: '/campaigns', roles: 'all', slug: 'campaigns', built: false },
  { path: '/companies', roles: 'all', slug: 'comercial-companies', built: true },
  // Its address is its first tab, the configuration editors; its other tabs have their rules.
  {
    path: '/company',
    roles: 'all',
    slug: 'company',
    built: true,
    screen: { roles: CAPABILITY_ROLES.configureCompany },
  },
  { path: '/company/channels', roles: 'all', slug: 'company', built: true },
  /** 'Mi Empresa' › 'Usuarios': the company's users, for its user managers (issue #17). */
  { path: '/company/users', roles: ['users_manager'], slug: 'company', built: true },
  /**
   * 'Mi Empresa''s configuration tabs: for those who configure the company (issue #35 item 5: a
   * user manager is not offered tabs that only say they are not for him).
   */
  {
    path: '/company/security',
    roles: CAPABILITY_ROLES.configureCompany,
    slug: 'company',
    built: true,
  },
  {
    path: '/company/fields',
    roles: CAPABILITY_ROLES.configureCompany,
    slug: 'company',
    built: true,
  },
  {
    path: '/company/sales',
    roles: CAPABILITY_ROLES.configureCompany,
    slug: 'company',
    built: true,
  },
  /** 'Mi Empresa' › 'Resumen': the company's figures and its groups tree (issue #17). */
  { path: '/company/overview', roles: 'all', slug: 'company', built: true },
  /**
   * 'Mi Empresa' › 'Carteras compartidas': the management of the shared inboxes (issue #17),
   * for those who manage them (sharedInbox.list: admin and comercial) within slug company.
   */
  {
    path: '/company/sharedinboxes',
    roles: CAPABILITY_ROLES.manageSharedInboxes,
    slug: 'company',
    built: true,
  },
  { path: '/comercial/sale', roles: 'all', slug: 'comercial-sale', built: true },
  { path: '/comercial/requestsale', roles: 'all', slug: 'comercial-requestsale', built: true },
  { path: '/comercial/goals', roles: 'all', slug: 'comercial-goals', built: true },
  { path: '/comercial/netpromoterscore', roles: 'all', slug: 'net-promoter-score', built: true },
  /**
   * 'Formularios' (issue #42 item 3): the screen opens for slug forms' roles; its menu entry shows
   * only when the company has a lead channel or an active form (menu.ts `shownWhen`,
   * docs/decisions.md 'Forms (issue #42 item 3)').
   */
  { path: '/comercial/forms', roles: 'all', slug: 'forms', built: true },
  { path: '/presale', roles: 'all', slug: 'comercial-presale', built: true },
  { path: '/grupos', roles: CAPABILITY_ROLES.administer, slug: 'groups', built: true },
  { path: '/settings', roles: 'all', slug: 'settings', built: true },
  /**
   * 'Respuestas rápidas' (issue #43 item 5; ours, docs/decisions.md 'Quick replies screen'): the
   * user's own quick replies, and the company's for those who manage them
   * (canManageCompanyQuickReplies), for whoever writes in conversations (template.* are of area
   * '/contact').
   */
  { path: '/settings/quick-replies', roles: 'all', slug: 'conversation', built: true },
  /** 'Aprender' of the user menu (01 §2): the training area (the web sends it to /training). */
  { path: '/settings/learn', roles: 'all', slug: 'training', built: true },
  /** The user's notifications (01 §2; issue #41): the list and one notification. */
  { path: '/all-notifications', roles: 'all', built: true },
  { path: '/notifications', roles: 'all', built: true },
  { path: '/training', roles: 'all', slug: 'training', built: true },
];

/**
 * Whether the user writes the company's quick replies, not only their own: those who open 'Mi
 * Empresa' (01 §6 slug company), the rule template.list/create/update/remove apply with
 * `scope: 'company'` (docs/decisions.md 'Quick replies').
 */
export function canManageCompanyQuickReplies(subject: PolicySubject): boolean {
  return canOpen(subject, '/company');
}

/** Paths every signed-in user may reach whatever else applies (the guard's own pages). */
export const GUARD_PATHS = ['/login', '/force-change-password'] as const;

/** The most specific rule whose path is the given path or a parent of it. */
export function ruleFor(path: string): RouteRule | undefined {
  let best: RouteRule | undefined;
  for (const rule of ROUTE_RULES) {
    if (pathWithin(path, rule.path) && (!best || rule.path.length > best.path.length)) best = rule;
  }
  return best;
}

/** `/training/tutorials` is within `/training`; `/trainingx` is not. */
export function pathWithin(path: string, prefix: string): boolean {
  if (prefix === '/') return path === '/';
  return path === prefix || path.startsWith(`${prefix}/`);
}

export function canOpen(subject: PolicySubject, path: string): boolean {
  const rule = ruleFor(path);
  if (!rule) return true; // unknown paths end in the 404 page, not in a redirect
  return hasRole(subject, rule.roles) && (!rule.slug || hasSlug(subject, rule.slug));
}

/**
 * Whether the user may open the screen at `path` (the guard and the menus): `canOpen` and, on
 * the rule's own path, its `screen` check. The server's procedures ask `canOpen` of their area.
 */
export function canOpenScreen(subject: PolicySubject, path: string): boolean {
  if (!canOpen(subject, path)) return false;
  const rule = ruleFor(path);
  const screen = rule?.path === path ? rule.screen : undefined;
  if (!screen) return true;
  return (
    (!screen.roles || hasRole(subject, screen.roles)) &&
    (!screen.slug || hasSlug(subject, screen.slug))
  );
}

export interface GuardUser extends PolicySubject {
  jailUrl: readonly string[];
  mustChangePassword: boolean;
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string; search?: Record<string, string> }
  /** A screen the user may not open: the web explains it and offers `home` (issue #35 item 5). */
  | { kind: 'forbidden'; home: string };

/**
 * Where each role starts (issue #35 item 5): its own work, never a screen it cannot open. A user
 * with several roles starts where the first of LANDING_ORDER they hold starts; a confined user
 * (jailUrl) at the first screen of their list.
 */
export const LANDING_PATHS: Readonly<Record<Role, string>> = {
  admin: '/',
  super: '/',
  comercial: '/',
  project_manager: '/',
  user: '/',
  users_manager: '/company/users',
};
const LANDING_ORDER: readonly Role[] = [
  'comercial',
  'super',
  'project_manager',
  'admin',
  'user',
  'users_manager',
];
/** Where a user whose roles' landing screens are all closed to them starts: their settings. */
const LAST_LANDING = '/settings';

/** The screen a user starts on, the guard's answer to '/' and the explanation page's way back. */
export function landingPath(user: PolicySubject & { jailUrl?: readonly string[] }): string {
  const jail = user.jailUrl ?? [];
  if (jail.length > 0) return jail[0]!;
  for (const role of LANDING_ORDER) {
    const path = LANDING_PATHS[role];
    if (user.roles.includes(role) && canOpenScreen(user, path)) return path;
  }
  return LAST_LANDING;
}

/**
 * A section's address whose own screen a user may not open while one of its other screens is
 * theirs leads there ('Mi Empresa' of a user manager opens its 'Usuarios').
 */
export const SECTION_FALLBACKS: Readonly<Record<string, readonly string[]>> = {
  '/company': ['/company/users', '/company/overview'],
};

/** The address a menu entry or a section leads the user to: its own, or its first fallback. */
export function sectionPathFor(subject: PolicySubject, path: string): string | undefined {
  if (canOpenScreen(subject, path)) return path;
  return SECTION_FALLBACKS[path]?.find((each) => canOpenScreen(subject, each));
}

/**
 * The route guard of 01 §4 / 02 §2, in order: no session → login with returnurl; a password
 * change owed → the change page; '/' → the user's landing screen when it is not theirs (a jail
 * list's first prefix, LANDING_PATHS); a section's address → its tab that is theirs; any other
 * screen outside a jail list or of another role or slug → 'forbidden' (explained, not
 * bounced). (Exchanging a `token` query parameter happens before, in the web.)
 */
export function guardRoute(user: GuardUser | null, path: string, fullPath = path): GuardDecision {
  if (!user) {
    if (path === '/login') return { kind: 'allow' };
    return { kind: 'redirect', to: '/login', search: { returnurl: fullPath } };
  }
  if (user.mustChangePassword) {
    if (path === '/force-change-password') return { kind: 'allow' };
    return { kind: 'redirect', to: '/force-change-password', search: { returnUrl: fullPath } };
  }
  if (path === '/force-change-password' || path === '/login') {
    return { kind: 'redirect', to: '/' };
  }
  const home = landingPath(user);
  const jailed =
    user.jailUrl.length > 0 && !user.jailUrl.some((prefix) => pathWithin(path, prefix));
  if (jailed || !canOpenScreen(user, path)) {
    // '/' is where everyone starts: it leads to the user's own landing screen.
    if (path === '/' && home !== '/') return { kind: 'redirect', to: home };
    const section = jailed ? undefined : sectionPathFor(user, path);
    if (section && section !== path) return { kind: 'redirect', to: section };
    return { kind: 'forbidden', home };
  }
  return { kind: 'allow' };
}

// ---------------------------------------------------------------------------------------------
// Who sees which contacts (issue #5 §4, 03 §2.1). The server's modules/access (reach.ts) applies
// these to every query; the web reads them only to word its screens.

/** Roles that see every contact of their tenant (and receive every contact's live events). */
export const TENANT_WIDE_CONTACT_ROLES: readonly Role[] = ['comercial', 'project_manager', 'admin'];

/** The role that sees the contacts of its group's subtree. */
export const SUPERVISOR_ROLE: Role = 'super';

/** Whose contacts a user sees: the whole tenant, their group's subtree, or their own. */
export type ContactReach = 'tenant' | 'subtree' | 'own';

export function contactReach(roles: readonly Role[]): ContactReach {
  if (roles.some((role) => TENANT_WIDE_CONTACT_ROLES.includes(role))) return 'tenant';
  if (roles.includes(SUPERVISOR_ROLE)) return 'subtree';
  return 'own';
}

// ---------------------------------------------------------------------------------------------
// Procedures without a screen of their own (01 §6 jailUrl). A procedure that serves one screen
// declares it as its area; the others are listed here by what needs them: the app frame on every
// screen, or the screens that use them. A user confined by a jail list may call a procedure whose
// area is inside the jail, a frame procedure, or one listed for a screen inside the jail; nothing
// else. The server's authorisation harness fails when a procedure without an area is not here.
// A REST route without an area names the procedure it mirrors, or is listed as 'METHOD /path'.

export const FRAME = 'frame';

/** What a sheet with configurable fields needs: the fields, their options, addresses, pickers. */
const FIELD_PROCEDURES = [
  'customField.forForm',
  'customField.checkUnique',
  'customField.createSharedOption',
  'customField.updateSharedOption',
  'customField.deleteSharedOption',
  'place.status',
  'place.search',
  'place.details',
  'contact.lookup',
  'user.lookup',
];

/**
 * The sales a user works with wherever they are (issue #14): a seller their own, the back office
 * all; the service scopes every call (modules/receipts).
 */
const SALE_PROCEDURES = [
  'receipt.list',
  'receipt.get',
  'receipt.create',
  'receipt.updateFieldValue',
  'receipt.config',
];

/**
 * Request sales, 'Solicitudes' (issue #15): the contact's panel, the editor and its comments,
 * sharing and pickers, wherever a request opens (the conversation, the back office); the
 * service decides who sees and changes which (modules/request-sales).
 */
const REQUEST_SALE_PROCEDURES = [
  'requestSale.templates',
  'requestSale.template',
  'requestSale.defaultTemplate',
  'requestSale.viewer',
  'requestSale.listByContact',
  'requestSale.get',
  'requestSale.create',
  'requestSale.update',
  'requestSale.changeStatus',
  'requestSale.delete',
  'requestSale.createClient',
  'requestSale.contactByPhone',
  'requestSale.searchField',
  'requestSale.sellers',
  'requestSale.shareUsers',
  'requestSale.share',
  'requestSale.unshare',
  'requestSale.comments',
  'requestSale.addComment',
  'requestSale.deleteComment',
  'requestSale.setCommentVisible',
  'requestSale.markSeen',
  'requestSale.unseen',
];

/** The request template editor (admins and commercial users). */
const REQUEST_TEMPLATE_PROCEDURES = [
  'requestSale.templates',
  'requestSale.template',
  'requestSale.createTemplate',
  'requestSale.updateTemplate',
  'requestSale.setTemplateActive',
  'requestSale.setLabel',
];

/** The users of the company as admins and user managers manage them (issue #17). */
const ADMIN_USER_PROCEDURES = [
  'admin.groups',
  'admin.users',
  'admin.createUser',
  'admin.updateUser',
  'admin.setUserActive',
  'admin.resetPassword',
  'admin.forcePasswordChange',
  // The user dialog's photo goes through the upload flow.
  'POST /api/aws/documents',
];

export const PROCEDURES_WITHOUT_AREA: Readonly<Record<string, readonly string[]>> = {
  /** Session, menus, user menu dialogs and live events: every screen's frame. */
  [FRAME]: [
    'system.info',
    'auth.me',
    'auth.login',
    'auth.logout',
    'auth.exchangeToken',
    'auth.changePassword',
    'auth.dismissNewVersion',
    'activity.list',
    'account.companies',
    'account.users',
    'account.switchTo',
    'account.returnToAdmin',
    'account.linked',
    'account.switchLinked',
    'realtime.events',
    // The shell's disconnected-channels alert (01 §2), for project managers.
    'channel.disconnected',
    'GET /api/channels/disconnectedCount',
    // Whether the side menu shows 'Formularios' (01 §6: lead-ads channels above 0).
    'GET /api/channels/forms/count',
    // The shell's notices of customers' messages follow the user's preferences (issue #33).
    'settings.notificationPreferences',
    // In-app notifications (issue #41): the banner, the bottom-right notice, the user menu's
    // count, /all-notifications and /notifications/{id}, the caller's own only.
    'notification.list',
    'notification.page',
    'notification.get',
    'notification.unreadCount',
    'notification.track',
    // The phone (issue #39): the softphone of the user menu, the incoming-call widget's lookup
    // of the number among the caller's contacts, the caller's own call log.
    'phone.providers',
    'phone.contactByPhone',
    'phone.calls',
  ],
  /** The user's own preferences, and the uploads of its photo, logo and signature (REST). */
  '/settings': [
    'settings.appearance',
    'settings.updateAppearance',
    'POST /api/settings/getPressignedUrl',
  ],
  /**
   * The contact sheet and the conversation: pickers, configurable fields, attachments (REST),
   * and the sales of the 'Venta Manual' tab and the info panel's sales section.
   */
  '/contact': [
    'catalog.tags',
    'catalog.origins',
    // 03 §2.1, §2.2: the shortcut tabs and the info panel's shortcuts.
    'catalog.shortcuts',
    ...FIELD_PROCEDURES,
    'POST /api/aws/documents',
    ...SALE_PROCEDURES,
    ...REQUEST_SALE_PROCEDURES,
  ],
  /** The request sales back office: the editor opens there too, and the template editor. */
  '/comercial/requestsale': [...REQUEST_SALE_PROCEDURES, ...REQUEST_TEMPLATE_PROCEDURES],
  /** 'Ventas' (the back office) and 'Reportes' read and write sales through the same calls. */
  '/comercial/sale': [...SALE_PROCEDURES, 'receipt.count'],
  '/reportes/receipts': ['receipt.list', 'receipt.get'],
  /** 'Crear preventa': the presale template and the create call. */
  '/presale': SALE_PROCEDURES,
  /** The contacts list's filters and the multi-contact transfer. */
  '/contacts': ['catalog.tags', 'catalog.origins', 'customField.forForm', 'user.lookup'],
  /** A company's sheet: its configurable fields, address and pickers. */
  '/companies': FIELD_PROCEDURES,
  /** 'Carteras compartidas': the user pickers of its list. */
  '/contact/sharedinbox': ['user.lookup'],
  /** 'Mi Empresa' › 'Carteras compartidas': their management (issue #17). */
  '/company/sharedinboxes': [
    'sharedInbox.list',
    'sharedInbox.create',
    'sharedInbox.update',
    'sharedInbox.remove',
    'user.lookup',
  ],
  /**
   * 'Administración': the tree and the users (admins and user managers manage users; the group
   * writes, flags and audit log declare the area /grupos).
   */
  '/grupos': ADMIN_USER_PROCEDURES,
  /** 'Mi Empresa': the company's configuration editors, and its users (user managers). */
  '/company': [
    ...ADMIN_USER_PROCEDURES,
    'customField.list',
    'customField.create',
    'customField.update',
    'catalog.allTags',
    'catalog.groupChoices',
    'catalog.allOrigins',
    'catalog.createTag',
    'catalog.updateTag',
    'catalog.createOrigin',
    'catalog.updateOrigin',
    'catalog.allArchivingReasons',
    'catalog.createArchivingReason',
    'catalog.updateArchivingReason',
    // The conversation configuration editors (03 §3 Shortcut, Visit result, crmConfig).
    'catalog.shortcuts',
    'catalog.createShortcut',
    'catalog.updateShortcut',
    'catalog.deleteShortcut',
    'catalog.orderShortcuts',
    'catalog.allVisitResults',
    'catalog.createVisitResult',
    'catalog.updateVisitResult',
    'catalog.conversationRules',
    'catalog.saveVisitComment',
    'catalog.saveFeedbackRoles',
    'catalog.crmConfig',
    'catalog.saveCrmConfig',
    'company.modifyDefaultField',
    // The field and sale configuration editors (issue #17).
    'contact.formSettings',
    'contact.saveFormSettings',
    'company.savePanel',
    'receipt.saleConfig',
    'receipt.saveSaleConfig',
    'receipt.saveBubbleTemplate',
    // The request template editor's writes (its reads are the request screens').
    'requestSale.createTemplate',
    'requestSale.updateTemplate',
    'requestSale.setTemplateActive',
    'requestSale.setLabel',
    // 'Seguridad e integraciones': the password policy and the external contact system.
    'security.rules',
    'security.updateRules',
    'security.externalIntegrations',
    'security.updateExternalIntegrations',
    'security.testExternalIntegration',
    // Its outbound webhooks (issue #36 item 4).
    'webhook.list',
    'webhook.create',
    'webhook.update',
    'webhook.remove',
    'webhook.deliveries',
    'webhook.resend',
    'webhook.sendTest',
    // The company's phone provider and restricted numbers (issue #39).
    'phone.connection',
    'phone.connect',
    'phone.disconnect',
    'phone.blockedNumbers',
    'phone.blockNumber',
    'phone.unblockNumber',
  ],
};

/** Whether a user's jail list (empty = no jail) lets them call the procedure at `path`. */
export function jailAdmits(
  jailUrl: readonly string[],
  procedure: { path: string; area?: string | undefined },
): boolean {
  if (jailUrl.length === 0) return true;
  const inside = (area: string) => jailUrl.some((prefix) => pathWithin(area, prefix));
  if (procedure.area) return inside(procedure.area);
  return Object.entries(PROCEDURES_WITHOUT_AREA).some(
    ([use, paths]) => paths.includes(procedure.path) && (use === FRAME || inside(use)),
  );
}

// ---------------------------------------------------------------------------------------------
// Personal API tokens (issue #19 §2): what a token's scope lets it call.

/** Who the user is and what credentials they hold: a signed-in session only, never a token. */
const SESSION_ONLY = [/^auth\.(?!me$)/, /^account\./, /^apiToken\./, /^admin\./];

/** The company's configuration: an 'admin' token only. */
export const CONFIGURATION_PROCEDURES: readonly string[] = [
  ...PROCEDURES_WITHOUT_AREA['/company']!,
  'channel.create',
  'channel.update',
  'channel.remove',
  'channel.createTemplate',
  'channel.removeTemplate',
  'channel.synchronizeTemplates',
  'sharedInbox.create',
  'sharedInbox.update',
  'sharedInbox.remove',
  // The company goal config (01 §3 Goals).
  'goal.saveConfig',
  // The company's coach of 'Aprender'.
  'training.setCoach',
];

export function apiTokenAdmits(
  scope: 'read' | 'write' | 'admin',
  procedure: { path: string; type: 'query' | 'mutation' | 'subscription' },
): boolean {
  if (SESSION_ONLY.some((pattern) => pattern.test(procedure.path))) return false;
  if (CONFIGURATION_PROCEDURES.includes(procedure.path)) return scope === 'admin';
  return procedure.type !== 'mutation' || scope !== 'read';
}
