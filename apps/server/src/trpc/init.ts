import { initTRPC, TRPCError } from '@trpc/server';
import type { Role } from '@cartera/domain/roles';
import { DomainError, type ErrorCode } from '@cartera/domain/errors';
import { inputHygieneErrors } from '@cartera/domain/input';
import { assertAllowed } from '../modules/sessions/access';
import { isApiToken, resolveCredential } from '../modules/sessions/api-token.service';
import { apiTokenAdmits, CAPABILITY_ROLES, type Capability } from '@cartera/domain/policy';
import type { Context } from './context';
import { describeError, trpcCodeFor } from './errors';
import { transformer } from './transformer';

/**
 * What the route guard and the procedure reference (/api/docs/procedures) know about a
 * procedure. `area` is the screen path it serves (e.g. '/contacts'); without one it belongs to
 * the shell (session, menus, account) and every signed-in user may call it.
 * `duringPasswordChange` admits it while a password change is owed.
 */
export interface ProcedureMeta {
  area?: string;
  duringPasswordChange?: boolean;
  /** What it does, for developers (English). Every procedure has one: a test checks it. */
  description?: string;
  /** The domain errors it answers besides the ones every procedure of its kind may answer. */
  errors?: readonly ErrorCode[];
  /** Set by `roleProcedure`: the capability it requires (packages/domain policy). */
  capability?: Capability;
  /** Set by `roleProcedure`: only these roles (the capability's) may call it. */
  roles?: readonly Role[];
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    transformer,
    errorFormatter({ shape, error }) {
      const described = describeError(error);
      return {
        ...shape,
        message: described.message,
        data: {
          code: described.trpcCode,
          httpStatus: described.httpStatus,
          path: shape.data.path,
          domainCode: described.domainCode,
          details: described.details,
          fieldErrors: described.fieldErrors,
        },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const mergeRouters = t.mergeRouters;

/** Before any schema: no NUL bytes, halves of characters or unrepresentable dates, anywhere. */
async function checkRawInput(getRawInput: () => Promise<unknown>) {
  const unclean = inputHygieneErrors(await getRawInput());
  if (Object.keys(unclean).length > 0) {
    throw new DomainError('INVALID_REQUEST_BODY', { fields: unclean });
  }
}

/** A DomainError as the TRPCError of its own code (and so its HTTP status). */
const asTrpcError = (cause: DomainError) =>
  new TRPCError({ code: trpcCodeFor(cause.code), message: cause.code, cause });

/** A procedure's result with a DomainError thrown inside it given its own tRPC code. */
function withDomainCodes<R extends { ok: boolean; error?: TRPCError }>(result: R): R {
  if (!result.ok) {
    const cause = result.error?.cause;
    if (cause instanceof DomainError && result.error?.code === 'INTERNAL_SERVER_ERROR') {
      throw asTrpcError(cause);
    }
  }
  return result;
}

/**
 * Gives a DomainError its own tRPC code (and so its HTTP status) wherever it was thrown, so
 * callers, server-side callers and logs all see PERMISSION_DENIED as FORBIDDEN, not as a 500.
 */
export const publicProcedure = t.procedure.use(async function checkInput({
  ctx,
  next,
  getRawInput,
}) {
  await checkRawInput(getRawInput);
  // On a websocket, who is signed in is read again at each call (a logout, password change or
  // deactivation since the socket opened leaves no one), as protectedProcedure does.
  const session =
    ctx.transport === 'ws' && ctx.token ? await resolveCredential(ctx.db, ctx.token) : ctx.session;
  if (session?.apiToken) {
    try {
      await ctx.deps.apiTokenBudget.charge(session);
    } catch (error) {
      throw error instanceof DomainError ? asTrpcError(error) : error;
    }
  }
  return withDomainCodes(await next({ ctx: { session } }));
});

/**
 * A signed-in user: `ctx.session`, `ctx.user` and `ctx.tenantId` are set after it. The route
 * guard of the web is mirrored here for every procedure: an owed password change, a jail list
 * and the roles and slugs of the procedure's area. It checks the input as publicProcedure does,
 * in the same middleware: each layer costs every call copies of its options and context
 * (docs/performance.md, the timeline's floor).
 */
export const protectedProcedure = t.procedure.use(async function requireSession({
  ctx,
  meta,
  path,
  type,
  next,
  getRawInput,
}) {
  await checkRawInput(getRawInput);
  let session: NonNullable<Context['session']>;
  try {
    // A websocket keeps the session it opened with: each call on it checks it is still live.
    const resolved =
      ctx.transport === 'ws' && ctx.token
        ? await resolveCredential(ctx.db, ctx.token)
        : ctx.session;
    // An unknown or revoked personal API token is told so, not that a session expired.
    if (!resolved) {
      throw new DomainError(
        ctx.refusedApiToken || (ctx.token && isApiToken(ctx.token))
          ? 'API_TOKEN_INVALID'
          : 'UNAUTHENTICATED',
      );
    }
    // Every call of a token counts, over HTTP or a websocket, admitted or not.
    if (resolved.apiToken) await ctx.deps.apiTokenBudget.charge(resolved);
    if (resolved.apiToken && !apiTokenAdmits(resolved.apiToken.scope, { path, type })) {
      throw new DomainError('PERMISSION_DENIED');
    }
    assertAllowed(resolved.user, {
      area: meta?.area,
      procedure: path,
      duringPasswordChange: meta?.duringPasswordChange,
    });
    session = resolved;
  } catch (error) {
    throw error instanceof DomainError ? asTrpcError(error) : error;
  }
  const user = session.user;
  return withDomainCodes(await next({ ctx: { session, user, tenantId: user.tenantId } }));
});

/**
 * A signed-in user acting inside their tenant: every query is scoped by `ctx.tenantId` (which
 * every signed-in procedure has; the name says what the procedure relies on).
 */
export const tenantProcedure = protectedProcedure;

/** A tenant procedure open only to the users holding a named capability (domain policy). */
export function roleProcedure(capability: Capability) {
  return tenantProcedure
    .use(({ ctx, next }) => {
      assertAllowed(ctx.user, { capability, duringPasswordChange: true });
      return next();
    })
    .meta({ capability, roles: CAPABILITY_ROLES[capability] });
}
