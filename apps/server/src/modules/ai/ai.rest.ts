import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DomainError } from '@cartera/domain/errors';
import { errorMessage } from '@cartera/domain/i18n/errors';
import type { AppDeps } from '../../deps';
import { restRoute } from '../../http/rest';
import { startDraft } from './ai.service';

/** One server-sent event: its name and its JSON data. */
function sse(event: 'message' | 'done' | 'error', data: unknown) {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * 02 §7 GET /crm/contact/{id}/aitools/message: 'Sugerir respuesta' as a stream of server-sent
 * events. Refusals (flag off, contact not visible, no endpoint, limit reached, and an endpoint
 * that fails before its first word) answer the usual JSON error with its status; once the draft
 * flows, each piece is an event `message` ({ text }), and the answer ends on `done`
 * ({ draft }: the whole text) or, when the endpoint breaks off, on `error` ({ code, message }).
 */
export function registerAiRoutes(app: FastifyInstance, deps: AppDeps) {
  restRoute(app, deps, {
    method: 'GET',
    url: '/api/crm/contact/:id/aitools/message',
    tags: ['contacts'],
    summary:
      "A draft of the seller's next reply to the contact, streamed (text/event-stream): events `message` with { text } as the model writes, then `done` with { draft }, or `error` with { code, message } ('Error de conexión') if the endpoint breaks off. Nothing is sent to the customer.",
    auth: 'session',
    access: { procedure: 'ai.draft' },
    params: z.object({ id: z.uuid() }),
    response: z.unknown(),
    file: 'text/event-stream',
    handler: async ({ session, params, request, reply }) => {
      const stopped = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableEnded) stopped.abort();
      });
      const draft = await startDraft(deps, session.user, params.id, stopped.signal);
      // The first piece decides between a JSON error and a stream.
      const first = await draft.next();
      async function* events() {
        let text = '';
        try {
          if (!first.done) {
            text += first.value;
            yield sse('message', { text: first.value });
            for await (const piece of draft) {
              text += piece;
              yield sse('message', { text: piece });
            }
          }
          yield sse('done', { draft: text.trim() });
        } catch (error) {
          if (stopped.signal.aborted) return;
          const code = error instanceof DomainError ? error.code : 'AI_UNAVAILABLE';
          request.log.warn({ err: error }, 'AI draft broke off');
          yield sse('error', { code, message: errorMessage(code) });
        }
      }
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no')
        .send(Readable.from(events()));
    },
  });
}
