import { z } from 'zod';
import type { Executor } from '@cartera/db/client';
import type { Contact } from '@cartera/db/schema';
import { DomainError } from '@cartera/domain/errors';
import { flagOn, SUPERVISOR_ROLE, TENANT_WIDE_CONTACT_ROLES } from '@cartera/domain/policy';
import { openSecret, sealSecret } from '../../lib/secret-box';
import type { AuthUser } from '../sessions/session.types';
import {
  findContactWatchers,
  findReservedContact,
  findScopedContact,
  findScopedContactIds,
  findScopedContactsByEmail,
  findMemberSharedInboxes,
  findSharedInboxOwner,
  findSharedOwnerIds,
  findSubtreeUserIds,
  isUnassigned,
} from './contacts.repository';
import { reachOf } from './reach';
import { findAgentsInReach } from './sellers';
import type { ContactReader, ContactScope } from './contacts.conditions';

/*
 * Who may see a contact: the one home of the rule (issue #5 §4, #6 §10, 03 §4). comercial,
 * project managers and admins see the whole tenant; a supervisor the contacts of the agents of
 * their group's subtree; a seller their own; supervisor and seller also the portfolios shared
 * with them ('Carteras compartidas'); and whoever holds the reservation of an unassigned contact
 * reads it (03 §4 reserved contact). Every list, picker, single read and write of a contact in
 * every module goes through here; access.test.ts fails when a query of the contacts
 * table does not.
 */

/**
 * The user's scope with the shared portfolios looked up inside the query that uses it: right for
 * reading one contact by id (one round trip). Lists use `contactScope`.
 */
export function oneContactScope(user: AuthUser): ContactScope {
  const reach = reachOf(user);
  return reach.kind === 'tenant' ? reach : { ...reach, sharedWith: user.id };
}

/**
 * The same scope with the shared portfolios' owners looked up first: for lists, pickers and
 * counts (a plain agent filter plans better on a list than a subquery).
 */
export async function contactScope(db: Executor, user: AuthUser): Promise<ContactScope> {
  const scope = oneContactScope(user);
  if (scope.kind === 'tenant') return scope;
  const { sharedWith: _inQuery, ...rest } = scope;
  return { ...rest, sharedOwnerIds: await findSharedOwnerIds(db, user.tenantId, user.id) };
}

/**
 * The agents whose contacts a list scope covers, as a list: the user or the subtree's users, and
 * the shared portfolios' owners; null for the tenant's scope. For a list that walks agent by
 * agent (the inbox's 'Todas', bench:inbox): each of its branches keeps to one of these agents,
 * so together they are exactly the scope.
 */
export async function scopeAgentIds(
  db: Executor,
  tenantId: string,
  scope: ContactScope,
): Promise<string[] | null> {
  if (scope.kind === 'tenant' || scope.sharedWith !== undefined) return null;
  const root = scope.kind === 'own' ? scope.userId : scope.groupId;
  if (typeof root !== 'string') return null;
  const own = scope.kind === 'own' ? [root] : await findSubtreeUserIds(db, tenantId, root);
  return [...new Set([...own, ...(scope.sharedOwnerIds ?? [])])];
}

/** The user as a reader of one contact, for queries of its rows that check access themselves. */
export function contactReader(user: AuthUser): ContactReader {
  return { tenantId: user.tenantId, readerId: user.id, scope: oneContactScope(user) };
}

/**
 * A contact the user may work on (see, write, act), or CONTACT_NOT_FOUND: the same answer
 * whether it exists elsewhere or not.
 */
export async function visibleContact(db: Executor, user: AuthUser, id: string): Promise<Contact> {
  const contact = await findScopedContact(db, user.tenantId, id, oneContactScope(user));
  if (!contact) throw new DomainError('CONTACT_NOT_FOUND');
  return contact;
}

/** The contact when the user may see it, else undefined (no error): answers that must not name others'. */
export async function findVisibleContact(db: Executor, user: AuthUser, id: string) {
  return findScopedContact(db, user.tenantId, id, oneContactScope(user));
}

/** Whether the user may see the contact. */
export async function canSeeContact(db: Executor, user: AuthUser, id: string): Promise<boolean> {
  return !!(await findVisibleContact(db, user, id));
}

/**
 * A contact the user may read: a visible one, or an unassigned one reserved for them while they
 * look at it from 'Inbox' (03 §4). `reserved` says which; every action keeps to visibleContact,
 * so a reserver takes the contact over before acting on it.
 */
export async function readContact(db: Executor, user: AuthUser, id: string) {
  const visible = await findScopedContact(db, user.tenantId, id, oneContactScope(user));
  if (visible) return { contact: visible, reserved: false };
  const reserved = await findReservedContact(db, user.tenantId, id, user.id);
  if (!reserved) throw new DomainError('CONTACT_NOT_FOUND');
  return { contact: reserved, reserved: true };
}

/** readContact's contact alone. */
export async function readableContact(db: Executor, user: AuthUser, id: string) {
  return (await readContact(db, user, id)).contact;
}

/** What a contact's live events need to know of it to find their audience. */
export interface AudienceContact {
  tenantId: string;
  agentId: string | null;
  reservedBy: string | null;
  reservedUntil: Date | null;
}

/**
 * Who receives a contact's live events: everyone who may read it. Its agent, the supervisors
 * above the agent, the members of the agent's shared portfolios, the holder of a live
 * reservation of an unassigned contact, and the tenant-wide roles.
 */
export async function contactAudience(db: Executor, contact: AudienceContact, now = Date.now()) {
  const userIds = await findContactWatchers(db, contact.tenantId, contact.agentId);
  return audienceOfWatchers(contact, userIds, now);
}

/** The SQL of a contact's watchers, for a statement that finds the contact (inbound-writer.ts). */
export { contactWatchersQuery } from './contacts.repository';

/** contactAudience from the contact's watchers read already (findContactWatchers' list). */
export function audienceOfWatchers(
  contact: AudienceContact,
  watchers: readonly string[],
  now = Date.now(),
) {
  const userIds = [...watchers];
  const { reservedBy, reservedUntil } = contact;
  if (!contact.agentId && reservedBy && reservedUntil && reservedUntil.getTime() > now) {
    userIds.push(reservedBy);
  }
  return { userIds, roles: [...TENANT_WIDE_CONTACT_ROLES] };
}

/**
 * The agent whose portfolio a shared inbox shows, when the user is one of its members
 * ('Carteras compartidas'), else SHARED_INBOX_NOT_FOUND.
 */
export async function sharedInboxOwner(db: Executor, user: AuthUser, sharedInboxId: string) {
  const ownerId = await findSharedInboxOwner(db, user.tenantId, sharedInboxId, user.id);
  if (!ownerId) throw new DomainError('SHARED_INBOX_NOT_FOUND');
  return ownerId;
}

/** The shared inboxes the user is a member of, with the owners whose contacts they work. */
export function memberSharedInboxes(db: Executor, user: AuthUser) {
  return findMemberSharedInboxes(db, user.tenantId, user.id);
}

/** Whether the tenant holds this contact unassigned ('Inbox'): nothing else is said of it. */
export function isUnassignedContact(db: Executor, user: AuthUser, id: string) {
  return isUnassigned(db, user.tenantId, id);
}

/** Which of `ids` the user may see (the rest may not exist, or be others'). */
export async function visibleContactIds(db: Executor, user: AuthUser, ids: string[]) {
  return findScopedContactIds(db, user.tenantId, ids, await contactScope(db, user));
}

/**
 * Whose portfolio (inbox) the user may open (03 §2.1): their own; a supervisor a seller's of their
 * subtree; comercial any seller's. Else PERMISSION_DENIED.
 */
export async function portfolioOwner(db: Executor, user: AuthUser, agentId: string | undefined) {
  if (!agentId || agentId === user.id) return user.id;
  const tenantWide = user.roles.includes('comercial');
  if (!tenantWide && !user.roles.includes(SUPERVISOR_ROLE)) {
    throw new DomainError('PERMISSION_DENIED');
  }
  const sellers = await findAgentsInReach(
    db,
    user.tenantId,
    tenantWide ? { kind: 'tenant' } : { kind: 'subtree', groupId: user.groupId },
    ['user'],
  );
  if (!sellers.some((seller) => seller.id === agentId)) throw new DomainError('PERMISSION_DENIED');
  return agentId;
}

// A contact named to a user who may not see it (the phone check found the number on a
// colleague's contact): the user may take it over or open a sub-conversation of it, so the
// answer names it by an opaque reference, for that user and valid 15 minutes, never by its id
// (issue #19 §7). The reference is sealed with the instance's key (lib/secret-box): it shows
// nothing, not even the id (issue #30 S8).
const CONTACT_REF_PREFIX = 'ref.';
const CONTACT_REF_TTL_MS = 15 * 60 * 1000;

/** An opaque reference to `contactId` that only `user` may use, for a while. */
export function contactRefFor(user: AuthUser, contactId: string, now = Date.now()) {
  const sealed = sealSecret(
    JSON.stringify([user.tenantId, user.id, contactId, now + CONTACT_REF_TTL_MS]),
  );
  return `${CONTACT_REF_PREFIX}${sealed}`;
}

/**
 * What a contact id or reference names: `byRef` when it came as a valid reference of this user
 * (then the contact may be one the user cannot see); CONTACT_NOT_FOUND for any other reference.
 */
export function readContactRef(
  user: AuthUser,
  value: string,
  now = Date.now(),
): { contactId: string; byRef: boolean } {
  if (!value.startsWith(CONTACT_REF_PREFIX)) return { contactId: value, byRef: false };
  let named: [string, string, string, number];
  try {
    named = JSON.parse(openSecret(value.slice(CONTACT_REF_PREFIX.length))) as typeof named;
  } catch {
    throw new DomainError('CONTACT_NOT_FOUND');
  }
  const [tenantId, userId, contactId, until] = named;
  if (tenantId !== user.tenantId || userId !== user.id || until < now) {
    throw new DomainError('CONTACT_NOT_FOUND');
  }
  return { contactId, byRef: true };
}

/** A contact id, or the id a valid reference of this user names; else CONTACT_NOT_FOUND. */
export function contactIdOf(user: AuthUser, value: string, now = Date.now()) {
  return readContactRef(user, value, now).contactId;
}

/** A contact id, or a reference from contactRefFor (the phone check's answer). */
export const ZContactIdOrRef = z.union([
  z.string().uuid(),
  z.string().startsWith(CONTACT_REF_PREFIX).max(400),
]);

/**
 * Whether `user` reaches the portfolio of `ownerId` as a member of one of its shared inboxes
 * ('Carteras compartidas'): a member may then write through the owner's personal WhatsApp
 * (03 §2.2 unofficial-whatsapp-from-shared-inbox).
 */
export async function sharesPortfolioOf(db: Executor, user: AuthUser, ownerId: string | null) {
  if (!ownerId || ownerId === user.id) return false;
  return (await findSharedOwnerIds(db, user.tenantId, user.id)).includes(ownerId);
}

/** The contacts the user may see that have one of these addresses (who a mail is with). */
export async function visibleContactsWithEmails(
  db: Executor,
  user: AuthUser,
  emails: readonly string[],
): Promise<Contact[]> {
  return findScopedContactsByEmail(db, user.tenantId, emails, await contactScope(db, user));
}

/**
 * A contact's photo as a reader gets it: none while the reader's company hides contact photos
 * (flag `hideContactPhoto`, 01 §3, 03 §6), so no screen, list or API answer carries one.
 */
export function contactPhoto(user: AuthUser, photo: string | null): string | null {
  return photo && !flagOn(user, 'hideContactPhoto') ? photo : null;
}
