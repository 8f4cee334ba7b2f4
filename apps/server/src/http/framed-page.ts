import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorMessage } from '@cartera/domain/i18n';
import type { AppDeps } from '../deps';
import type { AuthUser } from '../modules/sessions/session.types';
import { sessionOf } from './rest';

/** Where the web embeds another site's page: `FRAMED_PAGE_PATH?url=<the page's address>`. */
export const FRAMED_PAGE_PATH = '/api/frame';

/** What an embedded page may do inside its frame (the same as the web's own frames allowed). */
const SANDBOX = 'allow-forms allow-popups allow-same-origin allow-scripts allow-downloads';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

function page(body: string, frameOrigin?: string) {
  return {
    html: `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Cartera</title><style>html,body{margin:0;height:100%}iframe{display:block;border:0;width:100%;height:100%}p{font:14px system-ui,sans-serif;margin:16px;color:#444}</style></head><body>${body}</body></html>`,
    csp: [
      "default-src 'none'",
      "style-src 'unsafe-inline'",
      `frame-src ${frameOrigin ?? "'none'"}`,
      "frame-ancestors 'self'",
      "base-uri 'none'",
      "form-action 'none'",
    ].join('; '),
  };
}

/**
 * Issue #30 S13: the web's own pages may frame nothing but themselves (`frame-src 'self'
 * blob:`). A page of another site that the company configured to be shown inside Cartera (an
 * internal shortcut of 03 §5, the coach's meeting page of 02 §2 screen 7) is framed through this
 * page of ours, which checks the caller's session and that the address's origin is one the
 * caller's company configured, now, and lets its own frame reach that origin only.
 */
export function registerFramedPage(
  app: FastifyInstance,
  deps: AppDeps,
  framedOrigins: (user: AuthUser) => Promise<readonly string[]>,
) {
  const ZQuery = z.object({ url: z.string().max(4_000) });
  app.get(FRAMED_PAGE_PATH, { schema: { hide: true } }, async (request, reply) => {
    const send = (status: number, answer: ReturnType<typeof page>) =>
      reply
        .status(status)
        .header('content-security-policy', answer.csp)
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'strict-origin-when-cross-origin')
        .type('text/html; charset=utf-8')
        .send(answer.html);
    const session = await sessionOf(deps, request);
    if (!session || session.apiToken) {
      return send(401, page(`<p>${escapeHtml(errorMessage('UNAUTHENTICATED'))}</p>`));
    }
    const parsed = ZQuery.safeParse(request.query);
    let target: URL | null;
    try {
      target = parsed.success ? new URL(parsed.data.url) : null;
    } catch {
      target = null;
    }
    const allowed =
      target !== null &&
      (target.protocol === 'https:' || target.protocol === 'http:') &&
      (await framedOrigins(session.user)).includes(target.origin);
    if (!target || !allowed) {
      return send(403, page(`<p>${escapeHtml(errorMessage('FRAME_NOT_ALLOWED'))}</p>`));
    }
    return send(
      200,
      page(
        `<iframe src="${escapeHtml(target.href)}" sandbox="${SANDBOX}" referrerpolicy="strict-origin-when-cross-origin" allow="camera; microphone; fullscreen; display-capture"></iframe>`,
        target.origin,
      ),
    );
  });
}
