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
  me: publicProcedure
    .meta({
      description:
        "Who is signed in, as the web's shell needs it: the user (roles, jail, owed password change), tenant, group, feature flags, settings and, while an admin uses another account, who to return to. Answers null when the request carries no live session; the web's route guard starts here.",
    })
    .output(ZMe.nullable())
    .query(({ ctx }) => (ctx.session ? describeSession(ctx.db, ctx.session) : null)),

  login: publicProcedure
    .meta({
      description:
        "Signs in with e-mail and password: sets the session cookie, records a 'login' action and answers who is signed in (as auth.me). Failed attempts are counted per e-mail (the 11th within 15 minutes is refused) and per client address, and the answer is the same for a wrong password, an unknown e-mail or an inactive user.",
      errors: ['INVALID_CREDENTIALS', 'TOO_MANY_LOGIN_ATTEMPTS'],
    })
    .input(ZLoginInput)
    .output(ZMe)
    .mutation(async ({ ctx, input }) => {
      const result = await login(ctx.db, input, { ip: ctx.ip, userAgent: ctx.userAgent });
      ctx.cookie?.set(result.token, result.expiresAt);
      return describeSession(ctx.db, result.session);
    }),

  logout: publicProcedure
    .meta({
      description:
        "Ends the caller's session: records a 'logout' action, revokes the session token and clears the session cookie. Without a live session it does nothing and still answers ok.",
    })
    .output(ZOk)
    .mutation(async ({ ctx }) => {
      await logout(ctx.db, ctx.session, ctx.token);
      ctx.cookie?.clear();
      return { ok: true as const };
    }),

  exchangeToken: publicProcedure
    .meta({
      description:
        "Turns a session token received in an address (`?token=`) into this browser's session cookie and answers who is signed in (as auth.me). Refused with SESSION_ACTIVE while the request carries another live session (a link never replaces one). The token must be a live session token; a personal API token or an ended session answers UNAUTHENTICATED.",
      errors: ['UNAUTHENTICATED', 'SESSION_ACTIVE'],
    })
    .input(z.object({ token: z.string().min(10).max(200) }))
    .output(ZMe)
    .mutation(async ({ ctx, input }) => {
      const session = await exchangeToken(ctx.db, input.token, ctx.session);
      ctx.cookie?.set(input.token, session.expiresAt);
      return describeSession(ctx.db, session);
    }),

  changePassword: protectedProcedure
    .meta({
      duringPasswordChange: true,
      description:
        "Changes the caller's own password, also while a password change is owed: the current password must match, and the new one must differ from it, follow the password rules and equal its repetition. Every other session of the user ends; refusals carry the legacy code (1 empty, 2 mismatch, 3 reused) and the field in `details`.",
      errors: ['PASSWORD_EMPTY', 'PASSWORD_MISMATCH', 'PASSWORD_REUSED', 'PASSWORD_INVALID'],
    })
    .input(ZChangePasswordInput)
    .output(ZOk)
    .mutation(async ({ ctx, input }) => {
      await changePassword(ctx.db, ctx.session, input);
      return { ok: true as const };
    }),

  dismissNewVersion: protectedProcedure
    .meta({
      description:
        'Marks the new-version presentation as seen by the caller: auth.me stops asking the web to show it.',
    })
    .output(ZOk)
    .mutation(async ({ ctx }) => {
      await dismissNewVersion(ctx.db, ctx.session);
      return { ok: true as const };
    }),
});
