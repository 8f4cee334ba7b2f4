/** The contact as the contact page shows it: the sheet's configuration, the detail and the copied conversation (02 §2). */
import { z } from 'zod';
import { ZJsonObject } from '@cartera/domain/input';
import type { Executor } from '@cartera/db/client';
import type { Contact } from '@cartera/db/schema';
import { canCreateSubConversation, canUnify } from '@cartera/domain/contact-actions';
import { ZContactFormItem } from '@cartera/domain/contact-form';
import { parsePhone } from '@cartera/domain/phone';
import { ZDirectionValue } from '@cartera/domain/custom-fields';
import type { AuthUser } from '../sessions/session.types';
import { contactPhoto, readableContact, readContact } from '../access/contacts';
import { contactsSettings, type ContactsSettings } from './contacts.settings';
import {
  findTenantContact,
  findContactAffiliations,
  findInteractionsForCopy,
} from './contact-records.repository';
import { findUsersByIds } from '../users/users.service';

const ZPerson = z.object({ id: z.string(), name: z.string(), lastname: z.string() });

/** What the sheet needs besides the tag, origin and custom-field lists (02 §2 screen 1, §6). */
export const ZContactFormConfig = z.object({
  country: z.string(),
  definition: z.array(ZContactFormItem),
  flags: z.object({
    internalPhoneNumbers: z.boolean(),
    businessSalesModel: z.boolean(),
    requiredCompany: z.boolean(),
    requiredTags: z.boolean(),
    locationShown: z.boolean(),
    locationRequired: z.boolean(),
    disableLastname: z.boolean(),
    disableGovId: z.boolean(),
    phoneOptional: z.boolean(),
    /** Kinds the form definition makes required ('Mi Empresa'). */
    requiredKinds: z.array(z.string()).optional(),
  }),
  /** The external contact system's name when one is connected. */
  externalSystem: z.string().nullable(),
});

export async function contactFormConfig(db: Executor, user: AuthUser) {
  const settings = await contactsSettings(db, user);
  return {
    country: settings.country,
    definition: settings.form,
    flags: settings.flags,
    externalSystem: settings.externalSystem?.name ?? null,
  };
}

const ZPendingReminder = z.object({
  interactionId: z.string(),
  reminderDate: z.string(),
  actionType: z.string(),
  comment: z.string(),
  isPermanent: z.boolean(),
});

export const ZContactDetail = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phones: z.array(
    z.object({ phone: z.string(), national: z.string(), extensionNumber: z.string() }),
  ),
  emails: z.array(z.string()),
  govId: z.string(),
  statusTag: z.string().nullable(),
  origin: z.string().nullable(),
  originText: z.string(),
  detail: z.string(),
  contactLocation: ZDirectionValue.extend({ extraInfo: z.string().nullish() }).nullable(),
  /** The customer's picture's address (03 §3); null without one or while hideContactPhoto is on. */
  photo: z.string().nullable(),
  additionalData: ZJsonObject,
  affiliations: z.array(
    z.object({
      companyId: z.string(),
      companyName: z.string(),
      sectorId: z.string().nullable(),
      sectorName: z.string().nullable(),
      role: z.string(),
    }),
  ),
  channels: z.array(z.object({ type: z.string(), config: ZJsonObject })),
  proximity: z.number(),
  databaseUploaded: z.boolean(),
  agent: ZPerson.nullable(),
  firstAgent: ZPerson.nullable(),
  archivingReason: z.string().nullable(),
  archivingReasonText: z.string().nullable(),
  /** The pending reminder (03 §3 remiderDetail), null when there is none. */
  reminder: ZPendingReminder.nullable(),
  /** The tenant's bot answers this contact. */
  botActive: z.boolean(),
  parent: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
  subConversationStatus: z.string().nullable(),
  createdAt: z.date(),
  lastInteractionAt: z.date().nullable(),
  /** What the user may do with it (the server checks again on each action). */
  can: z.object({
    edit: z.boolean(),
    unify: z.boolean(),
    transfer: z.boolean(),
    createSubConversation: z.boolean(),
    subConversationsPanel: z.boolean(),
  }),
});
export type ContactDetail = z.infer<typeof ZContactDetail>;

export async function describeContact(
  db: Executor,
  user: AuthUser,
  contact: Contact,
  settings?: ContactsSettings,
): Promise<ContactDetail> {
  const tenantSettings = settings ?? (await contactsSettings(db, user));
  const [affiliations, people, parent] = await Promise.all([
    findContactAffiliations(db, user.tenantId, contact.id),
    findUsersByIds(
      db,
      user.tenantId,
      [contact.agentId, contact.firstAgentId].filter((id): id is string => !!id),
    ),
    contact.parentContactId
      ? findTenantContact(db, user.tenantId, contact.parentContactId)
      : Promise.resolve(undefined),
  ]);
  const person = (id: string | null) => {
    const found = id ? people.find((each) => each.id === id) : undefined;
    return found ? { id: found.id, name: found.name, lastname: found.lastname } : null;
  };
  const metadata = new Map(contact.phonesMetadata.map((row) => [row.phone, row]));
  const isSub = contact.parentContactId !== null;
  return {
    id: contact.id,
    firstName: contact.firstName,
    lastName: contact.lastName,
    phones: contact.phones.map((phone) => ({
      phone,
      national: parsePhone(phone, tenantSettings.country)?.national ?? phone,
      extensionNumber: metadata.get(phone)?.extensionNumber ?? '',
    })),
    emails: contact.emails,
    govId: contact.govId ?? '',
    statusTag: contact.statusTag,
    origin: contact.origin,
    originText: contact.originText ?? '',
    detail: contact.detail,
    contactLocation: locationValue(contact),
    photo: contactPhoto(user, contact.photo),
    additionalData: contact.additionalData,
    affiliations,
    channels: contact.channels.map((channel) => ({ type: channel.type, config: channel.config })),
    proximity: contact.proximity,
    databaseUploaded: contact.databaseUploaded,
    agent: person(contact.agentId),
    firstAgent: person(contact.firstAgentId),
    archivingReason: contact.archivingReason,
    archivingReasonText: contact.archivingReasonText,
    reminder: ZPendingReminder.safeParse(contact.reminder).data ?? null,
    botActive: contact.botActive,
    parent: parent
      ? { id: parent.id, firstName: parent.firstName, lastName: parent.lastName }
      : null,
    subConversationStatus: contact.subConversationStatus,
    createdAt: contact.createdAt,
    lastInteractionAt: contact.lastInteractionAt,
    can: {
      edit: true,
      unify: !isSub && canUnify(tenantSettings.unify, user.roles),
      transfer: !isSub,
      createSubConversation: canCreateSubConversation({
        flagOn: tenantSettings.subConversationsOn,
        allowedRoles: tenantSettings.subConversationRoles,
        userRoles: user.roles,
        isOwner: contact.agentId === user.id,
        contactIsSubConversation: isSub,
      }),
      subConversationsPanel: tenantSettings.subConversationsOn && !isSub,
    },
  };
}

/** The stored address as the sheet and the contact page read it, null without one. */
export function locationValue(contact: Contact) {
  const location = contact.contactLocation;
  return location?.formatted_address
    ? {
        formatted_address: location.formatted_address,
        place_id: location.place_id ?? null,
        extraInfo: location.extraInfo ?? null,
        location:
          contact.latitude !== null && contact.longitude !== null
            ? { latitude: contact.latitude, longitude: contact.longitude }
            : null,
      }
    : null;
}

export async function getContact(db: Executor, user: AuthUser, id: string) {
  const { contact, reserved } = await readContact(db, user, id);
  const detail = await describeContact(db, user, contact);
  if (!reserved) return detail;
  // Only looked at from 'Inbox' until taken over: nothing may be done with it yet.
  return {
    ...detail,
    can: {
      edit: false,
      unify: false,
      transfer: false,
      createSubConversation: false,
      subConversationsPanel: false,
    },
  };
}

/** Lines for 'Copiar conversación' (02 §2 screen 2): every interaction, oldest first. */
export async function conversationForCopy(db: Executor, user: AuthUser, id: string) {
  const contact = await readableContact(db, user, id);
  const rows = await findInteractionsForCopy(db, user.tenantId, contact.id);
  return rows.map((row) => ({
    createdAt: row.createdAt,
    agentName:
      row.createdBySystem || !row.agentName
        ? null
        : `${row.agentName} ${row.agentLastname ?? ''}`.trim(),
    type: row.type,
    body: interactionBody(row.content),
  }));
}

/** A readable body of any interaction's content (the typed union arrives with #6). */
function interactionBody(content: Record<string, unknown>): string {
  for (const key of ['body', 'text', 'description', 'comment', 'message']) {
    const value = content[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return '';
}
