import { z } from 'zod';
import type { Database, Executor } from '@cartera/db/client';
import type { Contact } from '@cartera/db/schema';
import { canCreateSubConversation, canUnify } from '@cartera/domain/contact-actions';
import {
  contactFormSchema,
  ZContactFormValues,
  type ContactFormOutput,
} from '@cartera/domain/contact-sheet';
import { ZContactFormItem } from '@cartera/domain/contact-form';
import { DomainError } from '@cartera/domain/errors';
import { parsePhone } from '@cartera/domain/phone';
import { contactSearchText } from '@cartera/domain/search';
import { es, format } from '@cartera/domain/i18n';
import { ZDirectionValue } from '@cartera/domain/custom-fields';
import type { AuthUser } from '../sessions/session.types';
import { validateAdditionalData } from '../custom-fields/custom-fields.service';
import { originsForUser, tagsForUser } from '../catalog/catalog.service';
import type { ZExternalValidation } from '../../integrations/external-contacts/external-contacts.client';
import {
  sendExternally,
  validateExternally,
} from '../../integrations/external-contacts/external-contacts.client';
import {
  readableContact,
  readContact,
  visibleContact,
} from '../contact-access/contact-access.service';
import { contactsSettings, type ContactsSettings } from './contacts.settings';
import {
  findBlockedNumbers,
  findCompaniesAndSectors,
  findTenantContact,
  findContactAffiliations,
  findInteractionsForCopy,
  findPhoneOwners,
  insertContact,
  replaceAffiliations,
  updateContactRow,
} from './contact-records.repository';
import { findUsersByIds } from '../users/users.service';

const contactsEs = es.contacts;

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
  additionalData: z.record(z.string(), z.unknown()),
  affiliations: z.array(
    z.object({
      companyId: z.string(),
      companyName: z.string(),
      sectorId: z.string().nullable(),
      sectorName: z.string().nullable(),
      role: z.string(),
    }),
  ),
  channels: z.array(z.object({ type: z.string(), config: z.record(z.string(), z.unknown()) })),
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
  const location = contact.contactLocation;
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
    contactLocation: location?.formatted_address
      ? {
          formatted_address: location.formatted_address,
          place_id: location.place_id ?? null,
          extraInfo: location.extraInfo ?? null,
          location:
            contact.latitude !== null && contact.longitude !== null
              ? { latitude: contact.latitude, longitude: contact.longitude }
              : null,
        }
      : null,
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

export const ZContactInput = ZContactFormValues;
export type ContactInput = z.input<typeof ZContactInput>;

/**
 * Every rule of the sheet (02 §5) on the server: the shared schema with the tenant's flags,
 * then what only the server knows — blocked and already registered numbers, tags and origins
 * the user may pick, companies and sectors of the tenant, and the custom fields.
 */
async function prepareContact(
  db: Executor,
  user: AuthUser,
  settings: ContactsSettings,
  input: ContactInput,
  existing?: Contact,
) {
  const [origins, tags] = await Promise.all([originsForUser(db, user), tagsForUser(db, user)]);
  const values: ContactFormOutput = contactFormSchema({
    mode: existing ? 'edit' : 'create',
    country: settings.country,
    flags: settings.flags,
    activeOrigins: origins.map((origin) => origin.code),
    hasChannels: (existing?.channels.length ?? 0) > 0,
  }).parse(input);

  const fieldErrors: Record<string, string[]> = {};
  const numbers = values.phones.map((row) => row.phone);
  const [blocked, owners] = await Promise.all([
    findBlockedNumbers(db, user.tenantId, numbers),
    findPhoneOwners(db, user.tenantId, numbers, existing?.id),
  ]);
  const parentPhones = new Set<string>();
  if (existing?.parentContactId) {
    const parent = await findTenantContact(db, user.tenantId, existing.parentContactId);
    for (const phone of parent?.phones ?? []) parentPhones.add(phone);
  }
  values.phones.forEach((row, index) => {
    const block = blocked.find((each) => each.phone === row.phone);
    if (block) {
      fieldErrors[`phones.${index}.phone`] = [
        format(contactsEs.phoneBlocked, { reason: block.reason || '—' }),
      ];
    } else if (
      !parentPhones.has(row.phone) &&
      owners.some((owner) => owner.phones.includes(row.phone))
    ) {
      fieldErrors[`phones.${index}.phone`] = [contactsEs.phoneTaken];
    }
  });
  if (values.statusTag && !tags.some((tag) => tag.code === values.statusTag)) {
    if (values.statusTag !== existing?.statusTag) fieldErrors.statusTag = [contactsEs.tagRequired];
  }
  const origin = existing ? existing.origin : values.origin;
  const rows = values.affiliatedCompanyGroup;
  const known = await findCompaniesAndSectors(
    db,
    user.tenantId,
    rows.map((row) => row.companyId),
    rows.map((row) => row.sectorId).filter((id): id is string => !!id),
  );
  rows.forEach((row, index) => {
    if (!known.companyIds.has(row.companyId)) {
      fieldErrors[`affiliatedCompanyGroup.${index}.companyId`] = [contactsEs.companyRequired];
    } else if (row.sectorId && known.sectorCompany.get(row.sectorId) !== row.companyId) {
      fieldErrors[`affiliatedCompanyGroup.${index}.sectorId`] = [contactsEs.sectorNotOfCompany];
    }
  });
  if (Object.keys(fieldErrors).length) {
    throw new DomainError('INVALID_REQUEST_BODY', { fields: fieldErrors });
  }
  const additionalData = await validateAdditionalData(db, user, 'contact', values.additionalData, {
    country: settings.country,
    exceptId: existing?.id,
    previous: existing?.additionalData,
  });
  const location = values.contactLocation;
  const record = {
    firstName: values.firstName,
    lastName: settings.flags.disableLastname ? (existing?.lastName ?? '') : values.lastName,
    phones: numbers,
    phonesMetadata: values.phones.map((row) => ({
      phone: row.phone,
      extensionNumber: row.extensionNumber || null,
    })),
    emails: values.emails,
    govId: values.govId || null,
    statusTag: values.statusTag,
    origin,
    originText: existing ? existing.originText : values.originText || null,
    detail: values.detail,
    contactLocation: location
      ? {
          location: true,
          place_id: location.place_id ?? null,
          formatted_address: location.formatted_address,
          extraInfo: location.extraInfo ?? null,
        }
      : null,
    latitude: location?.location?.latitude ?? null,
    longitude: location?.location?.longitude ?? null,
    additionalData,
  };
  return {
    record: {
      ...record,
      searchText: contactSearchText(record, settings.country),
    },
    affiliations: rows.map((row) => ({
      companyId: row.companyId,
      sectorId: row.sectorId ?? null,
      role: row.role,
    })),
  };
}

/** What the external system receives: the sheet's values as stored. */
function externalPayload(record: Awaited<ReturnType<typeof prepareContact>>) {
  return { ...record.record, searchText: undefined, affiliatedCompanyGroup: record.affiliations };
}

/** Creates a contact owned by its creator; with an external system, it must accept it too. */
export async function createContact(db: Database, user: AuthUser, input: ContactInput) {
  const settings = await contactsSettings(db, user);
  const prepared = await prepareContact(db, user, settings, input);
  const system = settings.externalSystem;
  if (system) await requireExternalValidity(system, externalPayload(prepared), undefined);
  return db.transaction(async (tx) => {
    const contact = await insertContact(tx, {
      ...prepared.record,
      tenantId: user.tenantId,
      agentId: user.id,
      firstAgentId: user.id,
    });
    await replaceAffiliations(tx, user.tenantId, contact.id, prepared.affiliations);
    // Last: a refusal of the external system rolls the new contact back.
    if (system) await sendExternally(system, 'creation', contact.id, externalPayload(prepared));
    return { id: contact.id };
  });
}

export async function updateContact(db: Database, user: AuthUser, id: string, input: ContactInput) {
  const existing = await visibleContact(db, user, id);
  const settings = await contactsSettings(db, user);
  const prepared = await prepareContact(db, user, settings, input, existing);
  const system = settings.externalSystem;
  if (system) await requireExternalValidity(system, externalPayload(prepared), id);
  const saved = await db.transaction(async (tx) => {
    const row = await updateContactRow(tx, user.tenantId, id, prepared.record);
    if (!row) throw new DomainError('CONTACT_NOT_FOUND');
    await replaceAffiliations(tx, user.tenantId, id, prepared.affiliations);
    if (system) await sendExternally(system, 'update', id, externalPayload(prepared));
    return row;
  });
  return describeContact(db, user, saved, settings);
}

async function requireExternalValidity(
  system: NonNullable<ContactsSettings['externalSystem']>,
  payload: Record<string, unknown>,
  contactId: string | undefined,
) {
  const result = await validateExternally(system, payload, contactId);
  if (!result.isValid) {
    throw new DomainError('EXTERNAL_VALIDATION_FAILED', {
      system: system.name,
      message: result.errorMessage ?? '',
    });
  }
}

export const ZExternalValidateInput = z.object({
  contactId: z.string().uuid().optional(),
  values: ZContactInput,
});

/**
 * The sheet's status box (02 §4): the values as the server would store them, judged by the
 * external system. Values the sheet itself refuses are reported as not valid with their text.
 */
export async function externalValidate(
  db: Executor,
  user: AuthUser,
  input: z.infer<typeof ZExternalValidateInput>,
): Promise<z.infer<typeof ZExternalValidation> & { system: string }> {
  const settings = await contactsSettings(db, user);
  const system = settings.externalSystem;
  if (!system) throw new DomainError('DISABLED_FEATURE');
  const existing = input.contactId ? await visibleContact(db, user, input.contactId) : undefined;
  const prepared = await prepareContact(db, user, settings, input.values, existing);
  const result = await validateExternally(system, externalPayload(prepared), existing?.id);
  return { ...result, system: system.name };
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
