import { z } from 'zod';
import { router, tenantProcedure } from '../../trpc/init';
import { lookupUsers, ZLookupUsersInput, ZUserSummary } from './users.service';

export const usersRouter = router({
  /** Active colleagues of the tenant for pickers, 15 at most. */
  lookup: tenantProcedure
    .input(ZLookupUsersInput)
    .output(z.array(ZUserSummary))
    .query(({ ctx, input }) => lookupUsers(ctx.db, ctx.tenantId, input)),
});
