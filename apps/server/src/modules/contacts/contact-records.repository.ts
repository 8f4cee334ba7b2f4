import { and, asc, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import {
  blockedNumbers,
  channelMessages,
  companies,
  companyContacts,
  contacts,
  interactions,
  sectors,
  users,
  type Contact,
} from '@cartera/db/schema';
import { equivalentPhones } from '@cartera/domain/phone-match';
import { countNewContact } from '../metrics/metrics.writer';
import { idInTenant } from '../../lib/sql';

/**
 * One contact of the tenant by id, whoever may see it. Only for reads after access is decided
 * (a sub-conversation's parent, the numbers a sub-conversation shares): a user's reads go through
 * access/contacts.ts (visibleContact, readableContact).
 */
export async function findTenantContact(
  db: Executor,
  tenantId: string,
  id: string,
): Promise<Contact | undefined> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(idInTenant(contacts, tenantId, id))
    .limit(1);
  return row;
}

/** Locks a contact row for the rest of the transaction. */
export async function lockContact(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(contacts)
    .where(idInTenant(contacts, tenantId, id))
    .for('update');
  return row;
}

/**
 * Inserts a contact; one created with an agent counts in the agent's `contacts` of the day
 * (issue #16 rollups, in the caller's transaction).
 */
export async function insertContact(db: Executor, values: typeof contacts.$inferInsert) {
  const [row] = await db.insert(contacts).values(values).returning();
  await countNewContact(db, row!);
  return row!;
}

export async function updateContactRow(
  db: Executor,
  tenantId: string,
  id: string,
  values: Partial<typeof contacts.$inferInsert>,
) {
  const [row] = await db
    .update(contacts)
    .set(values)
    .where(idInTenant(contacts, tenantId, id))
    .returning();
  return row;
}

export async function deleteContactRow(db: Executor, tenantId: string, id: string) {
  await db.delete(contacts).where(idInTenant(contacts, tenantId, id));
}

/**
 * Main contacts (not sub-conversations, which share their parent's numbers) holding any of the
 * numbers, except one contact.
 */
export async function findPhoneOwners(
  db: Executor,
  tenantId: string,
  phones: string[],
  exceptId?: string,
) {
  if (!phones.length) return [];
  // Any form that is the same customer (Mexico's 521/52, Argentina's 549/54, Brazil's ninth digit).
  const forms = [...new Set(phones.flatMap(equivalentPhones))];
  const conditions: SQL[] = [
    eq(contacts.tenantId, tenantId),
    sql`${contacts.phones} && ${sql.param(forms)}::text[]`,
    isNull(contacts.parentContactId),
  ];
  if (exceptId) conditions.push(ne(contacts.id, exceptId));
  return db
    .select({
      id: contacts.id,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      phones: contacts.phones,
      agentId: contacts.agentId,
      archivingReason: contacts.archivingReason,
      parentContactId: contacts.parentContactId,
      agentName: users.name,
      agentLastname: users.lastname,
      agentActive: users.active,
    })
    .from(contacts)
    .leftJoin(users, idInTenant(users, contacts.tenantId, contacts.agentId))
    .where(and(...conditions))
    .orderBy(asc(contacts.id))
    .limit(20);
}

export async function findBlockedNumbers(db: Executor, tenantId: string, phones: string[]) {
  if (!phones.length) return [];
  return db
    .select({ phone: blockedNumbers.phone, reason: blockedNumbers.reason })
    .from(blockedNumbers)
    .where(and(eq(blockedNumbers.tenantId, tenantId), inArray(blockedNumbers.phone, phones)));
}

/** The contact's companies with their sector and role (02 §3 affiliatedCompanyGroup). */
export async function findContactAffiliations(db: Executor, tenantId: string, contactId: string) {
  return db
    .select({
      companyId: companyContacts.companyId,
      companyName: companies.businessName,
      sectorId: companyContacts.sectorId,
      sectorName: sectors.name,
      role: companyContacts.role,
    })
    .from(companyContacts)
    .innerJoin(
      companies,
      idInTenant(companies, companyContacts.tenantId, companyContacts.companyId),
    )
    .leftJoin(sectors, idInTenant(sectors, companyContacts.tenantId, companyContacts.sectorId))
    .where(and(eq(companyContacts.tenantId, tenantId), eq(companyContacts.contactId, contactId)))
    .orderBy(asc(companyContacts.createdAt), asc(companies.businessName));
}

/** Replaces a contact's affiliations by the given rows. */
export async function replaceAffiliations(
  db: Executor,
  tenantId: string,
  contactId: string,
  rows: Array<{ companyId: string; sectorId: string | null; role: string }>,
) {
  await db
    .delete(companyContacts)
    .where(and(eq(companyContacts.tenantId, tenantId), eq(companyContacts.contactId, contactId)));
  if (!rows.length) return;
  await db.insert(companyContacts).values(rows.map((row) => ({ ...row, tenantId, contactId })));
}

/** Companies and sectors of the tenant among these ids: what an affiliation may point at. */
export async function findCompaniesAndSectors(
  db: Executor,
  tenantId: string,
  companyIds: string[],
  sectorIds: string[],
) {
  const [companyRows, sectorRows] = await Promise.all([
    companyIds.length
      ? db
          .select({ id: companies.id })
          .from(companies)
          .where(and(eq(companies.tenantId, tenantId), inArray(companies.id, companyIds)))
      : Promise.resolve([]),
    sectorIds.length
      ? db
          .select({ id: sectors.id, companyId: sectors.companyId })
          .from(sectors)
          .where(and(eq(sectors.tenantId, tenantId), inArray(sectors.id, sectorIds)))
      : Promise.resolve([]),
  ]);
  return {
    companyIds: new Set(companyRows.map((row) => row.id)),
    sectorCompany: new Map(sectorRows.map((row) => [row.id, row.companyId])),
  };
}

/** Moves B's affiliations to the base, skipping companies the base already has. */
export async function moveAffiliations(
  db: Executor,
  tenantId: string,
  fromId: string,
  toId: string,
) {
  await db.execute(sql`
    insert into company_contacts (tenant_id, company_id, contact_id, sector_id, role, created_at)
    select tenant_id, company_id, ${toId}::uuid, sector_id, role, created_at
    from company_contacts
    where tenant_id = ${tenantId} and contact_id = ${fromId}
    on conflict do nothing`);
}

export async function moveInteractions(
  db: Executor,
  tenantId: string,
  fromId: string,
  toId: string,
) {
  await db
    .update(interactions)
    .set({ contactId: toId })
    .where(and(eq(interactions.tenantId, tenantId), eq(interactions.contactId, fromId)));
  // The messages those items carried follow them (reply windows and receipts look them up).
  await db
    .update(channelMessages)
    .set({ contactId: toId })
    .where(and(eq(channelMessages.tenantId, tenantId), eq(channelMessages.contactId, fromId)));
}

export async function reparentSubConversations(
  db: Executor,
  tenantId: string,
  fromId: string,
  toId: string,
) {
  await db
    .update(contacts)
    .set({ parentContactId: toId })
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.parentContactId, fromId)));
}

/** Every interaction of a contact, oldest first, with its agent's name. */
export async function findInteractionsForCopy(db: Executor, tenantId: string, contactId: string) {
  return db
    .select({
      createdAt: interactions.createdAt,
      type: interactions.type,
      content: interactions.content,
      createdBySystem: interactions.createdBySystem,
      agentName: users.name,
      agentLastname: users.lastname,
    })
    .from(interactions)
    .leftJoin(users, idInTenant(users, interactions.tenantId, interactions.agentId))
    .where(and(eq(interactions.tenantId, tenantId), eq(interactions.contactId, contactId)))
    .orderBy(asc(interactions.id));
}

/** Sub-conversations of a contact, newest first, with their agent. */
export async function findSubConversations(db: Executor, tenantId: string, parentId: string) {
  return db
    .select({
      id: contacts.id,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      status: contacts.subConversationStatus,
      createdAt: contacts.createdAt,
      agentId: contacts.agentId,
      agentName: users.name,
      agentLastname: users.lastname,
    })
    .from(contacts)
    .leftJoin(users, idInTenant(users, contacts.tenantId, contacts.agentId))
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.parentContactId, parentId)))
    .orderBy(desc(contacts.id));
}
