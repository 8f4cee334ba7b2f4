import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { answerHandshake, receiveWebhook } from './channel-inbound.service';
import { webhookReceived } from './webhook-inbox';

/**
 * The providers' webhooks: `/api/webhooks/{provider}/{key}`, one URL per channel. They live in
 * their own Fastify context whose only body parser keeps the raw bytes, because signatures are
 * computed over exactly what was sent (X-Hub-Signature-256, X-Twilio-Signature).
 */
const ZParams = z.object({
  provider: z.string().regex(/^[a-z0-9]{1,20}$/),
  key: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
});

/** Webhook bodies are small; a larger one is refused before it is read whole. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

function paramsOf(request: FastifyRequest) {
  const parsed = ZParams.safeParse(request.params);
  return parsed.success ? parsed.data : null;
}

export async function registerChannelWebhooks(server: FastifyInstance, deps: AppDeps) {
  await server.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    const documented = (summary: string) => ({
      tags: ['webhooks'],
      summary,
      params: {
        type: 'object',
        properties: { provider: { type: 'string' }, key: { type: 'string' } },
        required: ['provider', 'key'],
      },
    });

    scope.get(
      '/api/webhooks/:provider/:key',
      {
        schema: documented(
          "A provider's subscription handshake (Meta: hub.mode, hub.verify_token, hub.challenge): answers the challenge when the channel's verify token matches, else 403.",
        ),
      },
      async (request, reply) => {
        const params = paramsOf(request);
        const query = Object.fromEntries(
          Object.entries((request.query ?? {}) as Record<string, unknown>).filter(
            (entry): entry is [string, string] => typeof entry[1] === 'string',
          ),
        );
        const challenge = params
          ? await answerHandshake(deps, params.provider, params.key, query)
          : null;
        if (challenge === null) return reply.status(403).type('text/plain').send('forbidden');
        return reply.type('text/plain').send(challenge);
      },
    );

    scope.post(
      '/api/webhooks/:provider/:key',
      {
        schema: documented(
          "A provider's events for one channel (messages, delivery receipts, connection changes). The signature is checked on the raw body; 401 when it does not match, 404 for an unknown channel, 200 once every event is stored.",
        ),
      },
      async (request, reply) => {
        const answered = webhookReceived(deps);
        try {
          const params = paramsOf(request);
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const answer = await receiveWebhook(deps, params?.provider ?? '', params?.key ?? '', {
            rawBody: body,
            headers: request.headers,
            url: `${deps.env.publicUrl}${request.url}`,
          });
          return reply.type(answer.contentType).send(answer.body);
        } finally {
          answered();
        }
      },
    );
  });
}
