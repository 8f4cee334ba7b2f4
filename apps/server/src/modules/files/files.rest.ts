import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '@cartera/domain/errors';
import type { AppDeps } from '../../deps';
import { requestOrigin } from '../../http/origin-guard';
import { restRoute, sessionOf } from '../../http/rest';
import { LOCAL_FILES_PATH, LocalStorage } from '../../storage/local-storage';
import {
  assertMayRead,
  ownerOfKey,
  S3_REDIRECT_SECONDS,
  servedHeaders,
} from './file-access.service';
import { createSignedUpload, ZCreateUploadInput, ZCreateUploadOutput } from './files.service';
import { claimUpload, findUpload, finishUpload } from './uploads.repository';

/** Legacy upload paths (01 §7 Uploads) and, for local storage, the upload target itself. */
export async function registerFilesRoutes(app: FastifyInstance, deps: AppDeps) {
  // A page opened on another host name than PUBLIC_URL uploads to its own origin (a PUT to
  // PUBLIC_URL would be cross-origin); an origin we do not answer on gets a relative URL.
  const uploadOrigin = (request: FastifyRequest) =>
    requestOrigin(request, deps.env.publicUrl) ?? '';

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/aws/documents',
    tags: ['files'],
    summary: 'Signed URL to upload a file (PUT it with the returned headers)',
    auth: 'session',
    // No procedure mints upload URLs: personal API tokens are refused.
    access: { procedure: null },
    body: ZCreateUploadInput,
    response: ZCreateUploadOutput,
    handler: ({ body, session, request }) =>
      createSignedUpload(deps, session.user, body, uploadOrigin(request)),
  });

  restRoute(app, deps, {
    method: 'POST',
    url: '/api/settings/getPressignedUrl',
    tags: ['files'],
    summary: 'Signed URL for settings uploads (logo, photo, signature)',
    auth: 'session',
    // No procedure mints upload URLs: personal API tokens are refused.
    access: { procedure: null },
    body: ZCreateUploadInput.partial({ via: true }),
    response: ZCreateUploadOutput,
    handler: ({ body, session, request }) =>
      createSignedUpload(
        deps,
        session.user,
        { ...body, via: body.via ?? 'settings' },
        uploadOrigin(request),
      ),
  });

  const storage = deps.storage;

  // The permanent address of every file: the caller's session and the record the file belongs
  // to are checked (file-access.service), then local storage streams it and S3 redirects to a
  // URL signed for 5 minutes. A signed read URL (local storage) needs no session until it expires.
  app.get(`${LOCAL_FILES_PATH}/*`, { schema: { hide: true } }, async (request, reply) => {
    const key = keyOf(request.params);
    const query = request.query as Record<string, string | undefined>;
    const signed =
      storage instanceof LocalStorage &&
      query.signature !== undefined &&
      storage.verifyRead(key, query.expires, query.signature);
    if (!signed) {
      const session = await sessionOf(deps, request);
      if (!session) throw new DomainError('UNAUTHENTICATED');
      await assertMayRead(deps, session.user, key);
    }
    reply.header('x-content-type-options', 'nosniff');
    reply.header('vary', 'cookie, authorization');
    if (!(storage instanceof LocalStorage)) {
      const stored = await storage.stat(key);
      if (!stored) throw new DomainError('NOT_FOUND');
      const location = await storage.signedReadUrl(
        key,
        S3_REDIRECT_SECONDS,
        servedHeaders(stored.contentType, key),
      );
      reply.header('cache-control', 'no-store');
      return reply.redirect(location, 302);
    }
    const file = await storage.open(key);
    if (!file) throw new DomainError('NOT_FOUND');
    const served = servedHeaders(file.meta.contentType, key);
    reply.header('content-type', served.contentType);
    reply.header('content-disposition', served.contentDisposition);
    reply.header('content-length', file.meta.size);
    // Whatever a file holds, it never runs as our origin.
    reply.header('content-security-policy', "default-src 'none'; sandbox");
    reply.header('cache-control', 'private, max-age=300');
    return reply.send(file.stream);
  });

  if (!(storage instanceof LocalStorage)) return;

  // The upload target: raw bytes, in a context of its own so no body parser buffers them.
  await app.register(async (files) => {
    files.removeAllContentTypeParsers();
    files.addContentTypeParser('*', (_request, _payload, done) => done(null));

    files.put(`${LOCAL_FILES_PATH}/*`, { schema: { hide: true } }, async (request, reply) => {
      const key = keyOf(request.params);
      const query = request.query as Record<string, string | undefined>;
      const length = request.headers['content-length'];
      const tenantId = ownerOfKey(key)?.tenantId;
      let claimed = false;
      // A request refused before its body ends is answered with 'connection: close' by Node,
      // so the rest of an oversized body is never waited for.
      try {
        await storage.receive(
          {
            key,
            expires: query.expires,
            size: query.size,
            signature: query.signature,
            contentType: request.headers['content-type'],
            contentDisposition: request.headers['content-disposition'],
            contentLength: length === undefined ? undefined : Number(length),
            body: request.raw,
          },
          // One PUT per URL: the upload's row is taken before a byte is read.
          async () => {
            if (tenantId && (await claimUpload(deps.db, tenantId, key))) {
              claimed = true;
              return;
            }
            const known = tenantId ? await findUpload(deps.db, tenantId, key) : undefined;
            throw new DomainError(known ? 'UPLOAD_URL_USED' : 'UPLOAD_URL_INVALID');
          },
        );
      } catch (error) {
        if (claimed) await finishUpload(deps.db, tenantId!, key, 'pending');
        throw error;
      }
      await finishUpload(deps.db, tenantId!, key, 'uploaded');
      return reply.status(200).send({ url: storage.publicUrl(key) });
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
