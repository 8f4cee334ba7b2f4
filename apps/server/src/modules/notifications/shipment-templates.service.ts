import { z } from 'zod';
import type { Database, Executor } from '@cartera/db/client';
import type { NotificationTemplate } from '@cartera/db/schema';
import { DomainError } from '@cartera/domain/errors';
import { newId } from '@cartera/domain/ids';
import type { ShipmentContent } from '@cartera/domain/notifications';
import type { AppDeps } from '../../deps';
import { recordAudit, type AuditBy } from '../audit/audit.service';
import type { AuthUser } from '../sessions/session.types';
import {
  deleteTemplateRow,
  findTemplates,
  insertTemplate,
  updateTemplateRow,
} from './notifications.repository';
import { audited, auditEntry, contentColumns, ZContentOut } from './shipments.service';

/*
 * Shipment templates (01 §7 /notification/admin/shipment/templates; issue #41): a named content
 * (title, description, image, type, redirect URL, popup) the admins of a company start a shipment
 * from, checked and audited as a shipment's content.
 */

export const ZTemplate = z.object({
  id: z.uuid(),
  name: z.string(),
  ...ZContentOut,
  createdAt: z.date(),
  updatedAt: z.date(),
});

function toTemplate(row: NotificationTemplate): z.infer<typeof ZTemplate> {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    description: row.description,
    image: row.image,
    type: row.mediaType,
    redirectURL: row.redirectUrl,
    popup: row.popup,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export async function listTemplates(db: Executor, user: AuthUser) {
  return (await findTemplates(db, user.tenantId)).map(toTemplate);
}

export async function saveTemplate(
  deps: AppDeps,
  user: AuthUser,
  input: { id?: string | undefined; values: ShipmentContent & { name: string } },
  by: AuditBy,
) {
  const columns = { name: input.values.name, ...(await contentColumns(deps, user, input.values)) };
  const row = await deps.db.transaction(async (tx) => {
    const saved = input.id
      ? await updateTemplateRow(tx, user.tenantId, input.id, columns)
      : await insertTemplate(tx, {
          tenantId: user.tenantId,
          id: newId(),
          createdBy: user.id,
          ...columns,
        });
    if (!saved) throw new DomainError('NOTIFICATION_TEMPLATE_NOT_FOUND');
    await recordAudit(
      tx,
      by,
      auditEntry(user, 'notificationTemplate.save', saved.id, null, audited(saved)),
    );
    return saved;
  });
  return toTemplate(row);
}

export async function removeTemplate(db: Database, user: AuthUser, id: string, by: AuditBy) {
  return db.transaction(async (tx) => {
    const row = await deleteTemplateRow(tx, user.tenantId, id);
    if (!row) throw new DomainError('NOTIFICATION_TEMPLATE_NOT_FOUND');
    await recordAudit(tx, by, auditEntry(user, 'notificationTemplate.remove', id, null, null));
    return row;
  });
}
