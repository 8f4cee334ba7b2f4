import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZFormAnswers, ZFormInput, ZPublicForm } from '@cartera/domain/forms';
import type { AppDeps } from '../../deps';
import { restRoute } from '../../http/rest';
import {
  changeForm,
  createForm,
  listForms,
  publicForm,
  removeForm,
  sendFormLink,
  submitForm,
  ZFormView,
  ZSendFormLinkInput,
  ZSendFormLinkResult,
} from './forms.service';

/**
 * Forms (issue #42 item 3) under /api/comercial/forms, the screen's path: the list and CRUD, the
 * send of a link, and the public page's two endpoints (no sign-in; /public/{token}).
 */
export function registerFormsRoutes(app: FastifyInstance, deps: AppDeps) {
  const BASE = '/api/comercial/forms';
  const tags = ['forms'];
  const ZParams = z.object({ id: z.uuid() });
  const ZToken = z.object({ token: z.string().min(1).max(64) });

  restRoute(app, deps, {
    method: 'GET',
    url: BASE,
    tags,
    summary: "The company's forms and its lead-ads channels' (read-only)",
    auth: 'session',
    access: { procedure: 'form.list' },
    response: z.array(ZFormView),
    handler: ({ session }) => listForms(deps, session.user),
  });

  restRoute(app, deps, {
    method: 'POST',
    url: BASE,
    tags,
    summary: 'Creates a form',
    auth: 'session',
    access: { procedure: 'form.create' },
    body: ZFormInput,
    response: ZFormView,
    status: 201,
    handler: ({ session, body }) => createForm(deps.db, session.user, body),
  });

  restRoute(app, deps, {
    method: 'PUT',
    url: `${BASE}/:id`,
    tags,
    summary: 'Replaces a form',
    auth: 'session',
    access: { procedure: 'form.update' },
    params: ZParams,
    body: ZFormInput,
    response: ZFormView,
    handler: ({ session, params, body }) => changeForm(deps.db, session.user, params.id, body),
  });

  restRoute(app, deps, {
    method: 'DELETE',
    url: `${BASE}/:id`,
    tags,
    summary: 'Deletes a form',
    auth: 'session',
    access: { procedure: 'form.remove' },
    params: ZParams,
    response: z.object({ id: z.uuid() }),
    handler: ({ session, params }) => removeForm(deps.db, session.user, params.id),
  });

  restRoute(app, deps, {
    method: 'POST',
    url: `${BASE}/:id/send`,
    tags,
    summary:
      "Sends the form to a contact as a link through a channel (the channel's send rules apply)",
    auth: 'session',
    access: { procedure: 'form.sendLink' },
    params: ZParams,
    body: ZSendFormLinkInput.omit({ formId: true }),
    response: ZSendFormLinkResult,
    status: 201,
    handler: ({ session, params, body }) =>
      sendFormLink(deps, session.user, { ...body, formId: params.id }),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: `${BASE}/public/:token`,
    tags,
    summary:
      "The public page's form (no sign-in): its name, description and questions only; FORM_LINK_NOT_FOUND, FORM_LINK_USED or FORM_LINK_EXPIRED otherwise",
    auth: 'public',
    params: ZToken,
    response: ZPublicForm,
    handler: ({ params }) => publicForm(deps.db, params.token),
  });

  restRoute(app, deps, {
    method: 'POST',
    url: `${BASE}/public/:token`,
    tags,
    summary:
      "The public page's answers (no sign-in; limited per link and per address): written to the contact with the sheet's rules and to its timeline, once",
    auth: 'public',
    params: ZToken,
    body: ZFormAnswers,
    response: z.object({ ok: z.literal(true) }),
    status: 201,
    handler: ({ params, body, request }) => submitForm(deps, params.token, request.ip, body),
  });
}
