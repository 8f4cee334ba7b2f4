import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { restRoute } from '../../http/rest';
import {
  addComment,
  listComments,
  markRequestSeen,
  ZAddCommentInput,
  ZCommentPage,
} from './request-comments.service';
import { getRequest, listByContact, ZRequestSale, ZRequestSummary } from './request-sales.service';
import {
  assignAuditor,
  backofficeList,
  changeCreator,
  forceStatus,
  ZBackofficeListInput,
  ZBackofficePage,
} from './request-backoffice.service';
import {
  createRequest,
  removeRequest,
  updateRequestById,
  ZRequestCreateInput,
  ZRequestUpdateInput,
} from './request-saving.service';
import { changeStatus, ZChangeStatusInput } from './request-status.service';
import {
  defaultTemplate,
  getTemplate,
  listTemplates,
  ZRequestTemplate,
} from './request-templates.service';

/**
 * The legacy paths of 01 §7 Request sale (the /crm/requestsale and /crm/backoffice/requestsale
 * families, DELETE /requestsale/{id}, GET /requestsaletemplate) over the services of the
 * `requestSale` router. The specification names the families only; the paths below are ours.
 */
export function registerRequestSalesRoutes(app: FastifyInstance, deps: AppDeps) {
  const BACK_OFFICE = '/comercial/requestsale';
  const params = z.object({ id: z.uuid() });
  const tags = ['request sales'];

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/requestsaletemplate',
    tags,
    summary: "The company's active request templates, the default first",
    auth: 'session',
    access: { procedure: 'requestSale.templates' },
    response: z.array(ZRequestTemplate),
    handler: ({ session }) => listTemplates(deps.db, session.user, {}),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/requestsaletemplate/default',
    tags,
    summary: 'The default request template, or null when the company has none',
    auth: 'session',
    access: { procedure: 'requestSale.defaultTemplate' },
    response: ZRequestTemplate.nullable(),
    handler: ({ session }) => defaultTemplate(deps.db, session.user),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/requestsaletemplate/:id',
    tags,
    summary: 'One request template by id',
    auth: 'session',
    access: { procedure: 'requestSale.template' },
    params,
    response: ZRequestTemplate,
    handler: ({ session, params }) => getTemplate(deps.db, session.user, params.id),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/crm/requestsale/contact/:contactId',
    tags,
    summary: 'The request sales of a contact the caller sees, newest first (03 §7)',
    auth: 'session',
    access: { procedure: 'requestSale.listByContact' },
    params: z.object({ contactId: z.uuid() }),
    response: z.array(ZRequestSummary),
    handler: ({ session, params }) => listByContact(deps.db, session.user, params.contactId),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/crm/requestsale/:id',
    tags,
    summary: 'One request sale the caller sees, with what they may do with it',
    auth: 'session',
    access: { procedure: 'requestSale.get' },
    params,
    response: ZRequestSale,
    handler: ({ session, params }) => getRequest(deps.db, session.user, params.id),
  });

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/crm/requestsale',
    tags,
    summary:
      "A new request sale on a contact (`mode` draft or send) validated by its template's rules; field errors keyed `content.<code>`",
    auth: 'session',
    access: { procedure: 'requestSale.create' },
    body: ZRequestCreateInput,
    response: ZRequestSale,
    status: 201,
    handler: ({ session, body }) => createRequest(deps, session.user, body),
  });

  restRoute(app, deps, {
    method: 'PATCH',
    url: '/api/crm/requestsale/:id',
    tags,
    summary: 'Saves a request sale the caller may edit (`mode` draft or send)',
    auth: 'session',
    access: { procedure: 'requestSale.update' },
    params,
    body: ZRequestUpdateInput.omit({ id: true }),
    response: ZRequestSale,
    handler: ({ session, params, body }) =>
      updateRequestById(deps, session.user, { ...body, id: params.id }),
  });

  restRoute(app, deps, {
    method: 'PATCH',
    url: '/api/crm/requestsale/:id/status',
    tags,
    summary:
      "Changes a request sale's status (`statusType`, optional `comment`) within what the caller may set",
    auth: 'session',
    access: { procedure: 'requestSale.changeStatus' },
    params,
    body: ZChangeStatusInput.omit({ id: true }),
    response: ZRequestSale,
    handler: ({ session, params, body }) =>
      changeStatus(deps.db, session.user, { ...body, id: params.id }),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/crm/requestsale/:id/comment',
    tags,
    summary: "A request sale's comments, newest first, 5 a page (`cursor`)",
    auth: 'session',
    access: { procedure: 'requestSale.comments' },
    params,
    querystring: z.object({ cursor: z.uuid().optional() }),
    response: ZCommentPage,
    handler: ({ session, params, query }) =>
      listComments(deps.db, session.user, { requestId: params.id, cursor: query.cursor }),
  });

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/crm/requestsale/:id/comment',
    tags,
    summary: 'A comment (`text`) on a request sale; answers the first page of comments',
    auth: 'session',
    access: { procedure: 'requestSale.addComment' },
    params,
    body: ZAddCommentInput.omit({ requestId: true }),
    response: ZCommentPage,
    status: 201,
    handler: ({ session, params, body }) =>
      addComment(deps.db, session.user, { ...body, requestId: params.id }),
  });

  restRoute(app, deps, {
    method: 'PATCH',
    url: '/api/crm/requestsale/:id/seen',
    tags,
    summary: "'Marcar como visto' (commercial): the request's comments so far count as seen",
    auth: 'session',
    access: { procedure: 'requestSale.markSeen', capability: 'backOffice' },
    params,
    response: z.object({ requestId: z.string(), unseen: z.number() }),
    handler: ({ session, params }) => markRequestSeen(deps.db, session.user, params.id),
  });

  restRoute(app, deps, {
    method: 'DELETE',
    url: '/api/requestsale/:id',
    tags,
    summary: 'Deletes a request sale (commercial any; its creator while an unaudited draft)',
    auth: 'session',
    access: { procedure: 'requestSale.delete' },
    params,
    response: z.object({ id: z.string() }),
    handler: ({ session, params }) => removeRequest(deps.db, session.user, params.id),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/crm/backoffice/requestsale',
    tags,
    summary:
      'The back office list, newest first: `templateId`, `statusTypes` (comma-separated), `sellerId`, `creatorId`, `contactId`, `from`/`to` (creation), `limit`, `cursor` (keyset)',
    auth: 'session',
    access: { procedure: 'requestSale.backoffice', area: BACK_OFFICE },
    querystring: z.object({
      templateId: z.uuid().optional(),
      statusTypes: z
        .string()
        .optional()
        .transform((value) => (value ? value.split(',').map((each) => each.trim()) : undefined)),
      sellerId: z.uuid().optional(),
      creatorId: z.uuid().optional(),
      contactId: z.uuid().optional(),
      from: z.string().optional(),
      to: z.string().optional(),
      cursor: z.uuid().optional(),
      limit: z.coerce.number().int().min(1).max(200).optional(),
    }),
    response: ZBackofficePage,
    handler: ({ session, query }) =>
      backofficeList(deps.db, session.user, ZBackofficeListInput.parse(query)),
  });

  restRoute(app, deps, {
    method: 'PATCH',
    url: '/api/crm/backoffice/requestsale/:id/audit',
    tags,
    summary: 'Assigns an auditor (`auditorId`, null clears it): the request enters audit mode',
    auth: 'session',
    access: { procedure: 'requestSale.audit', area: BACK_OFFICE, capability: 'backOffice' },
    params,
    body: z.object({ auditorId: z.uuid().nullable() }),
    response: ZRequestSale,
    handler: ({ session, params, body }) =>
      assignAuditor(deps.db, session.user, { id: params.id, auditorId: body.auditorId }),
  });

  restRoute(app, deps, {
    method: 'PATCH',
    url: '/api/crm/backoffice/requestsale/:id/creator',
    tags,
    summary: 'Gives a request sale to another creator (`creatorId`)',
    auth: 'session',
    access: { procedure: 'requestSale.changeCreator', area: BACK_OFFICE, capability: 'backOffice' },
    params,
    body: z.object({ creatorId: z.uuid() }),
    response: ZRequestSale,
    handler: ({ session, params, body }) =>
      changeCreator(deps.db, session.user, { id: params.id, creatorId: body.creatorId }),
  });

  restRoute(app, deps, {
    method: 'PATCH',
    url: '/api/crm/backoffice/requestsale/:id/status',
    tags,
    summary:
      'forceStatus: any status of the template (`statusType`, optional `comment`) without the send checks',
    auth: 'session',
    access: { procedure: 'requestSale.forceStatus', area: BACK_OFFICE, capability: 'backOffice' },
    params,
    body: ZChangeStatusInput.omit({ id: true }),
    response: ZRequestSale,
    handler: ({ session, params, body }) =>
      forceStatus(deps.db, session.user, { ...body, id: params.id }),
  });
}
