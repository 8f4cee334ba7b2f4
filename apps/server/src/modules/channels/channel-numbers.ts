import type { Executor } from '@cartera/db/client';
import type { Channel, Contact } from '@cartera/db/schema';
import { equivalentPhones, phoneMatchKey, samePhone } from '@cartera/domain/phone-match';
import { findContactByPhones, recentSenderForms } from './channel-numbers.repository';

/**
 * A customer's number as ingestion and replies see it (issue #31; the rules are
 * @cartera/domain/phone-match): a sender is found by any of its equivalent forms, locked by the
 * key they share, and answered at the form the provider wrote.
 */

/** The advisory-lock key of a sender: one per customer, whichever form their number came in. */
export function senderLockKey(tenantId: string, from: { phone?: string; scopedId?: string }) {
  return `${tenantId}:${from.phone ? phoneMatchKey(from.phone) : (from.scopedId ?? '')}`;
}

/** The contact a provider's sender number is: the oldest main contact with an equivalent form. */
export function findSenderContact(db: Executor, tenantId: string, phone: string) {
  return findContactByPhones(db, tenantId, equivalentPhones(phone));
}

/**
 * Where a reply through a phone channel goes: the form the customer last wrote from through this
 * channel when it is the same customer as the chosen number (WhatsApp answers a Mexican mobile at
 * 521…, the form it wrote), else the chosen number. Undefined when nothing was chosen and the
 * contact never wrote from another form (the contact's first number is used).
 */
export async function replyAddress(
  db: Executor,
  channel: Channel,
  contact: Pick<Contact, 'id' | 'phones'>,
  chosen: string | undefined,
) {
  const target = chosen ?? contact.phones[0];
  if (!target) return chosen;
  const forms = await recentSenderForms(db, channel.tenantId, contact.id, channel.id);
  const written = forms.find((form) => samePhone(form, target));
  return written && written !== target ? written : chosen;
}
