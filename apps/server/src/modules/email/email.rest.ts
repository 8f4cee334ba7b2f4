import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { restRoute } from '../../http/rest';
import { auditByRequest } from '../audit/audit.service';
import {
  connectImapAccount,
  disconnectEmailAccount,
  emailAccountsOf,
  updateEmailSignature,
  ZConnectImapInput,
  ZEmailAccountView,
  ZUpdateSignatureInput,
} from './email.service';
import { registerNylasRoutes } from './nylas.rest';

/** Personal e-mail's paths of 01 §7 for API clients; the same services as tRPC's `email`. */
export function registerEmailRoutes(app: FastifyInstance, deps: AppDeps) {
  const tags = ['email'];
  const SETTINGS = { area: '/settings' };

  restRoute(app, deps, {
    method: 'GET',
    url: '/api/nylas',
    tags,
    summary: "The caller's connected mailboxes (address, signature, id; never the password)",
    auth: 'session',
    access: { ...SETTINGS, procedure: 'email.accounts' },
    response: z.array(ZEmailAccountView),
    handler: ({ session }) => emailAccountsOf(deps.db, session.user),
  });

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/nylas/connectImap',
    tags,
    summary:
      'Connects a mailbox by IMAP and SMTP after signing in to both (a refusal stores nothing)',
    auth: 'session',
    access: { ...SETTINGS, procedure: 'email.connectImap' },
    body: ZConnectImapInput,
    response: ZEmailAccountView,
    status: 201,
    handler: ({ session, body, request }) =>
      connectImapAccount(deps, session.user, body, auditByRequest(session, request)),
  });

  restRoute(app, deps, {
    method: 'PATCH',
    url: '/api/nylas',
    tags,
    summary: "Changes a mailbox's signature (formatting only is kept)",
    auth: 'session',
    access: { ...SETTINGS, procedure: 'email.updateSignature' },
    body: ZUpdateSignatureInput,
    response: ZEmailAccountView,
    handler: ({ session, body }) => updateEmailSignature(deps.db, session.user, body),
  });

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/nylas/logoutV3',
    tags,
    summary: 'Disconnects a mailbox (its servers and password are deleted)',
    auth: 'session',
    access: { ...SETTINGS, procedure: 'email.disconnect' },
    body: z.object({ id: z.string().uuid() }),
    response: z.object({ ok: z.literal(true) }),
    handler: ({ session, body, request }) =>
      disconnectEmailAccount(deps.db, session.user, body.id, auditByRequest(session, request)),
  });

  registerNylasRoutes(app, deps);
}
