import { and, asc, desc, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { companyContacts, contacts, interactions } from '@cartera/db/schema';
import {
  fieldFilterCondition,
  likePattern,
  searchTextPattern,
  type FieldFilter,
} from '../../lib/sql';
import { scopeCondition, type ContactScope } from '../access/contacts.conditions';

export async function lookupContacts(
  db: Executor,
  tenantId: string,
  scope: ContactScope,
  options: { search?: string; ids?: string[]; limit: number },
) {
  const conditions: SQL[] = [eq(contacts.tenantId, tenantId)];
  const visible = scopeCondition(db, tenantId, scope);
  if (visible) conditions.push(visible);
  if (options.ids) conditions.push(inArray(contacts.id, options.ids));
  if (options.search) {
    conditions.push(
      sql`(${contacts.firstName} || ' ' || ${contacts.lastName}) ilike ${likePattern(options.search)}`,
    );
  }
  return db
    .select({ id: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName })
    .from(contacts)
    .where(and(...conditions))
    .orderBy(asc(contacts.firstName), asc(contacts.lastName), asc(contacts.id))
    .limit(options.limit);
}

export interface ContactListFilters {
  /** Already folded (accents, case) by foldSearchTerm. */
  search?: string;
  statusTag?: string;
  origin?: string;
  agentId?: string;
  companyId?: string;
  fields?: FieldFilter[];
  /** Only contacts with a timeline item from this instant (inclusive) and before `activeBefore`. */
  activeSince?: Date;
  activeBefore?: Date;
}

/**
 * Ids are UUIDv7, ordered by creation time, so the id alone is the keyset: a timestamp cursor
 * would lose PostgreSQL's microseconds in a JavaScript Date and skip rows.
 */
export interface ContactCursor {
  id: string;
}

/**
 * A page of the contacts list, newest first, after a keyset cursor (never OFFSET). The search
 * uses the tenant-led trigram index on search_text.
 */
export async function findContactsPage(
  db: Executor,
  tenantId: string,
  scope: ContactScope,
  filters: ContactListFilters,
  after: ContactCursor | undefined,
  limit: number,
) {
  const conditions: SQL[] = [eq(contacts.tenantId, tenantId)];
  const visible = scopeCondition(db, tenantId, scope);
  if (visible) conditions.push(visible);
  conditions.push(...contactFilterConditions(db, tenantId, filters));
  if (after) conditions.push(sql`${contacts.id} < ${after.id}`);
  return db
    .select({
      id: contacts.id,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      phones: contacts.phones,
      emails: contacts.emails,
      statusTag: contacts.statusTag,
      origin: contacts.origin,
      agentId: contacts.agentId,
      createdAt: contacts.createdAt,
      lastInteractionAt: contacts.lastInteractionAt,
    })
    .from(contacts)
    .where(and(...conditions))
    .orderBy(desc(contacts.id))
    .limit(limit);
}

/**
 * The conditions of the contacts list's filters, shared by the list and the contact map so both
 * show the same contacts; each query adds the tenant and the caller's scope itself.
 */
export function contactFilterConditions(
  db: Executor,
  tenantId: string,
  filters: ContactListFilters,
): SQL[] {
  const conditions: SQL[] = [];
  if (filters.search)
    conditions.push(sql`${contacts.searchText} like ${searchTextPattern(filters.search)}`);
  if (filters.statusTag) conditions.push(eq(contacts.statusTag, filters.statusTag));
  if (filters.origin) conditions.push(eq(contacts.origin, filters.origin));
  if (filters.agentId) conditions.push(eq(contacts.agentId, filters.agentId));
  if (filters.companyId) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(companyContacts)
          .where(
            and(
              eq(companyContacts.tenantId, tenantId),
              eq(companyContacts.companyId, filters.companyId),
              eq(companyContacts.contactId, contacts.id),
            ),
          ),
      ),
    );
  }
  for (const filter of filters.fields ?? []) {
    conditions.push(fieldFilterCondition(contacts.additionalData, filter));
  }
  if (filters.activeSince || filters.activeBefore) {
    // Read on interactions_tenant_contact_idx, one contact at a time.
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(interactions)
          .where(
            and(
              eq(interactions.tenantId, tenantId),
              eq(interactions.contactId, contacts.id),
              filters.activeSince
                ? sql`${interactions.createdAt} >= ${filters.activeSince.toISOString()}`
                : undefined,
              filters.activeBefore
                ? sql`${interactions.createdAt} < ${filters.activeBefore.toISOString()}`
                : undefined,
            ),
          ),
      ),
    );
  }
  return conditions;
}
