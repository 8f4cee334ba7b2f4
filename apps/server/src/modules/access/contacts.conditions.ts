import { and, eq, exists, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '@cartera/db/client';
import { contacts, sharedInboxes } from '@cartera/db/schema';
import type { Ref } from '../../lib/sql';
import { userInReach } from './reach';

/*
 * The SQL conditions of who may see a contact, for every query that returns contacts to compose:
 * `scopeCondition` (lists, pickers, counts) and `readableContactExists` (rows of one contact).
 * contacts.ts turns a user into a scope; access.test.ts fails when a query
 * of the contacts table applies neither.
 */

/**
 * Whose contacts a user sees: the whole tenant, a group subtree's agents, or their own; plus, for
 * a supervisor or seller, the agents whose portfolio is shared with them ('Carteras
 * compartidas'). Lists resolve those owners beforehand (`sharedOwnerIds`), so a user without
 * shares keeps the plain agent filter (an ordered scan of the (tenant, agent, id) index); a read
 * of one contact by id looks them up inside its own query instead (`sharedWith`: one round trip).
 */
export type ContactScope =
  | { kind: 'tenant' }
  | { kind: 'subtree'; groupId: Ref; sharedOwnerIds?: string[]; sharedWith?: Ref }
  | { kind: 'own'; userId: Ref; sharedOwnerIds?: string[]; sharedWith?: Ref };

export function scopeCondition(db: Executor, tenantId: Ref, scope: ContactScope): SQL | undefined {
  if (scope.kind === 'tenant') return undefined;
  const owners = scope.sharedOwnerIds ?? [];
  const shared = scope.sharedWith
    ? inArray(contacts.agentId, sharedOwnersOf(db, tenantId, scope.sharedWith))
    : owners.length
      ? inArray(contacts.agentId, owners)
      : undefined;
  if (scope.kind === 'own') {
    if (scope.sharedWith) return or(eq(contacts.agentId, scope.userId), shared);
    return owners.length
      ? inArray(contacts.agentId, [scope.userId, ...owners])
      : eq(contacts.agentId, scope.userId);
  }
  const subtree = userInReach(contacts.agentId, tenantId, scope)!;
  return shared ? or(subtree, shared) : subtree;
}

/** An unassigned contact reserved for `userId` right now (03 §4 reserved contact). */
export function reservedFor(userId: Ref): SQL {
  return and(
    isNull(contacts.agentId),
    eq(contacts.reservedBy, userId),
    sql`${contacts.reservedUntil} > now()`,
  )!;
}

/** Who reads one contact: their company, themselves and their scope (oneContactScope). */
export interface ContactReader {
  tenantId: Ref;
  readerId: Ref;
  scope: ContactScope;
}

/**
 * "The reader may read this contact" (in scope, or reserved for them) as a condition of another
 * table's query, so a read of a contact's rows checks access in the same round trip.
 */
export function readableContactExists(db: Executor, reader: ContactReader, contactId: Ref): SQL {
  const visible = scopeCondition(db, reader.tenantId, reader.scope);
  return exists(
    db
      .select({ one: sql`1` })
      .from(contacts)
      .where(
        and(
          eq(contacts.tenantId, reader.tenantId),
          eq(contacts.id, contactId),
          visible ? or(visible, reservedFor(reader.readerId)) : undefined,
        ),
      ),
  );
}

/**
 * The reader with a placeholder for each of its values, for a query prepared once per scope
 * shape (`shape` names it); `params` holds the values to run it with. Null for a scope with
 * prefetched shared owners (a list's), whose SQL varies with their number.
 */
export function placeholderReader(reader: ContactReader) {
  const { scope } = reader;
  if (scope.kind !== 'tenant' && scope.sharedOwnerIds) return null;
  const params: Record<string, Ref> = { tenantId: reader.tenantId, readerId: reader.readerId };
  const named = (key: string, value: Ref) => {
    params[key] = value;
    return sql.placeholder(key);
  };
  const shared =
    scope.kind !== 'tenant' && scope.sharedWith !== undefined
      ? { sharedWith: named('sharedWith', scope.sharedWith) }
      : {};
  const placeholders: ContactScope =
    scope.kind === 'tenant'
      ? scope
      : scope.kind === 'subtree'
        ? { kind: 'subtree', groupId: named('groupId', scope.groupId), ...shared }
        : { kind: 'own', userId: named('userId', scope.userId), ...shared };
  return {
    shape: `${scope.kind}${'sharedWith' in shared ? '_shared' : ''}`,
    reader: {
      tenantId: sql.placeholder('tenantId'),
      readerId: sql.placeholder('readerId'),
      scope: placeholders,
    } satisfies ContactReader,
    params,
  };
}

/**
 * The agents whose portfolio is shared with `memberId` (the owners of their shared inboxes), as
 * a query to run or to use as a subquery.
 */
export function sharedOwnersOf(db: Executor, tenantId: Ref, memberId: Ref) {
  return db
    .selectDistinct({ id: sharedInboxes.ownerId })
    .from(sharedInboxes)
    .where(
      and(
        eq(sharedInboxes.tenantId, tenantId),
        sql`${sharedInboxes.memberIds} @> array[${memberId}::uuid]`,
      ),
    );
}
