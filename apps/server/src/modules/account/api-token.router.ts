import { z } from 'zod';
import { protectedProcedure, router } from '../../trpc/init';
import { auditBy } from '../audit/audit.service';
import {
  createApiToken,
  listApiTokens,
  revokeApiToken,
  ZApiTokenView,
  ZCreateApiTokenInput,
} from './api-token.service';

/** The user's personal API tokens (/settings 'Tokens de API'); a signed-in session only. */
const tokenProcedure = protectedProcedure.meta({ area: '/settings' });

export const apiTokenRouter = router({
  list: tokenProcedure
    .meta({
      description:
        "The caller's personal API tokens, newest first, revoked ones included (name, scope, creation, last use, revocation); never the tokens themselves.",
    })
    .output(z.array(ZApiTokenView))
    .query(({ ctx }) => listApiTokens(ctx.db, ctx.user)),
  create: tokenProcedure
    .meta({
      description:
        "Creates a personal API token of the caller with a name and a scope (read: queries and subscriptions; write: also mutations; admin: also the company's configuration). The answer's `token` (`cart_…`, sent as `Authorization: Bearer`) is shown once and never again. Audited (name and scope, never the token).",
    })
    .input(ZCreateApiTokenInput)
    .output(ZApiTokenView.extend({ token: z.string() }))
    .mutation(({ ctx, input }) => createApiToken(ctx.db, ctx.user, input, auditBy(ctx))),
  revoke: tokenProcedure
    .meta({
      description:
        "Revokes one of the caller's own API tokens: it stops working. NOT_FOUND for an unknown id, another user's token or one already revoked. Audited.",
      errors: ['NOT_FOUND'],
    })
    .input(z.object({ id: z.string().uuid() }))
    .output(z.object({ ok: z.literal(true) }))
    .mutation(({ ctx, input }) => revokeApiToken(ctx.db, ctx.user, input.id, auditBy(ctx))),
});
