import { z } from 'zod';
import type { Executor } from '@cartera/db/client';
import type { NotificationShipment, NotificationTemplate } from '@cartera/db/schema';
import { DomainError } from '@cartera/domain/errors';
import { newId } from '@cartera/domain/ids';
import type { ZShipmentAudience } from '@cartera/domain/notifications';
import {
  NOTIFICATION_PAGE_SIZE,
  SHIPMENT_MEDIA_TYPES,
  SHIPMENT_STATUSES,
  SHIPMENT_USERS_LIMIT,
  type ShipmentContent,
  type ShipmentValues,
} from '@cartera/domain/notifications';
import { ROLES } from '@cartera/domain/roles';
import type { AppDeps } from '../../deps';
import { now } from '../../lib/clock';
import { checkFileForRecord, ownerOfKey, PLATFORM_NOTICE_VIA } from '../files/file-access.service';
import type { AuthUser } from '../sessions/session.types';
import { recordAudit, type AuditBy } from '../audit/audit.service';
import { sendShipmentJob } from './notifications.jobs';
import {
  countAudience,
  countShipments,
  existingAudience,
  findShipment,
  findShipmentsPage,
  findShipmentUsers,
  insertShipment,
  shipmentFigures,
  updateShipmentRow,
} from './notifications.repository';

/*
 * The platform admins' shipments (01 §3 Notification form, §4 create, update, send; §7
 * /notification/admin/shipment; issue #41): written and changed while not sent, previewed as a
 * count of the users they reach, sent now or at a later moment by the `notifications.send-shipment`
 * job (shipment-delivery.service.ts), and counted once delivered. Who may: the `administer`
 * capability (docs/decisions.md 'Notification shipments'). Templates are named contents to start
 * from. Shipments and templates are the admins' company's rows.
 */

export const ZContentOut = {
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  type: z.enum(SHIPMENT_MEDIA_TYPES),
  redirectURL: z.string().nullable(),
  popup: z.boolean(),
};

export const ZShipment = z.object({
  id: z.uuid(),
  ...ZContentOut,
  audience: z.object({
    companies: z.array(z.uuid()),
    groups: z.array(z.uuid()),
    roles: z.array(z.enum(ROLES)),
    users: z.array(z.uuid()),
  }),
  status: z.enum(SHIPMENT_STATUSES),
  scheduledAt: z.date().nullable(),
  sentAt: z.date().nullable(),
  delivered: z.number().int(),
  createdBy: z.uuid(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type Shipment = z.infer<typeof ZShipment>;

export const ZShipmentsPage = z.object({ items: z.array(ZShipment), total: z.number().int() });

export const ZShipmentsInput = z.object({
  page: z.number().int().min(1).max(10_000).default(1),
  size: z.number().int().min(1).max(50).default(NOTIFICATION_PAGE_SIZE),
});

export const ZSendShipmentInput = z.object({
  id: z.uuid(),
  /** A later moment to send it at (01 §7 'send'; scheduling is ours); now when absent. */
  at: z.coerce.date().optional(),
});

const ZFigures = {
  delivered: z.number().int(),
  viewed: z.number().int(),
  opened: z.number().int(),
  closed: z.number().int(),
};

export const ZShipmentStatistics = z.object({
  id: z.uuid(),
  status: z.enum(SHIPMENT_STATUSES),
  /** The users its audience reaches now (before sending: who it will reach). */
  audience: z.number().int(),
  ...ZFigures,
  byCompany: z.array(z.object({ companyId: z.uuid(), company: z.string(), ...ZFigures })),
  byRole: z.array(z.object({ role: z.string(), ...ZFigures })),
});

export const ZShipmentUser = z.object({
  id: z.uuid(),
  name: z.string(),
  lastname: z.string(),
  email: z.string(),
  roles: z.array(z.enum(ROLES)),
  companyId: z.uuid(),
  company: z.string(),
});

function toShipment(row: NotificationShipment): Shipment {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    image: row.image,
    type: row.mediaType,
    redirectURL: row.redirectUrl,
    popup: row.popup,
    audience: {
      companies: row.companyIds,
      groups: row.groupIds,
      roles: row.roles,
      users: row.userIds,
    },
    status: row.status,
    scheduledAt: row.scheduledAt,
    sentAt: row.sentAt,
    delivered: row.delivered,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

function audienceColumns(audience: ShipmentValues['audience']) {
  return {
    companyIds: [...new Set(audience.companies)],
    groupIds: [...new Set(audience.groups)],
    roles: [...new Set(audience.roles)],
    userIds: [...new Set(audience.users)],
  };
}

/**
 * The picture as a record keeps it: an upload of the caller's found complete, made for
 * notifications (its `via`), so every user it reaches may read it. Anything else refuses the
 * whole form with the spec's creation failure.
 */
async function checkedImage(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  user: AuthUser,
  image: string | null,
) {
  if (!image) return null;
  const fail = () => new DomainError('NOTIFICATION_CREATE_ERROR', { field: 'image' });
  let url: string;
  try {
    url = await checkFileForRecord(deps, user, image);
  } catch (error) {
    if (error instanceof DomainError) throw fail();
    throw error;
  }
  const key = deps.storage.keyOf(url);
  const owner = key ? ownerOfKey(key) : undefined;
  if (owner?.kind !== 'upload' || owner.via !== PLATFORM_NOTICE_VIA) throw fail();
  return url;
}

export async function contentColumns(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  user: AuthUser,
  values: ShipmentContent,
) {
  return {
    title: values.title,
    description: values.description,
    image: await checkedImage(deps, user, values.image),
    mediaType: values.type,
    redirectUrl: values.redirectURL,
    popup: values.popup,
  };
}

/** Every company, group and user the audience names exists (else the spec's creation failure). */
async function checkAudience(db: Executor, audience: ReturnType<typeof audienceColumns>) {
  const found = await existingAudience(db, audience);
  const missing =
    found.companies !== audience.companyIds.length
      ? 'companies'
      : found.groups !== audience.groupIds.length
        ? 'groups'
        : found.users !== audience.userIds.length
          ? 'users'
          : undefined;
  if (missing) throw new DomainError('NOTIFICATION_CREATE_ERROR', { field: `audience.${missing}` });
}

/** What the audit log keeps of a shipment (its content and audience, no picture bytes). */
export function audited(row: NotificationShipment | NotificationTemplate) {
  const { createdAt: _created, updatedAt: _updated, tenantId: _tenant, ...rest } = row;
  return rest as Record<string, unknown>;
}

export function auditEntry(
  user: AuthUser,
  action:
    | 'notificationShipment.create'
    | 'notificationShipment.update'
    | 'notificationShipment.send'
    | 'notificationTemplate.save'
    | 'notificationTemplate.remove',
  targetId: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) {
  const targetType = action.startsWith('notificationTemplate')
    ? ('notificationTemplate' as const)
    : ('notificationShipment' as const);
  return { action, targetType, targetId, groupId: user.tenantId, before, after };
}

export async function createShipment(
  deps: AppDeps,
  user: AuthUser,
  values: ShipmentValues,
  by: AuditBy,
) {
  const audience = audienceColumns(values.audience);
  await checkAudience(deps.db, audience);
  const content = await contentColumns(deps, user, values);
  const row = await deps.db.transaction(async (tx) => {
    const inserted = await insertShipment(tx, {
      tenantId: user.tenantId,
      id: newId(),
      createdBy: user.id,
      ...content,
      ...audience,
    });
    await recordAudit(
      tx,
      by,
      auditEntry(user, 'notificationShipment.create', inserted.id, null, audited(inserted)),
    );
    return inserted;
  });
  return toShipment(row);
}

async function shipmentOf(db: Executor, user: AuthUser, id: string) {
  const row = await findShipment(db, user.tenantId, id);
  if (!row) throw new DomainError('NOTIFICATION_SHIPMENT_NOT_FOUND');
  return row;
}

export async function getShipment(db: Executor, user: AuthUser, id: string) {
  return toShipment(await shipmentOf(db, user, id));
}

/** Changes a shipment not sent yet (a scheduled one keeps its moment; send it again to move it). */
export async function updateShipment(
  deps: AppDeps,
  user: AuthUser,
  input: { id: string; values: ShipmentValues },
  by: AuditBy,
) {
  const current = await shipmentOf(deps.db, user, input.id);
  if (current.status === 'sending' || current.status === 'sent') {
    throw new DomainError('NOTIFICATION_SHIPMENT_SENT');
  }
  const audience = audienceColumns(input.values.audience);
  await checkAudience(deps.db, audience);
  const content = await contentColumns(deps, user, input.values);
  const row = await deps.db.transaction(async (tx) => {
    const changed = await updateShipmentRow(
      tx,
      user.tenantId,
      input.id,
      { ...content, ...audience },
      ['draft', 'scheduled'],
    );
    if (!changed) throw new DomainError('NOTIFICATION_SHIPMENT_SENT');
    await recordAudit(
      tx,
      by,
      auditEntry(
        user,
        'notificationShipment.update',
        changed.id,
        audited(current),
        audited(changed),
      ),
    );
    return changed;
  });
  return toShipment(row);
}

export async function listShipments(
  db: Executor,
  user: AuthUser,
  input: z.infer<typeof ZShipmentsInput>,
) {
  const [rows, total] = await Promise.all([
    findShipmentsPage(db, user.tenantId, (input.page - 1) * input.size, input.size),
    countShipments(db, user.tenantId),
  ]);
  return { items: rows.map(toShipment), total };
}

/** How many active users an audience reaches (the form's preview before sending). */
export async function previewAudience(
  db: Executor,
  audience: z.output<typeof ZShipmentAudience>,
): Promise<{ count: number }> {
  return { count: await countAudience(db, audienceColumns(audience)) };
}

/**
 * Sends a shipment now, or schedules it for `at`: the job is queued in the same transaction as
 * the status, so a send is never lost nor queued for a shipment left unchanged.
 */
export async function sendShipment(
  deps: AppDeps,
  user: AuthUser,
  input: z.infer<typeof ZSendShipmentInput>,
  by: AuditBy,
) {
  const current = await shipmentOf(deps.db, user, input.id);
  if (current.status === 'sending' || current.status === 'sent') {
    throw new DomainError('NOTIFICATION_SHIPMENT_SENT');
  }
  if (input.at && input.at.getTime() <= now().getTime()) {
    throw new DomainError('NOTIFICATION_SCHEDULE_INVALID', { field: 'at' });
  }
  if ((await countAudience(deps.db, current)) === 0) {
    throw new DomainError('NOTIFICATION_AUDIENCE_EMPTY');
  }
  const row = await deps.db.transaction(async (tx) => {
    const changed = await updateShipmentRow(
      tx,
      user.tenantId,
      input.id,
      { status: input.at ? 'scheduled' : 'sending', scheduledAt: input.at ?? null },
      ['draft', 'scheduled'],
    );
    if (!changed) throw new DomainError('NOTIFICATION_SHIPMENT_SENT');
    await recordAudit(
      tx,
      by,
      auditEntry(
        user,
        'notificationShipment.send',
        changed.id,
        { status: current.status, scheduledAt: current.scheduledAt },
        { status: changed.status, scheduledAt: changed.scheduledAt },
      ),
    );
    await deps.jobs.send(
      sendShipmentJob,
      {
        tenantId: user.tenantId,
        shipmentId: input.id,
        notBefore: input.at ? input.at.toISOString() : null,
      },
      { tx, ...(input.at ? { startAfter: input.at } : {}) },
    );
    return changed;
  });
  return toShipment(row);
}

/** 01 §7 'statistics': delivered, viewed, opened and closed, in all, by company and by role. */
export async function shipmentStatistics(db: Executor, user: AuthUser, id: string) {
  const shipment = await shipmentOf(db, user, id);
  const [figures, audience] = await Promise.all([
    shipmentFigures(db, shipment.id),
    countAudience(db, shipment),
  ]);
  return {
    id: shipment.id,
    status: shipment.status,
    audience,
    ...figures.total,
    byCompany: figures.byCompany,
    byRole: figures.byRole,
  };
}

/** 01 §7 'users': users of any company to name in an audience, 20 at most (01 §9). */
/** The users picker's search, or (`ids`) the users an audience already names, by name. */
export const ZShipmentUsersInput = z.object({
  search: z.string().trim().max(100).optional(),
  ids: z.array(z.uuid()).max(SHIPMENT_USERS_LIMIT).optional(),
});

export async function shipmentUsers(db: Executor, input: z.infer<typeof ZShipmentUsersInput>) {
  return findShipmentUsers(db, input, SHIPMENT_USERS_LIMIT);
}
