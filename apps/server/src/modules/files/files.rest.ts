import type { FastifyInstance } from 'fastify';
import { DomainError } from '@cartera/domain/errors';
import type { AppDeps } from '../../deps';
import { restRoute } from '../../http/rest';
import { LOCAL_FILES_PATH, LocalStorage } from '../../storage/local-storage';
import { createSignedUpload, ZCreateUploadInput, ZCreateUploadOutput } from './files.service';

/** Legacy upload paths (01 §7 Uploads) and, for local storage, the upload target itself. */
export async function registerFilesRoutes(app: FastifyInstance, deps: AppDeps) {
  restRoute(app, deps, {
    method: 'POST',
    url: '/api/aws/documents',
    tags: ['files'],
    summary: 'Signed URL to upload a file (PUT it with the returned headers)',
    auth: 'session',
    body: ZCreateUploadInput,
    response: ZCreateUploadOutput,
    handler: ({ body, session }) => createSignedUpload(deps.storage, session.user.tenantId, body),
  });

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/settings/getPressignedUrl',
    tags: ['files'],
    summary: 'Signed URL for settings uploads (logo, photo, signature)',
    auth: 'session',
    body: ZCreateUploadInput.partial({ via: true }),
    response: ZCreateUploadOutput,
    handler: ({ body, session }) =>
      createSignedUpload(deps.storage, session.user.tenantId, {
        ...body,
        via: body.via ?? 'settings',
      }),
  });

  const storage = deps.storage;
  if (!(storage instanceof LocalStorage)) return;

  // The upload target: raw bytes, in a context of its own so no body parser buffers them.
  await app.register(async (files) => {
    files.removeAllContentTypeParsers();
    files.addContentTypeParser('*', (_request, _payload, done) => done(null));

    files.put(`${LOCAL_FILES_PATH}/*`, { schema: { hide: true } }, async (request, reply) => {
      const key = keyOf(request.params);
      const query = request.query as Record<string, string | undefined>;
      const length = request.headers['content-length'];
      // A request refused before its body ends is answered with 'connection: close' by Node,
      // so the rest of an oversized body is never waited for.
      await storage.receive({
        key,
        expires: query.expires,
        signature: query.signature,
        contentType: request.headers['content-type'],
        contentDisposition: request.headers['content-disposition'],
        contentLength: length === undefined ? undefined : Number(length),
        body: request.raw,
      });
      return reply.status(200).send({ url: storage.publicUrl(key) });
    });

    files.get(`${LOCAL_FILES_PATH}/*`, { schema: { hide: true } }, async (request, reply) => {
      const file = await storage.open(keyOf(request.params));
      if (!file) throw new DomainError('NOT_FOUND');
      reply.header('content-type', file.meta.contentType);
      reply.header('content-length', file.meta.size);
      reply.header('x-content-type-options', 'nosniff');
      // Uploaded HTML or SVG must never run as our origin.
      reply.header('content-security-policy', "default-src 'none'; sandbox");
      reply.header('cache-control', 'private, max-age=31536000, immutable');
      if (file.meta.contentDisposition) {
        reply.header('content-disposition', file.meta.contentDisposition);
      }
      return reply.send(file.stream);
    });
  });
}

/**
 * The key of a file path. The router has already percent-decoded it: decoding it again would
 * break names with '%' in them (a 500 for 'informe 100%.pdf').
 */
function keyOf(params: unknown): string {
  return (params as { '*': string })['*'];
}
