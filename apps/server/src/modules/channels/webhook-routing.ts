import superjson from 'superjson';
import type { Channel } from '@cartera/db/schema';
import type {
  ChannelContext,
  InboundEvent,
  UnreadableReason,
  WebhookRequest,
} from '../../providers/adapter';
import { adapterFor, providerSlugFor } from '../../providers/registry';
import type { AppDeps } from '../../deps';
import { findChannelByAccount } from './channel-numbers.repository';
import { insertDeadLetter, type NewDeadLetter } from './dead-letters.repository';
import { acknowledgeWebhookEvents } from './webhook-inbox';

/**
 * Where a verified webhook's events go (issue #31 items 4 and 5). Meta posts every number or
 * page of an app to one URL: WhatsApp's changes name their number
 * (`entry[].changes[].value.metadata.phone_number_id`), Messenger's, Instagram's and lead ads'
 * entries their page or account (`entry[].id`). Twilio's form names the company's number: `To`
 * of an incoming message, `From` of a status callback. Each part goes to the channel of the same
 * company with that number or page; a part for a number no channel has, and a body that cannot
 * be read, go to the dead-letter store on the channel whose URL received them. The gateway and
 * the sandbox name one channel per URL.
 */

export type DeadLetterReason =
  | 'NO_CHANNEL_FOR_NUMBER'
  | 'UNPARSEABLE_PAYLOAD'
  | 'INGEST_FAILED'
  | 'CHANNEL_GONE'
  | 'UNKNOWN_WEBHOOK'
  | UnreadableReason;

const WHATSAPP_TYPES = ['whatsapp_business', 'whatsapp_360_dialog'] as const;

interface Route {
  /** The provider's account the part names; undefined when it names none. */
  account: string | undefined;
  /** The part of the body for that account (the whole body when nothing is split). */
  body: unknown;
}

/** Which account field a channel type is routed by, and the types that may share it. */
function routing(type: string) {
  if ((WHATSAPP_TYPES as readonly string[]).includes(type)) {
    return { field: 'phoneNumberId' as const, types: WHATSAPP_TYPES, strict: true };
  }
  if (type === 'fb' || type === 'leads') {
    return { field: 'pageId' as const, types: [type], strict: true };
  }
  if (type === 'sms') return { field: 'fromNumber' as const, types: [type], strict: true };
  // Instagram's entry names the professional account, which the channel form does not ask for
  // (it asks for the linked page): another Instagram channel with that id takes it, else the
  // receiving one.
  if (type === 'ig') return { field: 'pageId' as const, types: [type], strict: false };
  return null;
}

/** The body split by the account each part names (null: not a routed envelope). */
export function splitByAccount(type: string, body: unknown): Route[] | null {
  if (type === 'sms') return typeof body === 'string' ? [twilioRoute(body)] : null;
  const envelope = body as { entry?: unknown } | null;
  if (!routing(type) || !envelope || !Array.isArray(envelope.entry)) return null;
  const parts = new Map<string, unknown[]>();
  const add = (account: string, entry: unknown) =>
    parts.set(account, [...(parts.get(account) ?? []), entry]);
  for (const entry of envelope.entry as Array<Record<string, unknown>>) {
    if (routing(type)!.field === 'pageId') {
      add(entry?.id === undefined ? '' : String(entry.id), entry);
      continue;
    }
    const byNumber = new Map<string, unknown[]>();
    for (const change of Array.isArray(entry?.changes) ? entry.changes : []) {
      const value = (change as { value?: { metadata?: { phone_number_id?: unknown } } }).value;
      const id = value?.metadata?.phone_number_id;
      const account = id === undefined || id === null ? '' : String(id);
      byNumber.set(account, [...(byNumber.get(account) ?? []), change]);
    }
    if (!byNumber.size) add('', entry);
    for (const [account, changes] of byNumber) add(account, { ...entry, changes });
  }
  return [...parts].map(([account, entries]) => ({
    account: account || undefined,
    body: { ...envelope, entry: entries },
  }));
}

/** Twilio's form: the company's number is `To` of a message, `From` of a status callback. */
function twilioRoute(form: string): Route {
  const params = new URLSearchParams(form);
  const status = params.get('MessageStatus') ?? params.get('SmsStatus');
  const callback = status !== null && status !== 'received' && status !== 'receiving';
  const number = params.get(callback ? 'From' : 'To');
  return { account: number ? accountNumber(number) : undefined, body: form };
}

/** A company number as routing compares it: its digits (`whatsapp:+1 555…` is `1555…`). */
function accountNumber(number: string) {
  return number.replace(/\D/g, '') || undefined;
}

/**
 * The channel a part for `account` goes to: the receiving one when it is its own account (or it
 * names none, or the receiving channel has none configured and no other channel has it), another
 * channel of the same company that has it, or none (a dead letter).
 */
export async function channelForAccount(deps: AppDeps, received: Channel, account?: string) {
  const rule = routing(received.type);
  if (!rule || !account) return received;
  const configured = received.config[rule.field];
  const own = rule.field === 'fromNumber' && configured ? accountNumber(configured) : configured;
  if (own === account) return received;
  const other = await findChannelByAccount(
    deps.db,
    received.tenantId,
    rule.types,
    rule.field,
    account,
  );
  if (other) return other;
  return own && rule.strict ? undefined : received;
}

/** Stores a dead letter and says so in the log: nothing acknowledged is dropped in silence. */
export async function deadLetter(deps: AppDeps, letter: NewDeadLetter) {
  const id = await insertDeadLetter(deps.db, letter);
  deps.logger.warn(
    {
      deadLetterId: id,
      tenantId: letter.tenantId,
      channelId: letter.channelId,
      provider: letter.provider,
      reason: letter.reason,
      detail: letter.detail,
    },
    'webhooks: event not taken in, kept as a dead letter',
  );
  return id;
}

/** A body as a person reads it: its JSON when it is JSON, else its text. */
export function payloadOf(raw: Buffer | string): unknown {
  const text = typeof raw === 'string' ? raw : raw.toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The bytes of a stored payload, to be parsed again. */
export function rawOf(payload: unknown): Buffer {
  return Buffer.from(typeof payload === 'string' ? payload : JSON.stringify(payload), 'utf8');
}

/** What becomes of a part that cannot be taken in (by default, a new dead letter). */
export type KeepPart = (
  reason: DeadLetterReason,
  payload: unknown,
  detail: string | null,
) => Promise<void>;

export interface RoutedParts {
  /** Events stored in the inbox, per channel. */
  stored: number;
  /** Parts kept as dead letters. */
  deadLetters: number;
}

/**
 * Takes a verified webhook received on `received`'s URL: each part parsed by the channel it goes
 * to and stored in the inbox, or kept as a dead letter. `request` is the webhook as received
 * (its bytes are parsed as they came when nothing is split off).
 */
export async function routeWebhook(
  deps: AppDeps,
  received: Channel,
  request: WebhookRequest,
  contextOf: (channel: Channel) => ChannelContext,
  keepPart?: KeepPart,
): Promise<RoutedParts> {
  const provider = providerSlugFor(received.type) ?? received.type;
  const body = routing(received.type) ? payloadOf(request.rawBody) : undefined;
  const parts = body === undefined ? null : splitByAccount(received.type, body);
  const result: RoutedParts = { stored: 0, deadLetters: 0 };
  const keep = async (reason: DeadLetterReason, payload: unknown, detail: string | null) => {
    result.deadLetters += 1;
    if (keepPart) return keepPart(reason, payload, detail);
    await deadLetter(deps, {
      tenantId: received.tenantId,
      channelId: received.id,
      provider,
      reason,
      detail,
      payload,
    });
  };
  // The readable events are stored; a message without id or sender keeps its part as a dead
  // letter (one per part, naming each such message).
  const take = async (channel: Channel, events: InboundEvent[], payload: () => unknown) => {
    const unreadable = events.filter((event) => event.kind === 'unreadable');
    if (unreadable.length) {
      const detail = unreadable.map((event) => event.detail).join('; ');
      await keep(unreadable[0]!.reason, payload(), detail);
    }
    result.stored += await store(
      deps,
      channel,
      events.filter((event) => event.kind !== 'unreadable'),
    );
  };
  if (!parts) {
    const events = parseFor(contextOf(received), request);
    if (events instanceof Error)
      await keep('UNPARSEABLE_PAYLOAD', payloadOf(request.rawBody), events.message);
    else await take(received, events, () => payloadOf(request.rawBody));
    return result;
  }
  for (const part of parts) {
    const target = await channelForAccount(deps, received, part.account);
    if (!target) {
      await keep('NO_CHANNEL_FOR_NUMBER', part.body, part.account ?? null);
      continue;
    }
    const whole = parts.length === 1;
    const events = parseFor(
      contextOf(target),
      whole ? request : { ...request, rawBody: rawOf(part.body) },
    );
    if (events instanceof Error) await keep('UNPARSEABLE_PAYLOAD', part.body, events.message);
    else await take(target, events, () => part.body);
  }
  return result;
}

function parseFor(context: ChannelContext, request: WebhookRequest): InboundEvent[] | Error {
  const adapter = adapterFor(context.channel.type);
  if (!adapter) return new Error(`no adapter for ${context.channel.type}`);
  try {
    return adapter.parseWebhook(context, request);
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

async function store(deps: AppDeps, channel: Channel, events: InboundEvent[]) {
  await acknowledgeWebhookEvents(deps, channel, events);
  return events.length;
}

/** The events the inbox gave up on, as a dead letter's payload (readable) and events (exact). */
export function eventsLetter(events: InboundEvent[]): {
  payload: ReturnType<typeof superjson.serialize>['json'];
  events: ReturnType<typeof superjson.serialize>;
} {
  const serialized = superjson.serialize(events);
  return { payload: serialized.json, events: serialized };
}
