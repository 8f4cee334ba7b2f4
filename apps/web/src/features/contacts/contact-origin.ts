import { isId } from '@cartera/domain/uuid';

/**
 * Where a contact's view was opened from: the `inbox` search param of /contact, read by the back
 * link, the menu's marked entry and 'Siguiente contacto'.
 */

/** `inbox` of /contact for a contact opened from one of 'Carteras compartidas': `shared:<id>`. */
export const SHARED_INBOX_PREFIX = 'shared:';

/**
 * What `inbox.next` needs from the `inbox` search param of /contact: 'me' or a user id name whose
 * 'Conversaciones' (none: one's own), 'unassigned' the 'Inbox', `shared:<id>` one of 'Carteras
 * compartidas'. Anything else has no 'Siguiente contacto': null.
 */
export function nextContactQuery(
  inbox: string | undefined,
  meId: string,
):
  | { inbox: 'conversations' | 'unassigned'; agentId?: string }
  | { inbox: 'shared'; sharedInboxId: string }
  | null {
  if (inbox === 'unassigned') return { inbox: 'unassigned' };
  if (inbox === undefined || inbox === 'me' || inbox === meId) return { inbox: 'conversations' };
  const shared = inbox.startsWith(SHARED_INBOX_PREFIX)
    ? inbox.slice(SHARED_INBOX_PREFIX.length)
    : null;
  if (shared !== null) return isId(shared) ? { inbox: 'shared', sharedInboxId: shared } : null;
  return isId(inbox) ? { inbox: 'conversations', agentId: inbox } : null;
}
