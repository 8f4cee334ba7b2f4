import { z } from 'zod';
import { protectedProcedure, router } from '../../trpc/init';
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
    .output(z.array(ZApiTokenView))
    .query(({ ctx }) => listApiTokens(ctx.db, ctx.user)),
  /** The answer's `token` is shown once and never again. */
  create: tokenProcedure
    .input(ZCreateApiTokenInput)
    .output(ZApiTokenView.extend({ token: z.string() }))
    .mutation(({ ctx, input }) => createApiToken(ctx.db, ctx.user, input)),
  revoke: tokenProcedure
    .input(z.object({ id: z.string().uuid() }))
    .output(z.object({ ok: z.literal(true) }))
    .mutation(({ ctx, input }) => revokeApiToken(ctx.db, ctx.user, input.id)),
});
