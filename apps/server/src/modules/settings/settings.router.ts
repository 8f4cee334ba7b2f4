import { protectedProcedure, router } from '../../trpc/init';
import { appearanceOf, updateAppearance, ZAppearance, ZAppearanceUpdate } from './settings.service';

/** The signed-in user's own settings (01 §7 Settings). */
export const settingsRouter = router({
  /** The caller's appearance preferences (03 §2.2 composer default). */
  appearance: protectedProcedure
    .output(ZAppearance)
    .query(({ ctx }) => appearanceOf(ctx.db, ctx.user)),

  /** Changes the caller's own appearance preferences, never another user's. */
  updateAppearance: protectedProcedure
    .input(ZAppearanceUpdate)
    .output(ZAppearance)
    .mutation(({ ctx, input }) => updateAppearance(ctx.db, ctx.user, input)),
});
