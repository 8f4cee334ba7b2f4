import { protectedProcedure, router } from '../../trpc/init';
import { appearanceOf, updateAppearance, ZAppearance, ZAppearanceUpdate } from './settings.service';

/** The signed-in user's own settings (01 §7 Settings). */
export const settingsRouter = router({
  appearance: protectedProcedure
    .meta({
      description:
        "The caller's own appearance preferences: `defaultChatAction`, the composer's default action (null when none is chosen).",
    })
    .output(ZAppearance)
    .query(({ ctx }) => appearanceOf(ctx.db, ctx.user)),

  updateAppearance: protectedProcedure
    .meta({
      description:
        "Changes the caller's own appearance preferences, never another user's: a value sets it, null forgets it, a missing key leaves it as it is. Answers the preferences as they are now.",
    })
    .input(ZAppearanceUpdate)
    .output(ZAppearance)
    .mutation(({ ctx, input }) => updateAppearance(ctx.db, ctx.user, input)),
});
