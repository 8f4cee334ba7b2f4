import { z } from 'zod';
import { ZJsonObject } from '@cartera/domain/input';
import type { Executor, Transaction } from '@cartera/db/client';
import { DomainError } from '@cartera/domain/errors';
import { newId } from '@cartera/domain/ids';
import { can } from '@cartera/domain/policy';
import { ROLES } from '@cartera/domain/roles';
import {
  CLOSED_STATUS_TYPES,
  fieldShownTo,
  isSent,
  requestPermissions,
  SHARE_PERMISSIONS,
  ZStatusOption,
  type RequestContent,
  type RequestField,
  type RequestTemplateRules,
  type RequestViewer,
  type SharePermission,
} from '@cartera/domain/request-sales';
import { visibleContact } from '../access/contacts';
import { requestSellerChoices, visibleRequest } from '../access/request-sales';
import { lockContact } from '../contacts/contacts.service';
import type { AuthUser } from '../sessions/session.types';
import { recordInteraction } from '../timeline/timeline-writer';
import { findAgents } from '../users/users.service';
import { commentCounts, unseenCounts } from './request-history.repository';
import {
  findActiveRequestsOfContact,
  findRequest,
  findRequestsOfContact,
  findUserData,
  type RequestRow,
} from './request-sales.repository';
import { findShares, shareOf } from './request-sharing.repository';
import { assertEnabled, requireTemplate, rulesOf } from './request-templates.service';

/*
 * Request sales, 'Solicitudes' (01 §3, §4, §7; 02 §3-§7; 03 §2.1, §3, §4; issue #15). Every rule
 * of a template (visibility, options, validation, who may do what) is the domain module's
 * (packages/domain/src/request-sales.ts): the server runs it on every save and never trusts the
 * web's verdict. Who sees a request: whoever sees its contact, its creator and seller, the users
 * it is shared with, a supervisor for the creators and sellers of their subtree, and the
 * tenant-wide roles. Every change writes a `saleupdate` item on the contact's timeline in its
 * transaction. Decisions in docs/decisions.md "Request sales 'Solicitudes' (issue #15)".
 *
 * This file reads requests (the viewer, access, views, sellers, the timeline item, archiving);
 * saving is request-saving.service.ts, a status change request-status.service.ts, sharing
 * request-sharing.service.ts, the back office request-backoffice.service.ts.
 */

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
  content: ZJsonObject,
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

// The viewer and access.

/** The user as the rules see them: roles, additional data (option filters) and flows. */
export async function viewerOf(db: Executor, user: AuthUser): Promise<RequestViewer> {
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
  additionalData: ZJsonObject,
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

export interface Access {
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

export function permissionsOf(
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

export async function requestView(
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

export function summaryOf(row: RequestRow, unseen: Map<string, number>) {
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

// Saving (02 §4, §5).

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
