/**
 * Messaging channels' shared rules (01 §1, 02 §3–§4; issue #12).
 */

/** Template categories WhatsApp accepts. */
/**
 * 360dialog signs no webhook: its webhook is configured to send this header with the channel's
 * 'Secreto del webhook', which Cartera checks in constant time (issue #31: the dialog names it).
 */
export const DIALOG360_WEBHOOK_HEADER = 'x-cartera-webhook-secret';

export const TEMPLATE_CATEGORIES = ['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

/**
 * How a template's provider status is shown (02 §4): 'Aprobada' and 'Pre-aprobada' as success,
 * 'Rechazada' as destructive. Meta's statuses in review (PENDING, IN_APPEAL) read as
 * 'Pre-aprobada'; the ones that stop a template (REJECTED, PAUSED, DISABLED) as 'Rechazada'.
 */
export function templateStatusOf(providerStatus: string): 'approved' | 'preapproved' | 'rejected' {
  const status = providerStatus.toUpperCase();
  if (status === 'APPROVED') return 'approved';
  if (['REJECTED', 'PAUSED', 'DISABLED', 'PENDING_DELETION', 'DELETED'].includes(status)) {
    return 'rejected';
  }
  return 'preapproved';
}

/** How many positional parameters ({{1}}, {{2}}…) a WhatsApp template's body asks for. */
export function templateParameterCount(body: string): number {
  let most = 0;
  for (const match of body.matchAll(/\{\{\s*(\d+)\s*\}\}/g))
    most = Math.max(most, Number(match[1]));
  return most;
}

/** A template's body with its parameters in place ({{1}} is the first; a missing one, empty). */
export function fillTemplate(body: string, parameters: readonly string[]): string {
  return body.replace(
    /\{\{\s*(\d+)\s*\}\}/g,
    (_, index: string) => parameters[Number(index) - 1] ?? '',
  );
}

/** WhatsApp template names: lower-case letters, digits and underscores. */
export const TEMPLATE_NAME_PATTERN = /^[a-z0-9_]{1,512}$/;

/** The channel types of 03 §3 Channel that the product stores, each with its adapter. */
export const CHANNEL_TYPES = [
  'whatsapp_business',
  'whatsapp_360_dialog',
  'fb',
  'ig',
  'leads',
  'sms',
  'unofficial_wpp',
  'personal_whatsapp',
] as const;
export type ChannelTypeName = (typeof CHANNEL_TYPES)[number];

export type ChannelConfigField =
  | 'phoneNumberId'
  | 'wabaId'
  | 'displayPhoneNumber'
  | 'pageId'
  | 'username'
  | 'accountSid'
  | 'fromNumber'
  | 'gatewayUrl'
  | 'instanceName';

export type ChannelSecretField =
  | 'accessToken'
  | 'appSecret'
  | 'verifyToken'
  | 'apiKey'
  | 'webhookSecret'
  | 'pageAccessToken'
  | 'authToken'
  | 'instanceKey';

export interface ChannelSetup {
  /** Whether the server has the type's provider adapter (else it refuses to create one). */
  available: boolean;
  /** The configuration fields the channel's form shows, in order. */
  config: readonly ChannelConfigField[];
  /** Those the server requires. */
  requiredConfig: readonly ChannelConfigField[];
  /** The write-only secrets, required and optional (others are refused). */
  secrets: readonly ChannelSecretField[];
  /** Those of them the server requires. */
  requiredSecrets: readonly ChannelSecretField[];
  /** WhatsApp Business message templates (02 §3). */
  templates: boolean;
}

/**
 * What each type asks for: the form of /company/channels shows it, and the server's
 * channels.service enforces the same (required configuration and secrets, no others).
 * apps/server/src/modules/channels/channel-setup.test.ts checks `available` and `templates`
 * against the server's adapters.
 */
export const CHANNEL_SETUP: Record<ChannelTypeName, ChannelSetup> = {
  whatsapp_business: {
    available: true,
    config: ['phoneNumberId', 'wabaId', 'displayPhoneNumber'],
    requiredConfig: ['phoneNumberId'],
    secrets: ['accessToken', 'appSecret', 'verifyToken'],
    requiredSecrets: ['accessToken', 'appSecret', 'verifyToken'],
    templates: true,
  },
  whatsapp_360_dialog: {
    available: true,
    config: ['displayPhoneNumber'],
    requiredConfig: [],
    secrets: ['apiKey', 'webhookSecret'],
    requiredSecrets: ['apiKey', 'webhookSecret'],
    templates: false,
  },
  fb: {
    available: true,
    config: ['pageId', 'username'],
    requiredConfig: ['pageId'],
    secrets: ['pageAccessToken', 'appSecret', 'verifyToken'],
    requiredSecrets: ['pageAccessToken', 'appSecret', 'verifyToken'],
    templates: false,
  },
  ig: {
    available: true,
    config: ['pageId', 'username'],
    requiredConfig: ['pageId'],
    secrets: ['pageAccessToken', 'appSecret', 'verifyToken'],
    requiredSecrets: ['pageAccessToken', 'appSecret', 'verifyToken'],
    templates: false,
  },
  leads: {
    available: true,
    config: ['pageId'],
    requiredConfig: ['pageId'],
    secrets: ['pageAccessToken', 'appSecret', 'verifyToken'],
    requiredSecrets: ['pageAccessToken', 'appSecret', 'verifyToken'],
    templates: false,
  },
  sms: {
    available: true,
    config: ['accountSid', 'fromNumber'],
    requiredConfig: ['accountSid', 'fromNumber'],
    secrets: ['authToken'],
    requiredSecrets: ['authToken'],
    templates: false,
  },
  unofficial_wpp: {
    available: true,
    config: ['gatewayUrl', 'instanceName'],
    requiredConfig: ['gatewayUrl', 'instanceName'],
    secrets: ['apiKey', 'instanceKey'],
    // The instance's token is the only key its webhooks are taken with (issue #30 S11).
    requiredSecrets: ['apiKey', 'instanceKey'],
    templates: false,
  },
  personal_whatsapp: {
    available: true,
    config: ['gatewayUrl', 'instanceName'],
    requiredConfig: ['gatewayUrl', 'instanceName'],
    secrets: ['apiKey', 'instanceKey'],
    // The instance's token is the only key its webhooks are taken with (issue #30 S11).
    requiredSecrets: ['apiKey', 'instanceKey'],
    templates: false,
  },
};

/**
 * How long after the customer's last message a channel lets the company write freely (03 §4,
 * §9): WhatsApp's customer-service window of 24 hours, after which only an approved template may
 * be sent (and the customer's answer opens a new window); Messenger's and Instagram's 7 days
 * (the human-agent tag), after which nothing may be sent from here. Other types have none.
 */
export const REPLY_WINDOW_HOURS: Partial<Record<ChannelTypeName, number>> = {
  whatsapp_business: 24,
  whatsapp_360_dialog: 24,
  fb: 24 * 7,
  ig: 24 * 7,
};

export interface ReplyWindow {
  /** Whether the channel has a window at all. */
  limited: boolean;
  /** Whether free text may be sent now. */
  open: boolean;
  /** When the window closes (null: no window, or the customer never wrote). */
  closesAt: Date | null;
  /** Outside the window, whether a template may still be sent (WhatsApp). */
  templatesAllowed: boolean;
}

/** A contact's window on a channel, from when the customer last wrote through it. */
export function replyWindowOf(
  type: string,
  lastInboundAt: Date | null,
  now: Date = new Date(),
): ReplyWindow {
  const hours = REPLY_WINDOW_HOURS[type as ChannelTypeName];
  if (!hours) return { limited: false, open: true, closesAt: null, templatesAllowed: true };
  const closesAt = lastInboundAt ? new Date(lastInboundAt.getTime() + hours * 3_600_000) : null;
  return {
    limited: true,
    open: closesAt !== null && closesAt.getTime() > now.getTime(),
    closesAt,
    templatesAllowed: type === 'whatsapp_business' || type === 'whatsapp_360_dialog',
  };
}

/** Types in the order the channel form offers them. */
export const CHANNEL_TYPE_ORDER = Object.keys(CHANNEL_SETUP) as ChannelTypeName[];

// ---------------------------------------------------------------------------------------------
// Editing and deleting a sent message (03 §4 'WhatsApp edit/delete', §6, §9).

/** 03 §9: a sent text may be edited for 15 minutes… */
export const MESSAGE_EDIT_WINDOW_MINUTES = 15;
/** …and a sent message deleted for 1 hour. */
export const MESSAGE_DELETE_WINDOW_MINUTES = 60;

/**
 * Channels whose provider changes a message already delivered: WhatsApp sessions through the
 * gateway. WhatsApp's Cloud API, Messenger, Instagram and SMS cannot, so their messages are
 * never offered for edit or delete (the customer would keep the old text).
 */
export const CHANNEL_TYPES_THAT_CHANGE_SENT: readonly ChannelTypeName[] = [
  'unofficial_wpp',
  'personal_whatsapp',
];

export interface SentMessageFacts {
  origin: 'contact' | 'agent';
  /** 'text' or the kind of file. */
  kind: string;
  deleted: boolean;
  /** The delivery status: only a message the provider took (sent, received, read) changes. */
  status: string | null;
  /** Who wrote it. */
  agentId: string | null;
  createdAt: Date;
  channelType: string | null;
}

/**
 * What the user may do to a message of the timeline (03 §6): edit only their own text message
 * within 15 minutes, delete only their own message within 1 hour, on a channel that can.
 */
export function sentMessageChanges(
  message: SentMessageFacts,
  userId: string,
  now: Date = new Date(),
): { edit: boolean; remove: boolean } {
  const own =
    message.origin === 'agent' &&
    message.agentId === userId &&
    !message.deleted &&
    ['sent', 'received', 'read'].includes(message.status ?? '') &&
    CHANNEL_TYPES_THAT_CHANGE_SENT.includes(message.channelType as ChannelTypeName);
  const age = now.getTime() - message.createdAt.getTime();
  return {
    edit: own && message.kind === 'text' && age <= MESSAGE_EDIT_WINDOW_MINUTES * 60_000,
    remove: own && age <= MESSAGE_DELETE_WINDOW_MINUTES * 60_000,
  };
}
