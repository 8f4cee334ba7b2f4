import { z } from 'zod';

/*
 * Every kind of live event `realtime.events` delivers (issue #36 item 3): its topic, its payload
 * and who receives it. The server stores an event only through `appendEvent` (event-store.ts),
 * whose `type` and `payload` are typed by this catalogue, and the stream's notices are typed by
 * it too, so a kind missing here does not compile; /api/docs/procedures lists it (`liveEvents`).
 */

const ZId = z.uuid();

/** A change on a contact's timeline: its payload names the item. */
const ZInteractionPayload = z.object({
  contactId: ZId.describe("The contact whose timeline changed (the topic's id)."),
  interactionId: ZId.describe('The timeline item (read it with `interaction.timeline`).'),
  type: z.string().describe("The item's type: 'note', 'whatsapp', 'call', 'meeting'…"),
});

const CONTACT_RECEIVERS =
  "Whoever may see the contact: its agent and the supervisors above the agent, the company-wide roles, the user holding an unassigned contact's reservation and the members of a shared inbox showing it. Users confined to screens other than the contact's receive none.";

export interface LiveEventKind {
  /** The topic it is published on; `<…>` stands for an id. */
  topic: string;
  /** When it is sent (English, for developers). */
  description: string;
  /** Who receives it among the company's users. */
  receivers: string;
  payload: z.ZodObject;
  /** A notice of one connection, not a stored event: no id of its own, never replayed. */
  notice?: true;
}

export const LIVE_EVENTS = {
  'interaction.created': {
    topic: 'contact:<contactId>',
    description:
      "An item was added to a contact's timeline: a note, an activity, a message sent or a customer's message received.",
    receivers: CONTACT_RECEIVERS,
    payload: ZInteractionPayload.extend({
      holderId: ZId.nullable()
        .optional()
        .describe(
          "On a customer's message received: the contact's agent then (null when nobody holds it).",
        ),
    }),
  },
  'interaction.updated': {
    topic: 'contact:<contactId>',
    description:
      "An item of a contact's timeline changed: a message's delivery status (sent, received, read, error), an activity done or edited, a media file arrived, a scheduled message sent or cancelled.",
    receivers: CONTACT_RECEIVERS,
    payload: ZInteractionPayload,
  },
  'contact.updated': {
    topic: 'contact:<contactId>',
    description:
      "Something of the contact itself changed that writes no timeline item (`what`: 'bot' when its bot was switched on or off).",
    receivers: CONTACT_RECEIVERS,
    payload: z.object({
      contactId: ZId.describe("The contact (the topic's id)."),
      what: z.string().describe("What changed: 'bot'."),
    }),
  },
  'contact.read': {
    topic: 'contact:<contactId>',
    description:
      "A conversation's unread mark changed: its holder opened it or marked it unread ('Marcar como no leído').",
    receivers: CONTACT_RECEIVERS,
    payload: z.object({
      contactId: ZId.describe("The contact (the topic's id)."),
      unreadCount: z.number().int().min(0).describe("The conversation's unread count now."),
    }),
  },
  'channel.status': {
    topic: 'channel:<channelId>',
    description:
      "A channel's connection state changed ('available', 'connecting', 'disconnected').",
    receivers:
      "The users who manage the company's channels ('Mi Empresa' › 'Canales') and a personal channel's owner.",
    payload: z.object({
      channelId: ZId.describe("The channel (the topic's id)."),
      status: z.string().describe("'available', 'connecting' or 'disconnected'."),
    }),
  },
  'training.post': {
    topic: 'training',
    description: "A training post was published, edited or deleted ('Entrenamiento').",
    receivers:
      "The post's audience (its users, roles or groups; everyone for a post without one), the coach and admins; after an edit that changed the audience, everyone (the page reads the post again with the exact rule). Users confined to other screens receive none.",
    payload: z.object({ postId: ZId.describe('The post.') }),
  },
  'training.comment': {
    topic: 'training',
    description: 'A comment on a training post was written, deleted, hidden or shown.',
    receivers:
      "The post's audience, the coach and admins, as for `training.post`. Users confined to other screens receive none.",
    payload: z.object({
      postId: ZId.describe("The comment's post."),
      commentId: ZId.describe('The comment.'),
    }),
  },
  'notification.delivered': {
    topic: 'notifications',
    description:
      "New in-app notifications were delivered (a platform admin's shipment, 01 §4, or a notice of the system: a contact transferred to the user, a reminder of theirs come due, a comment on a request they created): read `notification.list` and `notification.unreadCount` again.",
    receivers:
      'The users the notifications were delivered to, each of their own only (one event per company and batch of a shipment names its users; a notice of the system, its one user).',
    payload: z.object({
      shipmentId: ZId.nullable().describe(
        'The shipment they came from (null for a notice of the system).',
      ),
      kind: z
        .enum(['banner', 'right-bottom-notification'])
        .describe("How they show: a 'banner' or a 'right-bottom-notification'."),
    }),
  },
  'notification.tracked': {
    topic: 'notification-shipments',
    description:
      "A user viewed, opened or closed a shipment's notification for the first time: read `notification.statistics` of the shipment again.",
    receivers: "The platform admins of the shipment's company (who wrote it).",
    payload: z.object({
      shipmentId: ZId.describe('The shipment.'),
      action: z.enum(['viewed', 'opened', 'closed']).describe('What the user did.'),
    }),
  },
  'phone.call': {
    topic: 'phone',
    description:
      "A call of the user through the company's phone provider changed (issue #39): an incoming call rings on them (open its contact, or offer to create it: 'Contacto no encontrado'), was answered or ended; an outgoing call's progress.",
    receivers: 'The user the call is with (their Aircall user), only.',
    payload: z.object({
      callId: ZId.describe('The provider call (its row in `phone.calls`).'),
      direction: z.enum(['inbound', 'outbound']).describe('Who called.'),
      state: z
        .enum(['initial', 'ringing', 'answered', 'done'])
        .describe("The call's progress at the provider."),
      phone: z.string().describe("The customer's number (E.164 when it parses)."),
      contactId: ZId.nullable().describe(
        'The contact the number belongs to among those the user may see; null when none.',
      ),
    }),
  },
  'session.changed': {
    topic: 'session',
    description:
      "The caller's access changed while the stream was open (roles, group, jail, feature flags): read `auth.me` again. Its id is the last event's.",
    receivers: "Only the stream that changed user, and only when its `topics` include 'session'.",
    payload: z.object({}).strict(),
    notice: true,
  },
  'nps.survey': {
    topic: 'nps',
    description:
      'An NPS survey was sent, delivered, failed, answered, commented, cancelled or activated, or its follow-up changed (issue #42): read `nps.statistics` and `nps.surveys` again.',
    receivers:
      "The company's project managers and comercial, the survey's seller and the supervisors above the seller. Users confined to other screens receive none.",
    payload: z.object({
      surveyId: ZId.describe('The survey.'),
      configId: ZId.describe('Its NPS configuration.'),
      contactId: ZId.describe('The contact it was sent to.'),
    }),
  },
} as const satisfies Record<string, LiveEventKind>;

export type LiveEventType = keyof typeof LIVE_EVENTS;

/** The kinds stored in the event log (appendEvent), as against a connection's notices. */
export type StoredLiveEventType = {
  [T in LiveEventType]: (typeof LIVE_EVENTS)[T] extends { notice: true } ? never : T;
}[LiveEventType];

export type NoticeType = Exclude<LiveEventType, StoredLiveEventType>;

/** The payload of a kind as its emitter writes it. */
export type LiveEventPayload<T extends LiveEventType> = z.input<(typeof LIVE_EVENTS)[T]['payload']>;

/** Whether a text names a kind of the catalogue. */
export function isLiveEventType(type: string): type is LiveEventType {
  return Object.hasOwn(LIVE_EVENTS, type);
}

/** What the reference (/api/docs/procedures, `liveEvents`) says of each kind. */
export interface LiveEventEntry {
  type: LiveEventType;
  topic: string;
  description: string;
  receivers: string;
  /** Stored events resume with `lastEventId`; a notice belongs to one connection. */
  stored: boolean;
  /** JSON Schema of `data.payload`. */
  payload: unknown;
}

export function liveEventEntries(): LiveEventEntry[] {
  return (Object.entries(LIVE_EVENTS) as [LiveEventType, LiveEventKind][]).map(([type, kind]) => ({
    type,
    topic: kind.topic,
    description: kind.description,
    receivers: kind.receivers,
    stored: kind.notice !== true,
    payload: z.toJSONSchema(kind.payload, { io: 'input' }),
  }));
}
