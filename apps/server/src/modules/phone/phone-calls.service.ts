import { z } from 'zod';
import type { Database, Transaction } from '@cartera/db/client';
import type { PhoneConnection, ProviderCall } from '@cartera/db/schema';
import { DomainError } from '@cartera/domain/errors';
import { newId } from '@cartera/domain/ids';
import { ZClientItemId } from '@cartera/domain/interactions';
import { cleanPhone, normalizePhone } from '@cartera/domain/phone';
import { es } from '@cartera/domain/i18n';
import type { AppDeps } from '../../deps';
import { openSecrets } from '../../lib/secret-box';
import { appendEvent } from '../../realtime/event-store';
import {
  AIRCALL_CALL_EVENTS,
  AircallClient,
  phoneProviderError,
  ZAircallCall,
  ZAircallWebhook,
  type AircallCall,
  type AircallCallEvent,
} from '../../providers/aircall/aircall.adapter';
import { sameSecret } from '../../providers/provider-http';
import { contactAudience, contactScope, visibleContact } from '../access/contacts';
import { lockContact } from '../contacts/contacts.service';
import { actingUser } from '../sessions/session.service';
import type { AuthUser } from '../sessions/session.types';
import { tenantBasics } from '../tenant-settings/tenant-settings.service';
import { announceInteraction, recordInteraction } from '../timeline/timeline-writer';
import {
  claimCall,
  deleteCall,
  findBlocked,
  findCallItem,
  findConnection,
  findConnectionByWebhookKey,
  findMapping,
  findMappingByExternalUser,
  findLatestItem,
  findScopedContactsByPhones,
  insertCall,
  lockCallByExternalId,
  lockPendingCall,
  markMissedCallUnread,
  updateCall,
  updateCallItem,
} from './phone.repository';

/*
 * Calls through the company's phone provider (issue #39, 03 §4 Phone call): Cartera asks Aircall
 * to start a call on the agent's Aircall app; Aircall's webhooks then tell the call's progress,
 * merged here into one provider_calls row per Aircall call id and shown by its timeline item
 * (a phoneCall: 'calling' while it lasts, then 'done', 'cancel' or 'voicemail' with its
 * duration). Events come in any order and more than once: every field only moves forward
 * (the state's rank, the times once set, the duration final with call.ended), so the row ends
 * the same whatever the order; the one-off effects (the incoming call's notice, a missed call's
 * unread mark) happen on the transition that first reaches them.
 */

export const PROVIDER = 'aircall';

/** How long an outbound call asked for waits for its call.created to claim it. */
const PENDING_MS = 10 * 60_000;

/** The provider's progress, in the order a call goes through it. */
const STATE_RANK = { initial: 0, ringing: 1, answered: 2, done: 3 } as const;
type CallState = keyof typeof STATE_RANK;

function stateOf(event: AircallCallEvent, call: AircallCall): CallState {
  if (event === 'call.hungup' || event === 'call.ended' || call.status === 'done') return 'done';
  if (event === 'call.answered' || call.status === 'answered') return 'answered';
  if (event === 'call.ringing_on_agent') return 'ringing';
  return 'initial';
}

function later(a: string, b: CallState): CallState {
  const current = (a in STATE_RANK ? a : 'initial') as CallState;
  return STATE_RANK[b] > STATE_RANK[current] ? b : current;
}

const at = (seconds: number | null | undefined) =>
  typeof seconds === 'number' && seconds > 0 ? new Date(seconds * 1000) : null;

/** The item's state once the call is over: voicemail, answered ('done') or not ('cancel'). */
function outcomeOf(row: Pick<ProviderCall, 'state' | 'answeredAt' | 'voicemailUrl'>) {
  if (row.voicemailUrl) return 'voicemail';
  if (row.state !== 'done') return null;
  return row.answeredAt ? 'done' : 'cancel';
}

/** The timeline item's content of a provider call (03 §3 Phone call content, and ours). */
function itemContent(row: ProviderCall) {
  return {
    state: row.outcome ?? 'calling',
    phone: row.customerPhone,
    origin: PROVIDER,
    direction: row.direction,
    progress: row.state,
    ...(row.duration !== null && row.state === 'done' ? { callDuration: row.duration } : {}),
    ...(row.answeredAt ? { answeredAt: row.answeredAt.toISOString() } : {}),
    ...(row.recordingUrl ? { recording: true } : {}),
    ...(row.voicemailUrl ? { voicemail: true } : {}),
    ...(row.direction === 'inbound' && row.state === 'done' && !row.answeredAt
      ? { missed: true }
      : {}),
  };
}

export function aircallClient(deps: Pick<AppDeps, 'env'>, connection: PhoneConnection) {
  const secrets = openSecrets(deps.env.secretsKey, connection.secrets);
  return new AircallClient({
    baseUrl: connection.baseUrl,
    apiId: secrets.apiId ?? '',
    apiToken: secrets.apiToken ?? '',
  });
}

/** A number as calls name it: E.164 in the company's country when it parses. */
export function callNumber(raw: string, country: string) {
  return normalizePhone(raw, country.toUpperCase()) ?? cleanPhone(raw);
}

// ---------------------------------------------------------------------------------------------
// Restricted numbers

/** The restriction of one of `phones`, or none. */
export async function restrictionOf(
  db: Database | Transaction,
  tenantId: string,
  phones: string[],
) {
  const [blocked] = await findBlocked(db, tenantId, phones);
  return blocked;
}

export function restrictedError(reason: string) {
  return new DomainError('PHONE_NUMBER_RESTRICTED', { reason });
}

// ---------------------------------------------------------------------------------------------
// Starting a call

export const ZStartProviderCallInput = z.object({
  contactId: z.string().uuid(),
  id: ZClientItemId,
  phone: z.string().min(4).max(40),
});

/**
 * Pressing call with the company's provider (03 §4, §7 "start phone call: contact, phone,
 * integration id, external id"): the call item is written 'calling' with a pending call row,
 * then Aircall is asked to start the call on the caller's Aircall app. When Aircall does not
 * answer or refuses, the item is closed as not made ('No se pudo realizar la llamada.') and the
 * error answered: nothing stays calling, nothing is lost.
 */
export async function startProviderCall(
  deps: AppDeps,
  user: AuthUser,
  input: z.infer<typeof ZStartProviderCallInput>,
) {
  const db = deps.db;
  const contact = await visibleContact(db, user, input.contactId);
  if (!contact.phones.includes(input.phone)) {
    throw new DomainError('INVALID_REQUEST_BODY', { fields: { phone: [es.validation.noMatch] } });
  }
  const blocked = await restrictionOf(db, user.tenantId, [input.phone]);
  if (blocked) throw restrictedError(blocked.reason);
  const connection = await findConnection(db, user.tenantId, PROVIDER);
  if (!connection) throw new DomainError('PHONE_PROVIDER_NOT_CONNECTED');
  const mapping = await findMapping(db, user.tenantId, user.id);
  if (!mapping || !mapping.numberIds.length) throw new DomainError('PHONE_USER_NOT_MAPPED');
  const callId = newId();
  const fresh = await db.transaction(async (tx) => {
    const current = await lockContact(tx, user.tenantId, contact.id);
    if (!current) throw new DomainError('CONTACT_NOT_FOUND');
    const existing = await findCallItem(tx, user.tenantId, contact.id, input.id);
    if (existing) return false;
    const latest = await findLatestItem(tx, user.tenantId, contact.id);
    if (latest?.type === 'phoneCall' && latest.status === 'calling') {
      throw new DomainError('CONTACT_IN_CALL');
    }
    const row: ProviderCall = {
      tenantId: user.tenantId,
      id: callId,
      provider: PROVIDER,
      externalId: `pending:${callId}`,
      direction: 'outbound',
      state: 'initial',
      outcome: null,
      customerPhone: input.phone,
      companyPhone: '',
      userId: user.id,
      contactId: contact.id,
      interactionId: input.id,
      startedAt: new Date(),
      answeredAt: null,
      endedAt: null,
      duration: null,
      missedReason: null,
      recordingUrl: null,
      voicemailUrl: null,
      events: [],
      createdAt: new Date(),
      updatedAt: new Date(),
    };
    await insertCall(tx, row);
    await recordInteraction(tx, user, current, {
      id: input.id,
      type: 'phoneCall',
      status: 'calling',
      via: PROVIDER,
      content: itemContent(row),
    });
    return true;
  });
  if (!fresh) return { id: input.id };
  try {
    await aircallClient(deps, connection).startCall(
      mapping.externalUserId,
      mapping.numberIds[0]!,
      input.phone,
    );
  } catch (error) {
    deps.logger.warn({ err: error, tenantId: user.tenantId }, 'aircall: start call failed');
    await db.transaction(async (tx) => {
      await deleteCall(tx, user.tenantId, callId);
      const item = await findCallItem(tx, user.tenantId, contact.id, input.id, {
        forUpdate: true,
      });
      if (item?.status !== 'calling') return;
      await updateCallItem(tx, user.tenantId, input.id, {
        status: 'cancel',
        content: { ...item.content, state: 'cancel', progress: 'done', failed: true },
      });
      await announceInteraction(tx, user, contact, {
        event: 'interaction.updated',
        interactionId: input.id,
        type: 'phoneCall',
      });
    });
    phoneProviderError(error);
  }
  return { id: input.id };
}

// ---------------------------------------------------------------------------------------------
// Webhooks

export type WebhookAnswer = { status: 200 | 400 | 401 | 404; body: string };

/**
 * One webhook of Aircall for the company whose webhook key is `key`: its token checked (401),
 * then applied in one transaction before it is answered 200. A failure answers 500 (thrown), so
 * Aircall delivers it again: nothing acknowledged is lost. Events of other resources and
 * other call events are acknowledged and left.
 */
export async function receiveAircallWebhook(
  deps: AppDeps,
  key: string,
  body: unknown,
): Promise<WebhookAnswer> {
  const connection = await findConnectionByWebhookKey(deps.db, key);
  if (!connection) return { status: 404, body: 'unknown webhook' };
  const envelope = ZAircallWebhook.safeParse(body);
  if (!envelope.success) return { status: 400, body: 'not an Aircall webhook' };
  if (!sameSecret(envelope.data.token, connection.webhookToken)) {
    return { status: 401, body: 'bad token' };
  }
  const event = envelope.data.event as AircallCallEvent;
  if (envelope.data.resource !== 'call' || !AIRCALL_CALL_EVENTS.includes(event)) {
    return { status: 200, body: 'ignored' };
  }
  const call = ZAircallCall.safeParse(envelope.data.data);
  if (!call.success) return { status: 400, body: 'not a call' };
  await applyCallEvent(deps, connection, event, call.data);
  return { status: 200, body: 'ok' };
}

/** What a call event changed, told after its transaction. */
async function applyCallEvent(
  deps: AppDeps,
  connection: PhoneConnection,
  event: AircallCallEvent,
  call: AircallCall,
) {
  const tenantId = connection.tenantId;
  const { country } = await tenantBasics(deps.db, tenantId);
  const customer = call.raw_digits ? callNumber(call.raw_digits, country) : '';
  const agentId = call.user
    ? await findMappingByExternalUser(deps.db, tenantId, PROVIDER, String(call.user.id))
    : undefined;
  const agent = agentId ? await actingUser(deps.db, tenantId, agentId) : null;

  await deps.db.transaction(async (tx) => {
    const externalId = String(call.id);
    let row = await lockCallByExternalId(tx, tenantId, PROVIDER, externalId);
    if (!row && call.direction === 'outbound' && agentId && customer) {
      const pending = await lockPendingCall(
        tx,
        tenantId,
        agentId,
        customer,
        new Date(Date.now() - PENDING_MS),
      );
      if (pending) {
        await updateCall(tx, tenantId, pending.id, { externalId });
        row = { ...pending, externalId };
      }
    }
    row ??= await claimCall(tx, {
      tenantId,
      provider: PROVIDER,
      externalId,
      direction: call.direction,
      state: 'initial',
      customerPhone: customer,
      companyPhone: call.number?.digits ?? '',
      userId: agentId ?? null,
    });
    if (!row) throw new Error('aircall: call row not claimed');
    const before = row;
    const ended = row.events.includes('call.ended');
    const merged: ProviderCall = {
      ...row,
      userId: row.userId ?? agentId ?? null,
      companyPhone: row.companyPhone || call.number?.digits || '',
      state: later(row.state, stateOf(event, call)),
      startedAt: row.startedAt ?? at(call.started_at),
      answeredAt: row.answeredAt ?? at(call.answered_at),
      endedAt: row.endedAt ?? at(call.ended_at),
      duration:
        event === 'call.ended'
          ? (call.duration ?? row.duration)
          : ended
            ? row.duration
            : (call.duration ?? row.duration),
      missedReason: row.missedReason ?? call.missed_call_reason ?? null,
      recordingUrl: call.recording ?? row.recordingUrl,
      voicemailUrl: call.voicemail ?? row.voicemailUrl,
      events: row.events.includes(event) ? row.events : [...row.events, event],
    };
    if (merged.state === 'done' && merged.duration === null) {
      merged.duration =
        merged.answeredAt && merged.endedAt
          ? Math.max(0, Math.round((merged.endedAt.getTime() - merged.answeredAt.getTime()) / 1000))
          : 0;
    }
    merged.outcome = outcomeOf(merged);

    // The contact: the one the call was started on, else the number among the contacts the
    // called agent may see (the company's when no agent is known yet).
    let contact = merged.contactId ? await lockContact(tx, tenantId, merged.contactId) : undefined;
    if (!contact && customer) {
      const scope = agent ? await contactScope(tx, agent) : ({ kind: 'tenant' } as const);
      const [found] = await findScopedContactsByPhones(tx, tenantId, scope, [customer]);
      if (found) {
        contact = await lockContact(tx, tenantId, found.id);
        merged.contactId = found.id;
      }
    }
    if (contact && !merged.interactionId) {
      merged.interactionId = newId();
      await recordInteraction(tx, agent, contact, {
        id: merged.interactionId,
        type: 'phoneCall',
        status: merged.outcome ?? 'calling',
        via: PROVIDER,
        content: itemContent(merged),
        createdAt: merged.startedAt ?? new Date(),
      });
    } else if (contact && merged.interactionId) {
      const item = await findCallItem(tx, tenantId, contact.id, merged.interactionId, {
        forUpdate: true,
      });
      // A call closed by hand ('¿Pudiste comunicarte?') keeps its answer; the provider's
      // duration and progress still show.
      const manual = item && item.status !== 'calling' && !before.outcome;
      const content = itemContent(merged);
      const status = (manual ? item.status : merged.outcome) ?? 'calling';
      const next = manual ? { ...content, state: item.status } : content;
      if (item && JSON.stringify(item.content) !== JSON.stringify(next)) {
        await updateCallItem(tx, tenantId, item.id, { status, content: next });
        await announceInteraction(tx, agent, contact, {
          event: 'interaction.updated',
          interactionId: item.id,
          type: 'phoneCall',
        });
      }
    }
    // A missed inbound call (or one left as a voicemail) makes the conversation unread.
    if (
      contact &&
      merged.direction === 'inbound' &&
      merged.outcome &&
      merged.outcome !== 'done' &&
      !before.outcome
    ) {
      const unreadCount = await markMissedCallUnread(tx, tenantId, contact.id);
      await appendEvent(tx, {
        tenantId,
        type: 'contact.read',
        topic: `contact:${contact.id}`,
        payload: { contactId: contact.id, unreadCount },
        audience: await contactAudience(tx, contact),
      });
    }
    await updateCall(tx, tenantId, merged.id, {
      userId: merged.userId,
      companyPhone: merged.companyPhone,
      state: merged.state,
      outcome: merged.outcome,
      contactId: merged.contactId,
      interactionId: merged.interactionId,
      startedAt: merged.startedAt,
      answeredAt: merged.answeredAt,
      endedAt: merged.endedAt,
      duration: merged.duration,
      missedReason: merged.missedReason,
      recordingUrl: merged.recordingUrl,
      voicemailUrl: merged.voicemailUrl,
      events: merged.events,
    });
    // The agent's open tabs follow their calls: an incoming one opens its contact or offers to
    // create it (01 §4 incoming-call widget).
    const changed =
      merged.state !== before.state ||
      merged.userId !== before.userId ||
      merged.outcome !== before.outcome;
    if (merged.userId && changed) {
      await appendEvent(tx, {
        tenantId,
        type: 'phone.call',
        topic: 'phone',
        payload: {
          callId: merged.id,
          direction: merged.direction as 'inbound' | 'outbound',
          state: merged.state as CallState,
          phone: merged.customerPhone,
          contactId: merged.contactId,
        },
        audience: { userIds: [merged.userId] },
      });
    }
  });
}
