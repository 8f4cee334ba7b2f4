import { z } from 'zod';
import { ZChangePasswordInput } from '@cartera/domain/password';
import { protectedProcedure, publicProcedure, router } from '../../trpc/init';
import {
  changePassword,
  describeSession,
  dismissNewVersion,
  exchangeToken,
  login,
  logout,
  ZLoginInput,
  ZMe,
} from './auth.service';

const ZOk = z.object({ ok: z.literal(true) });

export const authRouter = router({
  /** Who is signed in (null when nobody): the web's route guard starts here. */
  me: publicProcedure
    .output(ZMe.nullable())
    .query(({ ctx }) => (ctx.session ? describeSession(ctx.db, ctx.session) : null)),

  login: publicProcedure
    .input(ZLoginInput)
    .output(ZMe)
    .mutation(async ({ ctx, input }) => {
      const result = await login(ctx.db, input, { ip: ctx.ip, userAgent: ctx.userAgent });
      ctx.cookie?.set(result.token, result.expiresAt);
      return describeSession(ctx.db, result.session);
    }),

  logout: publicProcedure.output(ZOk).mutation(async ({ ctx }) => {
    await logout(ctx.db, ctx.session, ctx.token);
    ctx.cookie?.clear();
    return { ok: true as const };
  }),

  /** `?token=` in an address: the token becomes this browser's session cookie. */
  exchangeToken: publicProcedure
    .input(z.object({ token: z.string().min(10).max(200) }))
    .output(ZMe)
    .mutation(async ({ ctx, input }) => {
      const session = await exchangeToken(ctx.db, input.token);
      ctx.cookie?.set(input.token, session.expiresAt);
      return describeSession(ctx.db, session);
    }),

  changePassword: protectedProcedure
    .meta({ duringPasswordChange: true })
    .input(ZChangePasswordInput)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await changePassword(ctx.db, ctx.session, input);
      return { ok: true as const };
    }),

  /** The new-version presentation was seen: it is not shown again. */
  dismissNewVersion: protectedProcedure.output(ZOk).mutation(async ({ ctx }) => {
    await dismissNewVersion(ctx.db, ctx.session);
    return { ok: true as const };
  }),
});
