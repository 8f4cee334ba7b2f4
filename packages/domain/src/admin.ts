import { z } from 'zod';
import { adminEs } from './i18n/admin.es';
import { isValidNewPassword } from './password';
import { FEATURE_FLAGS, type FeatureFlag } from './policy';
import { PRODUCT_TYPES, ROLES, USER_TYPES } from './roles';
import { PHOTO_KEY } from './settings';
import { ZId } from './ids';

/**
 * 'Administración' (/grupos, issue #17): the inputs of the `admin` procedures, validated alike by
 * the web's forms and the server, the flags grouped as the screen shows them, the group search
 * of 01 §5 and the actions the audit log records.
 */

/** Where each flag comes from in the specification, as the flags tab groups them. */
export const FLAG_SECTIONS: ReadonlyArray<{
  id: keyof typeof adminEs.flags.sections;
  flags: readonly FeatureFlag[];
}> = [
  {
    id: 'screens',
    flags: [
      'inbox',
      'campaigns',
      'disableHistoryActions',
      'businessSalesModel',
      'requestSale',
      'disableRequestSale',
      'goalsDisabled',
      'training',
    ],
  },
  {
    id: 'contacts',
    flags: [
      'locationField',
      'locationRequired',
      'hideContactPhoto',
      'internalPhoneNumbers',
      'requiredCompany',
      'requiredTags',
      'sectors',
      'disableLastname',
      'disableGovId',
      'messageGeneration',
      'disableMandatoryCompanyFields',
      'enableCompanyGroupSectors',
    ],
  },
  {
    id: 'conversation',
    flags: [
      'snooze',
      'sharedVisits',
      'alwaysPermanentReminders',
      'pressToCall',
      'manualSale',
      'personalEmail',
    ],
  },
  { id: 'project', flags: ['subConversations', 'showAllSellers', 'showAllAgents'] },
];

/**
 * Flags that change nothing yet (issue #35 item 5): kept in the data and in the audit log, not
 * offered on the flags tab until the issue named beside each gives them a reader.
 */
export const FLAGS_WITHOUT_READER: Readonly<Partial<Record<FeatureFlag, string>>> = {
  campaigns: 'issue #42 (NPS, campaigns and forms)',
};

/** Whether the flags tab offers the flag (it has a reader). */
export function flagOffered(flag: FeatureFlag): boolean {
  return FLAGS_WITHOUT_READER[flag] === undefined;
}

export function flagLabel(flag: FeatureFlag): string {
  return adminEs.flags.labels[flag];
}

const countryNames = new Intl.DisplayNames(['es'], { type: 'region' });

/** A group's country (ISO 3166 alpha-2, stored lower case) by its Spanish name. */
export function countryName(code: string): string {
  try {
    return countryNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** The countries offered in the pickers (those the product names, 01 §9, and Spain). */
export const COUNTRIES = [
  'ar',
  'bo',
  'br',
  'cl',
  'co',
  'cr',
  'es',
  'mx',
  'pe',
  'py',
  'us',
  'uy',
  've',
] as const;

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** 01 §5: a group matches on its name (or display name), its id, or its country's name. */
export function groupMatches(
  group: { id: string; name: string; displayName?: string | null; country: string },
  search: string,
): boolean {
  const term = fold(search.trim());
  if (!term) return true;
  return (
    fold(group.name).includes(term) ||
    fold(group.displayName ?? '').includes(term) ||
    group.id.toLowerCase().includes(term) ||
    fold(countryName(group.country)).includes(term) ||
    group.country.toLowerCase() === term
  );
}

const ZCountry = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{2}$/);
const ZName = z.string().trim().min(1, adminEs.group.nameRequired).max(80);

export const ZCreateGroupInput = z.object({
  parentId: ZId,
  name: ZName,
  displayName: z.string().trim().max(80).nullish(),
  country: ZCountry.optional(),
});
export type TCreateGroupInput = z.infer<typeof ZCreateGroupInput>;

export const ZUpdateGroupInput = z.object({
  id: ZId,
  data: z.object({
    name: ZName.optional(),
    displayName: z.string().trim().max(80).nullish(),
    country: ZCountry.optional(),
    active: z.boolean().optional(),
  }),
});

export const ZMoveGroupInput = z.object({ id: ZId, parentId: ZId });

/** A group's own value of a flag: 1 on, 0 off, null inherits from the group above. */
export const ZSetFlagInput = z.object({
  groupId: ZId,
  flag: z.enum(FEATURE_FLAGS),
  value: z.union([z.literal(0), z.literal(1), z.null()]),
});

const ZJailPath = z
  .string()
  .trim()
  .max(200)
  .regex(/^\/[^\s]*$/, adminEs.users.jailUrlInvalid);

/** The fields of a user an administrator sets (01 §3 User). */
export const ZUserFields = z.object({
  name: z.string().trim().min(1, adminEs.group.nameRequired).max(80),
  lastname: z.string().trim().max(80).default(''),
  email: z.string().trim().toLowerCase().max(200).email(adminEs.users.emailInvalid),
  roles: z.array(z.enum(ROLES)).min(1, adminEs.users.rolesRequired).max(ROLES.length),
  userType: z.enum(USER_TYPES).default('normal'),
  groupId: ZId,
  jailUrl: z.array(ZJailPath).max(20).default([]),
  color: z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .nullish(),
  phoneWork: z.string().trim().max(40).nullish(),
  country: ZCountry.nullish(),
  productType: z.enum(PRODUCT_TYPES).nullish(),
  /** 01 §3 `linkedAccounts.active`: the user may switch to their linked accounts. */
  linkedAccountsActive: z.boolean().optional(),
  /**
   * The other accounts of the same person in the company (users of the caller's company): they
   * share a linked-account key. Omitted = unchanged; [] = no linked account here.
   */
  linkedUserIds: z.array(ZId).max(20).optional(),
  /** The storage key of a photo sent through the upload flow (as /settings); null removes it. */
  photoPath: z.string().max(1000).regex(PHOTO_KEY, adminEs.users.photoInvalid).nullish(),
});
export type TUserFields = z.input<typeof ZUserFields>;

const ZFirstPassword = z
  .string()
  .max(200)
  .refine(isValidNewPassword, adminEs.users.passwordInvalid);

export const ZCreateUserInput = ZUserFields.extend({ password: ZFirstPassword });
export type TCreateUserInput = z.input<typeof ZCreateUserInput>;

export const ZUpdateUserInput = z.object({ id: ZId, data: ZUserFields.partial() });

export const ZResetPasswordInput = z.object({ id: ZId, password: ZFirstPassword });

/**
 * POST /client (01 §7 'Groups and company'): a platform admin opens a new client company (a
 * tenant: its root group) with its first user, a comercial who signs in with a first password
 * that must be changed.
 */
export const ZCreateClientInput = z.object({
  name: ZName,
  displayName: z.string().trim().max(80).nullish(),
  country: ZCountry,
  user: ZUserFields.pick({ name: true, lastname: true, email: true }).extend({
    password: ZFirstPassword,
  }),
});
export type TCreateClientInput = z.input<typeof ZCreateClientInput>;

/** POST /admin/user/{id}/movecompany: the group (of another company) the user moves to. */
export const ZMoveCompanyInput = z.object({ id: ZId, targetGroupId: ZId });

/** Two follow-up items this close, alike in everything, are one action entered twice. */
export const DUPLICATE_TRACING_WINDOW_MS = 60_000;

/** What the audit log records (before and after of each). */
export const AUDIT_ACTIONS = [
  'group.create',
  'group.update',
  'group.move',
  'group.flag',
  'user.create',
  'user.update',
  'user.activate',
  'user.deactivate',
  'user.resetPassword',
  'user.forcePasswordChange',
  'user.regenerateTracings',
  'user.removeDuplicateTracing',
  'user.moveCompanyOut',
  'user.moveCompanyIn',
  'client.create',
  // Issue #30 S5: the company's security and integrations, tokens and account switches.
  'security.rules',
  'externalSystem.update',
  'externalSystem.disconnect',
  'channel.create',
  'channel.update',
  'channel.remove',
  /** A WhatsApp session at a gateway opened (QR) or logged out by a user. */
  'channel.connect',
  'channel.disconnect',
  'apiToken.create',
  'apiToken.revoke',
  'account.switch',
  'account.return',
  'account.switchLinked',
  'account.session',
  // Issue #36: outbound webhooks; 'webhook.pause' is the system pausing one failing for 3 days.
  'webhook.create',
  'webhook.update',
  'webhook.remove',
  'webhook.pause',
  // Issue #38: a user's own mailbox connected or disconnected (servers and address, no password).
  'emailAccount.connect',
  'emailAccount.disconnect',
  // A thread of e-mail kept out of the CRM by its mailbox's owner (its Message-ID, no content).
  'emailAccount.keepThreadOut',
  // Issue #41: the platform admins' notification shipments and their templates.
  'notificationShipment.create',
  'notificationShipment.update',
  /** Sent now or scheduled (`after.scheduledAt`). */
  'notificationShipment.send',
  'notificationTemplate.save',
  'notificationTemplate.remove',
  // Issue #39: the company's phone provider (keys by name, never their values) and restricted numbers.
  'phoneProvider.connect',
  'phoneProvider.disconnect',
  'blockedNumber.add',
  'blockedNumber.remove',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an audit entry is about: the company itself is its root group's configuration. */
export const AUDIT_TARGET_TYPES = [
  'group',
  'user',
  'company',
  'channel',
  'apiToken',
  'webhook',
  'emailAccount',
  'notificationShipment',
  'notificationTemplate',
  'phoneProvider',
  'blockedNumber',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];
