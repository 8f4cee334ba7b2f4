import { z } from 'zod';
import { ZJsonObject } from '@cartera/domain/input';
import type { Database, Executor } from '@cartera/db/client';
import type { Company } from '@cartera/db/schema';
import { DomainError } from '@cartera/domain/errors';
import type { ZCompanyInput } from '@cartera/domain/companies';
import {
  COMPANY_PAGE_SIZES,
  companyFormSchema,
  hiddenDefaultFields,
  DEFAULT_COMPANY_ORIGIN,
} from '@cartera/domain/companies';
import { ZDirectionValue } from '@cartera/domain/custom-fields';
import { keysetPage } from '../../lib/pagination';
import { validateAdditionalData, existingIds } from '../custom-fields/custom-fields.service';
import type { AuthUser } from '../sessions/session.types';
import {
  deleteCompanyRows,
  findCompanies,
  findCompany,
  findCompanyByTaxCode,
  findCompanyContacts,
  insertCompanies,
  updateCompanyRow,
} from './companies.repository';
import { findUser } from '../users/users.service';
import { contactScope } from '../access/contacts';
import { tenantOf } from './companies-config.service';
import { unlessTaken } from '../../lib/sql';

/** Client companies (issue #4; 'Empresas'): listed, created, edited, deleted, given a manager. */

export const ZCompany = z.object({
  id: z.string(),
  businessName: z.string(),
  displayName: z.string(),
  description: z.string(),
  origin: z.string(),
  taxCode: z.string().nullable(),
  hasSectors: z.boolean(),
  direction: ZDirectionValue.nullable(),
  additionalData: ZJsonObject,
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
  const prepared: Awaited<ReturnType<typeof prepareCompany>>[] = [];
  for (const input of inputs) prepared.push(await prepareCompany(db, user, input));
  const taxCodes = prepared.map((each) => each.values.taxCode).filter(Boolean);
  if (new Set(taxCodes).size !== taxCodes.length) {
    throw new DomainError('COMPANY_ALREADY_EXISTS', { singular: prepared[0]!.singular });
  }
  return unlessTaken(
    async () => {
      const rows = await insertCompanies(
        db,
        prepared.map((each) => ({ ...each.values, tenantId: user.tenantId })),
      );
      return rows.map(toCompany);
    },
    () => new DomainError('COMPANY_ALREADY_EXISTS', { singular: prepared[0]!.singular }),
  );
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
  return unlessTaken(
    async () => {
      const row = await updateCompanyRow(db, user.tenantId, id, values);
      return toCompany(row!);
    },
    () => new DomainError('COMPANY_ALREADY_EXISTS', { singular }),
  );
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
