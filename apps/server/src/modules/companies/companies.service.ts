import { z } from 'zod';
import type { Database, Executor } from '@cartera/db/client';
import type { Company } from '@cartera/db/schema';
import { DomainError } from '@cartera/domain/errors';
import type { ZCompanyInput } from '@cartera/domain/companies';
import {
  COMPANY_PAGE_SIZES,
  COMPANY_PANEL_ICONS,
  COMPANY_PANEL_LABEL_MAX,
  DEFAULT_FIELD_LABEL_MAX,
  companyFormSchema,
  hiddenDefaultFields,
  DEFAULT_COMPANY_ORIGIN,
  SECTOR_PAGE_SIZE,
  taxCodeLabel,
  ZSectorName,
} from '@cartera/domain/companies';
import { es } from '@cartera/domain/i18n';
import { ZDirectionValue } from '@cartera/domain/custom-fields';
import { keysetPage } from '../../lib/pagination';
import { validateAdditionalData, existingIds } from '../custom-fields/custom-fields.service';
import type { AuthUser } from '../sessions/session.types';
import {
  deleteCompanyRows,
  deleteSectorRow,
  findAffiliations,
  findCompanies,
  findCompany,
  findCompanyByTaxCode,
  findCompanyContacts,
  findSector,
  findSectorByName,
  findSectors,
  findSelectableContacts,
  insertAffiliations,
  insertCompanies,
  insertSector,
  updateCompanyRow,
  type CompanyCursor,
} from './companies.repository';
import { findUser } from '../users/users.service';
import { contactScope, visibleContactIds } from '../access/contacts';
import {
  changeTenantSection,
  tenantBasics,
  tenantSettings,
} from '../tenant-settings/tenant-settings.service';
import { flagOn } from '@cartera/domain/policy';

/** Per-tenant presentation of companies (issue #4: titles, panel label, icon, default fields). */
export interface CompaniesConfig {
  singular: string;
  plural: string;
  panelLabel: string;
  icon: string;
  defaultFields: Record<string, { hidden?: boolean; required?: boolean; label?: string }>;
}

export const DEFAULT_FIELD_KEYS = [
  'displayName',
  'taxCode',
  'description',
  'origin',
  'direction',
  'hasSectors',
] as const;

export const ZCompaniesSettings = z.object({
  singular: z.string(),
  plural: z.string(),
  panelLabel: z.string(),
  icon: z.string(),
  taxCodeLabel: z.string(),
  mandatoryFieldsDisabled: z.boolean(),
  defaultFields: z.record(
    z.string(),
    z.object({
      hidden: z.boolean().optional(),
      required: z.boolean().optional(),
      label: z.string().optional(),
    }),
  ),
});

export const ZCompany = z.object({
  id: z.string(),
  businessName: z.string(),
  displayName: z.string(),
  description: z.string(),
  origin: z.string(),
  taxCode: z.string().nullable(),
  hasSectors: z.boolean(),
  direction: ZDirectionValue.nullable(),
  additionalData: z.record(z.string(), z.unknown()),
  status: z.string(),
  managerId: z.string().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});

export function toCompany(row: Company): z.infer<typeof ZCompany> {
  return {
    id: row.id,
    businessName: row.businessName,
    displayName: row.displayName,
    description: row.description,
    origin: row.origin,
    taxCode: row.taxCode,
    hasSectors: row.hasSectors,
    direction: row.direction ?? null,
    additionalData: row.additionalData,
    status: row.status,
    managerId: row.managerId,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

async function tenantOf(db: Executor, tenantId: string) {
  const [tenant, config] = await Promise.all([
    tenantBasics(db, tenantId),
    tenantSettings(db, tenantId, 'companies'),
  ]);
  return {
    country: tenant.country,
    mandatoryFieldsDisabled: flagOn(tenant, 'disableMandatoryCompanyFields'),
    config: {
      singular: config.singular || es.companies.defaultSingular,
      plural: config.plural || es.companies.defaultPlural,
      panelLabel: config.panelLabel || config.plural || es.companies.defaultPlural,
      icon: config.icon || 'building',
      defaultFields: config.defaultFields,
    } satisfies CompaniesConfig,
  };
}

export async function companiesSettings(db: Executor, tenantId: string) {
  const tenant = await tenantOf(db, tenantId);
  return {
    ...tenant.config,
    taxCodeLabel: taxCodeLabel(tenant.country),
    mandatoryFieldsDisabled: tenant.mandatoryFieldsDisabled,
  };
}

export const ZListCompaniesInput = z.object({
  search: z.string().trim().max(100).optional(),
  filters: z
    .array(z.object({ code: z.string().min(1).max(60), value: z.string().max(200) }))
    .max(20)
    .optional(),
  cursor: z.object({ name: z.string(), id: z.string().uuid() }).nullish(),
  /** 20 for pickers, 35 for the search box, 50 for lists (02 §9). */
  limit: z
    .union([
      z.literal(COMPANY_PAGE_SIZES.picker),
      z.literal(COMPANY_PAGE_SIZES.search),
      z.literal(COMPANY_PAGE_SIZES.list),
    ])
    .default(COMPANY_PAGE_SIZES.list),
});

export async function listCompanies(
  db: Executor,
  tenantId: string,
  input: z.infer<typeof ZListCompaniesInput>,
) {
  const rows = await findCompanies(db, tenantId, {
    search: input.search || undefined,
    filters: input.filters,
    after: input.cursor ?? undefined,
    limit: input.limit + 1,
  });
  const page = keysetPage(rows, input.limit, (last) => ({
    name: last.businessName.toLowerCase(),
    id: last.id,
  }));
  return { items: page.items.map(toCompany), nextCursor: page.nextCursor };
}

/** A company with those of its contacts the user may see (access/contacts.ts). */
export async function getCompany(db: Executor, user: AuthUser, id: string) {
  const { tenantId } = user;
  const company = await findCompany(db, tenantId, id);
  if (!company) throw new DomainError('COMPANY_NOT_FOUND');
  const contacts = await findCompanyContacts(db, tenantId, id, await contactScope(db, user));
  return { ...toCompany(company), contacts };
}

function isUniqueViolation(error: unknown) {
  const code = (error as { code?: string; cause?: { code?: string } }).code;
  const causeCode = (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505' || causeCode === '23505';
}

/** The company form rules with the tenant's flag and default-field settings applied. */
async function prepareCompany(
  db: Executor,
  user: AuthUser,
  input: z.input<typeof ZCompanyInput>,
  existing?: Company,
) {
  const tenant = await tenantOf(db, user.tenantId);
  const parsed = companyFormSchema(
    tenant.mandatoryFieldsDisabled,
    hiddenDefaultFields(tenant.config.defaultFields),
  ).safeParse(input);
  if (!parsed.success) throw parsed.error;
  const values = parsed.data;
  const taxCode = values.taxCode ? values.taxCode : null;
  if (taxCode && (await findCompanyByTaxCode(db, user.tenantId, taxCode, existing?.id))) {
    throw new DomainError('COMPANY_ALREADY_EXISTS', { singular: tenant.config.singular });
  }
  const additionalData = await validateAdditionalData(db, user, 'company', values.additionalData, {
    country: tenant.country,
    exceptId: existing?.id,
    previous: existing?.additionalData,
  });
  return {
    singular: tenant.config.singular,
    values: {
      businessName: values.businessName,
      displayName: values.displayName,
      taxCode,
      origin: values.origin || DEFAULT_COMPANY_ORIGIN,
      description: values.description,
      hasSectors: values.hasSectors,
      direction: values.direction ?? null,
      additionalData,
    },
  };
}

/** Creates companies (the legacy body is a list); all or nothing. */
export async function createCompanies(
  db: Database,
  user: AuthUser,
  inputs: z.input<typeof ZCompanyInput>[],
) {
  const prepared = [];
  for (const input of inputs) prepared.push(await prepareCompany(db, user, input));
  const taxCodes = prepared.map((each) => each.values.taxCode).filter(Boolean);
  if (new Set(taxCodes).size !== taxCodes.length) {
    throw new DomainError('COMPANY_ALREADY_EXISTS', { singular: prepared[0]!.singular });
  }
  try {
    const rows = await insertCompanies(
      db,
      prepared.map((each) => ({ ...each.values, tenantId: user.tenantId })),
    );
    return rows.map(toCompany);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new DomainError('COMPANY_ALREADY_EXISTS', { singular: prepared[0]!.singular });
    }
    throw error;
  }
}

export async function updateCompany(
  db: Database,
  user: AuthUser,
  id: string,
  input: z.input<typeof ZCompanyInput>,
) {
  const existing = await findCompany(db, user.tenantId, id);
  if (!existing) throw new DomainError('COMPANY_NOT_FOUND');
  const { values, singular } = await prepareCompany(db, user, input, existing);
  try {
    const row = await updateCompanyRow(db, user.tenantId, id, values);
    return toCompany(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('COMPANY_ALREADY_EXISTS', { singular });
    throw error;
  }
}

/** Massive delete: every id must be a company of the tenant, or nothing is deleted. */
export async function deleteCompanies(db: Database, tenantId: string, ids: string[]) {
  return db.transaction(async (tx) => {
    const found = await existingIds(tx, tenantId, 'company', ids);
    if (found.size !== new Set(ids).size) throw new DomainError('COMPANY_NOT_FOUND');
    return deleteCompanyRows(tx, tenantId, ids);
  });
}

/** The encargado of a company: an active user of the same tenant, or nobody. */
export async function assignManager(
  db: Database,
  tenantId: string,
  companyId: string,
  managerId: string | null,
) {
  const company = await findCompany(db, tenantId, companyId);
  if (!company) throw new DomainError('COMPANY_NOT_FOUND');
  if (managerId) {
    const manager = await findUser(db, tenantId, managerId);
    if (!manager || !manager.active) throw new DomainError('USER_NOT_FOUND');
  }
  return toCompany((await updateCompanyRow(db, tenantId, companyId, { managerId }))!);
}

export const ZSector = z.object({ id: z.string(), name: z.string(), companyId: z.string() });

export async function listSectors(
  db: Executor,
  tenantId: string,
  companyId: string,
  input: { search?: string; cursor?: CompanyCursor | null },
) {
  if (!(await findCompany(db, tenantId, companyId))) throw new DomainError('COMPANY_NOT_FOUND');
  const rows = await findSectors(db, tenantId, companyId, {
    search: input.search || undefined,
    after: input.cursor ?? undefined,
    limit: SECTOR_PAGE_SIZE + 1,
  });
  const page = keysetPage(rows, SECTOR_PAGE_SIZE, (last) => ({
    name: last.name.toLowerCase(),
    id: last.id,
  }));
  return {
    items: page.items.map(({ id, name, companyId: company }) => ({ id, name, companyId: company })),
    nextCursor: page.nextCursor,
  };
}

export async function createSector(
  db: Database,
  tenantId: string,
  companyId: string,
  name: string,
) {
  const parsed = ZSectorName.parse(name);
  if (!(await findCompany(db, tenantId, companyId))) throw new DomainError('COMPANY_NOT_FOUND');
  if (await findSectorByName(db, tenantId, companyId, parsed)) {
    throw new DomainError('SECTOR_NAME_READY_USE');
  }
  try {
    const sector = await insertSector(db, { tenantId, companyId, name: parsed });
    return { id: sector.id, name: sector.name, companyId };
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('SECTOR_NAME_READY_USE');
    throw error;
  }
}

export async function deleteSector(db: Database, tenantId: string, companyId: string, id: string) {
  if (!(await deleteSectorRow(db, tenantId, companyId, id)))
    throw new DomainError('SECTOR_NOT_FOUND');
}

export const ZAddContactsInput = z.object({
  contacts: z.array(z.string().uuid()).min(1).max(200),
  sector: z.string().uuid().nullish(),
  role: z.string().trim().max(100).default(''),
});

/**
 * Affiliates contacts the user may see to a company with a role and sector; contacts already in
 * it are refused, and so is any the user may not see (CONTACT_NOT_FOUND, as if it did not exist).
 */
export async function addContacts(
  db: Database,
  user: AuthUser,
  companyId: string,
  input: z.infer<typeof ZAddContactsInput>,
) {
  const { tenantId } = user;
  const scope = await contactScope(db, user);
  return db.transaction(async (tx) => {
    if (!(await findCompany(tx, tenantId, companyId))) throw new DomainError('COMPANY_NOT_FOUND');
    if (input.sector && !(await findSector(tx, tenantId, companyId, input.sector))) {
      throw new DomainError('SECTOR_NOT_FOUND');
    }
    const wanted = [...new Set(input.contacts)];
    const found = await visibleContactIds(tx, user, wanted);
    if (found.size !== wanted.length) throw new DomainError('CONTACT_NOT_FOUND');
    if ((await findAffiliations(tx, tenantId, companyId, wanted)).length > 0) {
      throw new DomainError('CONTACT_ALREADY_AFFILIATED');
    }
    await insertAffiliations(
      tx,
      wanted.map((contactId) => ({
        tenantId,
        companyId,
        contactId,
        sectorId: input.sector ?? null,
        role: input.role,
      })),
    );
    return findCompanyContacts(tx, tenantId, companyId, scope);
  });
}

/** Contacts the user may see and add to the company (not in it yet), by name, 20 a page. */
export async function selectableContacts(
  db: Executor,
  user: AuthUser,
  companyId: string,
  input: { search?: string; cursor?: CompanyCursor | null },
) {
  const { tenantId } = user;
  if (!(await findCompany(db, tenantId, companyId))) throw new DomainError('COMPANY_NOT_FOUND');
  const limit = 20;
  const rows = await findSelectableContacts(db, tenantId, companyId, await contactScope(db, user), {
    search: input.search || undefined,
    after: input.cursor ?? undefined,
    limit: limit + 1,
  });
  return keysetPage(rows, limit, (last) => ({
    name: `${last.firstName} ${last.lastName}`.toLowerCase(),
    id: last.id,
  }));
}

const ZDefaultFieldSettings = z.object({
  hidden: z.boolean().optional(),
  required: z.boolean().optional(),
  label: z
    .string()
    .trim()
    .max(DEFAULT_FIELD_LABEL_MAX, es.fieldsConfig.panel.fieldLabelTooLong)
    .optional(),
});

export const ZDefaultFieldInput = ZDefaultFieldSettings.extend({
  field: z.enum(DEFAULT_FIELD_KEYS),
});

/** PATCH /group/{id}/companyfield/defaultField/modify: how a default company field shows. */
export async function modifyDefaultField(
  db: Database,
  tenantId: string,
  input: z.infer<typeof ZDefaultFieldInput>,
) {
  const { field, ...settings } = input;
  await changeTenantSection(db, tenantId, 'companies', (current) => ({
    values: {
      defaultFields: {
        ...current.defaultFields,
        [field]: { ...current.defaultFields[field], ...settings },
      },
    },
    result: undefined,
  }));
  return companiesSettings(db, tenantId);
}

/**
 * 'Mi Empresa' (issue #17): the companies panel's label and icon and how every default field
 * shows, saved at once. An empty label gives the panel its default name back.
 */
export const ZCompaniesPanelInput = z.object({
  panelLabel: z.string().trim().max(COMPANY_PANEL_LABEL_MAX, es.fieldsConfig.panel.labelTooLong),
  icon: z.enum(COMPANY_PANEL_ICONS),
  defaultFields: z.partialRecord(z.enum(DEFAULT_FIELD_KEYS), ZDefaultFieldSettings),
});

export async function saveCompaniesPanel(
  db: Database,
  tenantId: string,
  input: z.infer<typeof ZCompaniesPanelInput>,
) {
  await changeTenantSection(db, tenantId, 'companies', (current) => {
    const defaultFields = { ...current.defaultFields };
    for (const [field, settings] of Object.entries(input.defaultFields)) {
      if (!settings) continue;
      const label = settings.label?.trim();
      defaultFields[field] = {
        hidden: settings.hidden === true,
        required: settings.required === true,
        ...(label ? { label } : {}),
      };
    }
    return {
      values: { panelLabel: input.panelLabel || undefined, icon: input.icon, defaultFields },
      result: undefined,
    };
  });
  return companiesSettings(db, tenantId);
}
