import type { z } from 'zod';
import type { Database, Executor } from '@cartera/db/client';
import {
  ZArchivingReason,
  type ArchivingReason,
  type ZArchivingReasonChanges,
  type ZArchivingReasonInput,
} from '@cartera/domain/conversation';
import { DomainError } from '@cartera/domain/errors';
import { changeTenantSection, tenantSettings } from '../tenant-settings/tenant-settings.service';

/*
 * The archiving reasons of 'Mi Empresa' (03 §3): they live in the tenant's `configs.conversation`
 * (the conversation's archive picker reads them there); a reason is named by its code, which
 * never changes once created because contacts keep it as their archiving reason.
 */

export const ZArchivingReasonRow = ZArchivingReason;

/** Every reason of the company, active or not, as stored (in the order they were created). */
export async function allArchivingReasons(
  db: Executor,
  tenantId: string,
): Promise<ArchivingReason[]> {
  return (await tenantSettings(db, tenantId, 'conversation')).archivingReasons;
}

export function createArchivingReason(
  db: Database,
  tenantId: string,
  input: z.infer<typeof ZArchivingReasonInput>,
): Promise<ArchivingReason> {
  return changeTenantSection(db, tenantId, 'conversation', ({ archivingReasons }) => {
    if (archivingReasons.some((reason) => reason.code === input.code)) {
      throw new DomainError('ARCHIVING_REASON_CODE_TAKEN');
    }
    const reason = ZArchivingReason.parse(input);
    return { values: { archivingReasons: [...archivingReasons, reason] }, result: reason };
  });
}

export function updateArchivingReason(
  db: Database,
  tenantId: string,
  code: string,
  changes: z.infer<typeof ZArchivingReasonChanges>,
): Promise<ArchivingReason> {
  return changeTenantSection(db, tenantId, 'conversation', ({ archivingReasons }) => {
    if (!archivingReasons.some((reason) => reason.code === code)) {
      throw new DomainError('ARCHIVING_REASON_NOT_FOUND');
    }
    const reason = ZArchivingReason.parse({ ...changes, code });
    return {
      values: {
        archivingReasons: archivingReasons.map((each) => (each.code === code ? reason : each)),
      },
      result: reason,
    };
  });
}
