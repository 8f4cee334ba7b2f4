import { z } from 'zod';
import type { Database } from '@cartera/db/client';
import { DomainError } from '@cartera/domain/errors';
import { newId, ZId } from '@cartera/domain/ids';
import {
  allStatuses,
  isActiveStatusType,
  isSent,
  validateRequest,
} from '@cartera/domain/request-sales';
import type { AuthUser } from '../sessions/session.types';
import { insertHistory } from './request-history.repository';
import { updateRequest } from './request-sales.repository';
import { assertEnabled, requireTemplate, rulesOf } from './request-templates.service';
import {
  permissionsOf,
  recordSaleUpdate,
  requestView,
  requireRequest,
  viewerOf,
} from './request-sales.service';
import { invalid } from './request-saving.service';

/**
 * A request sale's status changed (02 §4): by the statuses the template gives the caller, or
 * any of them by the back office (forceStatus), with its history and timeline item.
 */

export const ZChangeStatusInput = z.object({
  id: ZId,
  statusType: z.string().trim().min(1).max(60),
  /** A comment that goes with the change (the timeline item's comment). */
  comment: z.string().trim().max(2000).nullish(),
});

export const ZForceStatusInput = ZChangeStatusInput;

/**
 * 02 §4 status change: commercial any status of the template's full list, advisors those of the
 * enabled list when the template allows it; flow users none. Sending a draft this way (to new or
 * another open status) needs the send rules unless forced by the back office.
 */
export async function applyStatus(
  db: Database,
  user: AuthUser,
  input: z.output<typeof ZChangeStatusInput>,
  force: boolean,
) {
  assertEnabled(user);
  const viewer = await viewerOf(db, user);
  await db.transaction(async (tx) => {
    const access = await requireRequest(tx, user, input.id, true);
    const { request } = access.row;
    const template = await requireTemplate(tx, user, request.templateId);
    const rules = rulesOf(template);
    const allowed = force
      ? allStatuses(rules)
      : permissionsOf(rules, access, viewer, user).statuses;
    const option = allowed.find((each) => each.status === input.statusType);
    if (!option) throw new DomainError('REQUEST_SALE_STATUS_NOT_ALLOWED');
    // Sending a draft (to new, or on to an open status) needs what 'Enviar' needs; closing it
    // (canceled, processed, linked) does not.
    const sending = isSent(option.status) && isActiveStatusType(option.status);
    if (!force && !isSent(request.statusType) && sending) {
      const verdict = validateRequest(
        rules,
        { content: request.content, lines: request.lines },
        viewer,
        'send',
      );
      if (!verdict.ok) invalid(verdict);
    }
    const patch = { statusType: option.status, status: option.title };
    await updateRequest(tx, user.tenantId, request.id, patch);
    await insertHistory(tx, {
      tenantId: user.tenantId,
      id: newId(),
      requestId: request.id,
      authorId: user.id,
      kind: 'state-change',
      text: option.title,
    });
    await recordSaleUpdate(
      tx,
      user,
      { ...request, ...patch },
      template.title,
      'state-change',
      input.comment ?? null,
    );
  });
  return requestView(db, user, await requireRequest(db, user, input.id), viewer);
}

export function changeStatus(
  db: Database,
  user: AuthUser,
  raw: z.input<typeof ZChangeStatusInput>,
) {
  return applyStatus(db, user, ZChangeStatusInput.parse(raw), false);
}
