import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorMessage } from '@cartera/domain/i18n';
import type { AppDeps } from '../deps';

export const ZHealth = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['up', 'down']),
  code: z.string().optional(),
  message: z.string().optional(),
});

/** Liveness with a database check: 200 when it answers, 503 when it does not. */
export function registerHealthRoute(app: FastifyInstance, deps: AppDeps) {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Health of the server and its database',
        response: {
          200: z.toJSONSchema(ZHealth, { target: 'openapi-3.0' }),
          503: z.toJSONSchema(ZHealth, { target: 'openapi-3.0' }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await deps.database.ping(2_000);
        return reply.status(200).send({ status: 'ok', database: 'up' });
      } catch (error) {
        deps.logger.warn({ err: error }, 'health: database unreachable');
        return reply.status(503).send({
          status: 'unavailable',
          database: 'down',
          code: 'SERVICE_UNAVAILABLE',
          message: errorMessage('SERVICE_UNAVAILABLE'),
        });
      }
    },
  );
}
