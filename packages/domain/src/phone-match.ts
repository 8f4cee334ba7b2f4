import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { cleanPhone, parsePhone } from './phone';

/**
 * One customer, several ways to write the number (issue #31). Providers write a sender as
 * digits in their own form, people type numbers in theirs, and the phone library validates only
 * one of them. These rules say when two written numbers are the same customer; they are the only
 * place the product decides it (ingestion's contact lookup, the sender lock, the reply address).
 *
 * - Mexico: WhatsApp writes a mobile as `521` + ten digits (the old mobile prefix 1), E.164 is
 *   `52` + ten digits.
 * - Argentina: a mobile is `549` + ten digits in E.164 and in WhatsApp; people write it without
 *   the 9 (`+54 11 …`) or nationally with 15 (`011 15 …`, read by parsePhone with country AR).
 * - Brazil: a mobile has nine digits after the area code since 2016 (`55` + DDD + 9 + eight
 *   digits); older records and some senders keep eight (`55` + DDD + eight digits starting 6–9).
 *
 * Every other country: the digits are the customer.
 */

const MX_LEGACY_MOBILE = /^521(\d{10})$/;
const MX = /^52(\d{10})$/;
const AR_MOBILE = /^549(\d{10})$/;
const AR = /^54(\d{10})$/;
const BR_NINE = /^55([1-9]\d)9([6-9]\d{7})$/;
const BR_EIGHT = /^55([1-9]\d)([6-9]\d{7})$/;

/** The digits of a number as written (a leading 00 counts as +); '' when it has none. */
export function phoneDigits(raw: string): string {
  return cleanPhone(raw).replace(/\D/g, '');
}

/**
 * The key two numbers share when they are one customer: the digits in the shortest of the
 * equivalent forms (Mexico without the 1, Argentina without the 9, Brazil without the ninth
 * digit). Used to lock on a sender and to compare; never shown or stored.
 */
export function phoneMatchKey(raw: string): string {
  const digits = phoneDigits(raw);
  const mx = MX_LEGACY_MOBILE.exec(digits);
  if (mx) return `52${mx[1]}`;
  const ar = AR_MOBILE.exec(digits);
  if (ar) return `54${ar[1]}`;
  const br = BR_NINE.exec(digits);
  if (br) return `55${br[1]}${br[2]}`;
  return digits || raw.trim();
}

/**
 * Every E.164 form that is the same customer as `raw` (itself included): what a stored contact's
 * phones are searched for. A number written otherwise than `+digits` is kept too, as given.
 */
export function equivalentPhones(raw: string): string[] {
  const digits = phoneDigits(raw);
  if (!digits) return raw.trim() ? [raw.trim()] : [];
  const forms = new Set<string>([`+${digits}`]);
  const key = phoneMatchKey(digits);
  forms.add(`+${key}`);
  const mx = MX.exec(key);
  if (mx) forms.add(`+521${mx[1]}`);
  const ar = AR.exec(key);
  if (ar) forms.add(`+549${ar[1]}`);
  const br = BR_EIGHT.exec(key);
  if (br) forms.add(`+55${br[1]}9${br[2]}`);
  if (raw.trim() && !raw.trim().startsWith('+')) forms.add(raw.trim());
  return [...forms];
}

/** Whether two written numbers are one customer. */
export function samePhone(a: string, b: string): boolean {
  if (a === b) return true;
  const left = phoneMatchKey(a);
  return left !== '' && left === phoneMatchKey(b);
}

/**
 * How a provider's sender number is stored on a new contact: its E.164 form when the phone
 * library accepts it or one of its equivalent forms, else exactly as the provider wrote it
 * (`+` and its digits): a number the library rejects is still the customer's and is never
 * dropped.
 */
export function storedSenderPhone(raw: string): string {
  const forms = equivalentPhones(raw);
  for (const form of forms) {
    const parsed = form.startsWith('+') ? parsePhoneNumberFromString(form) : undefined;
    if (parsed?.isValid()) return parsed.number;
  }
  const digits = phoneDigits(raw);
  return digits ? `+${digits}` : raw.trim();
}

/**
 * A sender as the provider wrote it (`5215512345678`, `+54 9 11 …`, `whatsapp:+598…`): `+` and
 * its digits, the form replies go back to. Null when it has no digits at all.
 */
export function providerSenderPhone(raw: string | null | undefined): string | null {
  const digits = raw ? phoneDigits(raw.replace(/^[a-z]+:/i, '')) : '';
  return digits ? `+${digits}` : null;
}

/**
 * A typed number in its stored form (parsePhone with the tenant's country), or as given when
 * the library rejects it: what a search by number compares with equivalentPhones.
 */
export function typedPhoneForms(raw: string, country: string): string[] {
  const parsed = parsePhone(raw, country);
  return equivalentPhones(parsed?.e164 ?? raw);
}
