import { z } from 'zod';
import { ZClientItemId } from '@cartera/domain/interactions';
import type { Database, Executor, Transaction } from '@cartera/db/client';
import type { Contact } from '@cartera/db/schema';
import { newId } from '@cartera/domain/ids';
import {
  reasonsForUser,
  ZArchivingReason,
  type ArchivingReason,
  type ZReminderInput,
} from '@cartera/domain/conversation';
import { isEmptyValue } from '@cartera/domain/custom-fields';
import { DomainError } from '@cartera/domain/errors';
import { flagOn } from '@cartera/domain/policy';
import type { AppDeps } from '../../deps';
import type { AuthUser } from '../sessions/session.types';
import { tenantSettings } from '../tenant-settings/tenant-settings.service';
import { tagsForUser, findUserFields } from '../catalog/catalog.service';
import { loadFields } from '../custom-fields/custom-fields.service';
import { visibleContact } from '../access/contacts';
import { isLiveSuggestion } from '@cartera/domain/suggested-reminders';
import { announceInteraction, recordInteraction } from '../timeline/timeline-writer';
import { findInteraction, lockInteraction, updateInteractionRow } from './interactions.repository';
import { notifySystem, reminderNotice } from '../notifications/system-notices.service';
import { expireReminderJob } from './interactions.jobs';
import { lockContact, updateContactRow } from '../contacts/contacts.service';
import { assertNoActiveRequests } from '../request-sales/request-sales.service';
import { es } from '@cartera/domain/i18n';

/** `groups.configs.conversation`: the tenant's archiving reasons (03 §3 group configuration). */
async function archivingReasonsOf(db: Executor, tenantId: string): Promise<ArchivingReason[]> {
  return (await tenantSettings(db, tenantId, 'conversation')).archivingReasons;
}

export const ZReasonView = ZArchivingReason.pick({
  code: true,
  name: true,
  type: true,
  groupCode: true,
  nextAction: true,
}).extend({ current: z.boolean() });

/** The archive picker (03 §5): the reasons this user may pick, the current one marked. */
export async function archivingReasonsFor(db: Executor, user: AuthUser, contactId: string) {
  const [contact, reasons, fields] = await Promise.all([
    visibleContact(db, user, contactId),
    archivingReasonsOf(db, user.tenantId),
    findUserFields(db, user.tenantId, user.id),
  ]);
  return reasonsForUser(reasons, { roles: user.roles, fields }).map((reason) => ({
    code: reason.code,
    name: reason.name,
    type: reason.type,
    groupCode: reason.groupCode,
    nextAction: reason.nextAction,
    current: reason.code === contact.archivingReason,
  }));
}

export const ZArchiveInput = z.object({
  contactId: z.string().uuid(),
  id: ZClientItemId,
  reason: z.string().min(1).max(60),
});

/**
 * Archives a contact with a reason (03 §4): twice with the same reason is refused; a sale-type
 * reason needs the contact's required-on-sale fields first. Answers the reason's next action.
 */
export async function archiveContact(
  db: Database,
  user: AuthUser,
  input: z.infer<typeof ZArchiveInput>,
) {
  const contact = await visibleContact(db, user, input.contactId);
  const [reasons, fields] = await Promise.all([
    archivingReasonsOf(db, user.tenantId),
    findUserFields(db, user.tenantId, user.id),
  ]);
  const reason = reasonsForUser(reasons, { roles: user.roles, fields }).find(
    (each) => each.code === input.reason,
  );
  if (!reason) throw new DomainError('ARCHIVING_REASON_NOT_FOUND');
  // 03 §4: a contact with active requests is not archived; the web walks the user through them.
  await assertNoActiveRequests(db, user.tenantId, contact.id);
  if (reason.type === 'sale') {
    const missing: Record<string, string> = {};
    for (const field of await loadFields(db, user.tenantId, 'contact')) {
      if (
        field.active &&
        field.requiredOnSale &&
        isEmptyValue(contact.additionalData[field.code])
      ) {
        missing[field.code] = es.conversation.actions.requiredOnSaleField;
      }
    }
    if (Object.keys(missing).length) {
      throw new DomainError('REQUIRED_ON_SALE_MISSING', { fields: missing });
    }
  }
  return db.transaction(async (tx) => {
    const current = await lockContact(tx, user.tenantId, contact.id);
    if (!current) throw new DomainError('CONTACT_NOT_FOUND');
    // A retry of an archive that went through (its answer was lost) is not a second archive.
    if (await findInteraction(tx, user.tenantId, contact.id, input.id)) {
      return { nextAction: reason.nextAction };
    }
    if (current.archivingReason === reason.code) throw new DomainError('CONTACT_ALREADY_ARCHIVED');
    await updateContactRow(tx, user.tenantId, contact.id, {
      archivingReason: reason.code,
      archivingReasonText: reason.name,
    });
    await recordInteraction(tx, user, current, {
      id: input.id,
      type: 'archiving',
      content: {
        from: current.archivingReason ?? '',
        to: reason.code,
        toName: reason.name,
        // The sale figure counts sale-type archivings until sales land (issue #16).
        ...(reason.type ? { reasonType: reason.type } : {}),
      },
    });
    return { nextAction: reason.nextAction };
  });
}

/** Unarchive from the chip (03 §4): the reason becomes empty. */
export async function unarchiveContact(
  db: Database,
  user: AuthUser,
  input: { contactId: string; id: string },
) {
  const contact = await visibleContact(db, user, input.contactId);
  await db.transaction(async (tx) => {
    const current = await lockContact(tx, user.tenantId, contact.id);
    if (!current?.archivingReason) return;
    await updateContactRow(tx, user.tenantId, contact.id, {
      archivingReason: null,
      archivingReasonText: null,
    });
    await recordInteraction(tx, user, current, {
      id: input.id,
      type: 'archiving',
      content: { from: current.archivingReason, to: '' },
    });
  });
  return { success: true as const };
}

export const ZChangeTagInput = z.object({
  contactId: z.string().uuid(),
  id: ZClientItemId,
  /** The new tag's code; null removes it. */
  tag: z.string().max(60).nullable(),
});

/** 03 §4: only the contact's own agent changes its tag, among the tags they may use. */
export async function changeTag(
  db: Database,
  user: AuthUser,
  input: z.infer<typeof ZChangeTagInput>,
) {
  const contact = await visibleContact(db, user, input.contactId);
  if (contact.agentId !== user.id) throw new DomainError('TAG_CHANGE_NOT_ALLOWED');
  if (input.tag && !(await tagsForUser(db, user)).some((tag) => tag.code === input.tag)) {
    throw new DomainError('INVALID_REQUEST_BODY', { fields: { tag: [es.conversation.noTags] } });
  }
  await db.transaction(async (tx) => {
    const current = await lockContact(tx, user.tenantId, contact.id);
    if (!current || current.statusTag === input.tag) return;
    await updateContactRow(tx, user.tenantId, contact.id, { statusTag: input.tag });
    await recordInteraction(tx, user, current, {
      id: input.id,
      type: 'tagChange',
      content: { from: current.statusTag ?? '', to: input.tag ?? '' },
    });
  });
  return { statusTag: input.tag };
}

/** What `contacts.reminder` holds while a reminder is pending (03 §3 remiderDetail). */
export interface PendingReminder {
  interactionId: string;
  reminderDate: string;
  actionType: string;
  comment: string;
  isPermanent: boolean;
}

/**
 * Sets the contact's reminder (03 §4 wizard): the date must be ahead; the item is written and
 * its expiry job enqueued in the same transaction, so neither exists without the other.
 */
export async function setReminder(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  user: AuthUser,
  input: z.infer<typeof ZReminderInput>,
  now = new Date(),
) {
  const { db } = deps;
  const contact = await visibleContact(db, user, input.contactId);
  if (input.reminderDate.getTime() <= now.getTime()) throw new DomainError('REMINDER_DATE_PAST');
  await db.transaction(async (tx) => {
    const current = await lockContact(tx, user.tenantId, contact.id);
    if (!current) throw new DomainError('CONTACT_NOT_FOUND');
    await writeReminder(tx, deps, user, current, input);
  });
  return { id: input.id };
}

/**
 * Writes the reminder item on a locked contact, makes it the contact's pending reminder and
 * enqueues its expiry, all in the caller's transaction. A repeated id writes nothing.
 */
export async function writeReminder(
  tx: Transaction,
  deps: Pick<AppDeps, 'jobs'>,
  user: AuthUser,
  current: Contact,
  input: z.infer<typeof ZReminderInput>,
) {
  const reminder: PendingReminder = {
    interactionId: input.id,
    reminderDate: input.reminderDate.toISOString(),
    actionType: input.actionType,
    comment: input.comment,
    // 03 §6 'always-permanent reminders': the company makes every reminder permanent.
    isPermanent: input.isPermanent || flagOn(user, 'alwaysPermanentReminders'),
  };
  const fresh = await recordInteraction(tx, user, current, {
    id: input.id,
    type: 'reminder',
    status: 'active',
    content: { ...reminder, dateSelectedFrom: input.dateSelectedFrom },
  });
  if (!fresh) return;
  await updateContactRow(tx, user.tenantId, current.id, {
    reminder: reminder as unknown as Record<string, unknown>,
  });
  await deps.jobs.send(
    expireReminderJob,
    { tenantId: user.tenantId, contactId: current.id, reminderId: input.id },
    { tx, startAfter: input.reminderDate },
  );
}

export const ZSuggestionInput = z.object({
  contactId: z.string().uuid(),
  interactionId: z.string().uuid(),
  /** The suggestion's position in the interaction's `suggestions`. */
  index: z.number().int().min(0).max(50),
});

export const ZCompleteSuggestionInput = ZSuggestionInput.extend({
  /** The client's id of the reminder item (idempotent retries). */
  id: ZClientItemId,
});

/**
 * Takes a suggested reminder (03 §4, §6 'Complete suggested reminder'): the contact's reminder is
 * set at the suggested date through the wizard's path, and the suggestion is marked done, in one
 * transaction; whoever sees the contact is told the item changed.
 */
export async function completeSuggestion(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  user: AuthUser,
  input: z.infer<typeof ZCompleteSuggestionInput>,
  now = new Date(),
) {
  const contact = await visibleContact(deps.db, user, input.contactId);
  await deps.db.transaction(async (tx) => {
    const current = await lockContact(tx, user.tenantId, contact.id);
    if (!current) throw new DomainError('CONTACT_NOT_FOUND');
    const item = await lockInteraction(tx, user.tenantId, contact.id, input.interactionId);
    // A retry of a completion that went through (its answer was lost) is not a second one.
    if (
      item?.suggestions[input.index]?.done &&
      (await findInteraction(tx, user.tenantId, contact.id, input.id))
    ) {
      return;
    }
    const suggestion = liveSuggestion(item, input.index, now);
    await writeReminder(tx, deps, user, current, {
      contactId: contact.id,
      id: input.id,
      reminderDate: new Date(suggestion.content.reminderDate),
      actionType: 'other',
      comment: '',
      isPermanent: false,
      dateSelectedFrom: 'predetermined',
    });
    await markSuggestion(tx, user, current, item!, input.index, { done: true });
  });
  return { id: input.id };
}

/** Dismisses a suggested reminder (its 'x'): it no longer shows. */
export async function removeSuggestion(
  db: Database,
  user: AuthUser,
  input: z.infer<typeof ZSuggestionInput>,
  now = new Date(),
) {
  const contact = await visibleContact(db, user, input.contactId);
  await db.transaction(async (tx) => {
    const current = await lockContact(tx, user.tenantId, contact.id);
    if (!current) throw new DomainError('CONTACT_NOT_FOUND');
    const item = await lockInteraction(tx, user.tenantId, contact.id, input.interactionId);
    liveSuggestion(item, input.index, now);
    await markSuggestion(tx, user, current, item!, input.index, { removed: true });
  });
  return { success: true as const };
}

/** The suggestion at `index` while it may still be taken: not done, not removed, ahead. */
function liveSuggestion(
  item: Awaited<ReturnType<typeof lockInteraction>>,
  index: number,
  now: Date,
) {
  const suggestion = item?.suggestions[index];
  if (!suggestion || suggestion.done || suggestion.removed) {
    throw new DomainError('SUGGESTION_NOT_AVAILABLE');
  }
  if (!isLiveSuggestion(suggestion, now)) throw new DomainError('REMINDER_DATE_PAST');
  return suggestion;
}

async function markSuggestion(
  tx: Transaction,
  user: AuthUser,
  contact: Contact,
  item: NonNullable<Awaited<ReturnType<typeof lockInteraction>>>,
  index: number,
  change: { done?: true; removed?: true },
) {
  const suggestions = item.suggestions.map((each, position) =>
    position === index ? { ...each, ...change } : each,
  );
  await updateInteractionRow(tx, user.tenantId, item.id, { suggestions });
  await announceInteraction(tx, user, contact, {
    event: 'interaction.updated',
    interactionId: item.id,
    type: item.type,
  });
}

/** Cancels the pending reminder from its chip (03 §4); a cancelled item is written. */
export async function cancelReminder(
  db: Database,
  user: AuthUser,
  input: { contactId: string; id: string },
) {
  const contact = await visibleContact(db, user, input.contactId);
  await db.transaction(async (tx) => {
    const current = await lockContact(tx, user.tenantId, contact.id);
    const pending = current?.reminder as PendingReminder | null | undefined;
    if (!current || !pending) return;
    await updateContactRow(tx, user.tenantId, contact.id, { reminder: null });
    await recordInteraction(tx, user, current, {
      id: input.id,
      type: 'reminder',
      status: 'cancel',
      content: {
        reminderDate: null,
        actionType: pending.actionType,
        comment: pending.comment,
        cancellationSource: 'manual',
        cancelledReminderId: pending.interactionId,
      },
    });
  });
  return { success: true as const };
}

/**
 * The expiry job (03 §4): when the reminder is still the contact's pending one, the system
 * writes the expired item (via 'server') and clears it; a permanent reminder stays on the
 * contact. A reminder cancelled or replaced meanwhile expires silently.
 */
export async function expireReminder(
  db: Database,
  data: { tenantId: string; contactId: string; reminderId: string },
) {
  await db.transaction(async (tx) => {
    const contact = await lockContact(tx, data.tenantId, data.contactId);
    const pending = contact?.reminder as PendingReminder | null | undefined;
    if (!contact || pending?.interactionId !== data.reminderId) return;
    if (!pending.isPermanent)
      await updateContactRow(tx, data.tenantId, contact.id, { reminder: null });
    await recordInteraction(tx, null, contact, {
      id: newId(),
      type: 'reminder',
      via: 'server',
      status: 'expired',
      createdBySystem: true,
      content: {
        reminderDate: null,
        reminderDateToInactivate: pending.reminderDate,
        actionType: pending.actionType,
        comment: pending.comment,
        expiredReminderId: pending.interactionId,
      },
    });
    // The holder's notice, in the expiry's transaction (issue #41 item 4): once per reminder.
    if (contact.agentId) {
      await notifySystem(
        tx,
        reminderNotice({
          tenantId: data.tenantId,
          holderId: contact.agentId,
          reminderId: pending.interactionId,
          contact,
          comment: pending.comment ?? '',
        }),
      );
    }
  });
}
