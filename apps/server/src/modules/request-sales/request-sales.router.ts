import { z } from 'zod';
import { ZNewClient, ZRequestTemplateInput } from '@cartera/domain/request-sales';
import { ZPhoneQuery } from '@cartera/domain/sales';
import { roleProcedure, router, tenantProcedure } from '../../trpc/init';
import { contactByPhone, ZPhoneContact } from '../receipts/receipts.service';
import {
  addComment,
  listComments,
  markRequestSeen,
  removeComment,
  setCommentVisibility,
  unseenOf,
  ZAddCommentInput,
  ZCommentPage,
  ZCommentRef,
  ZCommentsInput,
} from './request-comments.service';
import {
  getRequest,
  listByContact,
  requestViewer,
  requestSellers,
  shareableUsers,
  ZPickerUser,
  ZRequestSale,
  ZRequestSummary,
  ZRequestViewer,
} from './request-sales.service';
import {
  assignAuditor,
  backofficeList,
  changeCreator,
  forceStatus,
  ZAuditInput,
  ZBackofficeListInput,
  ZBackofficePage,
  ZChangeCreatorInput,
} from './request-backoffice.service';
import {
  createClient,
  createRequest,
  removeRequest,
  updateRequestById,
  ZRequestCreateInput,
  ZRequestUpdateInput,
} from './request-saving.service';
import {
  shareRequest,
  unshareRequest,
  ZShareInput,
  ZUnshareInput,
} from './request-sharing.service';
import { changeStatus, ZChangeStatusInput, ZForceStatusInput } from './request-status.service';
import { searchField, ZSearchFieldInput, ZSearchResult } from './request-search.service';
import {
  createTemplate,
  defaultTemplate,
  getTemplate,
  listTemplates,
  setRequestSaleLabel,
  setTemplateActive,
  updateTemplateById,
  ZRequestTemplate,
  ZRequestSaleLabelInput,
  ZTemplateUpdateInput,
} from './request-templates.service';
import { ZIdInput } from '@cartera/domain/ids';

/*
 * requestSale: request sales, 'Solicitudes' (issue #15). Procedures and their inputs (ids are
 * UUIDs; `mode` is 'draft' | 'send'):
 *
 * Templates
 *   templates {includeInactive?}                  → RequestTemplate[]  (active ones; inactive too for admin/comercial)
 *   template {id}                                 → RequestTemplate
 *   defaultTemplate                               → RequestTemplate | null
 *   createTemplate ZRequestTemplateInput          → RequestTemplate    (admin, comercial)
 *   updateTemplate {id, data: ZRequestTemplateInput} → RequestTemplate (admin, comercial)
 *   setTemplateActive {id, active}                → RequestTemplate    (admin, comercial)
 * Requests
 *   viewer                                        → {id, roles, additionalData, flows} (the rules' RequestViewer)
 *   listByContact {contactId}                     → RequestSummary[] newest first
 *   get {id}                                      → RequestSale (with `permissions` for the caller)
 *   create {id?, contactId, templateId, mode, content, lines, sellerId?, statusType?, shared?, confirmMissing?}
 *   update {id, mode, content, lines, sellerId?, statusType?, confirmMissing?}
 *     (confirmMissing: a commercial user's 'Continuar' on 'Existen campos obligatorios sin completar')
 *   changeStatus {id, statusType, comment?}
 *   delete {id}
 *   createClient {firstName, lastName, phones: string[], detail} → {id}   (the inline new client)
 *   contactByPhone {phone}                        → PhoneContact | null
 *   searchField {templateId, field, search}       → {items: [{title, value, values}], failed}
 *   sellers                                       → PickerUser[] ('Vendedor')
 *   shareUsers                                    → PickerUser[] ('Compartir solicitud')
 *   share {requestId, userId, permission}         → RequestSale
 *   unshare {requestId, userId}                   → {requestId, userId}
 * Comments
 *   comments {requestId, cursor?, limit?}         → {items, nextCursor, total, unseen}
 *   addComment {id?, requestId, text}             → the first page
 *   deleteComment {requestId, commentId}          → the first page
 *   setCommentVisible {requestId, commentId, visible} (admin) → the first page
 *   markSeen {requestId}                          → {requestId, unseen: 0} (comercial)
 *   unseen {requestIds}                           → [{requestId, unseen}]
 * Back office (/comercial/requestsale)
 *   backoffice {templateId?, statusTypes?, sellerId?, creatorId?, contactId?, from?, to?, cursor?, limit?}
 *   audit {id, auditorId | null}  changeCreator {id, creatorId}  forceStatus {id, statusType, comment?}
 * Errors carry `fieldErrors` keyed `content.<field code>`, `lines.<i>.code` and `lines`.
 */

const BACK_OFFICE = '/comercial/requestsale';
const templateManager = roleProcedure('manageRequestTemplates');

export const requestSalesRouter = router({
  templates: tenantProcedure
    .meta({
      description:
        "The company's request templates, the default first then by title; `includeInactive` adds the deactivated ones for admins and commercial users (the template editor). `usable` says whether the caller's roles may interact with each.",
    })
    .input(z.object({ includeInactive: z.boolean().optional() }).default({}))
    .output(z.array(ZRequestTemplate))
    .query(({ ctx, input }) => listTemplates(ctx.db, ctx.user, input)),

  template: tenantProcedure
    .meta({
      description: '01 §7 read a template by id (active or not: old requests still open).',
      errors: ['REQUEST_TEMPLATE_NOT_FOUND'],
    })
    .input(ZIdInput)
    .output(ZRequestTemplate)
    .query(({ ctx, input }) => getTemplate(ctx.db, ctx.user, input.id)),

  defaultTemplate: tenantProcedure
    .meta({
      description:
        '01 §7 the default template: the one marked default, else the oldest active one; null when the company has none.',
    })
    .output(ZRequestTemplate.nullable())
    .query(({ ctx }) => defaultTemplate(ctx.db, ctx.user)),

  createTemplate: templateManager
    .meta({
      description:
        'A new request template (title, roles, fields with their rules, line items, statuses); marking it default unmarks the others. Field and rule errors come as Spanish field errors.',
    })
    .input(ZRequestTemplateInput)
    .output(ZRequestTemplate)
    .mutation(({ ctx, input }) => createTemplate(ctx.db, ctx.user, input)),

  updateTemplate: templateManager
    .meta({
      description:
        "Replaces a template's definition; stored requests keep their content (fields that no longer exist are not shown).",
      errors: ['REQUEST_TEMPLATE_NOT_FOUND'],
    })
    .input(ZTemplateUpdateInput)
    .output(ZRequestTemplate)
    .mutation(({ ctx, input }) => updateTemplateById(ctx.db, ctx.user, input)),

  setLabel: templateManager
    .meta({
      description:
        "01 §2: the company's own name of /comercial/requestsale and its menu entry (at most 40 characters); null or empty brings back 'Solicitudes'. Users read it in `auth.me` settings.",
    })
    .input(ZRequestSaleLabelInput)
    .output(z.object({ label: z.string().nullable() }))
    .mutation(({ ctx, input }) => setRequestSaleLabel(ctx.db, ctx.user, input)),

  setTemplateActive: templateManager
    .meta({
      description:
        'Deactivates (no new requests; its requests stay readable, and it stops being the default) or reactivates a template.',
      errors: ['REQUEST_TEMPLATE_NOT_FOUND'],
    })
    .input(z.object({ id: z.uuid(), active: z.boolean() }))
    .output(ZRequestTemplate)
    .mutation(({ ctx, input }) => setTemplateActive(ctx.db, ctx.user, input)),

  viewer: tenantProcedure
    .meta({
      description:
        "The caller as the template rules see them (packages/domain RequestViewer): roles, their additional data (options' userFieldFilter) and flows (the user's additional data `useFlow`), so the web's editor reaches the server's verdict.",
    })
    .output(ZRequestViewer)
    .query(({ ctx }) => requestViewer(ctx.db, ctx.user)),

  listByContact: tenantProcedure
    .meta({
      description:
        "03 §7 'List request sales of a contact' the caller sees (contact-access), newest first, with the caller's unseen comments of each.",
      errors: ['CONTACT_NOT_FOUND', 'DISABLED_FEATURE'],
    })
    .input(z.object({ contactId: z.uuid() }))
    .output(z.array(ZRequestSummary))
    .query(({ ctx, input }) => listByContact(ctx.db, ctx.user, input.contactId)),

  get: tenantProcedure
    .meta({
      description:
        "One request the caller sees (its contact's, its creator's, its seller's, shared with them, a supervisor's subtree, tenant-wide roles), with the content they may read and `permissions`: what they may do with it (02 §4, §6).",
      errors: ['REQUEST_SALE_NOT_FOUND', 'DISABLED_FEATURE'],
    })
    .input(ZIdInput)
    .output(ZRequestSale)
    .query(({ ctx, input }) => getRequest(ctx.db, ctx.user, input.id)),

  create: tenantProcedure
    .meta({
      description:
        "A new request on a contact the caller sees: 'draft' keeps it a draft, 'send' sends it (type new) and enforces the required fields that apply. The content is validated by the template's rules (hidden fields skipped and dropped, options the user's filter hides refused, regex, lengths, files ≤ 50 MB; a file of Cartera's storage must be an upload of the caller's company found complete, of its declared size and type, else FILE_NOT_UPLOADED on the field, and is kept by its permanent address); autoincrement fields are numbered; a 'created' item on the contact's timeline. A client-made `id` makes a retry store nothing twice.",
      errors: [
        'CONTACT_NOT_FOUND',
        'REQUEST_TEMPLATE_NOT_FOUND',
        'REQUEST_TEMPLATE_ROLES',
        'REQUEST_SALE_INVALID',
        'REQUEST_SALE_SELLER_INVALID',
        'REQUEST_SALE_STATUS_NOT_ALLOWED',
        'REQUEST_SALE_SHARE_INVALID',
        'DISABLED_FEATURE',
        'FILE_NOT_UPLOADED',
      ],
    })
    .input(ZRequestCreateInput)
    .output(ZRequestSale)
    .mutation(({ ctx, input }) => createRequest(ctx.deps, ctx.user, input)),

  update: tenantProcedure
    .meta({
      description:
        "Saves a request the caller may edit (02 §4: its creator out of audit mode, write/all sharing, a status in the template's allowedModificationStates, commercial) under the rules of create; a draft saved as draft stays draft (resend stays resend), 'send' sends it; a sent one keeps its status. An 'updated' (or 'state-change') item on the timeline.",
      errors: [
        'REQUEST_SALE_NOT_FOUND',
        'REQUEST_TEMPLATE_ROLES',
        'REQUEST_SALE_NOT_EDITABLE',
        'REQUEST_SALE_INVALID',
        'REQUEST_SALE_SELLER_INVALID',
        'REQUEST_SALE_STATUS_NOT_ALLOWED',
        'DISABLED_FEATURE',
        'FILE_NOT_UPLOADED',
      ],
    })
    .input(ZRequestUpdateInput)
    .output(ZRequestSale)
    .mutation(({ ctx, input }) => updateRequestById(ctx.deps, ctx.user, input)),

  changeStatus: tenantProcedure
    .meta({
      description:
        "02 §4 status change: commercial any status of the template's full list, advisors those of stateslistEnabledToChange when the template has allowAdvisorsToChangeStatus, flow users none. Sending a draft this way needs its required fields. A 'state-change' item on the timeline.",
      errors: [
        'REQUEST_SALE_NOT_FOUND',
        'REQUEST_SALE_STATUS_NOT_ALLOWED',
        'REQUEST_SALE_INVALID',
        'DISABLED_FEATURE',
      ],
    })
    .input(ZChangeStatusInput)
    .output(ZRequestSale)
    .mutation(({ ctx, input }) => changeStatus(ctx.db, ctx.user, input)),

  delete: tenantProcedure
    .meta({
      description:
        'DELETE /requestsale/{id}: commercial users any request, its creator while it is an unaudited draft (or resend).',
      errors: ['REQUEST_SALE_NOT_FOUND', 'PERMISSION_DENIED', 'DISABLED_FEATURE'],
    })
    .input(ZIdInput)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => removeRequest(ctx.db, ctx.user, input.id)),

  createClient: tenantProcedure
    .meta({
      description:
        "02 §3 New client inside a request ('Datos del cliente'): created by contact.create's rules (valid, unblocked, unregistered phones) held by the caller, origin 'solicitud' when the company has that origin.",
      errors: ['INVALID_REQUEST_BODY', 'EXTERNAL_VALIDATION_FAILED', 'DISABLED_FEATURE'],
    })
    .input(ZNewClient)
    .output(z.object({ id: z.string() }))
    .mutation(({ ctx, input }) => createClient(ctx.db, ctx.user, input)),

  contactByPhone: tenantProcedure
    .meta({
      description:
        "02 §7 contact lookup by phone (debounced 500 ms by the web): the contact holding the number among those the caller sees, null when none (the back office's lookup of modules/receipts).",
    })
    .input(ZPhoneQuery)
    .output(ZPhoneContact.nullable())
    .query(({ ctx, input }) => contactByPhone(ctx.db, ctx.user, input)),

  searchField: tenantProcedure
    .meta({
      description:
        "A `search` field's results (02 §7): GET to the field's endpointUrl with `search`, through the outbound guard only, answering [{title, value, values}] (at most 50); a refused address, a failure or an unreadable answer gives an empty list with `failed` for the generic notice.",
      errors: [
        'REQUEST_TEMPLATE_NOT_FOUND',
        'REQUEST_TEMPLATE_ROLES',
        'NOT_FOUND',
        'DISABLED_FEATURE',
      ],
    })
    .input(ZSearchFieldInput)
    .output(ZSearchResult)
    .query(({ ctx, input }) => searchField(ctx.db, ctx.user, input)),

  sellers: tenantProcedure
    .meta({
      description:
        "The 'Vendedor' picker (02 §6): active sellers and supervisors of the company for tenant-wide roles, of their subtree for a supervisor, none for the others.",
      errors: ['DISABLED_FEATURE'],
    })
    .output(z.array(ZPickerUser))
    .query(({ ctx }) => requestSellers(ctx.db, ctx.user)),

  shareUsers: tenantProcedure
    .meta({
      description:
        "'Compartir solicitud': the company's active sales users (sellers, supervisors, commercial) but the caller.",
      errors: ['DISABLED_FEATURE'],
    })
    .output(z.array(ZPickerUser))
    .query(({ ctx }) => shareableUsers(ctx.db, ctx.user)),

  share: tenantProcedure
    .meta({
      description:
        "Shares a request with a user as read ('Ver', the default), write ('Editar') or all ('Todo'), or changes their permission: its creator, supervisors, commercial users, or users it is shared with as write/all (02 §6).",
      errors: [
        'REQUEST_SALE_NOT_FOUND',
        'PERMISSION_DENIED',
        'REQUEST_SALE_SHARE_INVALID',
        'DISABLED_FEATURE',
      ],
    })
    .input(ZShareInput)
    .output(ZRequestSale)
    .mutation(({ ctx, input }) => shareRequest(ctx.db, ctx.user, input)),

  unshare: tenantProcedure
    .meta({
      description: "Removes a user's sharing of a request (whoever may share it).",
      errors: ['REQUEST_SALE_NOT_FOUND', 'PERMISSION_DENIED', 'DISABLED_FEATURE'],
    })
    .input(ZUnshareInput)
    .output(z.object({ requestId: z.string(), userId: z.string() }))
    .mutation(({ ctx, input }) => unshareRequest(ctx.db, ctx.user, input)),

  comments: tenantProcedure
    .meta({
      description:
        "A request's comments newest first, 5 a page (02 §9), keyset `cursor`; hidden ones only for admins; with the total and the caller's unseen count.",
      errors: ['REQUEST_SALE_NOT_FOUND', 'DISABLED_FEATURE'],
    })
    .input(ZCommentsInput)
    .output(ZCommentPage)
    .query(({ ctx, input }) => listComments(ctx.db, ctx.user, input)),

  addComment: tenantProcedure
    .meta({
      description:
        "A comment on a request the caller sees (content required); a 'comment' item on the contact's timeline. Answers the first page.",
      errors: ['REQUEST_SALE_NOT_FOUND', 'DISABLED_FEATURE'],
    })
    .input(ZAddCommentInput)
    .output(ZCommentPage)
    .mutation(({ ctx, input }) => addComment(ctx.db, ctx.user, input)),

  deleteComment: tenantProcedure
    .meta({
      description: "'Eliminar comentario': admins any comment, authors their own.",
      errors: [
        'REQUEST_SALE_NOT_FOUND',
        'REQUEST_COMMENT_NOT_FOUND',
        'REQUEST_COMMENT_NOT_YOURS',
        'DISABLED_FEATURE',
      ],
    })
    .input(ZCommentRef)
    .output(ZCommentPage)
    .mutation(({ ctx, input }) => removeComment(ctx.db, ctx.user, input)),

  setCommentVisible: roleProcedure('moderateComments')
    .meta({
      description:
        'Admins show or hide a comment (02 §6); hidden comments are listed for admins only and count as seen.',
      errors: ['REQUEST_SALE_NOT_FOUND', 'REQUEST_COMMENT_NOT_FOUND', 'DISABLED_FEATURE'],
    })
    .input(ZCommentRef.extend({ visible: z.boolean() }))
    .output(ZCommentPage)
    .mutation(({ ctx, input }) => setCommentVisibility(ctx.db, ctx.user, input)),

  markSeen: roleProcedure('backOffice')
    .meta({
      description:
        "'Marcar como visto' (commercial, 02 §4): every comment so far counts as seen by the caller.",
      errors: ['REQUEST_SALE_NOT_FOUND', 'DISABLED_FEATURE'],
    })
    .input(z.object({ requestId: z.uuid() }))
    .output(z.object({ requestId: z.string(), unseen: z.number() }))
    .mutation(({ ctx, input }) => markRequestSeen(ctx.db, ctx.user, input.requestId)),

  unseen: tenantProcedure
    .meta({
      description:
        "The caller's unseen comments of the given requests (those they see): comments others wrote since they last marked it seen.",
      errors: ['DISABLED_FEATURE'],
    })
    .input(z.object({ requestIds: z.array(z.uuid()).max(100) }))
    .output(z.array(z.object({ requestId: z.string(), unseen: z.number() })))
    .query(({ ctx, input }) => unseenOf(ctx.db, ctx.user, input.requestIds)),

  backoffice: tenantProcedure
    .meta({
      area: BACK_OFFICE,
      description:
        "The back office's list (01 §4, /comercial/requestsale), newest first, keyset `cursor`: filters by template, status types, seller, creator, contact and creation dates. Tenant-wide roles see every request, a supervisor those created by or given to their subtree plus their own and shared, others their own and shared.",
      errors: ['DISABLED_FEATURE'],
    })
    .input(ZBackofficeListInput)
    .output(ZBackofficePage)
    .query(({ ctx, input }) => backofficeList(ctx.db, ctx.user, input)),

  audit: roleProcedure('backOffice')
    .meta({
      area: BACK_OFFICE,
      description:
        "Assigns an auditor (an active user of the company) to a request, which enters audit mode ('Estas en modo de procesamiento de solicitud': its creator no longer edits it), or clears it (null).",
      errors: ['REQUEST_SALE_NOT_FOUND', 'REQUEST_SALE_USER_INVALID', 'DISABLED_FEATURE'],
    })
    .input(ZAuditInput)
    .output(ZRequestSale)
    .mutation(({ ctx, input }) => assignAuditor(ctx.db, ctx.user, input)),

  changeCreator: roleProcedure('backOffice')
    .meta({
      area: BACK_OFFICE,
      description: 'Gives a request to another creator (an active user of the company).',
      errors: ['REQUEST_SALE_NOT_FOUND', 'REQUEST_SALE_USER_INVALID', 'DISABLED_FEATURE'],
    })
    .input(ZChangeCreatorInput)
    .output(ZRequestSale)
    .mutation(({ ctx, input }) => changeCreator(ctx.db, ctx.user, input)),

  forceStatus: roleProcedure('backOffice')
    .meta({
      area: BACK_OFFICE,
      description:
        "The back office's forceStatus (01 §4): any status of the template's full list, without the send checks; a 'state-change' item on the timeline.",
      errors: ['REQUEST_SALE_NOT_FOUND', 'REQUEST_SALE_STATUS_NOT_ALLOWED', 'DISABLED_FEATURE'],
    })
    .input(ZForceStatusInput)
    .output(ZRequestSale)
    .mutation(({ ctx, input }) => forceStatus(ctx.db, ctx.user, input)),
});
