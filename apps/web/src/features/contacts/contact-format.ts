import type { UnifySide } from '@cartera/domain/contact-actions';
import { transferCode } from '@cartera/domain/contact-actions';
import { errorMessage, es, format } from '@cartera/domain/i18n';
import { parsePhone } from '@cartera/domain/phone';
import { reachIsOwn } from '@cartera/domain/policy';
import type { Role } from '@cartera/domain/roles';
import type { RouterOutputs } from '../../lib/api-types';

/** A contact as `contact.get` answers it (the contact page, the sheet, the unify preview). */
export type ContactDetail = RouterOutputs['contact']['get'];
/** A row of the '/contacts' list. */
export type ContactListItem = RouterOutputs['contact']['list']['items'][number];

export function contactName(contact: { firstName: string; lastName: string }): string {
  return `${contact.firstName} ${contact.lastName}`.trim();
}

/**
 * The avatar letter's colours (03 §9 'Avatar letter colours cycle over 11 colours for A-Z'; the
 * spec does not name them: eleven of Mantine's palette, distinct side by side).
 */
export const AVATAR_COLORS = [
  'blue',
  'teal',
  'grape',
  'orange',
  'indigo',
  'pink',
  'cyan',
  'violet',
  'green',
  'red',
  'yellow',
] as const;

/** The colour of a name's avatar letter: A, L and W share the first, B, M and X the second… */
export function avatarColor(name: string): string {
  const letter = name.trim().charAt(0).normalize('NFD').charAt(0).toUpperCase();
  const index = letter.charCodeAt(0) - 65;
  if (!(index >= 0 && index < 26)) return 'gray';
  return AVATAR_COLORS[index % AVATAR_COLORS.length]!;
}

/** A stored (E.164) number as people of its own country write it; as stored when unreadable. */
export function nationalPhone(e164: string, country: string): string {
  return parsePhone(e164, country)?.national ?? e164;
}

/**
 * Whether the user sees only the contacts they hold (a seller): mirrors the server's
 * `contactScope`, where comercial, project managers and admins see the tenant and a supervisor
 * their group's subtree.
 */
export function seesOnlyOwnContacts(roles: readonly Role[]): boolean {
  return reachIsOwn({ roles });
}

/** A map search for the contact's address: its coordinates when known, else the address text. */
export function mapLink(location: {
  formatted_address: string;
  location?: { latitude: number; longitude: number } | null;
}): string {
  const query = location.location
    ? `${location.location.latitude},${location.location.longitude}`
    : location.formatted_address;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** A social-network channel of the contact: its network's name, the account and a profile link. */
export function channelView(channel: { type: string; config: Record<string, unknown> }): {
  network: string;
  account: string;
  href: string | null;
} {
  const type = channel.type.toLowerCase();
  const network = es.contacts.channelTypes[type] ?? channel.type;
  const username = typeof channel.config.username === 'string' ? channel.config.username : '';
  const account = username || (typeof channel.config.PSID === 'string' ? channel.config.PSID : '');
  const handle = username.replace(/^@/, '');
  const href =
    handle && type === 'instagram'
      ? `https://www.instagram.com/${encodeURIComponent(handle)}`
      : handle && type === 'facebook'
        ? `https://www.facebook.com/${encodeURIComponent(handle)}`
        : null;
  return { network, account, href };
}

/**
 * The message of a failed transfer (02 §8): a transfer code gives its catalogue text followed by
 * 'Error {code}'; anything else the Spanish text the server (or the network) gave.
 */
export function transferFailureLines(code: string | undefined, otherwise: string): string[] {
  const known = transferCode(code);
  if (!code || !known) return [otherwise];
  return [errorMessage(code), format(es.contacts.transferErrorCode, { code })];
}

/** What unify compares of a contact (02 §2 screen 5). */
export function unifySide(contact: ContactDetail): UnifySide {
  return {
    id: contact.id,
    firstName: contact.firstName,
    lastName: contact.lastName,
    phones: contact.phones.map((row) => row.phone),
    emails: contact.emails,
    govId: contact.govId || null,
    statusTag: contact.statusTag,
    origin: contact.origin,
    detail: contact.detail,
    additionalData: contact.additionalData,
    createdAt: contact.createdAt,
  };
}
