import { protectedProcedure, router } from '../../trpc/init';
import { listActivity, ZActivityPage, ZListActivityInput } from './activity.service';

export const activityRouter = router({
  list: protectedProcedure
    .meta({
      description:
        "The caller's own recorded actions (logins, logouts, password changes, account switches) between `from` and `to` (one day of the 'Actividad' dialog), newest first, 25 per page with a keyset `cursor`. `byAnotherUser` marks actions done by an admin using the caller's account.",
    })
    .input(ZListActivityInput)
    .output(ZActivityPage)
    .query(({ ctx, input }) => listActivity(ctx.db, ctx.user, input)),
});
