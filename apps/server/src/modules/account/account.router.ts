import { z } from 'zod';
import { DomainError } from '@cartera/domain/errors';
import type { Context } from '../../trpc/context';
import { protectedProcedure, roleProcedure, router } from '../../trpc/init';
import { describeSession, ZMe } from '../auth/auth.service';
import { resolveSession } from '../sessions/session.service';
import {
  listAccountUsers,
  listCompanies,
  listLinkedAccounts,
  returnToAdmin,
  switchAccount,
  switchLinkedAccount,
  ZAccountUser,
  ZAccountUsers,
  ZListAccountUsersInput,
} from './account.service';

const ZTarget = z.object({ tenantId: z.string().uuid(), userId: z.string().uuid() });

/** The session as it is after a switch, described for the shell. */
async function currentMe(ctx: Context) {
  const session = ctx.token ? await resolveSession(ctx.db, ctx.token) : null;
  if (!session) throw new DomainError('UNAUTHENTICATED');
  return describeSession(ctx.db, session);
}

export const accountRouter = router({
  /** Companies an admin may pick under 'Otra empresa'. */
  companies: roleProcedure('admin')
    .output(z.array(z.object({ id: z.string(), name: z.string(), country: z.string() })))
    .query(({ ctx }) => listCompanies(ctx.db)),

  users: roleProcedure('admin')
    .input(ZListAccountUsersInput)
    .output(ZAccountUsers)
    .query(({ ctx, input }) => listAccountUsers(ctx.db, ctx.session, input)),

  switchTo: roleProcedure('admin')
    .input(ZTarget)
    .output(ZMe)
    .mutation(async ({ ctx, input }) => {
      await switchAccount(ctx.db, ctx.session, input);
      return currentMe(ctx);
    }),

  /** 'Volver a administrador'. */
  returnToAdmin: protectedProcedure.output(ZMe).mutation(async ({ ctx }) => {
    await returnToAdmin(ctx.db, ctx.session);
    return currentMe(ctx);
  }),

  linked: protectedProcedure
    .output(z.array(ZAccountUser))
    .query(({ ctx }) => listLinkedAccounts(ctx.db, ctx.session)),

  switchLinked: protectedProcedure
    .input(ZTarget)
    .output(ZMe)
    .mutation(async ({ ctx, input }) => {
      await switchLinkedAccount(ctx.db, ctx.session, input);
      return currentMe(ctx);
    }),
});
