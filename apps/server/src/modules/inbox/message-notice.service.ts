import { z } from 'zod';
import type { Executor } from '@cartera/db/client';
import { SUPERVISOR_ROLE } from '@cartera/domain/policy';
import { findVisibleContact } from '../access/contacts';
import type { AuthUser } from '../sessions/session.types';

export const ZMessageNoticeInput = z.object({ contactId: z.string().uuid() });

/**
 * What the shell tells the user about a contact's newest message (issue #33 item 2): whose
 * conversation it is for the caller ('mine': the caller holds it; 'team': a supervisor's team
 * member or a portfolio shared with them holds it), the contact's name and the message's kind
 * and first words.
 */
export const ZMessageNotice = z
  .object({
    contactId: z.string(),
    name: z.string(),
    audience: z.enum(['mine', 'team']),
    /** Who holds the conversation: the chat opens in their inbox. */
    holderId: z.string(),
    kind: z.string(),
    text: z.string(),
    unreadCount: z.number().int(),
  })
  .nullable();
export type MessageNotice = z.infer<typeof ZMessageNotice>;

/**
 * The notice of a contact's last message, or null when there is nothing to tell the caller: the
 * contact is out of their sight, its last message is not the customer's, or it is another user's
 * conversation and the caller is not a supervisor. Same answer for a contact that does not exist.
 */
export async function messageNotice(
  db: Executor,
  user: AuthUser,
  input: z.infer<typeof ZMessageNoticeInput>,
): Promise<MessageNotice> {
  const contact = await findVisibleContact(db, user, input.contactId);
  if (!contact?.lastMessage || contact.lastMessage.direction !== 'in') return null;
  const mine = contact.agentId === user.id;
  if (!mine && (contact.agentId === null || !user.roles.includes(SUPERVISOR_ROLE))) return null;
  return {
    contactId: contact.id,
    name: `${contact.firstName} ${contact.lastName}`.trim(),
    audience: mine ? 'mine' : 'team',
    holderId: contact.agentId!,
    kind: contact.lastMessage.kind,
    text: contact.lastMessage.text,
    unreadCount: contact.unreadCount,
  };
}
