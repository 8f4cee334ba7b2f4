import { z } from 'zod';
import { notificationsEs } from './i18n/notifications.es';
import { ROLES } from './roles';

/*
 * In-app notifications and the platform admins' shipments (01 §1, §2, §3, §4, §7, §9; issue
 * #41). A shipment is what an admin writes in 'Administración' › 'Notificaciones' (01 §3
 * Notification form: title, description, image, type, redirectURL, popup and the audience);
 * sending it gives each user of its audience one notification (01 §3 Notification: title, body,
 * setting with its type, action and metadata; viewed, opened and closed tracked by action).
 */

/** 01 §9: the notification list's default limit. */
export const NOTIFICATION_LIST_LIMIT = 50;
/** 01 §9: the notifications page (/all-notifications) lists 10 at a time. */
export const NOTIFICATION_PAGE_SIZE = 10;
/** 01 §9: the users an admin may name one by one in a shipment's audience. */
export const SHIPMENT_USERS_LIMIT = 20;
/** Ours: companies, groups and roles an audience may name (far above any real use). */
export const SHIPMENT_LIST_LIMIT = 200;

/** 01 §3 Notification form: the shipment's type. */
export const SHIPMENT_MEDIA_TYPES = ['article', 'video'] as const;
export type ShipmentMediaType = (typeof SHIPMENT_MEDIA_TYPES)[number];

/**
 * The system's own notices (issue #41 item 4; docs/decisions.md 'System notices'): a contact
 * transferred to the user, a reminder of theirs come due, a comment on a request they created.
 */
export const SYSTEM_NOTICE_TYPES = ['contactTransferred', 'reminderDue', 'requestComment'] as const;
export type SystemNoticeType = (typeof SYSTEM_NOTICE_TYPES)[number];

/** 01 §3 Notification setting type. */
export const NOTIFICATION_KINDS = ['banner', 'right-bottom-notification'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** 01 §4: what a user did with a notification. */
export const NOTIFICATION_ACTIONS = ['viewed', 'opened', 'closed'] as const;
export type NotificationAction = (typeof NOTIFICATION_ACTIONS)[number];

/** A shipment's life: written, waiting for its date, being delivered, delivered. */
export const SHIPMENT_STATUSES = ['draft', 'scheduled', 'sending', 'sent'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/** 01 §2 Notification card: the action button's label by media type. */
export const NOTIFICATION_ACTION_LABELS = notificationsEs.actionLabels;

/** The card's action label of a media type ('Ver notificación' for anything else). */
export function notificationActionLabel(multimediaType: string | null | undefined): string {
  return (
    NOTIFICATION_ACTION_LABELS[multimediaType as keyof typeof NOTIFICATION_ACTION_LABELS] ??
    NOTIFICATION_ACTION_LABELS.text
  );
}

/**
 * The setting a shipment gives its notifications (01 §3): a popup is a bottom-right notice,
 * otherwise a banner (docs/decisions.md 'Notification shipments').
 */
export interface NotificationSetting {
  type: NotificationKind;
  /**
   * 'url': a link the card opens in another tab; 'path': an address in Cartera the card opens in
   * place (a system notice's record, issue #41 item 4); 'none': the notification's own page.
   */
  action: { redirectType: 'url' | 'path' | 'none'; redirectURL: string | null };
  /** A notice of the system itself: which kind (issue #41 item 4); absent for a shipment's. */
  system?: SystemNoticeType;
  /** A system notice of a burst: who caused it and of how many records it tells. */
  from?: string;
  count?: number;
  metadata: {
    title: string;
    subTitle: string;
    multimediaType: string;
    thumbnailURL: string | null;
  };
}

export function shipmentSetting(values: {
  title: string;
  description: string;
  image: string | null;
  type: ShipmentMediaType;
  redirectURL: string | null;
  popup: boolean;
}): NotificationSetting {
  return {
    type: values.popup ? 'right-bottom-notification' : 'banner',
    action: {
      redirectType: values.redirectURL ? 'url' : 'none',
      redirectURL: values.redirectURL,
    },
    metadata: {
      title: values.title,
      subTitle: values.description,
      multimediaType: values.type,
      thumbnailURL: values.image,
    },
  };
}

/** A link the card opens: https only (the browser opens it; the server never fetches it). */
const ZRedirectUrl = z
  .url({
    protocol: /^https$/,
    hostname: z.regexes.domain,
    error: notificationsEs.redirectUrlInvalid,
  })
  .max(2000)
  .nullable()
  .default(null);

/** What a shipment shows (the form's content), shared by shipments and templates. */
export const ZShipmentContent = z.object({
  title: z.string().trim().min(1).max(120),
  description: z.string().trim().max(2000).default(''),
  /** The uploaded picture's address (the upload flow's `fileUrl`, via 'notification'). */
  image: z.string().trim().min(1).max(2000).nullable().default(null),
  type: z.enum(SHIPMENT_MEDIA_TYPES).default('article'),
  redirectURL: ZRedirectUrl,
  popup: z.boolean().default(false),
});
export type ShipmentContent = z.output<typeof ZShipmentContent>;

const ids = (max: number, error?: string) =>
  z
    .array(z.uuid())
    .max(max, error ? { error } : undefined)
    .default([]);

/**
 * Who a shipment reaches (docs/decisions.md 'Notification shipments'): the active users of the
 * companies and groups named (a group with its subgroups), narrowed to the roles named, plus the
 * users named one by one (at most 20, 01 §9). Roles narrow companies or groups: alone they reach
 * nobody, so they need one of them.
 */
export const ZShipmentAudience = z
  .object({
    companies: ids(SHIPMENT_LIST_LIMIT),
    groups: ids(SHIPMENT_LIST_LIMIT),
    roles: z.array(z.enum(ROLES)).max(ROLES.length).default([]),
    users: ids(SHIPMENT_USERS_LIMIT, notificationsEs.usersLimit),
  })
  .refine(
    (audience) => audience.companies.length + audience.groups.length + audience.users.length > 0,
    {
      message: notificationsEs.audienceRequired,
      path: ['companies'],
    },
  )
  .refine(
    (audience) =>
      audience.roles.length === 0 || audience.companies.length + audience.groups.length > 0,
    { message: notificationsEs.rolesNeedCompanies, path: ['roles'] },
  );
export type ShipmentAudience = z.output<typeof ZShipmentAudience>;

/** The admin form (01 §3 Notification form, 01 §7 create or modify). */
export const ZShipmentValues = ZShipmentContent.extend({ audience: ZShipmentAudience });
export type ShipmentValues = z.output<typeof ZShipmentValues>;

/** A template: a named shipment content to start from. */
export const ZShipmentTemplateValues = ZShipmentContent.extend({
  name: z.string().trim().min(1).max(120),
});
