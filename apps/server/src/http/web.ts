import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '@cartera/domain/errors';

/** The built web app (apps/web/dist), when it has been built. */
export function webDistFolder(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    const folder = join(dirname(require.resolve('@cartera/web/package.json')), 'dist');
    return existsSync(join(folder, 'index.html')) ? folder : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Serves the web app at / with history fallback: any GET outside /api that is not a file gets
 * index.html, and the client router decides (including its Spanish 404 page). Unknown /api paths
 * answer a JSON NOT_FOUND.
 */
export async function registerWebApp(app: FastifyInstance, folder: string | undefined) {
  if (folder) {
    await app.register(fastifyStatic, {
      root: folder,
      wildcard: false,
      index: false,
      // The build writes `.br` and `.gz` copies beside each text file (apps/web/vite.config.ts):
      // they are sent as they are to a browser that accepts them, never compressed per request.
      preCompressed: true,
      setHeaders(reply, path) {
        // Vite's assets carry a content hash in their names; everything else may change.
        // (`path` is the file sent: `x.js.br` for a compressed copy of `x.js`.)
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (folder && request.method === 'GET' && !path.startsWith('/api/') && path !== '/api') {
      reply.header('cache-control', 'no-cache');
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    throw new DomainError('NOT_FOUND');
  });
}
