/** Creating and editing a contact through its sheet, with the external contact system (02 §4–§6). */
import { z } from 'zod';
import type { Database, Executor } from '@cartera/db/client';
import type { Contact } from '@cartera/db/schema';
import { placesCustomField } from '@cartera/domain/contact-form';
import {
  contactFormSchema,
  ZContactFormValues,
  type ContactChanges,
  type ContactFormOutput,
} from '@cartera/domain/contact-sheet';
import { DomainError } from '@cartera/domain/errors';
import { PHOTO_KEY } from '@cartera/domain/settings';
import { contactSearchText } from '@cartera/domain/search';
import { es, format } from '@cartera/domain/i18n';
import type { AuthUser } from '../sessions/session.types';
import { validateAdditionalData } from '../custom-fields/custom-fields.service';
import { originsForUser, tagsForUser } from '../catalog/catalog.service';
import type {
  ExternalSystem,
  ZExternalValidation,
} from '../../integrations/external-contacts/external-contacts.client';
import {
  externalSystemOf,
  sendExternally,
  validateExternally,
} from '../../integrations/external-contacts/external-contacts.client';
import { visibleContact } from '../access/contacts';
import { contactsSettings, type ContactsSettings } from './contacts.settings';
import {
  findBlockedNumbers,
  findCompaniesAndSectors,
  findContactAffiliations,
  findTenantContact,
  findPhoneOwners,
  insertContact,
  replaceAffiliations,
  updateContactRow,
} from './contact-records.repository';

import { describeContact, locationValue } from './contact-view.service';
import { checkKeyForRecord } from '../files/file-access.service';
import type { AppDeps } from '../../deps';

const contactEditorPhotoInvalid = es.contactEditor.photoInvalid;

const contactsEs = es.contacts;

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
  /** A change of some fields: only these custom fields are judged. */
  onlyFields?: ReadonlySet<string>,
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
    // A field the company's form definition does not show is not asked for ('Mi Empresa').
    notShown: (code) => !placesCustomField(settings.form, code),
    only: onlyFields,
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
    // An address without coordinates is for the geocoding job to look up (the contact map).
    geocodedAt: null,
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
  return {
    ...record.record,
    searchText: undefined,
    geocodedAt: undefined,
    affiliatedCompanyGroup: record.affiliations,
  };
}

/** Creates a contact owned by its creator; with an external system, it must accept it too. */
export async function createContact(db: Database, user: AuthUser, input: ContactInput) {
  const settings = await contactsSettings(db, user);
  const prepared = await prepareContact(db, user, settings, input);
  const system = settings.externalSystem ? externalSystemOf(settings.externalSystem) : null;
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

export async function updateContact(
  db: Database,
  user: AuthUser,
  id: string,
  input: ContactInput,
  change: { photo?: { photo: string | null }; onlyFields?: ReadonlySet<string> } = {},
) {
  const existing = await visibleContact(db, user, id);
  const settings = await contactsSettings(db, user);
  const prepared = await prepareContact(db, user, settings, input, existing, change.onlyFields);
  const system = settings.externalSystem ? externalSystemOf(settings.externalSystem) : null;
  if (system) await requireExternalValidity(system, externalPayload(prepared), id);
  const saved = await db.transaction(async (tx) => {
    const row = await updateContactRow(tx, user.tenantId, id, {
      ...prepared.record,
      ...change.photo,
    });
    if (!row) throw new DomainError('CONTACT_NOT_FOUND');
    await replaceAffiliations(tx, user.tenantId, id, prepared.affiliations);
    if (system) await sendExternally(system, 'update', id, externalPayload(prepared));
    return row;
  });
  return describeContact(db, user, saved, settings);
}

/** The values a contact has now, in the sheet's shape: what a change is laid over. */
async function storedValues(
  db: Executor,
  tenantId: string,
  contact: Contact,
): Promise<ContactInput> {
  const affiliations = await findContactAffiliations(db, tenantId, contact.id);
  const metadata = new Map(contact.phonesMetadata.map((row) => [row.phone, row]));
  return {
    firstName: contact.firstName,
    lastName: contact.lastName,
    phones: contact.phones.map((phone) => ({
      phone,
      extensionNumber: metadata.get(phone)?.extensionNumber ?? '',
    })),
    emails: contact.emails,
    govId: contact.govId ?? '',
    statusTag: contact.statusTag,
    origin: contact.origin,
    originText: contact.originText ?? '',
    detail: contact.detail,
    contactLocation: locationValue(contact),
    affiliatedCompanyGroup: affiliations.map((row) => ({
      companyId: row.companyId,
      sectorId: row.sectorId,
      role: row.role,
    })),
    additionalData: contact.additionalData,
  };
}

/**
 * contact.update with only what changed (02 §7 'version parameter 1'; the conversation screen's
 * editing in place, 03 §2.1, §7 'Modify additional field'): the changes laid over the stored
 * values, then every rule of the sheet as updateContact applies them; the named custom fields
 * are judged and replace theirs, the others stay as stored (not judged again). A photo must be an image the caller's company uploaded.
 */
export async function changeContact(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  user: AuthUser,
  id: string,
  changes: ContactChanges,
) {
  const existing = await visibleContact(deps.db, user, id);
  const { photoPath, additionalData, ...values } = changes;
  const stored = await storedValues(deps.db, user.tenantId, existing);
  const photo =
    photoPath === undefined
      ? undefined
      : { photo: photoPath === null ? null : await contactPhotoUrl(deps, user, photoPath, id) };
  const merged: ContactInput = {
    ...stored,
    ...values,
    additionalData: { ...existing.additionalData, ...additionalData },
  };
  // The stored custom fields stay as they are: a field made required since is not asked for.
  return updateContact(deps.db, user, id, merged, {
    photo,
    onlyFields: new Set(Object.keys(additionalData ?? {})),
  });
}

/**
 * The uploaded picture's permanent address, or the photo field's refusal: an image of the
 * caller's company found uploaded as declared. It then belongs to the contact, so only who may
 * read the contact reads it (docs/decisions.md 'Files').
 */
async function contactPhotoUrl(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  user: AuthUser,
  path: string,
  contactId: string,
) {
  const refused = () =>
    new DomainError('INVALID_REQUEST_BODY', { fields: { photoPath: [contactEditorPhotoInvalid] } });
  if (!PHOTO_KEY.test(path) || !path.startsWith(`${user.tenantId}/`)) throw refused();
  try {
    await checkKeyForRecord(deps, user, path, contactId);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'FILE_NOT_UPLOADED') throw refused();
    throw error;
  }
  return deps.storage.publicUrl(path);
}

async function requireExternalValidity(
  system: ExternalSystem,
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
  const system = settings.externalSystem ? externalSystemOf(settings.externalSystem) : null;
  if (!system) throw new DomainError('DISABLED_FEATURE');
  const existing = input.contactId ? await visibleContact(db, user, input.contactId) : undefined;
  const prepared = await prepareContact(db, user, settings, input.values, existing);
  const result = await validateExternally(system, externalPayload(prepared), existing?.id);
  return { ...result, system: system.name };
}
