import { z } from 'zod';
import type { Database, Executor, Transaction } from '@cartera/db/client';
import type { RequestTemplateRow } from '@cartera/db/schema';
import { DomainError } from '@cartera/domain/errors';
import { newId } from '@cartera/domain/ids';
import { ZInputDate } from '@cartera/domain/input';
import { can } from '@cartera/domain/policy';
import { ROLES } from '@cartera/domain/roles';
import {
  allStatuses,
  CLOSED_STATUS_TYPES,
  fieldShownTo,
  isActiveStatusType,
  isFileField,
  isSent,
  REQUEST_CLIENT_ORIGIN,
  REQUEST_SALES_PAGE_SIZE,
  requestPermissions,
  SHARE_PERMISSIONS,
  statusTitle,
  statusTypeOnSave,
  validateRequest,
  ZNewClient,
  ZRequestContent,
  ZRequestLine,
  ZStatusOption,
  type RequestContent,
  type RequestField,
  type RequestFile,
  type RequestTemplateRules,
  type RequestViewer,
  type SaveMode,
  type SharePermission,
} from '@cartera/domain/request-sales';
import { errorMessages } from '@cartera/domain/i18n';
import type { AppDeps } from '../../deps';
import { keysetPage } from '../../lib/pagination';
import { visibleContact } from '../access/contacts';
import { requestListReader, requestSellerChoices, visibleRequest } from '../access/request-sales';
import { lockContact } from '../contacts/contacts.service';
import { createContact } from '../contacts/contact-sheet.service';
import { originsForUser } from '../catalog/catalog.service';
import { checkFileForRecord, type FileDeps } from '../files/file-access.service';
import type { AuthUser } from '../sessions/session.types';
import { recordInteraction } from '../timeline/timeline-writer';
import { findAgents } from '../users/users.service';
import {
  commentCounts,
  deleteRequest,
  deleteShare,
  findActiveRequestsOfContact,
  findContactNames,
  findRequest,
  findRequests,
  findRequestsOfContact,
  findShares,
  findUserData,
  insertHistory,
  insertRequest,
  shareOf,
  takeAutoincrement,
  unseenCounts,
  updateRequest,
  upsertShare,
  type RequestRow,
} from './request-sales.repository';
import { assertEnabled, requireTemplate, rulesOf } from './request-templates.service';

/*
 * Request sales, 'Solicitudes' (01 §3, §4, §7; 02 §3-§7; 03 §2.1, §3, §4; issue #15). Every rule
 * of a template (visibility, options, validation, who may do what) is the domain module's
 * (packages/domain/src/request-sales.ts): the server runs it on every save and never trusts the
 * web's verdict. Who sees a request: whoever sees its contact, its creator and seller, the users
 * it is shared with, a supervisor for the creators and sellers of their subtree, and the
 * tenant-wide roles. Every change writes a `saleupdate` item on the contact's timeline in its
 * transaction. Decisions in docs/decisions.md "Request sales 'Solicitudes' (issue #15)".
 */

// ---------------------------------------------------------------------------------------------
// Inputs.

const ZId = z.uuid();

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

export const ZChangeStatusInput = z.object({
  id: ZId,
  statusType: z.string().trim().min(1).max(60),
  /** A comment that goes with the change (the timeline item's comment). */
  comment: z.string().trim().max(2000).nullish(),
});

export const ZForceStatusInput = ZChangeStatusInput;

export const ZShareInput = z.object({
  requestId: ZId,
  userId: ZId,
  permission: z.enum(SHARE_PERMISSIONS).default('read'),
});

export const ZUnshareInput = z.object({ requestId: ZId, userId: ZId });

export const ZBackofficeListInput = z.object({
  templateId: ZId.nullish(),
  statusTypes: z.array(z.string().max(60)).max(20).nullish(),
  sellerId: ZId.nullish(),
  creatorId: ZId.nullish(),
  contactId: ZId.nullish(),
  from: ZInputDate.nullish(),
  to: ZInputDate.nullish(),
  cursor: ZId.nullish(),
  limit: z.number().int().min(1).max(200).default(REQUEST_SALES_PAGE_SIZE),
});

export const ZAuditInput = z.object({ id: ZId, auditorId: ZId.nullable() });
export const ZChangeCreatorInput = z.object({ id: ZId, creatorId: ZId });

// ---------------------------------------------------------------------------------------------
// What the API answers.

export const ZPerson = z.object({ id: z.string(), name: z.string(), lastname: z.string() });

export const ZRequestPermissions = z.object({
  interact: z.boolean(),
  edit: z.boolean(),
  statuses: z.array(ZStatusOption),
  pickSeller: z.boolean(),
  share: z.boolean(),
  markSeen: z.boolean(),
  moderateComments: z.boolean(),
  configCard: z.boolean(),
  /** Deleting the request (ours: its creator while a draft, and commercial). */
  delete: z.boolean(),
});

export const ZRequestShare = z.object({
  userId: z.string(),
  name: z.string(),
  lastname: z.string(),
  permission: z.enum(SHARE_PERMISSIONS),
});

export const ZRequestSale = z.object({
  id: z.string(),
  templateId: z.string(),
  template: z.object({ id: z.string(), title: z.string() }),
  contactId: z.string().nullable(),
  creator: ZPerson,
  seller: ZPerson.nullable(),
  auditor: ZPerson.nullable(),
  status: z.string(),
  statusType: z.string(),
  content: z.record(z.string(), z.unknown()),
  lines: z.array(z.object({ code: z.string() })),
  shared: z.array(ZRequestShare),
  /** Comments the caller sees, and those others wrote since the caller marked it seen. */
  commentCount: z.number(),
  unseenCount: z.number(),
  permissions: ZRequestPermissions,
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type RequestSaleView = z.infer<typeof ZRequestSale>;

/** 03 §7 'List request sales of a contact': a row of the contact's panel. */
export const ZRequestSummary = z.object({
  id: z.string(),
  template: z.object({ id: z.string(), title: z.string() }),
  status: z.string(),
  statusType: z.string(),
  creator: ZPerson,
  seller: ZPerson.nullable(),
  unseenCount: z.number(),
  createdAt: z.date(),
  updatedAt: z.date(),
});

export const ZBackofficePage = z.object({
  items: z.array(
    ZRequestSummary.extend({
      contactId: z.string().nullable(),
      /** The client's name (null when the contact no longer exists). */
      contact: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }).nullable(),
      auditor: ZPerson.nullable(),
    }),
  ),
  nextCursor: z.string().nullable(),
});

export const ZPickerUser = z.object({
  id: z.string(),
  name: z.string(),
  lastname: z.string(),
  groupName: z.string(),
});

export const ZActiveRequest = z.object({
  id: z.string(),
  title: z.string(),
  status: z.string(),
  statusType: z.string(),
});

// ---------------------------------------------------------------------------------------------
// The viewer and access.

/** The user as the rules see them: roles, additional data (option filters) and flows. */
async function viewerOf(db: Executor, user: AuthUser): Promise<RequestViewer> {
  const additionalData = await findUserData(db, user.tenantId, user.id);
  const flow = additionalData.useFlow;
  const flows = Array.isArray(flow)
    ? flow.filter((each): each is string => typeof each === 'string' && each.length > 0)
    : typeof flow === 'string' && flow
      ? [flow]
      : [];
  return { id: user.id, roles: user.roles, additionalData, flows };
}

export const ZRequestViewer = z.object({
  id: z.string(),
  roles: z.array(z.enum(ROLES)),
  additionalData: z.record(z.string(), z.unknown()),
  flows: z.array(z.string()),
});

/** The caller as the template rules see them: what the web's editor runs the rules with. */
export async function requestViewer(db: Executor, user: AuthUser) {
  const viewer = await viewerOf(db, user);
  return {
    id: viewer.id,
    roles: [...viewer.roles],
    additionalData: { ...viewer.additionalData },
    flows: [...(viewer.flows ?? [])],
  };
}

interface Access {
  row: RequestRow;
  sharedAs: SharePermission | null;
}

/**
 * A request the user may see, with their sharing of it; REQUEST_SALE_NOT_FOUND otherwise (the
 * same answer whether it exists elsewhere or not).
 */
export async function requireRequest(
  db: Executor,
  user: AuthUser,
  id: string,
  forUpdate = false,
): Promise<Access> {
  const row = await visibleRequest(user, (reader) =>
    findRequest(db, user.tenantId, id, reader, { forUpdate }),
  );
  const sharedAs = (await shareOf(db, user.tenantId, id, user.id)) as SharePermission | null;
  return { row, sharedAs };
}

function permissionsOf(
  rules: RequestTemplateRules,
  access: Access | null,
  viewer: RequestViewer,
  user: AuthUser,
) {
  const request = access?.row.request;
  const base = requestPermissions(
    rules,
    request
      ? {
          creatorId: request.creatorId,
          statusType: request.statusType,
          auditorId: request.auditorId,
          sharedAs: access.sharedAs,
        }
      : null,
    viewer,
  );
  const commercial = can(user, 'backOffice');
  return {
    interact: base.interact,
    edit: base.edit,
    statuses: base.statuses,
    pickSeller: base.pickSeller,
    share: base.share,
    markSeen: base.markSeen,
    moderateComments: base.moderateComments,
    configCard: base.configCard,
    delete:
      !!request &&
      (commercial ||
        (request.creatorId === user.id && !request.auditorId && !isSent(request.statusType))),
  };
}

export const person = (id: string | null, name: string | null, lastname: string | null) =>
  id ? { id, name: name ?? '', lastname: lastname ?? '' } : null;

/** The content a viewer reads: backoffice-only fields are commercial's (02 §6). */
function contentFor(
  body: readonly RequestField[],
  content: RequestContent,
  viewer: RequestViewer,
): RequestContent {
  const hidden = new Set(
    body.filter((field) => !fieldShownTo(field, viewer)).map((field) => field.field),
  );
  return Object.fromEntries(Object.entries(content).filter(([code]) => !hidden.has(code)));
}

async function requestView(
  db: Executor,
  user: AuthUser,
  access: Access,
  viewer?: RequestViewer,
): Promise<RequestSaleView> {
  const { row } = access;
  const { request } = row;
  const template = await requireTemplate(db, user, request.templateId);
  const rules = rulesOf(template);
  const me = viewer ?? (await viewerOf(db, user));
  const admin = can(user, 'moderateComments');
  const [shares, counts, unseen] = await Promise.all([
    findShares(db, user.tenantId, [request.id]),
    commentCounts(db, user.tenantId, [request.id], { includeHidden: admin }),
    unseenCounts(db, user.tenantId, user.id, [request.id]),
  ]);
  return {
    id: request.id,
    templateId: request.templateId,
    template: { id: request.templateId, title: row.templateTitle },
    contactId: request.contactId,
    creator: person(request.creatorId, row.creatorName, row.creatorLastname)!,
    seller: person(request.sellerId, row.sellerName, row.sellerLastname),
    auditor: person(request.auditorId, row.auditorName, row.auditorLastname),
    status: request.status,
    statusType: request.statusType,
    content: contentFor(rules.body, request.content, me),
    lines: request.lines,
    shared: shares.map((share) => ({
      userId: share.userId,
      name: share.name ?? '',
      lastname: share.lastname ?? '',
      permission: share.permission as SharePermission,
    })),
    commentCount: counts.get(request.id) ?? 0,
    unseenCount: unseen.get(request.id) ?? 0,
    permissions: permissionsOf(rules, access, me, user),
    createdAt: request.createdAt,
    updatedAt: request.updatedAt,
  };
}

export async function getRequest(db: Executor, user: AuthUser, id: string) {
  assertEnabled(user);
  return requestView(db, user, await requireRequest(db, user, id));
}

function summaryOf(row: RequestRow, unseen: Map<string, number>) {
  const { request } = row;
  return {
    id: request.id,
    template: { id: request.templateId, title: row.templateTitle },
    status: request.status,
    statusType: request.statusType,
    creator: person(request.creatorId, row.creatorName, row.creatorLastname)!,
    seller: person(request.sellerId, row.sellerName, row.sellerLastname),
    unseenCount: unseen.get(request.id) ?? 0,
    createdAt: request.createdAt,
    updatedAt: request.updatedAt,
  };
}

/** 03 §7: the requests of a contact the user sees (contact-access), newest first. */
export async function listByContact(db: Executor, user: AuthUser, contactId: string) {
  assertEnabled(user);
  const contact = await visibleContact(db, user, contactId);
  const rows = await findRequestsOfContact(db, user.tenantId, contact.id);
  const unseen = await unseenCounts(
    db,
    user.tenantId,
    user.id,
    rows.map((row) => row.request.id),
  );
  return rows.map((row) => summaryOf(row, unseen));
}

// ---------------------------------------------------------------------------------------------
// Sellers and users.

export async function requestSellers(db: Executor, user: AuthUser) {
  assertEnabled(user);
  return (await requestSellerChoices(db, user)).map(({ id, name, lastname, groupName }) => ({
    id,
    name,
    lastname,
    groupName,
  }));
}

/** 02 §7 'list sales users for sharing': the company's active sales users but the caller. */
export async function shareableUsers(db: Executor, user: AuthUser) {
  assertEnabled(user);
  const users = await findAgents(db, user.tenantId, { roles: ['user', 'super', 'comercial'] });
  return users
    .filter((each) => each.id !== user.id)
    .map(({ id, name, lastname, groupName }) => ({ id, name, lastname, groupName }));
}

// ---------------------------------------------------------------------------------------------
// The timeline item (03 §2.1 sale-update items, §3 Sale request item).

type SaleUpdateType = 'comment' | 'created' | 'state-change' | 'updated';

export async function recordSaleUpdate(
  tx: Transaction,
  user: AuthUser,
  request: { id: string; contactId: string | null; status: string; statusType: string },
  templateTitle: string,
  type: SaleUpdateType,
  comment: string | null = null,
) {
  if (!request.contactId) return;
  // The request's own access was checked: its contact is read by id (it may be outside the
  // caller's contacts when the request is shared with them), locked like every timeline write.
  const contact = await lockContact(tx, user.tenantId, request.contactId);
  if (!contact) return;
  await recordInteraction(tx, user, contact, {
    id: newId(),
    type: 'saleupdate',
    content: {
      type,
      comment,
      state: request.status,
      statusType: request.statusType,
      title: templateTitle,
      requestsaleid: request.id,
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Saving (02 §4, §5).

function invalid(verdict: ReturnType<typeof validateRequest>): never {
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

async function validShares(
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

/**
 * 02 §4 status change: commercial any status of the template's full list, advisors those of the
 * enabled list when the template allows it; flow users none. Sending a draft this way (to new or
 * another open status) needs the send rules unless forced by the back office.
 */
async function applyStatus(
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

/** The back office's forceStatus (01 §4): any status of the template, no send checks. */
export function forceStatus(db: Database, user: AuthUser, raw: z.input<typeof ZForceStatusInput>) {
  return applyStatus(db, user, ZForceStatusInput.parse(raw), true);
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

// ---------------------------------------------------------------------------------------------
// Sharing (02 §6: creator, super, comercial, or users with write/all).

async function requireSharer(tx: Transaction, user: AuthUser, requestId: string) {
  const access = await requireRequest(tx, user, requestId, true);
  const template = await requireTemplate(tx, user, access.row.request.templateId);
  const viewer = await viewerOf(tx, user);
  if (!permissionsOf(rulesOf(template), access, viewer, user).share) {
    throw new DomainError('PERMISSION_DENIED');
  }
  return access;
}

export async function shareRequest(db: Database, user: AuthUser, raw: z.input<typeof ZShareInput>) {
  assertEnabled(user);
  const input = ZShareInput.parse(raw);
  await db.transaction(async (tx) => {
    const access = await requireSharer(tx, user, input.requestId);
    await validShares(tx, user, [input], access.row.request.creatorId);
    await upsertShare(tx, { tenantId: user.tenantId, ...input });
  });
  return getRequest(db, user, input.requestId);
}

export async function unshareRequest(
  db: Database,
  user: AuthUser,
  raw: z.input<typeof ZUnshareInput>,
) {
  assertEnabled(user);
  const input = ZUnshareInput.parse(raw);
  await db.transaction(async (tx) => {
    await requireSharer(tx, user, input.requestId);
    await deleteShare(tx, user.tenantId, input.requestId, input.userId);
  });
  // Who removed themself no longer sees it: answer what is left without reading it again.
  return { requestId: input.requestId, userId: input.userId };
}

// ---------------------------------------------------------------------------------------------
// Inline new client (02 §3 New client, §5).

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
    originText: hasOrigin ? '' : 'Solicitud',
  });
}

// ---------------------------------------------------------------------------------------------
// The back office (01 §4, /comercial/requestsale).

export async function backofficeList(
  db: Executor,
  user: AuthUser,
  raw: z.input<typeof ZBackofficeListInput>,
) {
  assertEnabled(user);
  const input = ZBackofficeListInput.parse(raw);
  const rows = await findRequests(
    db,
    user.tenantId,
    requestListReader(user),
    {
      templateId: input.templateId ?? undefined,
      statusTypes: input.statusTypes ?? undefined,
      sellerId: input.sellerId ?? undefined,
      creatorId: input.creatorId ?? undefined,
      contactId: input.contactId ?? undefined,
      from: input.from ?? undefined,
      to: input.to ?? undefined,
    },
    { cursor: input.cursor ?? undefined, limit: input.limit },
  );
  const page = keysetPage(rows, input.limit, (last) => last.request.id);
  const [unseen, names] = await Promise.all([
    unseenCounts(
      db,
      user.tenantId,
      user.id,
      page.items.map((row) => row.request.id),
    ),
    findContactNames(db, user.tenantId, [
      ...new Set(
        page.items.flatMap((row) => (row.request.contactId ? [row.request.contactId] : [])),
      ),
    ]),
  ]);
  const contactsById = new Map(names.map((contact) => [contact.id, contact]));
  return {
    items: page.items.map((row) => ({
      ...summaryOf(row, unseen),
      contactId: row.request.contactId,
      contact: (row.request.contactId && contactsById.get(row.request.contactId)) || null,
      auditor: person(row.request.auditorId, row.auditorName, row.auditorLastname),
    })),
    nextCursor: page.nextCursor,
  };
}

/** The roles of the users a request may be given to or audited by (users managers aside). */
const EVERYONE = ['user', 'super', 'comercial', 'project_manager', 'admin'];

/** Whether a user is an active user of the company with one of the roles. */
async function activeUserWith(db: Executor, user: AuthUser, userId: string, roles: string[]) {
  const users = await findAgents(db, user.tenantId, { roles });
  return users.some((each) => each.id === userId);
}

/** A back office change of a request: locked, patched, an 'updated' item on the timeline. */
async function backofficeChange(
  db: Database,
  user: AuthUser,
  id: string,
  patch: { auditorId: string | null } | { creatorId: string },
) {
  await db.transaction(async (tx) => {
    const { row } = await requireRequest(tx, user, id, true);
    await updateRequest(tx, user.tenantId, id, patch);
    await recordSaleUpdate(tx, user, row.request, row.templateTitle, 'updated');
  });
  return getRequest(db, user, id);
}

/** Assigns (or clears) the auditor: the request enters (or leaves) audit mode. */
export async function assignAuditor(
  db: Database,
  user: AuthUser,
  raw: z.input<typeof ZAuditInput>,
) {
  assertEnabled(user);
  const input = ZAuditInput.parse(raw);
  if (input.auditorId && !(await activeUserWith(db, user, input.auditorId, EVERYONE))) {
    throw new DomainError('REQUEST_SALE_USER_INVALID');
  }
  return backofficeChange(db, user, input.id, { auditorId: input.auditorId });
}

/** Gives the request to another creator (an active user of the company). */
export async function changeCreator(
  db: Database,
  user: AuthUser,
  raw: z.input<typeof ZChangeCreatorInput>,
) {
  assertEnabled(user);
  const input = ZChangeCreatorInput.parse(raw);
  if (!(await activeUserWith(db, user, input.creatorId, EVERYONE))) {
    throw new DomainError('REQUEST_SALE_USER_INVALID');
  }
  return backofficeChange(db, user, input.id, { creatorId: input.creatorId });
}

// ---------------------------------------------------------------------------------------------
// Archiving a contact (03 §4, §8).

/** A contact's active requests (not processed, linked or canceled), for the archive refusal. */
export async function activeRequestsOf(db: Executor, tenantId: string, contactId: string) {
  const rows = await findActiveRequestsOfContact(db, tenantId, contactId, CLOSED_STATUS_TYPES);
  return rows.map((row) => ({
    id: row.request.id,
    title: row.templateTitle,
    status: row.request.status,
    statusType: row.request.statusType,
  }));
}

/** Refuses with closingRequestSale (carrying them) when the contact has active requests. */
export async function assertNoActiveRequests(db: Executor, tenantId: string, contactId: string) {
  const requestSales = await activeRequestsOf(db, tenantId, contactId);
  if (requestSales.length > 0) {
    throw new DomainError('closingRequestSale', { requestSales, count: requestSales.length });
  }
}
