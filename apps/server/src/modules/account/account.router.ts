import { z } from 'zod';
import { DomainError } from '@cartera/domain/errors';
import type { Context } from '../../trpc/context';
import { protectedProcedure, roleProcedure, router } from '../../trpc/init';
import { describeSession, ZMe } from '../auth/auth.service';
import { resolveSession } from '../sessions/session.service';
import { contextOrigin } from '../audit/audit.service';
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
  companies: roleProcedure('administer')
    .meta({
      description:
        "Every active company (tenant) of the platform, by name, that an admin may pick under 'Otra empresa' to list its users.",
    })
    .output(z.array(z.object({ id: z.string(), name: z.string(), country: z.string() })))
    .query(({ ctx }) => listCompanies(ctx.db)),

  users: roleProcedure('administer')
    .meta({
      description:
        "The active users of a company (the admin's own when `tenantId` is omitted) an admin may act as, grouped in the sections project managers, comercial, supervisors and sellers; the caller is left out, `search` matches name, last name or e-mail.",
      errors: ['NOT_FOUND'],
    })
    .input(ZListAccountUsersInput)
    .output(ZAccountUsers)
    .query(({ ctx, input }) => listAccountUsers(ctx.db, ctx.session, input)),

  switchTo: roleProcedure('administer')
    .meta({
      description:
        "An admin starts using another user's account: the session now acts as that user and remembers the admin for account.returnToAdmin; answers the new identity (as auth.me). A signed-in session only (never an API token); audited in both companies' logs when they differ. The target must be an active user of a listed section, never an admin, a user manager or the caller (else PERMISSION_DENIED).",
      errors: ['USER_NOT_FOUND'],
    })
    .input(ZTarget)
    .output(ZMe)
    .mutation(async ({ ctx, input }) => {
      await switchAccount(ctx.db, ctx.session, input, contextOrigin(ctx));
      return currentMe(ctx);
    }),

  returnToAdmin: protectedProcedure
    .meta({
      description:
        "'Volver a administrador': the session stops acting as another user and returns to the admin who switched to it; answers the admin's identity (as auth.me). Audited.",
      errors: ['NOT_IMPERSONATING'],
    })
    .output(ZMe)
    .mutation(async ({ ctx }) => {
      await returnToAdmin(ctx.db, ctx.session, contextOrigin(ctx));
      return currentMe(ctx);
    }),

  linked: protectedProcedure
    .meta({
      description:
        "The caller's other active accounts (the same person in other companies or groups, by linked-account key), for users with linked accounts active; empty otherwise.",
    })
    .output(z.array(ZAccountUser))
    .query(({ ctx }) => listLinkedAccounts(ctx.db, ctx.session)),

  switchLinked: protectedProcedure
    .meta({
      description:
        "Moves the session to another of the caller's linked accounts (one of account.linked, else PERMISSION_DENIED) and answers the new identity (as auth.me); no impersonation is involved.",
    })
    .input(ZTarget)
    .output(ZMe)
    .mutation(async ({ ctx, input }) => {
      await switchLinkedAccount(ctx.db, ctx.session, input, contextOrigin(ctx));
      return currentMe(ctx);
    }),
});
