import { ZNpsSurveyRef, type NpsSurveyRef } from './nps';
import { chatPartsOf, type ChatParts } from './chat-parts';
import { z } from 'zod';
import { ZScheduledMessageContent } from './scheduled-messages';
import { ZEmailContent } from './email';
import { ZFormAnswerContent } from './forms';
import { ZMeetingContent, ZMeetingNoticeContent } from './meetings';

/**
 * The interaction types of a contact's timeline (01 §3 Interaction, 03 §3) and the content each
 * carries. One zod schema per type; `parseInteractionContent` reads stored content leniently
 * (unknown keys kept, an unreadable content falls back to the unknown type on screen).
 */
export const INTERACTION_PAGE_SIZE = 50;

const ZFile = z.object({
  name: z.string(),
  url: z.string(),
  mimeType: z.string().optional(),
  size: z.number().optional(),
  path: z.string().optional(),
});

const ZUserRef = z.object({ _id: z.string(), name: z.string(), lastname: z.string() }).partial();

/** Text that may be stored as null by older clients and providers. */
const optionalText = z.string().nullish();

/**
 * A message through a channel (03 §3 'Channel message'): `message` is an object on
 * `channelMessage` items and plain text on the legacy `message`, `wpp`, `fb` and `ig` items,
 * which keep the media beside it (03 §3 'WhatsApp message').
 */
/** A shared contact card (03 §3 contactMessage and contactsArrayMessage entries). */
const ZSharedContact = z.looseObject({
  displayName: optionalText,
  phoneNumber: optionalText,
  description: optionalText,
});

/**
 * The message a message answers (03 §3 replyMessage): the provider's id of it and, when it was
 * found on the contact's timeline on arrival, its item and what it said.
 */
const ZReplyMessage = z.looseObject({
  providerMessageId: optionalText,
  interactionId: optionalText,
  text: optionalText,
  type: optionalText,
  origin: optionalText,
});

/** The ad a customer came from (03 §3 externalAdReply, Click-to-WhatsApp ads). */
const ZExternalAdReply = z.looseObject({
  title: optionalText,
  body: optionalText,
  sourceUrl: optionalText,
  thumbnailUrl: optionalText,
  renderLargerThumbnail: z.boolean().nullish(),
  showAdAttribution: z.boolean().nullish(),
});

const ZChatContent = z.looseObject({
  message: z
    .union([
      z.string(),
      z.looseObject({
        text: optionalText,
        type: optionalText,
        media: optionalText,
        fileName: optionalText,
        mimetype: optionalText,
        contacts: z.array(ZSharedContact).nullish().catch(null),
      }),
    ])
    .nullish(),
  replyMessage: ZReplyMessage.nullish().catch(null),
  externalAdReply: ZExternalAdReply.nullish().catch(null),
  /** A reaction to another message: `message.text` is the emoji, `replyMessage` the message. */
  isReaction: z.boolean().nullish(),
  /** An audio the other side listened to (03 §4: shown as read). */
  listened: z.boolean().nullish(),
  medium: optionalText,
  origin: optionalText,
  channelId: optionalText,
  channelName: optionalText,
  channelColor: optionalText,
  mediaType: optionalText,
  media: optionalText,
  mediaURL: optionalText,
  fileName: optionalText,
  mimetype: optionalText,
  status: optionalText,
  deleted: z.boolean().nullish(),
  isEdited: z.boolean().nullish(),
  /** The texts an edit replaced (03 §3 WhatsApp message previousMessages), oldest first. */
  previousMessages: z
    .array(
      z.looseObject({ content: z.looseObject({ text: optionalText }), updatedAt: optionalText }),
    )
    .nullish()
    .catch(null),
  errorCode: optionalText,
  errorMessages: z.array(z.unknown()).nullish(),
  /** The provider's own code of a failed delivery, kept for support (issue #31). */
  providerErrorCode: z.union([z.string(), z.number()]).nullish().catch(null),
  /** A customer's file the provider did not give after every retry (issue #31). */
  mediaError: z
    .looseObject({ code: optionalText, providerCode: optionalText })
    .nullish()
    .catch(null),
});

export { ZEmailContent, type EmailContent } from './email';

export const INTERACTION_CONTENT = {
  note: z.looseObject({
    body: z.string().default(''),
    comment: z.string().optional(),
    action: z.string().optional(),
    title: z.string().optional(),
    channel: z.string().optional(),
    files: z.array(ZFile).default([]),
    shared: z.array(z.string()).optional(),
    /** 03 §2.2, §7 composer mode whatsapp-note: a note of a WhatsApp talk held elsewhere. */
    whatsappNote: z.boolean().optional(),
  }),
  tag: z.looseObject({
    from: z.string().nullable().default(null),
    to: z.string().nullable().default(null),
  }),
  tagChange: z.looseObject({
    from: z.string().nullable().default(null),
    to: z.string().nullable().default(null),
  }),
  phoneCall: z.looseObject({
    state: z.enum(['done', 'calling', 'cancel', 'voicemail']),
    origin: z.string().optional(),
    callDuration: z.number().optional(),
    phone: z.string().optional(),
  }),
  reminder: z.looseObject({
    reminderDate: z.string().nullable().optional(),
    actionType: z.string().optional(),
    comment: z.string().optional(),
    reminderDateToInactivate: z.string().optional(),
    cancellationSource: z.enum(['manual', 'feedback']).optional(),
    isPermanent: z.boolean().optional(),
  }),
  transfer: z.looseObject({
    toUser: ZUserRef.optional(),
    fromUser: z.string().nullable().optional(),
    description: z.string().default(''),
    keepReminderAndArchivingReason: z.boolean().optional(),
  }),
  archiving: z.looseObject({
    from: z.string().nullable().optional(),
    to: z.string().nullable().optional(),
  }),
  visit: z.looseObject({
    state: z.string(),
    comment: z.string().optional(),
    tag: z.string().nullish(),
    shared: z.array(z.string()).optional(),
    /** The participants' names when the visit was shared (03 §5). */
    sharedUsers: z.array(ZUserRef).optional(),
  }),
  contactTaken: z.looseObject({
    fromUser: z.string().nullable().optional(),
    body: z.string().optional(),
  }),
  unify: z.looseObject({ body: z.string().default(''), unifiedContactId: z.string().optional() }),
  'subconversation-created': z.looseObject({
    body: z.string().default(''),
    toAgent: z.string().optional(),
    contact: z.string().optional(),
    subConversationId: z.string().optional(),
  }),
  'subconversation-closed': z.looseObject({
    body: z.string().default(''),
    archivingReasonText: z.string().optional(),
  }),
  feedback: z.looseObject({
    body: z.string(),
    toUser: ZUserRef.optional(),
    status: z.enum(['read', 'unread']).default('unread'),
  }),
  disregarded: z.looseObject({}),
  /** A sale or presale and what happened to it (03 §3 Sale content; modules/receipts). */
  sale: z.looseObject({
    type: z.enum(['sale', 'state-change', 'cancellation']).default('sale'),
    status: z.string().nullish(),
    cancelReason: z.string().nullish(),
    /** What a change of seller, sale date or field moved (ours: 03 §3 names none). */
    change: z
      .looseObject({ field: z.string(), from: z.unknown(), to: z.unknown() })
      .nullish()
      .catch(null),
    sale: z.looseObject({ _id: z.string() }).nullish().catch(null),
  }),
  /**
   * A request sale and what happened to it (03 §2.1 sale-update items, §3 Sale request item;
   * modules/request-sales): the item opens the request `requestsaleid`. `title` is the
   * template's title and `statusType` the request's status type (ours, for the bubble).
   */
  saleupdate: z.looseObject({
    type: z.enum(['comment', 'created', 'state-change', 'updated']).default('updated'),
    comment: z.string().nullish(),
    state: z.string().nullish(),
    statusType: z.string().nullish(),
    title: z.string().nullish(),
    requestsaleid: z.string(),
  }),
  'scheduled-message': ZScheduledMessageContent,
  meeting: ZMeetingContent,
  'meeting-reminder': ZMeetingNoticeContent,
  'expired-meeting': ZMeetingNoticeContent,
  /** A form filled on its public page (issue #42 item 3): its name and the answers. */
  formAnswer: ZFormAnswerContent,
  email: ZEmailContent,
  channelMessage: ZChatContent,
  message: ZChatContent,
  wpp: ZChatContent,
  fb: ZChatContent,
  ig: ZChatContent,
} as const;

/** The types drawn as a chat message: channel messages and their legacy forms. */
export const CHAT_MESSAGE_TYPES = ['channelMessage', 'message', 'wpp', 'fb', 'ig'] as const;
export type ChatMessageType = (typeof CHAT_MESSAGE_TYPES)[number];

export function isChatMessageType(type: string): type is ChatMessageType {
  return (CHAT_MESSAGE_TYPES as readonly string[]).includes(type);
}

/** 03 §4 Delivery icons of a message. */
export const DELIVERY_STATUSES = ['sending', 'sent', 'received', 'read', 'error'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** What a chat message shows, whichever of its stored forms it came in. */
export interface ChatMessage {
  /** 'contact' wrote it (the customer), or 'agent' (the company). */
  origin: 'contact' | 'agent';
  text: string;
  /** 'text', or the kind of file it carries: image, video, audio, document, sticker… */
  kind: string;
  /** The file's address, when it has one. */
  media: string | null;
  fileName: string | null;
  channelName: string | null;
  channelColor: string | null;
  /** wpp, fb, ig, sms, email. */
  medium: string | null;
  deleted: boolean;
  /** 'Mensaje editado': the text was changed after it was sent. */
  edited: boolean;
  /** The texts before each edit, oldest first, with when they were replaced. */
  previousVersions: Array<{ text: string; replacedAt: string | null }>;
  /** The domain code of a failed delivery (SEND_MESSAGE_ERROR…). */
  errorCode: string | null;
  /** The provider's own code of that failure (131026, 21610…), read in Spanish by the bubble. */
  providerErrorCode: string | null;
  /** The file's type as the sender gave it (decides whether a document can be previewed). */
  mimeType: string | null;
  /** A reaction: `text` is the emoji and `replyTo` the message reacted to. */
  reaction: boolean;
  /** The message this one answers (null when it answers none). */
  replyTo: ReplyQuote | null;
  /** Shared contact cards (kind 'contactMessage' or 'contactsArrayMessage'). */
  contacts: Array<{ displayName: string; phoneNumber: string | null; description: string | null }>;
  /** The ad the customer wrote from. */
  adReply: AdReply | null;
  /** An audio the other side listened to. */
  listened: boolean;
  /** The file could not be fetched from the provider ('Reintentar'); its code, for support. */
  mediaFailed: { providerCode: string | null } | null;
  /** 03 §3 `npsSurvey`: the NPS survey the message carries (issue #42), null when none. */
  npsSurvey: NpsSurveyRef | null;
  /**
   * A customer's file through a channel that is still being fetched from the provider (the
   * media job has not stored it nor given up yet): the bubble says 'Descargando archivo…'.
   */
  mediaPending: boolean;
  /** What the customer sent beyond text and files: a choice, a place, an order… (issue #31). */
  parts: ChatParts;
}

/** The quoted message of a reply: `interactionId` null when it was not found on arrival. */
export interface ReplyQuote {
  interactionId: string | null;
  text: string;
  kind: string;
  origin: 'contact' | 'agent' | null;
}

export interface AdReply {
  title: string | null;
  body: string | null;
  sourceUrl: string | null;
  thumbnailUrl: string | null;
  largeThumbnail: boolean;
  showAttribution: boolean;
}

type ChatContent = z.output<typeof ZChatContent>;

/** The kinds of a customer's message whose file the server fetches from the provider. */
const FETCHED_KINDS = new Set(['image', 'video', 'audio', 'document', 'sticker']);

/**
 * A chat message's content read into one shape. `agentWrote` decides the side when the stored
 * content does not say (legacy items without `origin`).
 */
/** The survey a message carries, when its `npsSurvey` reads as one. */
function npsSurveyOf(value: unknown): NpsSurveyRef | null {
  const parsed = ZNpsSurveyRef.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function chatMessageOf(content: ChatContent, agentWrote: boolean): ChatMessage {
  const message = typeof content.message === 'object' ? content.message : null;
  const text = typeof content.message === 'string' ? content.message : (message?.text ?? '');
  const kind = message?.type ?? content.mediaType ?? 'text';
  const origin =
    content.origin === 'contact' || content.origin === 'agent'
      ? content.origin
      : agentWrote
        ? 'agent'
        : 'contact';
  return {
    origin,
    text,
    kind: kind === 'file' ? 'document' : kind,
    media: message?.media ?? content.mediaURL ?? content.media ?? null,
    fileName: message?.fileName ?? content.fileName ?? null,
    channelName: content.channelName ?? null,
    channelColor: content.channelColor ?? null,
    medium: content.medium ?? null,
    deleted: content.deleted === true,
    edited: content.isEdited === true,
    previousVersions: (content.previousMessages ?? []).map((each) => ({
      text: each.content.text ?? '',
      replacedAt: each.updatedAt ?? null,
    })),
    errorCode: content.errorCode ?? null,
    providerErrorCode:
      content.providerErrorCode === null || content.providerErrorCode === undefined
        ? null
        : String(content.providerErrorCode),
    mimeType: message?.mimetype ?? content.mimetype ?? null,
    reaction: content.isReaction === true,
    replyTo: replyQuoteOf(content.replyMessage),
    contacts: (message?.contacts ?? []).map((each) => ({
      displayName: each.displayName ?? each.phoneNumber ?? '',
      phoneNumber: each.phoneNumber ?? null,
      description: each.description ?? null,
    })),
    adReply: adReplyOf(content.externalAdReply),
    listened: content.listened === true,
    mediaFailed:
      content.mediaError && !(message?.media ?? content.media)
        ? { providerCode: content.mediaError.providerCode ?? null }
        : null,
    mediaPending:
      origin === 'contact' &&
      Boolean(content.channelId) &&
      FETCHED_KINDS.has(kind) &&
      !(message?.media ?? content.mediaURL ?? content.media) &&
      !content.mediaError,
    parts: chatPartsOf(message),
    npsSurvey: npsSurveyOf(content.npsSurvey),
  };
}

function replyQuoteOf(reply: z.output<typeof ZReplyMessage> | null | undefined): ReplyQuote | null {
  if (!reply || !(reply.providerMessageId || reply.interactionId)) return null;
  return {
    interactionId: reply.interactionId ?? null,
    text: reply.text ?? '',
    kind: reply.type === 'file' ? 'document' : (reply.type ?? 'text'),
    origin: reply.origin === 'contact' || reply.origin === 'agent' ? reply.origin : null,
  };
}

function adReplyOf(ad: z.output<typeof ZExternalAdReply> | null | undefined): AdReply | null {
  if (!ad || !(ad.title || ad.sourceUrl || ad.thumbnailUrl || ad.body)) return null;
  return {
    title: ad.title ?? null,
    body: ad.body ?? null,
    sourceUrl: ad.sourceUrl ?? null,
    thumbnailUrl: ad.thumbnailUrl ?? null,
    largeThumbnail: ad.renderLargerThumbnail === true,
    showAttribution: ad.showAdAttribution === true,
  };
}

/**
 * The delivery status of a message the company sent (03 §4 Delivery icons): the item's status
 * (channel messages), else the one its legacy content kept; null for anything else.
 */
export function deliveryStatusOf(
  status: string | null | undefined,
  content: { status?: string | null | undefined },
): DeliveryStatus | null {
  const value = status ?? content.status ?? null;
  return (DELIVERY_STATUSES as readonly string[]).includes(value ?? '')
    ? (value as DeliveryStatus)
    : null;
}

export type KnownInteractionType = keyof typeof INTERACTION_CONTENT;

export function isKnownInteractionType(type: string): type is KnownInteractionType {
  return Object.hasOwn(INTERACTION_CONTENT, type);
}

export type ParsedContent =
  | {
      [T in KnownInteractionType]: { type: T; content: z.output<(typeof INTERACTION_CONTENT)[T]> };
    }[KnownInteractionType]
  | { type: 'unknown'; content: Record<string, unknown> };

/** A stored interaction's content read by its type; anything unreadable is 'unknown'. */
export function parseInteractionContent(type: string, content: unknown): ParsedContent {
  if (!isKnownInteractionType(type)) {
    return { type: 'unknown', content: (content ?? {}) as Record<string, unknown> };
  }
  const parsed = INTERACTION_CONTENT[type].safeParse(content ?? {});
  if (!parsed.success)
    return { type: 'unknown', content: (content ?? {}) as Record<string, unknown> };
  return { type, content: parsed.data } as ParsedContent;
}

// The client-made item id check lives with the id generator (ids.ts); re-exported for its users.
export {
  CLIENT_ID_MAX_AGE_MS,
  CLIENT_ID_MAX_AHEAD_MS,
  isClientItemId,
  uuidV7Time,
  ZClientItemId,
} from './ids';
