import type { ErrorCode } from '@cartera/domain/errors';
import type { ProcedureMeta } from './init';

/** What decides the codes every procedure of a kind may answer. */
export interface ProcedureKind {
  type: 'query' | 'mutation' | 'subscription';
  /** Whether it needs a signed-in user (protectedProcedure and those built on it). */
  session: boolean;
  /** Whether it is admitted while a password change is owed (`meta.duringPasswordChange`). */
  duringPasswordChange: boolean;
}

/**
 * The domain codes any procedure of a kind may answer whatever it does, from the layers in front
 * of it (init.ts's middlewares, the origin guard, the token budget). A procedure's own
 * `meta.errors` lists only the codes beyond these; the reference (/api/docs/procedures) shows
 * both, and the fuzz suite checks that every answered code is one of them.
 */
export function commonErrors(kind: ProcedureKind): ErrorCode[] {
  // Every input is checked (schema and hygiene); any call with an API token counts against its
  // rate limit.
  const codes: ErrorCode[] = ['INVALID_REQUEST_BODY', 'TOO_MANY_REQUESTS'];
  if (kind.type === 'mutation') {
    // The origin guard: a cookie-borne mutation from another site, or in a form encoding.
    codes.push('CROSS_SITE_REQUEST', 'UNSUPPORTED_MEDIA_TYPE');
  }
  if (kind.session) {
    // No session, or an unknown or revoked API token; the route guard, the token's scope.
    codes.push('UNAUTHENTICATED', 'API_TOKEN_INVALID', 'PERMISSION_DENIED');
    if (!kind.duringPasswordChange) codes.push('PASSWORD_CHANGE_REQUIRED');
  }
  codes.push('INTERNAL_SERVER_ERROR');
  return codes;
}

/** Every code a procedure may answer: its kind's common codes and its own `meta.errors`. */
export function procedureErrors(meta: ProcedureMeta, kind: ProcedureKind): ErrorCode[] {
  const codes = new Set<ErrorCode>(commonErrors(kind));
  for (const code of meta.errors ?? []) codes.add(code);
  // The common server failure is listed last, after the procedure's own codes.
  codes.delete('INTERNAL_SERVER_ERROR');
  codes.add('INTERNAL_SERVER_ERROR');
  return [...codes];
}
