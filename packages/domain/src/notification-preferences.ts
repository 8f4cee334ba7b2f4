import { z } from 'zod';
import { es } from './i18n/es';
import { SUPERVISOR_ROLE } from './policy';
import type { Role } from './roles';

/*
 * What tells a user that something happened (issue #33 item 2): one model, a notice type × the
 * ways of telling (a toast, a sound, the browser's notification). A later kind of notice adds a
 * row to NOTICE_TYPES and its label to the catalogue; nothing else changes (issue #41 item 4).
 * A user's row stores only what they changed; the rest is the type's default.
 */

/** The ways a notice reaches the user. */
export const NOTICE_CHANNELS = ['toast', 'sound', 'browser'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];
export type NoticeSwitches = Record<NoticeChannel, boolean>;

interface NoticeTypeDefinition {
  /** Only users with one of these roles have the type; everyone when left out. */
  roles?: readonly Role[];
  /** The ways of telling the type has; all when left out. */
  channels?: readonly NoticeChannel[];
  defaults: NoticeSwitches;
}

/** The roles that hold contacts and receive transfers (02 §6). */
const AGENT_ROLES = ['user', 'super', 'comercial', 'project_manager'] as const satisfies Role[];

/**
 * A system notice (issue #41 item 4) reaches the user on the notifications channel, as a
 * bottom-right notice: its one switch is 'Aviso en pantalla', on unless the user turns it off.
 */
const SYSTEM_NOTICE = {
  channels: ['toast'],
  defaults: { toast: true, sound: false, browser: false },
} as const;

/** Every notice type, in the order 'Ajustes' shows them. */
export const NOTICE_TYPES = {
  /** A customer wrote in a conversation the user holds. */
  customerMessage: { defaults: { toast: true, sound: true, browser: true } },
  /** A customer wrote in a conversation of a supervisor's teams: off until they choose it. */
  teamCustomerMessage: {
    roles: [SUPERVISOR_ROLE],
    defaults: { toast: false, sound: false, browser: false },
  },
  /** A contact was transferred to the user (issue #41 item 4). */
  contactTransferred: { roles: AGENT_ROLES, ...SYSTEM_NOTICE },
  /** A reminder on a contact the user holds came due (issue #41 item 4). */
  reminderDue: { roles: AGENT_ROLES, ...SYSTEM_NOTICE },
  /** Someone else commented on a request sale the user created (issue #41 item 4). */
  requestComment: SYSTEM_NOTICE,
} as const satisfies Record<string, NoticeTypeDefinition>;

export type NoticeType = keyof typeof NOTICE_TYPES;
export const NOTICE_TYPE_NAMES = Object.keys(NOTICE_TYPES) as NoticeType[];

/** The notice types a user with `roles` has. */
export function noticeTypesOf(roles: readonly Role[]): NoticeType[] {
  return NOTICE_TYPE_NAMES.filter((type) => {
    const allowed = (NOTICE_TYPES[type] as NoticeTypeDefinition).roles;
    return !allowed || allowed.some((role) => roles.includes(role));
  });
}

/** The ways of telling a notice type has. */
export function noticeChannelsOf(type: NoticeType): readonly NoticeChannel[] {
  return (NOTICE_TYPES[type] as NoticeTypeDefinition).channels ?? NOTICE_CHANNELS;
}

/** One row of the preferences grid as answered. */
export const ZNoticePreference = z.object({
  type: z.enum(NOTICE_TYPE_NAMES as [NoticeType, ...NoticeType[]]),
  /** The ways of telling this type has (a system notice: 'toast' only); the others are off. */
  channels: z.array(z.enum(NOTICE_CHANNELS)),
  toast: z.boolean(),
  sound: z.boolean(),
  browser: z.boolean(),
});
export type NoticePreference = z.infer<typeof ZNoticePreference>;

export const ZNotificationPreferences = z.object({ types: z.array(ZNoticePreference) });
export type NotificationPreferences = z.infer<typeof ZNotificationPreferences>;

/** What a user stored: per type, the switches they changed. */
export type StoredNoticePreferences = Partial<Record<string, Partial<NoticeSwitches>>>;

const ZStoredSwitches = z
  .object({
    toast: z.boolean().optional().catch(undefined),
    sound: z.boolean().optional().catch(undefined),
    browser: z.boolean().optional().catch(undefined),
  })
  .catch({});

/** The grid a user with `roles` sees: their types, each with what they stored over its defaults. */
export function noticePreferencesOf(
  roles: readonly Role[],
  stored: unknown,
): NotificationPreferences {
  const saved = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  return {
    types: noticeTypesOf(roles).map((type) => {
      const own = ZStoredSwitches.parse(saved[type] ?? {});
      const defaults = NOTICE_TYPES[type].defaults;
      const channels = noticeChannelsOf(type);
      const on = (channel: NoticeChannel) =>
        channels.includes(channel) && (own[channel] ?? defaults[channel]);
      return {
        type,
        channels: [...channels],
        toast: on('toast'),
        sound: on('sound'),
        browser: on('browser'),
      };
    }),
  };
}

/** The switches of one type as answered, or all off when the user does not have it. */
export function switchesOf(preferences: NotificationPreferences, type: NoticeType): NoticeSwitches {
  const row = preferences.types.find((each) => each.type === type);
  return row
    ? { toast: row.toast, sound: row.sound, browser: row.browser }
    : { toast: false, sound: false, browser: false };
}

const texts = es.settings.notifications;

/** A change of one type's switches: only the ways of telling the type has. */
const switchesUpdateOf = (type: NoticeType) =>
  z.strictObject(
    Object.fromEntries(
      noticeChannelsOf(type).map((channel) => [
        channel,
        z.boolean({ error: texts.switchInvalid }).optional(),
      ]),
    ) as Partial<Record<NoticeChannel, z.ZodOptional<z.ZodBoolean>>>,
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? texts.unknownChannels.replace('{keys}', issue.keys.join(', '))
          : texts.switchesInvalid,
    },
  );
type ZSwitchesUpdate = z.ZodObject<
  { [channel in NoticeChannel]: z.ZodOptional<z.ZodBoolean> },
  z.core.$strict
>;

/**
 * A change of the caller's preferences: for each type named, the switches named (a missing one
 * stays as it is). A type the caller's role does not have is refused by the server.
 */
export const ZSaveNotificationPreferencesInput = z.strictObject(
  Object.fromEntries(
    NOTICE_TYPE_NAMES.map((type) => [type, switchesUpdateOf(type).optional()]),
  ) as {
    [type in NoticeType]: z.ZodOptional<ZSwitchesUpdate>;
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? texts.unknownTypes.replace('{keys}', issue.keys.join(', '))
        : es.settings.invalidBody,
  },
);
export type SaveNotificationPreferencesInput = z.infer<typeof ZSaveNotificationPreferencesInput>;
