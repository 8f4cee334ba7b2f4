import { z } from 'zod';
import type { Database, Executor, Transaction } from '@cartera/db/client';
import type { RequestTemplateRow } from '@cartera/db/schema';
import { DomainError } from '@cartera/domain/errors';
import { newId, ZId } from '@cartera/domain/ids';
import { can } from '@cartera/domain/policy';
import {
  allStatuses,
  isFileField,
  isSent,
  REQUEST_CLIENT_ORIGIN,
  SHARE_PERMISSIONS,
  statusTitle,
  statusTypeOnSave,
  validateRequest,
  ZNewClient,
  ZRequestContent,
  ZRequestLine,
  type RequestContent,
  type RequestFile,
  type RequestTemplateRules,
  type RequestViewer,
  type SaveMode,
  type SharePermission,
} from '@cartera/domain/request-sales';
import { errorMessages, es } from '@cartera/domain/i18n';
import type { AppDeps } from '../../deps';
import { visibleContact } from '../access/contacts';
import { requestSellerChoices } from '../access/request-sales';
import { createContact } from '../contacts/contact-sheet.service';
import { originsForUser } from '../catalog/catalog.service';
import { checkFileForRecord, type FileDeps } from '../files/file-access.service';
import type { AuthUser } from '../sessions/session.types';
import { findAgents } from '../users/users.service';
import { insertHistory } from './request-history.repository';
import { deleteRequest, insertRequest, updateRequest } from './request-sales.repository';
import { upsertShare } from './request-sharing.repository';
import { takeAutoincrement } from './request-templates.repository';
import { assertEnabled, requireTemplate, rulesOf } from './request-templates.service';
import {
  permissionsOf,
  recordSaleUpdate,
  requestView,
  requireRequest,
  viewerOf,
} from './request-sales.service';

/**
 * Saving a request sale (02 §4, §5): created, edited, its status changed or deleted, every
 * rule run by the domain module on the server; and the editor's inline new client (02 §3).
 */

export const ZSaveMode = z.enum(['draft', 'send']);

/** What a save of the editor sends (create and update alike). */
const ZRequestSave = z.object({
  /** 'Guardar como borrador' or 'Enviar' (02 §4). */
  mode: ZSaveMode.default('draft'),
  content: ZRequestContent.default({}),
  lines: z.array(ZRequestLine).max(200).default([]),
  /** 'Vendedor' (supervisors and commercial, 02 §6); on creation default the contact's agent. */
  sellerId: ZId.nullish(),
  /** 'Estado' (commercial, 02 §6): a status of the template's full list. */
  statusType: z.string().trim().min(1).max(60).nullish(),
  /**
   * Commercial users who confirmed 'Existen campos obligatorios sin completar' ('Continuar'):
   * required fields are not enforced on this save (ignored for anyone else).
   */
  confirmMissing: z.boolean().default(false),
});

export const ZRequestCreateInput = ZRequestSave.extend({
  /** Client-made (UUIDv7) so a retry stores nothing twice. */
  id: ZId.optional(),
  contactId: ZId,
  templateId: ZId,
  /** Users to share it with on creation. */
  shared: z
    .array(z.object({ userId: ZId, permission: z.enum(SHARE_PERMISSIONS) }))
    .max(100)
    .default([]),
});

export const ZRequestUpdateInput = ZRequestSave.extend({ id: ZId });

export function invalid(verdict: ReturnType<typeof validateRequest>): never {
  const fields: Record<string, string> = {};
  for (const [code, text] of Object.entries(verdict.fieldErrors)) fields[`content.${code}`] = text;
  for (const [index, text] of Object.entries(verdict.lineErrors))
    fields[`lines.${index}.code`] = text;
  if (verdict.linesError) fields.lines = verdict.linesError;
  throw new DomainError('REQUEST_SALE_INVALID', {
    fields,
    missingRequired: verdict.missingRequired,
  });
}

/**
 * The content to store: the verdict of the domain's `validateRequest` with the stored content as
 * `previous`, so what the user may not change (backoffice-only fields for non-commercial users,
 * fields a flow locks, autoincrement numbers) keeps its stored value whatever they send, and
 * hidden fields' values are dropped.
 */
function contentToStore(
  rules: RequestTemplateRules,
  given: RequestContent,
  previous: RequestContent,
  viewer: RequestViewer,
  mode: SaveMode,
  lines: { code: string }[],
) {
  const verdict = validateRequest(rules, { content: given, lines }, viewer, mode, previous);
  if (!verdict.ok) invalid(verdict);
  return verdict.content;
}

const filesOf = (value: unknown): RequestFile[] =>
  value === null || value === undefined
    ? []
    : Array.isArray(value)
      ? (value as RequestFile[])
      : [value as RequestFile];

/**
 * A request's files of Cartera's storage must be uploads the server found as declared and the
 * caller may read (issue #30 §5), else FILE_NOT_UPLOADED on the field and nothing is stored;
 * each is kept by its permanent address. A file the request already held stays as it was (it
 * may predate the check); an address elsewhere is kept as given.
 */
async function checkedFiles(
  deps: FileDeps,
  user: AuthUser,
  rules: RequestTemplateRules,
  content: RequestContent,
  previous: RequestContent,
): Promise<RequestContent> {
  const checked = { ...content };
  for (const field of rules.body) {
    const value = content[field.field];
    if (!isFileField(field) || value === null || value === undefined) continue;
    const held = new Set(filesOf(previous[field.field]).map((file) => file.path));
    const files: RequestFile[] = [];
    for (const file of filesOf(value)) {
      if (held.has(file.path)) {
        files.push(file);
        continue;
      }
      try {
        files.push({ ...file, path: await checkFileForRecord(deps, user, file.path) });
      } catch (error) {
        if (!(error instanceof DomainError) || error.code !== 'FILE_NOT_UPLOADED') throw error;
        throw new DomainError('FILE_NOT_UPLOADED', {
          fields: { [`content.${field.field}`]: [errorMessages.FILE_NOT_UPLOADED] },
        });
      }
    }
    checked[field.field] = Array.isArray(value) ? files : files[0];
  }
  return checked;
}

/** 'Prepagos' codes, trimmed; none for a template without line items. */
function linesToStore(rules: RequestTemplateRules, lines: { code: string }[]) {
  return rules.lineBody.length ? lines.map((line) => ({ code: line.code.trim() })) : [];
}

/**
 * How a save is validated: as its mode, except that a commercial user who confirmed the missing
 * required fields (02 §5 'Existen campos obligatorios sin completar') saves without them.
 */
function validationMode(input: { mode: SaveMode; confirmMissing: boolean }, user: AuthUser) {
  return input.confirmMissing && can(user, 'backOffice') ? 'draft' : input.mode;
}

/**
 * The status a save sets: an explicit one (commercial; the current one is no change), the
 * editor's rule for drafts, else kept.
 */
function statusOnSave(
  rules: RequestTemplateRules,
  current: string | null,
  mode: SaveMode,
  explicit: string | null | undefined,
  user: AuthUser,
) {
  if (explicit && explicit !== current) {
    if (!can(user, 'backOffice')) throw new DomainError('REQUEST_SALE_STATUS_NOT_ALLOWED');
    if (!allStatuses(rules).some((option) => option.status === explicit)) {
      throw new DomainError('REQUEST_SALE_STATUS_NOT_ALLOWED');
    }
    return explicit;
  }
  // A sent request keeps its status when edited (its status changes through changeStatus).
  if (current && isSent(current)) return current;
  return statusTypeOnSave(current, mode);
}

async function assignableSeller(
  db: Executor,
  user: AuthUser,
  sellerId: string,
  pickSeller: boolean,
) {
  if (sellerId === user.id) return;
  if (!pickSeller) throw new DomainError('REQUEST_SALE_SELLER_INVALID');
  const sellers = await requestSellerChoices(db, user);
  if (!sellers.some((each) => each.id === sellerId)) {
    throw new DomainError('REQUEST_SALE_SELLER_INVALID');
  }
}

/** Fills the template's autoincrementid fields of a new request with the next numbers. */
async function withAutoincrement(
  tx: Transaction,
  user: AuthUser,
  template: RequestTemplateRow,
  rules: RequestTemplateRules,
  content: RequestContent,
) {
  const fields = rules.body.filter((field) => field.type === 'autoincrementid' && field.active);
  if (fields.length === 0) return content;
  const first = await takeAutoincrement(tx, user.tenantId, template.id, fields.length);
  const filled = { ...content };
  fields.forEach((field, index) => {
    filled[field.field] = first + index;
  });
  return filled;
}

export async function validShares(
  db: Executor,
  user: AuthUser,
  shares: { userId: string; permission: SharePermission }[],
  creatorId: string,
) {
  if (shares.length === 0) return;
  const users = await findAgents(db, user.tenantId, {
    roles: ['user', 'super', 'comercial', 'project_manager', 'admin'],
  });
  const known = new Set(users.map((each) => each.id));
  for (const share of shares) {
    if (!known.has(share.userId) || share.userId === creatorId) {
      throw new DomainError('REQUEST_SALE_SHARE_INVALID');
    }
  }
}

export async function createRequest(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  user: AuthUser,
  raw: z.input<typeof ZRequestCreateInput>,
) {
  const { db } = deps;
  assertEnabled(user);
  const input = ZRequestCreateInput.parse(raw);
  const contact = await visibleContact(db, user, input.contactId);
  const template = await requireTemplate(db, user, input.templateId);
  if (!template.active) throw new DomainError('REQUEST_TEMPLATE_NOT_FOUND');
  const rules = rulesOf(template);
  const viewer = await viewerOf(db, user);
  const permissions = permissionsOf(rules, null, viewer, user);
  if (!permissions.interact) throw new DomainError('REQUEST_TEMPLATE_ROLES');
  const sellerId = input.sellerId ?? contact.agentId ?? user.id;
  if (input.sellerId) await assignableSeller(db, user, input.sellerId, permissions.pickSeller);
  const content = await checkedFiles(
    deps,
    user,
    rules,
    contentToStore(rules, input.content, {}, viewer, validationMode(input, user), input.lines),
    {},
  );
  const statusType = statusOnSave(rules, null, input.mode, input.statusType, user);
  await validShares(db, user, input.shared, user.id);
  const id = input.id ?? newId();
  await db.transaction(async (tx) => {
    const stored = {
      tenantId: user.tenantId,
      id,
      templateId: template.id,
      contactId: contact.id,
      creatorId: user.id,
      sellerId,
      status: statusTitle(statusType, rules.statusOptions),
      statusType,
      content: await withAutoincrement(tx, user, template, rules, content),
      lines: linesToStore(rules, input.lines),
    };
    const fresh = await insertRequest(tx, stored);
    if (!fresh) return;
    for (const share of input.shared) {
      await upsertShare(tx, { tenantId: user.tenantId, requestId: id, ...share });
    }
    await recordSaleUpdate(tx, user, stored, template.title, 'created');
  });
  return requestView(db, user, await requireRequest(db, user, id), viewer);
}

export async function updateRequestById(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  user: AuthUser,
  raw: z.input<typeof ZRequestUpdateInput>,
) {
  const { db } = deps;
  assertEnabled(user);
  const input = ZRequestUpdateInput.parse(raw);
  const viewer = await viewerOf(db, user);
  await db.transaction(async (tx) => {
    const access = await requireRequest(tx, user, input.id, true);
    const { request } = access.row;
    const template = await requireTemplate(tx, user, request.templateId);
    const rules = rulesOf(template);
    const permissions = permissionsOf(rules, access, viewer, user);
    if (!permissions.interact) throw new DomainError('REQUEST_TEMPLATE_ROLES');
    if (!permissions.edit) throw new DomainError('REQUEST_SALE_NOT_EDITABLE');
    const sellerId =
      input.sellerId === undefined || input.sellerId === null ? request.sellerId : input.sellerId;
    if (sellerId && sellerId !== request.sellerId) {
      await assignableSeller(tx, user, sellerId, permissions.pickSeller);
    }
    const content = await checkedFiles(
      { db: tx, storage: deps.storage },
      user,
      rules,
      contentToStore(
        rules,
        input.content,
        request.content,
        viewer,
        validationMode(input, user),
        input.lines,
      ),
      request.content,
    );
    const statusType = statusOnSave(rules, request.statusType, input.mode, input.statusType, user);
    const patch = {
      content,
      lines: linesToStore(rules, input.lines),
      sellerId,
      statusType,
      status:
        statusType === request.statusType
          ? request.status
          : statusTitle(statusType, rules.statusOptions),
    };
    await updateRequest(tx, user.tenantId, request.id, patch);
    const changedStatus = statusType !== request.statusType;
    await recordSaleUpdate(
      tx,
      user,
      { ...request, ...patch },
      template.title,
      changedStatus ? 'state-change' : 'updated',
    );
    if (changedStatus) {
      await insertHistory(tx, {
        tenantId: user.tenantId,
        id: newId(),
        requestId: request.id,
        authorId: user.id,
        kind: 'state-change',
        text: patch.status,
      });
    }
  });
  return requestView(db, user, await requireRequest(db, user, input.id), viewer);
}

/** Deletes a request: commercial any, its creator while it is an unaudited draft. */
export async function removeRequest(db: Database, user: AuthUser, id: string) {
  assertEnabled(user);
  const viewer = await viewerOf(db, user);
  await db.transaction(async (tx) => {
    const access = await requireRequest(tx, user, id, true);
    const template = await requireTemplate(tx, user, access.row.request.templateId);
    if (!permissionsOf(rulesOf(template), access, viewer, user).delete) {
      throw new DomainError('PERMISSION_DENIED');
    }
    await deleteRequest(tx, user.tenantId, id);
  });
  return { id };
}

// Sharing (02 §6: creator, super, comercial, or users with write/all).

export async function createClient(db: Database, user: AuthUser, raw: z.input<typeof ZNewClient>) {
  assertEnabled(user);
  const input = ZNewClient.parse(raw);
  // The origin 'solicitud' when the company has it for the user; else none, named in the text.
  const origins = await originsForUser(db, user);
  const hasOrigin = origins.some((origin) => origin.code === REQUEST_CLIENT_ORIGIN);
  return createContact(db, user, {
    firstName: input.firstName,
    lastName: input.lastName,
    phones: input.phones.map((phone) => ({ phone, extensionNumber: '' })),
    detail: input.detail,
    origin: hasOrigin ? REQUEST_CLIENT_ORIGIN : null,
    originText: hasOrigin ? '' : es.requestSales.newClientOriginText,
  });
}

// The back office (01 §4, /comercial/requestsale).
