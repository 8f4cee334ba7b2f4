import { z } from 'zod';
import type { Executor } from '@cartera/db/client';
import type { AuthUser } from '../sessions/session.service';
import { lookupContacts, type ContactScope } from './contacts.repository';

/** 02 §9: contact searches answer 15 at most. */
export const CONTACT_SEARCH_LIMIT = 15;

/**
 * Whose contacts a user sees (issue #5 §4): comercial, project managers and admins the whole
 * tenant, a supervisor their group's subtree, a seller their own.
 */
export function contactScope(user: AuthUser): ContactScope {
  if (
    user.roles.some(
      (role) => role === 'comercial' || role === 'project_manager' || role === 'admin',
    )
  ) {
    return { kind: 'tenant' };
  }
  if (user.roles.includes('super')) return { kind: 'subtree', groupId: user.groupId };
  return { kind: 'own', userId: user.id };
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
export function lookupVisibleContacts(
  db: Executor,
  user: AuthUser,
  input: z.infer<typeof ZLookupContactsInput>,
) {
  return lookupContacts(db, user.tenantId, contactScope(user), {
    search: input.search || undefined,
    ids: input.ids,
    limit: input.ids ? input.ids.length : CONTACT_SEARCH_LIMIT,
  });
}
