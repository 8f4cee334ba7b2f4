import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { contacts, groups, users } from '@cartera/db/schema';
import { likePattern } from '../../lib/sql';

/** Whose contacts a user sees: the whole tenant, a group subtree's agents, or their own. */
export type ContactScope =
  { kind: 'tenant' } | { kind: 'subtree'; groupId: string } | { kind: 'own'; userId: string };

function scopeCondition(db: Executor, tenantId: string, scope: ContactScope): SQL | undefined {
  if (scope.kind === 'tenant') return undefined;
  if (scope.kind === 'own') return eq(contacts.agentId, scope.userId);
  const agents = db
    .select({ id: users.id })
    .from(users)
    .innerJoin(groups, and(eq(groups.tenantId, users.tenantId), eq(groups.id, users.groupId)))
    .where(
      and(
        eq(users.tenantId, tenantId),
        or(eq(groups.id, scope.groupId), sql`${scope.groupId}::uuid = any(${groups.ancestors})`),
      ),
    );
  return inArray(contacts.agentId, agents);
}

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
