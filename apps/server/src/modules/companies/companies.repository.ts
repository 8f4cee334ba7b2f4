import { and, asc, desc, eq, inArray, notExists, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { companies, companyContacts, contacts, sectors, type NewCompany } from '@cartera/db/schema';
import { scopeCondition, type ContactScope } from '../access/contacts.conditions';
import {
  anyContains,
  fieldFilterCondition,
  likePattern,
  type FieldFilter,
  idInTenant,
} from '../../lib/sql';
import { findInTenant, firstInTenant, insertRow, updateInTenant } from '../../lib/rows';

export interface CompanyCursor {
  name: string;
  id: string;
}

export async function findCompanies(
  db: Executor,
  tenantId: string,
  options: { search?: string; filters?: FieldFilter[]; after?: CompanyCursor; limit: number },
) {
  const conditions: SQL[] = [eq(companies.tenantId, tenantId)];
  if (options.search) {
    const columns = [companies.businessName, companies.displayName, companies.taxCode];
    conditions.push(anyContains(options.search, columns));
  }
  for (const filter of options.filters ?? []) {
    conditions.push(fieldFilterCondition(companies.additionalData, filter));
  }
  if (options.after) {
    conditions.push(
      sql`(lower(${companies.businessName}), ${companies.id}) > (${options.after.name}, ${options.after.id})`,
    );
  }
  return db
    .select()
    .from(companies)
    .where(and(...conditions))
    .orderBy(sql`lower(${companies.businessName})`, asc(companies.id))
    .limit(options.limit);
}

export async function findCompany(db: Executor, tenantId: string, id: string) {
  return findInTenant(db, companies, tenantId, id);
}

export async function findCompanyByTaxCode(
  db: Executor,
  tenantId: string,
  taxCode: string,
  exceptId?: string,
) {
  const conditions = [eq(companies.tenantId, tenantId), eq(companies.taxCode, taxCode)];
  if (exceptId) conditions.push(sql`${companies.id} <> ${exceptId}`);
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(...conditions));
  return row;
}

export async function insertCompanies(db: Executor, values: NewCompany[]) {
  return db.insert(companies).values(values).returning();
}

export async function updateCompanyRow(
  db: Executor,
  tenantId: string,
  id: string,
  values: Partial<NewCompany>,
) {
  return updateInTenant(db, companies, tenantId, id, values);
}

export async function deleteCompanyRows(db: Executor, tenantId: string, ids: string[]) {
  const deleted = await db
    .delete(companies)
    .where(and(eq(companies.tenantId, tenantId), inArray(companies.id, ids)))
    .returning({ id: companies.id });
  return deleted.map((row) => row.id);
}

export async function findSectors(
  db: Executor,
  tenantId: string,
  companyId: string,
  options: { search?: string; after?: CompanyCursor; limit: number },
) {
  const conditions: SQL[] = [eq(sectors.tenantId, tenantId), eq(sectors.companyId, companyId)];
  if (options.search) conditions.push(sql`${sectors.name} ilike ${likePattern(options.search)}`);
  if (options.after) {
    conditions.push(
      sql`(lower(${sectors.name}), ${sectors.id}) > (${options.after.name}, ${options.after.id})`,
    );
  }
  return db
    .select()
    .from(sectors)
    .where(and(...conditions))
    .orderBy(sql`lower(${sectors.name})`, asc(sectors.id))
    .limit(options.limit);
}

export async function insertSector(db: Executor, values: typeof sectors.$inferInsert) {
  return insertRow(db, sectors, values);
}

export async function findSectorByName(
  db: Executor,
  tenantId: string,
  companyId: string,
  name: string,
) {
  const [row] = await db
    .select({ id: sectors.id })
    .from(sectors)
    .where(
      and(
        eq(sectors.tenantId, tenantId),
        eq(sectors.companyId, companyId),
        sql`lower(${sectors.name}) = lower(${name})`,
      ),
    );
  return row;
}

export async function findSector(db: Executor, tenantId: string, companyId: string, id: string) {
  return firstInTenant(db, sectors, tenantId, eq(sectors.companyId, companyId), eq(sectors.id, id));
}

export async function deleteSectorRow(
  db: Executor,
  tenantId: string,
  companyId: string,
  id: string,
) {
  const deleted = await db
    .delete(sectors)
    .where(
      and(eq(sectors.tenantId, tenantId), eq(sectors.companyId, companyId), eq(sectors.id, id)),
    )
    .returning({ id: sectors.id });
  return deleted.length > 0;
}

/** A company's contacts within `scope` (who may see which contacts: access/contacts.ts). */
export async function findCompanyContacts(
  db: Executor,
  tenantId: string,
  companyId: string,
  scope: ContactScope,
) {
  return (
    db
      .select({
        contactId: contacts.id,
        firstName: contacts.firstName,
        lastName: contacts.lastName,
        role: companyContacts.role,
        sectorId: companyContacts.sectorId,
        sectorName: sectors.name,
        proximity: contacts.proximity,
      })
      .from(companyContacts)
      .innerJoin(
        contacts,
        idInTenant(contacts, companyContacts.tenantId, companyContacts.contactId),
      )
      .leftJoin(sectors, idInTenant(sectors, companyContacts.tenantId, companyContacts.sectorId))
      .where(
        and(
          eq(companyContacts.tenantId, tenantId),
          eq(companyContacts.companyId, companyId),
          scopeCondition(db, tenantId, scope),
        ),
      )
      // 02 §2: a company's contacts, closest first.
      .orderBy(desc(contacts.proximity), asc(contacts.firstName), asc(contacts.lastName))
  );
}

/** Contacts of the tenant not yet in the company, for 'Seleccionar Contactos'. */
export async function findSelectableContacts(
  db: Executor,
  tenantId: string,
  companyId: string,
  scope: ContactScope,
  options: { search?: string; after?: CompanyCursor; limit: number },
) {
  const visible = scopeCondition(db, tenantId, scope);
  const conditions: SQL[] = [
    eq(contacts.tenantId, tenantId),
    ...(visible ? [visible] : []),
    notExists(
      db
        .select({ one: sql`1` })
        .from(companyContacts)
        .where(
          and(
            eq(companyContacts.tenantId, tenantId),
            eq(companyContacts.companyId, companyId),
            eq(companyContacts.contactId, contacts.id),
          ),
        ),
    ),
  ];
  if (options.search) {
    conditions.push(
      sql`(${contacts.firstName} || ' ' || ${contacts.lastName}) ilike ${likePattern(options.search)}`,
    );
  }
  if (options.after) {
    conditions.push(
      sql`(lower(${contacts.firstName} || ' ' || ${contacts.lastName}), ${contacts.id}) > (${options.after.name}, ${options.after.id})`,
    );
  }
  return db
    .select({ id: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName })
    .from(contacts)
    .where(and(...conditions))
    .orderBy(sql`lower(${contacts.firstName} || ' ' || ${contacts.lastName})`, asc(contacts.id))
    .limit(options.limit);
}

export async function findAffiliations(
  db: Executor,
  tenantId: string,
  companyId: string,
  contactIds: string[],
) {
  return db
    .select({ contactId: companyContacts.contactId })
    .from(companyContacts)
    .where(
      and(
        eq(companyContacts.tenantId, tenantId),
        eq(companyContacts.companyId, companyId),
        inArray(companyContacts.contactId, contactIds),
      ),
    );
}

export async function insertAffiliations(
  db: Executor,
  rows: (typeof companyContacts.$inferInsert)[],
) {
  await db.insert(companyContacts).values(rows);
}
