import { z } from 'zod';
import type { Executor } from '@cartera/db/client';
import { canCreateSubConversation, canUnify } from '@cartera/domain/contact-actions';
import { countryName } from '@cartera/domain/contact-sheet';
import { es, format } from '@cartera/domain/i18n';
import { parsePhone } from '@cartera/domain/phone';
import type { AuthUser } from '../sessions/session.types';
import { canSeeContact, contactRefFor, findVisibleContact } from '../access/contacts';
import { contactsSettings } from './contacts.settings';
import { findBlockedNumbers, findPhoneOwners } from './contact-records.repository';

const texts = es.contacts;

export const ZValidatePhoneInput = z.object({
  number: z.string().trim().min(1).max(40),
  /** The contact being edited: its own numbers are not duplicates. */
  contactId: z.string().uuid().optional(),
  extension: z.string().max(10).optional(),
});

export const ZPhoneValidation = z.object({
  success: z.boolean(),
  /** The Spanish text for the popover, null when the number may be used. */
  error: z.string().nullable(),
  type: z.enum(['valid', 'invalid', 'blocknumber', 'duplicate']),
  blockReason: z.string().nullable(),
  /** E.164 and as written in its country. */
  phoneNumber: z.string().nullable(),
  national: z.string().nullable(),
  /** The contact holding the number belongs to the user. */
  itsMine: z.boolean(),
  /** The user may take that contact over. */
  isObtainable: z.boolean(),
  /**
   * The contact holding the number: its id when the user may see it, else an opaque reference
   * (`ref.…`, for this user, 15 minutes) that take-over and sub-conversation accept instead.
   */
  contactId: z.string().nullable(),
  /** The user may open a sub-conversation of that contact. */
  subConversation: z.boolean(),
  /** The user may unify the edited contact with that one. */
  unifyContacts: z.boolean(),
  unifyContact: z
    .object({ id: z.string(), firstName: z.string(), lastName: z.string() })
    .nullable(),
});
export type PhoneValidation = z.infer<typeof ZPhoneValidation>;

/**
 * 02 §7 validate number, which drives the popover next to a phone (02 §8): the number must be
 * valid for the tenant's country or carry its own code, must not be blocked, and must not belong
 * to another main contact of the tenant. For a duplicate it says what the user may do: go to
 * their own contact, take it over, open a sub-conversation of it, or unify it with the edited one.
 */
export async function validatePhone(
  db: Executor,
  user: AuthUser,
  input: z.infer<typeof ZValidatePhoneInput>,
): Promise<PhoneValidation> {
  const settings = await contactsSettings(db, user);
  const result: PhoneValidation = {
    success: false,
    error: null,
    type: 'invalid',
    blockReason: null,
    phoneNumber: null,
    national: null,
    itsMine: false,
    isObtainable: false,
    contactId: null,
    subConversation: false,
    unifyContacts: false,
    unifyContact: null,
  };
  const parsed = parsePhone(input.number, settings.country);
  if (!parsed) {
    return {
      ...result,
      error: format(texts.phoneInvalidForCountry, { country: countryName(settings.country) }),
    };
  }
  Object.assign(result, { phoneNumber: parsed.e164, national: parsed.national });
  const [blocked] = await findBlockedNumbers(db, user.tenantId, [parsed.e164]);
  if (blocked) {
    return {
      ...result,
      type: 'blocknumber',
      blockReason: blocked.reason,
      error: format(texts.phoneBlocked, { reason: blocked.reason || '—' }),
    };
  }
  const edited = input.contactId ? await findVisibleContact(db, user, input.contactId) : undefined;
  const owners = await findPhoneOwners(db, user.tenantId, [parsed.e164], edited?.id);
  const owner = edited?.parentContactId
    ? owners.find((each) => each.id !== edited.parentContactId)
    : owners[0];
  if (!owner) return { ...result, success: true, type: 'valid' };

  const itsMine = owner.agentId === user.id;
  const visible = await canSeeContact(db, user, owner.id);
  const isObtainable = !itsMine && isObtainableBy(owner);
  const unifyContacts =
    !!edited && visible && !edited.parentContactId && canUnify(settings.unify, user.roles);
  return {
    ...result,
    type: 'duplicate',
    error: itsMine
      ? format(texts.phoneDuplicateMine, { name: `${owner.firstName} ${owner.lastName}`.trim() })
      : owner.agentId
        ? format(texts.phoneDuplicate, {
            agent: `${owner.agentName ?? ''} ${owner.agentLastname ?? ''}`.trim(),
          })
        : texts.phoneDuplicateUnassigned,
    itsMine,
    isObtainable,
    contactId: visible ? owner.id : contactRefFor(user, owner.id),
    subConversation:
      !itsMine &&
      canCreateSubConversation({
        flagOn: settings.subConversationsOn,
        allowedRoles: settings.subConversationRoles,
        userRoles: user.roles,
        isOwner: false,
        contactIsSubConversation: owner.parentContactId !== null,
      }),
    unifyContacts,
    unifyContact: unifyContacts
      ? { id: owner.id, firstName: owner.firstName, lastName: owner.lastName }
      : null,
  };
}

/**
 * Who may take a contact over (our reading of 02 §8 'obtener contacto', docs/decisions.md): a
 * contact with nobody in charge — no agent, an agent who left (inactive), or archived.
 */
export function isObtainableBy(contact: {
  agentId: string | null;
  agentActive: boolean | null;
  archivingReason: string | null;
  parentContactId: string | null;
}) {
  if (contact.parentContactId) return false;
  return !contact.agentId || contact.agentActive === false || !!contact.archivingReason;
}
