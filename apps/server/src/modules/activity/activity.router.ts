import { protectedProcedure, router } from '../../trpc/init';
import { listActivity, ZActivityPage, ZListActivityInput } from './activity.service';

export const activityRouter = router({
  /** The signed-in user's own actions of one day ('Actividad' dialog), 25 per page. */
  list: protectedProcedure
    .input(ZListActivityInput)
    .output(ZActivityPage)
    .query(({ ctx, input }) => listActivity(ctx.db, ctx.user, input)),
});
