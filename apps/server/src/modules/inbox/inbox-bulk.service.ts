import { z } from 'zod';
import type { Database } from '@cartera/db/client';
import { ZReminderInput } from '@cartera/domain/conversation';
import { DomainError, type ErrorCode } from '@cartera/domain/errors';
import { newId } from '@cartera/domain/ids';
import type { AppDeps } from '../../deps';
import type { AuthUser } from '../sessions/session.types';
import { transferContact } from '../contacts/contact-actions.service';
import { archiveContact, changeTag, setReminder } from '../interactions/conversation.service';

/*
 * The workspace's bulk actions (issue #33 item 3): archive, transfer, tag or remind (03 §7 'a
 * variant for many contacts', issue #43 item 4) the selected rows.
 * Each contact goes through the same use case as its single action, so the access check
 * (visibleContact), the rules and the timeline item are those of one contact; each contact is
 * its own transaction, and the answer says which were done and why the others were not.
 */

/** At most one page and a bit of a list: what a user selects by hand. */
export const BULK_LIMIT = 100;

const ZContactIds = z
  .array(z.string().uuid())
  .min(1)
  .max(BULK_LIMIT)
  .transform((ids) => [...new Set(ids)]);

export const ZBulkArchiveInput = z.object({
  contactIds: ZContactIds,
  reason: z.string().min(1).max(60),
});
export const ZBulkTransferInput = z.object({
  contactIds: ZContactIds,
  agentId: z.string().uuid(),
});
export const ZBulkTagInput = z.object({
  contactIds: ZContactIds,
  /** The new tag's code; null removes it. */
  tag: z.string().max(60).nullable(),
});

/** One reminder for every selected contact: the wizard's fields without the contact and id. */
export const ZBulkRemindInput = ZReminderInput.omit({ contactId: true, id: true }).extend({
  contactIds: ZContactIds,
});

export const ZBulkResult = z.object({
  done: z.array(z.string()),
  failed: z.array(z.object({ contactId: z.string(), code: z.string() })),
});

/** Runs `act` per contact in order; a domain refusal is reported, anything else is thrown. */
async function eachContact(contactIds: string[], act: (contactId: string) => Promise<unknown>) {
  const done: string[] = [];
  const failed: { contactId: string; code: ErrorCode }[] = [];
  for (const contactId of contactIds) {
    try {
      await act(contactId);
      done.push(contactId);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      failed.push({ contactId, code: error.code });
    }
  }
  return { done, failed };
}

export function bulkArchive(
  db: Database,
  user: AuthUser,
  input: z.infer<typeof ZBulkArchiveInput>,
) {
  return eachContact(input.contactIds, (contactId) =>
    archiveContact(db, user, { contactId, id: newId(), reason: input.reason }),
  );
}

export function bulkTransfer(
  db: Database,
  user: AuthUser,
  input: z.infer<typeof ZBulkTransferInput>,
) {
  return eachContact(input.contactIds, (contactId) =>
    transferContact(db, user, {
      contactId,
      agentId: input.agentId,
      note: '',
      keepReminderAndArchivingReason: false,
    }),
  );
}

export function bulkTag(db: Database, user: AuthUser, input: z.infer<typeof ZBulkTagInput>) {
  return eachContact(input.contactIds, (contactId) =>
    changeTag(db, user, { contactId, id: newId(), tag: input.tag }),
  );
}

export function bulkRemind(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  user: AuthUser,
  input: z.infer<typeof ZBulkRemindInput>,
) {
  const { contactIds, ...reminder } = input;
  return eachContact(contactIds, (contactId) =>
    setReminder(deps, user, { ...reminder, contactId, id: newId() }),
  );
}
