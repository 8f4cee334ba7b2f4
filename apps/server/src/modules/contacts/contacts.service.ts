import { z } from 'zod';
import type { Executor } from '@cartera/db/client';
import type { AuthUser } from '../sessions/session.types';
import type { ContactChannel } from '@cartera/db/schema';
import { contactSearchText, foldSearchTerm } from '@cartera/domain/search';
import { addDays, ZDay } from '@cartera/domain/metrics';
import { companyDayStart } from '@cartera/domain/time-zone';
import { keysetPage } from '../../lib/pagination';
import { contactScope } from '../access/contacts';
import { insertContact } from './contact-records.repository';
import { findContactsPage, lookupContacts, type ContactListFilters } from './contacts.repository';

/** 02 §9: contact searches answer 15 at most. */
export const CONTACT_SEARCH_LIMIT = 15;

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
  /**
   * Company days (YYYY-MM-DD, inclusive): only contacts with a timeline item in them, the
   * records behind a 'Rendimiento' figure of a period (issue #35).
   */
  activeFrom: ZDay.optional(),
  activeTo: ZDay.optional(),
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

/** The list's filters as typed, as the repository applies them (the list and the map). */
export const ZContactListFilterInput = ZListContactsInput.omit({ cursor: true });

export function contactListFilters(
  input: z.infer<typeof ZContactListFilterInput>,
): ContactListFilters {
  const search = input.search ? foldSearchTerm(input.search) : undefined;
  return {
    search: search || undefined,
    statusTag: input.statusTag,
    origin: input.origin,
    agentId: input.agentId,
    companyId: input.companyId,
    fields: input.filters,
    ...(input.activeFrom ? { activeSince: companyDayStart(input.activeFrom) } : {}),
    ...(input.activeTo ? { activeBefore: companyDayStart(addDays(input.activeTo, 1)) } : {}),
  };
}

/** The contacts list (issue #5 §4): the user's visible contacts, filtered, 50 per page. */
export async function listContacts(
  db: Executor,
  user: AuthUser,
  input: z.infer<typeof ZListContactsInput>,
) {
  const rows = await findContactsPage(
    db,
    user.tenantId,
    await contactScope(db, user),
    contactListFilters(input),
    input.cursor ?? undefined,
    CONTACT_PAGE_SIZE + 1,
  );
  return keysetPage(rows, CONTACT_PAGE_SIZE, (last) => ({
    createdAt: last.createdAt,
    id: last.id,
  }));
}

/**
 * For other modules that change a contact's own columns inside their transaction (archiving,
 * tags, the bot, reminders), after access/contacts.ts allowed the user to: lock the row, then update.
 */
export { lockContact, updateContactRow } from './contact-records.repository';

/**
 * A contact the system creates for someone who wrote first (a channel's inbound message, a lead
 * form): no user is asking, the sender's number or page-scoped id decides. Its agent is the one
 * the channel's round robin chose, or nobody ('Inbox').
 */
export function createSenderContact(
  db: Executor,
  values: {
    tenantId: string;
    firstName: string;
    lastName?: string;
    phones: string[];
    emails?: string[];
    channels: ContactChannel[];
    origin: string | null;
    agentId: string | null;
  },
) {
  return insertContact(db, {
    ...values,
    emails: values.emails ?? [],
    firstAgentId: values.agentId,
    searchText: contactSearchText({
      firstName: values.firstName,
      lastName: values.lastName ?? null,
      phones: values.phones,
      emails: values.emails ?? [],
    }),
  });
}
