import { z } from 'zod';
import { router, tenantProcedure } from '../../trpc/init';
import { lookupUsers, ZLookupUsersInput, ZUserSummary } from './users.service';

export const usersRouter = router({
  lookup: tenantProcedure
    .meta({
      description:
        "Active users of the caller's company for pickers, by name: those matching `search` (name, last name or e-mail, 15 at most), or those of `ids` (to show a picker's current values).",
    })
    .input(ZLookupUsersInput)
    .output(z.array(ZUserSummary))
    .query(({ ctx, input }) => lookupUsers(ctx.db, ctx.tenantId, input)),
});
