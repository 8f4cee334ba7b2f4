/** Rules of what is done to contacts: transfer codes, sub-conversations, unify and the copied conversation (02 §4–§8). */
import { z } from 'zod';
import { contactsEs } from './i18n/contacts.es';

// ---------------------------------------------------------------------------------------------
// Transfer (02 §8)

export const TRANSFER_ERROR_CODES = [
  'ERROR_YOURSELF_TRANSFER',
  'ERROR_GROUP_NOT_FOUND',
  'ERROR_INVALID_DATA',
  'ERROR_ALREADY_BELONGS_TO_AGENT',
  'ERROR_USER_PROXY',
  'ERROR_NOT_AUTHORIZED_GROUP',
  'DISABLED_FEATURE',
] as const;

/** The code without the optional TRANSFER_ prefix, when it is a transfer code. */
export function transferCode(code: string | undefined): string | undefined {
  if (!code) return undefined;
  const bare = code.startsWith('TRANSFER_') ? code.slice('TRANSFER_'.length) : code;
  return (TRANSFER_ERROR_CODES as readonly string[]).includes(bare) ? bare : undefined;
}

// ---------------------------------------------------------------------------------------------
// Sub-conversations (02 §4, 03 §5)

export const SUB_CONVERSATION_STATUSES = [
  'new',
  'closed',
  'disregarded',
  'sold',
  'reminder',
  'active',
  'overdue_reminder',
] as const;
export type SubConversationStatus = (typeof SUB_CONVERSATION_STATUSES)[number];

export function subConversationStatusLabel(status: string): string {
  return (
    (contactsEs.subConversationStatus as Record<string, string>)[status] ??
    contactsEs.subConversationStatus.new
  );
}

/**
 * 03 §5: who may create a sub-conversation. The group lists roles (default 'all'); 'comercial'
 * and 'super' match by role, 'owner' when the user is the contact's agent.
 */
export function canCreateSubConversation(input: {
  flagOn: boolean;
  allowedRoles: readonly string[];
  userRoles: readonly string[];
  isOwner: boolean;
  contactIsSubConversation: boolean;
}): boolean {
  if (!input.flagOn || input.contactIsSubConversation) return false;
  const allowed = input.allowedRoles.length ? input.allowedRoles : ['all'];
  if (allowed.includes('all')) return true;
  if (allowed.includes('owner') && input.isOwner) return true;
  return input.userRoles.some((role) => allowed.includes(role));
}

/** 02 §6: unify needs the group's setting on and a listed role (or 'all'). */
export function canUnify(
  setting: { active?: boolean; roles?: readonly string[] } | undefined,
  roles: readonly string[],
) {
  if (!setting?.active) return false;
  const allowed = setting.roles ?? [];
  return allowed.includes('all') || roles.some((role) => allowed.includes(role));
}

// ---------------------------------------------------------------------------------------------
// Unify (02 §2 screen 5, §4)

export const ZUnifyInput = z
  .object({
    contactA: z.string({ error: contactsEs.contactARequired }).uuid(contactsEs.contactARequired),
    contactB: z.string({ error: contactsEs.contactBRequired }).uuid(contactsEs.contactBRequired),
    base: z.enum(['A', 'B']).default('A'),
  })
  .refine((value) => value.contactA !== value.contactB, {
    message: contactsEs.unifySame,
    path: ['contactB'],
  });

/** What unify reads of each contact. */
export interface UnifySide {
  id: string;
  firstName: string;
  lastName: string;
  phones: string[];
  emails: string[];
  govId: string | null;
  statusTag: string | null;
  origin: string | null;
  detail: string;
  additionalData: Record<string, unknown>;
  createdAt: Date;
}

const isBlank = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && !value.length);

/**
 * The merge of 02 §4: phones and e-mails are the union (base first), every other value is the
 * base's unless the base has none. Used for the preview column 'Resultado' and by the server.
 */
export function mergeContacts(base: UnifySide, other: UnifySide) {
  const pick = <T>(a: T, b: T): T => (isBlank(a) ? b : a);
  const additionalData: Record<string, unknown> = { ...other.additionalData };
  for (const [code, value] of Object.entries(base.additionalData)) {
    if (!isBlank(value)) additionalData[code] = value;
  }
  return {
    firstName: pick(base.firstName, other.firstName),
    lastName: pick(base.lastName, other.lastName),
    phones: [...new Set([...base.phones, ...other.phones])],
    emails: [...new Set([...base.emails, ...other.emails])],
    govId: pick(base.govId, other.govId),
    statusTag: pick(base.statusTag, other.statusTag),
    origin: pick(base.origin, other.origin),
    detail: pick(base.detail, other.detail),
    additionalData,
  };
}

/** 02 §4: the base defaults to the older contact. */
export function defaultUnifyBase(a: UnifySide, b: UnifySide): 'A' | 'B' {
  return b.createdAt.getTime() < a.createdAt.getTime() ? 'B' : 'A';
}

// ---------------------------------------------------------------------------------------------
// 'Copiar conversación' (02 §2 screen 2)

export interface CopyableInteraction {
  createdAt: Date;
  agentName: string | null;
  type: string;
  body: string;
}

/** One line per interaction: date, agent or 'Sistema', type, body. */
export function conversationText(
  items: readonly CopyableInteraction[],
  formatDate: (date: Date) => string,
): string {
  return items
    .map((item) =>
      [
        formatDate(item.createdAt),
        item.agentName ?? contactsEs.system,
        contactsEs.interactionTypes[item.type] ?? item.type,
        item.body.replace(/\s*\n\s*/g, ' '),
      ].join(' - '),
    )
    .join('\n');
}

/** 03 §4, §9: a contact is unattended after 24 hours without interaction. */
export const UNATTENDED_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Whether the contact is unattended (03 §4 'more than 24 hours without interaction'): its last
 * interaction, or its creation when it has none, more than 24 hours before `now`.
 */
export function isUnattended(
  contact: { lastInteractionAt: Date | null; createdAt: Date },
  now: number,
): boolean {
  const since = (contact.lastInteractionAt ?? contact.createdAt).getTime();
  return now - since > UNATTENDED_AFTER_MS;
}
