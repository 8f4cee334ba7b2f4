import { z } from 'zod';
import type { Executor } from '@cartera/db/client';
import type { AuthUser } from '../sessions/session.types';
import { foldSearchTerm } from '@cartera/domain/search';
import { keysetPage } from '../../lib/pagination';
import { findSharedOwnerIds } from '../shared-inboxes/shared-inboxes.repository';
import { findContactsPage, lookupContacts, type ContactScope } from './contacts.repository';

/** 02 §9: contact searches answer 15 at most. */
export const CONTACT_SEARCH_LIMIT = 15;

/**
 * Whose contacts a user sees (issue #5 §4): comercial, project managers and admins the whole
 * tenant, a supervisor their group's subtree, a seller their own; supervisor and seller also the
 * portfolios shared with them (issue #6 §10 'Carteras compartidas'), looked up inside the query
 * that uses the scope. Right for reading one contact by id; lists use `contactScope`.
 */
export function oneContactScope(user: AuthUser): ContactScope {
  if (
    user.roles.some(
      (role) => role === 'comercial' || role === 'project_manager' || role === 'admin',
    )
  ) {
    return { kind: 'tenant' };
  }
  if (user.roles.includes('super')) {
    return { kind: 'subtree', groupId: user.groupId, sharedWith: user.id };
  }
  return { kind: 'own', userId: user.id, sharedWith: user.id };
}

/** The same scope with the shared portfolios' owners looked up first (lists, counts). */
export async function contactScope(db: Executor, user: AuthUser): Promise<ContactScope> {
  const scope = oneContactScope(user);
  if (scope.kind === 'tenant') return scope;
  const { sharedWith: _inQuery, ...rest } = scope;
  return { ...rest, sharedOwnerIds: await findSharedOwnerIds(db, user.tenantId, user.id) };
}

export const ZLookupContactsInput = z.object({
  search: z.string().trim().max(100).optional(),
  /** Resolve these ids (a picker showing its current values). */
  ids: z.array(z.string().uuid()).max(200).optional(),
});

export const ZContactSummary = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});

/** Contacts for pickers (custom fields selectcontact / multiplecontact), within the user's sight. */
export async function lookupVisibleContacts(
  db: Executor,
  user: AuthUser,
  input: z.infer<typeof ZLookupContactsInput>,
) {
  return lookupContacts(db, user.tenantId, await contactScope(db, user), {
    search: input.search || undefined,
    ids: input.ids,
    limit: input.ids ? input.ids.length : CONTACT_SEARCH_LIMIT,
  });
}

/** 02 §9 list page size. */
export const CONTACT_PAGE_SIZE = 50;

export const ZListContactsInput = z.object({
  /** Name, phone in any format, e-mail or gov id; accents and case ignored. */
  search: z.string().trim().max(100).optional(),
  statusTag: z.string().max(60).optional(),
  origin: z.string().max(60).optional(),
  agentId: z.string().uuid().optional(),
  companyId: z.string().uuid().optional(),
  filters: z
    .array(z.object({ code: z.string().min(1).max(60), value: z.string().max(200) }))
    .max(20)
    .optional(),
  cursor: z.object({ id: z.string().uuid() }).nullish(),
});

export const ZContactListItem = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phones: z.array(z.string()),
  emails: z.array(z.string()),
  statusTag: z.string().nullable(),
  origin: z.string().nullable(),
  agentId: z.string().nullable(),
  createdAt: z.date(),
  lastInteractionAt: z.date().nullable(),
});

/** The contacts list (issue #5 §4): the user's visible contacts, filtered, 50 per page. */
export async function listContacts(
  db: Executor,
  user: AuthUser,
  input: z.infer<typeof ZListContactsInput>,
) {
  const search = input.search ? foldSearchTerm(input.search) : undefined;
  const rows = await findContactsPage(
    db,
    user.tenantId,
    await contactScope(db, user),
    {
      search: search || undefined,
      statusTag: input.statusTag,
      origin: input.origin,
      agentId: input.agentId,
      companyId: input.companyId,
      fields: input.filters,
    },
    input.cursor ?? undefined,
    CONTACT_PAGE_SIZE + 1,
  );
  return keysetPage(rows, CONTACT_PAGE_SIZE, (last) => ({
    createdAt: last.createdAt,
    id: last.id,
  }));
}
