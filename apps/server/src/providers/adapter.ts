import type { IncomingHttpHeaders } from 'node:http';
import type { Channel } from '@cartera/db/schema';
import { CHANNEL_TYPES, type ChannelTypeName } from '@cartera/domain/channels';
import type { ErrorCode } from '@cartera/domain/errors';
import type { ProviderUrls } from '../env';

/**
 * One interface for every messaging provider (03 §3 Channel; design: channels). An adapter
 * speaks its provider's documented protocol (shared/design/integrations.md) and nothing else:
 * it never touches the database. The channel service turns what it parses into timeline items
 * and calls it from the outbox job to send.
 */

/** The channel types (packages/domain: the channel form offers the same). */
export { CHANNEL_TYPES };
export type ChannelType = ChannelTypeName;

/** What an adapter gets to act for one channel: its row, its opened secrets, where providers are. */
export interface ChannelContext {
  channel: Channel;
  secrets: Record<string, string>;
  urls: ProviderUrls;
  /** The channel's public webhook URL (Twilio is told it as each message's StatusCallback). */
  webhookUrl: string;
}

export type MediaKind = 'image' | 'video' | 'audio' | 'document' | 'sticker';

export interface OutboundMessage {
  /** E.164 for phone channels; the page-scoped id for Messenger and Instagram. */
  to: string;
  text?: string;
  /** A file the provider fetches from a URL the server signs (the product's own storage). */
  media?: { kind: MediaKind; url: string; mimeType: string; fileName?: string; caption?: string };
  /**
   * A WhatsApp template (outside the 24-hour window). `quickReplies` are the payloads of the
   * template's quick-reply buttons, in their order (what a tap sends back as the choice's id).
   */
  template?: { name: string; language: string; parameters: string[]; quickReplies?: string[] };
  /** WhatsApp reply buttons (at most 3) or a list (at most 10 rows), inside the window. */
  interactive?: InteractiveContent;
  /**
   * Messenger and Instagram past the standard 24 hours (within Meta's 7 days): a person
   * answering, sent with the HUMAN_AGENT tag.
   */
  humanAgent?: boolean;
  /** The message this one answers (WhatsApp's context, the gateway's quoted). */
  replyTo?: { providerMessageId: string; text: string };
}

/**
 * An interactive message the company sends (issue #42: NPS, campaigns): reply buttons (at most
 * 3, titles of 20 characters) or a list (at most 10 rows of 24, descriptions of 72) under a body
 * text. The customer's tap comes back as an `InboundChoice` with the option's id.
 */
export type InteractiveContent =
  | { kind: 'buttons'; body: string; options: Array<{ id: string; title: string }> }
  | {
      kind: 'list';
      body: string;
      /** The button that opens the list. */
      button: string;
      options: Array<{ id: string; title: string; description?: string }>;
    };

/** A file an inbound message carries, as the provider refers to it. */
export interface InboundMedia {
  kind: MediaKind;
  /** The provider's media id (WhatsApp Cloud) or a URL (Messenger, Twilio, the gateway). */
  providerMediaId?: string;
  url?: string;
  mimeType?: string;
  fileName?: string;
  caption?: string;
}

/** A contact card a customer shared (WhatsApp `contacts`, the gateway's contactMessage). */
export interface SharedContact {
  displayName: string;
  phoneNumber?: string;
  description?: string;
}

/** The ad a message came from. */
export interface InboundAd {
  title?: string;
  body?: string;
  sourceUrl?: string;
  thumbnailUrl?: string;
  largeThumbnail?: boolean;
  showAttribution?: boolean;
}

/**
 * Something the customer tapped instead of typing (issue #31): a WhatsApp reply button
 * (`button_reply`) or list row (`list_reply`), a template's quick reply (`button`), a Messenger
 * postback or quick reply. The message's `text` is the title the customer saw; `id` is the
 * button's id or payload, kept for whoever reads the data.
 */
export interface InboundChoice {
  kind: 'button_reply' | 'list_reply' | 'button' | 'postback' | 'quick_reply';
  title: string;
  id?: string;
  description?: string;
}

/** A place the customer shared (WhatsApp `location`, the gateway's locationMessage). */
export interface InboundLocation {
  latitude: number;
  longitude: number;
  name?: string;
  address?: string;
  url?: string;
}

/** A cart sent from the business's catalogue (WhatsApp `order`). */
export interface InboundOrder {
  catalogId?: string;
  note?: string;
  items: Array<{ productId: string; quantity: number; price?: number; currency?: string }>;
}

/**
 * A notice the provider writes in the chat (WhatsApp `system`): `customer_changed_number`
 * with the new number, or another kind with the provider's own text.
 */
export interface InboundSystemNotice {
  kind: string;
  newPhone?: string;
  body?: string;
}

/** Instagram: the customer mentioned the account in a story, or answered one of its stories. */
export interface InboundStory {
  kind: 'mention' | 'reply';
  url?: string;
  id?: string;
}

export type DeliveryStatus = 'sent' | 'delivered' | 'read' | 'failed';

export type InboundEvent =
  | {
      kind: 'message';
      providerMessageId: string;
      /** E.164 phone, or the page-scoped id on Messenger and Instagram. */
      from: { phone?: string; scopedId?: string; name?: string };
      at: Date;
      text?: string;
      media?: InboundMedia;
      /** The provider's id of the message this one answers (WhatsApp's context). */
      replyTo?: string;
      /** A reaction to the message `replyTo`: `text` is the emoji ('' takes it back). */
      reaction?: boolean;
      /** Contact cards the customer shared. */
      contacts?: SharedContact[];
      /** The ad the customer wrote from (Click-to-WhatsApp, the gateway's externalAdReply). */
      ad?: InboundAd;
      /** A button, list row, quick reply or postback the customer tapped: `text` is its title. */
      choice?: InboundChoice;
      location?: InboundLocation;
      order?: InboundOrder;
      system?: InboundSystemNotice;
      story?: InboundStory;
      /** The catalogue product the customer asks about (WhatsApp `context.referred_product`). */
      product?: { productId: string; catalogId?: string };
      /**
       * The provider's name of a message type with no reading here (or WhatsApp's own
       * `unsupported`): the seller reads a Spanish notice naming it, never a bracketed token.
       */
      unsupported?: string;
    }
  | {
      kind: 'status';
      providerMessageId: string;
      status: DeliveryStatus;
      at: Date;
      error?: { code: string; message: string };
      /** The customer played the audio the message carries. */
      listened?: boolean;
    }
  | {
      /**
       * Every message the channel sent this person up to `upTo` reached `status`: Messenger's
       * receipts name no message but a watermark (a `read`, a `delivery` without `mids`).
       */
      kind: 'watermark';
      recipient: { scopedId: string };
      status: 'delivered' | 'read';
      upTo: Date;
    }
  | {
      /**
       * A lead-ads form filled in: a contact to create or update with the channel's origin. The
       * webhook names the lead only: the service fetches its answers (`fetchLead`) when
       * `fields` is absent.
       */
      kind: 'lead';
      providerLeadId: string;
      at: Date;
      formId?: string;
      fields?: LeadFields;
    }
  | { kind: 'connection'; state: 'open' | 'connecting' | 'close'; reason?: string }
  | {
      /**
       * Something the provider sent as a customer's message that cannot be taken in: no message
       * id, or no sender. Never stored in the inbox: the webhook's part becomes a dead letter
       * with this reason (issue #31 item 4: nothing acknowledged is dropped in silence).
       */
      kind: 'unreadable';
      reason: UnreadableReason;
      /** Which part of the payload, for the person reading the dead letter. */
      detail: string;
    };

export type UnreadableReason = 'MESSAGE_WITHOUT_ID' | 'MESSAGE_WITHOUT_SENDER';

/** What a lead form collected: the contact's data and every answer as the form named it. */
export interface LeadFields {
  firstName?: string;
  lastName?: string;
  phone?: string;
  email?: string;
  answers: Array<{ name: string; values: string[] }>;
}

/** A WhatsApp session's state at its gateway, with the QR to scan while it is connecting. */
export interface SessionState {
  state: 'open' | 'connecting' | 'close';
  /** False when the gateway has no such instance (yet). */
  exists: boolean;
  /** The QR code as an image data URL (`data:image/png;base64,…`). */
  qr?: string;
  /** The code to type on the phone instead of scanning. */
  pairingCode?: string;
}

/** A webhook as it arrived: the exact bytes, for the signature. */
export interface WebhookRequest {
  rawBody: Buffer;
  headers: IncomingHttpHeaders;
  /** The full URL the provider called (Twilio signs it). */
  url: string;
}

/**
 * A provider refused or failed. `retryable` failures (the network, 429, 5xx) are tried again by
 * the outbox job with backoff; the others end the send with `code`, whose Spanish text is shown.
 */
export class ProviderError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly retryable: boolean,
    readonly providerCode: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** A message template as the provider keeps it (WhatsApp: approved messages, 02 §3). */
export interface ProviderTemplate {
  providerTemplateId: string;
  name: string;
  language: string;
  category: string;
  /** The provider's status: APPROVED, PENDING, REJECTED, IN_APPEAL, PAUSED… */
  status: string;
  body: string;
  components: unknown[];
}

export interface ChannelAdapter {
  /** True when the webhook is authentic (signature or shared key checked in constant time). */
  verifyWebhook(context: ChannelContext, request: WebhookRequest): boolean;
  /** The provider's subscription handshake (Meta's GET with hub.challenge): the answer or null. */
  answerHandshake?(context: ChannelContext, query: Record<string, string>): string | null;
  /** The events a verified webhook carries; what it does not understand is left out. */
  parseWebhook(context: ChannelContext, request: WebhookRequest): InboundEvent[];
  /** The answer body the provider expects (Twilio's TwiML); JSON `{ok:true}` by default. */
  webhookAnswer?: { contentType: string; body: string };
  send(context: ChannelContext, message: OutboundMessage): Promise<{ providerMessageId: string }>;
  /**
   * Tells the customer their messages were seen, up to this one (WhatsApp's read receipt,
   * Messenger's mark_seen, the gateway's read mark). `to` as for a send.
   */
  markRead?(
    context: ChannelContext,
    read: { to: string; providerMessageId: string },
  ): Promise<void>;
  /**
   * Changes the text of a message the company sent (03 §6), on the customer's phone too. Only
   * providers that can have it (a WhatsApp session through the gateway); `to` as for a send.
   */
  editMessage?(
    context: ChannelContext,
    edit: { to: string; providerMessageId: string; text: string },
  ): Promise<void>;
  /** Deletes a message the company sent, for everyone in the chat (03 §6). */
  deleteMessage?(
    context: ChannelContext,
    removal: { to: string; providerMessageId: string },
  ): Promise<void>;
  /** The provider's templates (all pages), for a synchronisation. */
  listTemplates?(context: ChannelContext): Promise<ProviderTemplate[]>;
  /** Submits a new template for the provider's review: its id and first status. */
  createTemplate?(
    context: ChannelContext,
    template: { name: string; language: string; category: string; body: string },
  ): Promise<{ providerTemplateId: string; status: string }>;
  deleteTemplate?(context: ChannelContext, template: { name: string }): Promise<void>;
  /** Fetches an inbound file the provider keeps (WhatsApp Cloud's media ids). */
  downloadMedia?(
    context: ChannelContext,
    media: InboundMedia,
  ): Promise<{ bytes: Buffer; mimeType: string }>;
  /**
   * Messenger and Instagram: the customer's name from the provider's documented profile lookup
   * (Messenger `GET /{PSID}?fields=first_name,last_name`, Instagram `GET /{IGSID}?fields=
   * name,username`); undefined when the provider gives none.
   */
  fetchProfile?(context: ChannelContext, scopedId: string): Promise<{ name?: string }>;
  /** Lead ads: the answers of one lead, by its id. */
  fetchLead?(
    context: ChannelContext,
    leadId: string,
  ): Promise<{ fields: LeadFields; at: Date; formId?: string }>;
  /**
   * A session gateway (personal WhatsApp): opens the session, creating it at the gateway on
   * first use; answers its state and, while connecting, the QR to scan.
   */
  connect?(context: ChannelContext): Promise<SessionState>;
  /** A session gateway: the session's state as the gateway sees it now. */
  connectionState?(context: ChannelContext): Promise<SessionState>;
  /** A session gateway: closes the session (the phone is unlinked). */
  logout?(context: ChannelContext): Promise<void>;
}
