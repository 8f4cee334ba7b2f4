import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { restRoute } from '../../http/rest';
import { header } from '../../providers/provider-http';
import { auditByRequest } from '../audit/audit.service';
import { ZEmailAccountView } from './email.service';
import { answerNylasChallenge, connectNylasAccount, receiveNylasWebhook } from './nylas.service';

/** Nylas's notifications are small; a larger body is refused before it is read whole. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * Nylas v3's paths: POST /api/nylas/authV3 (01 §7: the hosted authentication's `code` and, as
 * `id`, the `state` it came back with) and Nylas's webhook, /api/webhooks/nylas, whose context
 * keeps the raw bytes (the signature is over exactly what was sent).
 */
export function registerNylasRoutes(app: FastifyInstance, deps: AppDeps) {
  restRoute(app, deps, {
    method: 'POST',
    url: '/api/nylas/authV3',
    tags: ['email'],
    summary:
      "Completes Nylas's hosted authentication: `code` and, as `id`, the `state` it came back with; stores the mailbox (a refused code stores nothing)",
    auth: 'session',
    access: { area: '/settings', procedure: 'email.connectNylas' },
    body: z.object({
      code: z.string().trim().min(1).max(2000),
      id: z.string().trim().min(1).max(500),
    }),
    response: ZEmailAccountView,
    status: 201,
    handler: ({ session, body, request }) =>
      connectNylasAccount(
        deps,
        session.user,
        { code: body.code, state: body.id },
        auditByRequest(session, request),
      ),
  });

  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.get(
      '/api/webhooks/nylas',
      {
        schema: {
          tags: ['webhooks'],
          summary:
            "Nylas's verification of the webhook: answers its `challenge` as it came (404 when Nylas is not configured).",
        },
      },
      async (request, reply) => {
        const challenge = answerNylasChallenge(
          deps,
          (request.query as Record<string, unknown> | undefined)?.challenge,
        );
        if (challenge === null) return reply.status(404).type('text/plain').send('not found');
        return reply.type('text/plain').send(challenge);
      },
    );
    scope.post(
      '/api/webhooks/nylas',
      {
        schema: {
          tags: ['webhooks'],
          summary:
            "Nylas's notifications (message.created, grant.expired…). `x-nylas-signature` is checked on the raw body: 401 when it does not match, 200 once the notification is stored.",
        },
      },
      async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const answer = await receiveNylasWebhook(
          deps,
          body,
          header(request.headers, 'x-nylas-signature'),
          header(request.headers, 'content-encoding'),
        );
        return reply.status(answer.status).type('text/plain').send(answer.body);
      },
    );
  });
}
