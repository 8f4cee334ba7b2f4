import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZUnifyInput } from '@cartera/domain/contact-actions';
import { DomainError } from '@cartera/domain/errors';
import { errorMessage } from '@cartera/domain/i18n';
import type { AppDeps } from '../../deps';
import { restRoute } from '../../http/rest';
import { listContacts, ZContactListItem } from './contacts.service';
import { ZContactChanges } from '@cartera/domain/contact-sheet';
import {
  changeContact,
  createContact,
  updateContact,
  ZContactInput,
} from './contact-sheet.service';
import { validatePhone, ZPhoneValidation } from './contact-phones.service';
import {
  createSubConversation,
  listSubConversations,
  takeOverContact,
  transferContact,
  unifyContacts,
  ZSubConversationItem,
} from './contact-actions.service';
import { getContact, ZContactDetail } from './contact-view.service';
import { contactIdOf, readContactRef, ZContactIdOrRef } from '../access/contacts';

const tags = ['contacts'];
/** Every contact path serves the contact screens: their roles, slugs and jail lists apply. */
const access = { area: '/contact' };
const ZIdParams = z.object({ id: z.string().uuid() });

/**
 * The contact calls of 02 §7 for API clients (the spec does not show their methods and paths:
 * ours are listed in docs/decisions.md), over the same services as tRPC.
 */
export function registerContactsRoutes(app: FastifyInstance, deps: AppDeps) {
  restRoute(app, deps, {
    method: 'GET',
    url: '/api/crm/contacts',
    tags,
    summary: 'List contacts (search by name, phone, e-mail or gov id; keyset pages of 50)',
    auth: 'session',
    access: { procedure: 'contact.list', area: '/contacts' },
    querystring: z.object({
      search: z.string().max(100).optional(),
      statusTag: z.string().max(60).optional(),
      origin: z.string().max(60).optional(),
      agentId: z.string().uuid().optional(),
      companyId: z.string().uuid().optional(),
      cursorId: z.string().uuid().optional(),
    }),
    response: z.object({
      items: z.array(ZContactListItem),
      nextCursor: z.object({ id: z.string() }).nullable(),
    }),
    handler: ({ query, session }) =>
      listContacts(deps.db, session.user, {
        search: query.search,
        statusTag: query.statusTag,
        origin: query.origin,
        agentId: query.agentId,
        companyId: query.companyId,
        cursor: query.cursorId ? { id: query.cursorId } : null,
      }),
  });

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/crm/contact',
    tags,
    summary: 'Create a contact (the sheet values); answers its _id',
    auth: 'session',
    access: { ...access, procedure: 'contact.create' },
    body: ZContactInput,
    response: z.object({ _id: z.string() }),
    status: 201,
    handler: async ({ body, session }) => ({
      _id: (await createContact(deps.db, session.user, body)).id,
    }),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/crm/contact/:id',
    tags,
    summary: 'One contact with its companies, agent and what the caller may do',
    auth: 'session',
    access: { ...access, procedure: 'contact.get' },
    params: ZIdParams,
    response: ZContactDetail,
    handler: ({ params, session }) => getContact(deps.db, session.user, params.id),
  });

  restRoute(app, deps, {
    method: 'PATCH',
    url: '/api/crm/contact/:id',
    tags,
    summary:
      "Update a contact: the sheet's values, or with ?version=1 only the changed fields (02 §7; contact.update's `changes`); answers the contact",
    auth: 'session',
    access: { ...access, procedure: 'contact.update' },
    params: ZIdParams,
    querystring: z.object({ version: z.enum(['1']).optional() }),
    // The body's schema depends on the version, so the handler reads it (a bad one is a 400
    // with its fields' Spanish texts, as any body).
    response: ZContactDetail,
    handler: ({ params, query, request, session }) =>
      query.version === '1'
        ? changeContact(deps, session.user, params.id, ZContactChanges.parse(request.body))
        : updateContact(deps.db, session.user, params.id, ZContactInput.parse(request.body)),
  });

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/crm/contact/validateNumber',
    tags,
    summary: 'Validate a phone number: duplicates, blocked numbers and what the caller may do',
    auth: 'session',
    access: { ...access, procedure: 'contact.validatePhone' },
    body: z.object({
      number: z.string().trim().min(1).max(40),
      contactId: z.string().uuid().optional(),
      extension: z.string().max(10).optional(),
    }),
    response: ZPhoneValidation,
    handler: ({ body, session }) => validatePhone(deps.db, session.user, body),
  });

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/crm/contact/:id/transfer',
    tags,
    summary: 'Transfer one contact to an agent; refusals carry errorCode (02 §8)',
    auth: 'session',
    access: { ...access, procedure: 'contact.transfer' },
    params: ZIdParams,
    body: z.object({
      receiver: z.string().uuid(),
      note: z.string().max(2500).optional(),
      keepReminderAndArchivingReason: z.boolean().optional(),
    }),
    response: z.object({ success: z.literal(true) }),
    handler: async ({ params, body, session, reply }) => {
      try {
        return await transferContact(deps.db, session.user, {
          contactId: params.id,
          agentId: body.receiver,
          note: body.note ?? '',
          keepReminderAndArchivingReason: body.keepReminderAndArchivingReason ?? false,
        });
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        // The legacy transfer answer names its code errorCode.
        return reply.status(error.httpStatus).send({
          code: error.code,
          errorCode: error.code,
          message: errorMessage(error.code),
        }) as never;
      }
    },
  });

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/crm/contact/:id/takeOver',
    tags,
    summary: "Take over a contact nobody is in charge of into the caller's portfolio",
    auth: 'session',
    access: { ...access, procedure: 'contact.takeOver' },
    // The id, or the reference the phone check gives for a contact the caller may not see.
    params: z.object({ id: ZContactIdOrRef }),
    response: z.object({
      success: z.literal(true),
      contactId: z.string(),
      events: z.array(z.object({ id: z.string(), type: z.string() })),
    }),
    handler: ({ params, session }) =>
      takeOverContact(deps.db, session.user, contactIdOf(session.user, params.id)),
  });

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/crm/contact/:id/subConversations',
    tags,
    summary: "A contact's sub-conversations",
    auth: 'session',
    access: { ...access, procedure: 'contact.subConversations' },
    params: ZIdParams,
    response: z.object({ subConversations: z.array(ZSubConversationItem) }),
    handler: async ({ params, session }) => ({
      subConversations: await listSubConversations(deps.db, session.user, params.id),
    }),
  });

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/crm/contact/:id/subConversation',
    tags,
    summary: 'Open a sub-conversation of a contact (body description, agent)',
    auth: 'session',
    access: { ...access, procedure: 'contact.createSubConversation' },
    params: z.object({ id: ZContactIdOrRef }),
    body: z.object({
      description: z.string().max(2500).optional(),
      agent: z.string().uuid().optional(),
    }),
    response: z.object({ id: z.string() }),
    status: 201,
    handler: ({ params, body, session }) =>
      createSubConversation(deps.db, session.user, {
        ...readContactRef(session.user, params.id),
        description: body.description ?? '',
        agentId: body.agent,
      }),
  });

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/crm/contact/unify',
    tags,
    summary: 'Unify contact B into contact A (or into B with base "B"); irreversible',
    auth: 'session',
    access: { ...access, procedure: 'contact.unify' },
    body: ZUnifyInput,
    response: z.object({ contactBaseId: z.string() }),
    handler: ({ body, session }) => unifyContacts(deps.db, session.user, body),
  });
}
