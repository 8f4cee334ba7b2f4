import { sql, type SQL } from 'drizzle-orm';
import { contacts, interactions, type LastMessagePreview } from '@cartera/db/schema';
import { chatDirection } from '@cartera/domain/metrics';

/*
 * The inbox's bookkeeping of a timeline item (issue #33): the contact's last message preview,
 * and for a customer's message its unread count, the time it wrote and the reopening of an
 * archived conversation. Each is a part (`name as (…)`) of a statement the writer runs anyway,
 * so no item costs one more round trip.
 */

/** How much of a message's text the preview keeps. */
export const PREVIEW_CHARS = 120;

function clip(value: unknown) {
  return typeof value === 'string' ? value.replace(/\s+/g, ' ').trim().slice(0, PREVIEW_CHARS) : '';
}

/**
 * The preview of a chat message or a note; null for items that are not one (a transfer, an
 * archiving…), which leave the previous preview in place.
 */
export function lastMessageOf(
  item: { type: string; content: Record<string, unknown>; actorId: string | null },
  at: Date,
  senderName: string | null,
): LastMessagePreview | null {
  if (item.type === 'note') {
    return {
      at: at.toISOString(),
      direction: 'out',
      kind: 'note',
      text: clip(item.content.body),
      senderName,
    };
  }
  if (item.type === 'email') {
    // A mail (issue #38): the customer's makes the conversation unread and reopens it, as a
    // message does; the preview is its subject and first lines.
    const mail = item.content as { origin?: unknown; subject?: unknown; resume?: unknown };
    const out = mail.origin === 'agent';
    const subject = typeof mail.subject === 'string' ? mail.subject : '';
    const resume = typeof mail.resume === 'string' ? mail.resume : '';
    return {
      at: at.toISOString(),
      direction: out ? 'out' : 'in',
      kind: 'email',
      text: clip([subject, resume].filter(Boolean).join(' — ')),
      senderName: out ? senderName : null,
    };
  }
  const direction = chatDirection(item);
  if (!direction) return null;
  const message = (item.content.message ?? {}) as { text?: unknown; type?: unknown };
  return {
    at: at.toISOString(),
    direction,
    kind: typeof message.type === 'string' && message.type ? message.type : 'text',
    text: clip(message.text),
    senderName: direction === 'out' ? senderName : null,
  };
}

/** The contact's columns a customer's message sets (its UPDATE's `set`). */
export function customerMessageSet(at: Date, preview: LastMessagePreview | null) {
  return {
    unreadCount: sql`${contacts.unreadCount} + 1`,
    lastCustomerMessageAt: at,
    ...(preview ? { lastMessage: preview } : {}),
    // A customer's message reopens an archived conversation (the archiving stays on the
    // timeline and in the metrics).
    archivingReason: null,
    archivingReasonText: null,
  };
}

/**
 * The timeline line of a conversation reopened by the customer's message, written only when the
 * contact was archived when the statement began: a part of the message's statement (its reads
 * see the contact as it was before that statement's UPDATE). It goes just before the message.
 */
export function reopenedLine(tenantId: string, contactId: string, at: Date): SQL {
  return sql`inbound_reopened as (
    insert into ${interactions} (tenant_id, id, contact_id, type, content, via, created_by_system,
      created_at)
    select c.tenant_id, gen_random_uuid(), c.id, 'archiving',
      jsonb_build_object('from', c.archiving_reason, 'fromName', c.archiving_reason_text,
        'to', '', 'reopenedBy', 'customerMessage'),
      'server', true, ${at.toISOString()}::timestamptz - interval '1 millisecond'
    from ${contacts} c
    where c.tenant_id = ${tenantId}::uuid and c.id = ${contactId}::uuid
      and c.archiving_reason is not null
  )`;
}

/**
 * What an item written by `recordInteraction` changes on the contact, as a part of its event's
 * statement: the preview for a message or note of ours; for a customer's message (a lead, an
 * item not claimed by the inbox worker) the same as `recordInboundItem`'s touch.
 */
export function lastMessageAlongside(
  contact: { tenantId: string; id: string },
  preview: LastMessagePreview | null,
  at: Date,
): SQL | undefined {
  if (!preview) return undefined;
  const where = sql`tenant_id = ${contact.tenantId}::uuid and id = ${contact.id}::uuid`;
  const json = sql`${JSON.stringify(preview)}::jsonb`;
  if (preview.direction === 'out') {
    return sql`last_message_touch as (update ${contacts} set last_message = ${json} where ${where})`;
  }
  return sql`last_message_touch as (
      update ${contacts} set last_message = ${json}, unread_count = unread_count + 1,
        last_customer_message_at = ${at.toISOString()}::timestamptz, archiving_reason = null,
        archiving_reason_text = null
      where ${where}
    ), ${reopenedLine(contact.tenantId, contact.id, at)}`;
}
