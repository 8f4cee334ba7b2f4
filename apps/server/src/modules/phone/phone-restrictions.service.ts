import { z } from 'zod';
import type { Database, Executor } from '@cartera/db/client';
import { DomainError } from '@cartera/domain/errors';
import { es } from '@cartera/domain/i18n';
import { recordAudit, type AuditBy } from '../audit/audit.service';
import { visibleContact } from '../access/contacts';
import type { AuthUser } from '../sessions/session.types';
import { tenantBasics } from '../tenant-settings/tenant-settings.service';
import { callNumber } from './phone-calls.service';
import { deleteBlocked, findBlocked, findBlockedList, insertBlocked } from './phone.repository';

/*
 * Restricted numbers (issue #39): 'Mi Empresa' › 'Números restringidos' keeps them (audited),
 * and a contact's numbers say whether each is restricted (03 §3 phoneNumberStates): no chat nor
 * call with one.
 */

export const ZNumberStates = z.array(
  z.object({
    phoneNumber: z.string(),
    disableCall: z.boolean(),
    blockReason: z.string().nullable(),
  }),
);

/** 03 §3 Contact phoneNumberStates: each of a visible contact's numbers and its restriction. */
export async function numberStates(db: Executor, user: AuthUser, contactId: string) {
  const contact = await visibleContact(db, user, contactId);
  const blocked = await findBlocked(db, user.tenantId, contact.phones);
  return contact.phones.map((phoneNumber) => {
    const block = blocked.find((each) => each.phone === phoneNumber);
    return {
      phoneNumber,
      disableCall: !!block,
      blockReason: block ? block.reason : null,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Restricted numbers ('Mi Empresa' › 'Números restringidos')

export const ZBlockedNumber = z.object({
  phone: z.string(),
  reason: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.date(),
});

export function blockedNumbersOf(db: Executor, user: AuthUser) {
  return findBlockedList(db, user.tenantId).then((rows) =>
    rows.map(({ phone, reason, createdBy, createdAt }) => ({
      phone,
      reason,
      createdBy,
      createdAt,
    })),
  );
}

export const ZBlockInput = z.object({
  phone: z.string().trim().min(4, es.phone.numberInvalid).max(40),
  reason: z.string().trim().min(1, es.validation.required).max(300),
});

export async function blockNumber(
  db: Database,
  user: AuthUser,
  by: AuditBy,
  input: z.infer<typeof ZBlockInput>,
) {
  const { country } = await tenantBasics(db, user.tenantId);
  const phone = callNumber(input.phone, country);
  if (!/^\+[1-9]\d{6,14}$/.test(phone)) {
    throw new DomainError('INVALID_REQUEST_BODY', { fields: { phone: [es.phone.numberInvalid] } });
  }
  await db.transaction(async (tx) => {
    const inserted = await insertBlocked(tx, {
      tenantId: user.tenantId,
      phone,
      reason: input.reason,
      createdBy: user.id,
    });
    if (!inserted) throw new DomainError('PHONE_NUMBER_ALREADY_RESTRICTED');
    await recordAudit(tx, by, {
      action: 'blockedNumber.add',
      targetType: 'blockedNumber',
      // The number is no row of its own: the entry is the company's, the number in its values.
      targetId: user.tenantId,
      groupId: user.tenantId,
      before: null,
      after: { phone, reason: input.reason },
    });
  });
  return { phone };
}

export async function unblockNumber(
  db: Database,
  user: AuthUser,
  by: AuditBy,
  input: { phone: string },
) {
  await db.transaction(async (tx) => {
    const removed = await deleteBlocked(tx, user.tenantId, input.phone);
    if (!removed) throw new DomainError('NOT_FOUND');
    await recordAudit(tx, by, {
      action: 'blockedNumber.remove',
      targetType: 'blockedNumber',
      targetId: user.tenantId,
      groupId: user.tenantId,
      before: { phone: removed.phone, reason: removed.reason },
      after: null,
    });
  });
  return { success: true as const };
}
