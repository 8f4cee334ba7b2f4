import { protectedProcedure, router } from '../../trpc/init';
import {
  appearanceOf,
  personalConfigOf,
  profileOf,
  updateAppearance,
  updatePersonalConfig,
  updateProfile,
  ZAppearance,
  ZAppearanceUpdate,
  ZPersonalConfig,
  ZPersonalConfigUpdate,
  ZProfile,
  ZProfileUpdate,
} from './settings.service';
import {
  notificationPreferencesOf,
  saveNotificationPreferences,
  ZNotificationPreferences,
  ZSaveNotificationPreferencesInput,
} from './notification-preferences.service';

const AREA = '/settings';

/** The signed-in user's own settings (01 §2 /settings, §7 Settings). */
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

  profile: protectedProcedure
    .meta({
      area: AREA,
      description: "The caller's own name, lastname and photo (the photo's address, or null).",
      errors: ['USER_NOT_FOUND'],
    })
    .output(ZProfile)
    .query(({ ctx }) => profileOf(ctx.db, ctx.user)),

  updateProfile: protectedProcedure
    .meta({
      area: AREA,
      description:
        "Changes the caller's own name, lastname or photo, never another user's: a missing key leaves it, `photoPath` null removes the photo. A photo is the storage key of an image the caller's company uploaded through the upload flow. Answers the profile as it is now.",
      errors: ['USER_NOT_FOUND', 'PROFILE_PHOTO_INVALID'],
    })
    .input(ZProfileUpdate)
    .output(ZProfile)
    .mutation(({ ctx, input }) => updateProfile(ctx.deps, ctx.user, input)),

  personalConfig: protectedProcedure
    .meta({
      area: AREA,
      description:
        "The caller's own personal config: `callOnPhone`, whether calls ring on their mobile phone.",
      errors: ['USER_NOT_FOUND'],
    })
    .output(ZPersonalConfig)
    .query(({ ctx }) => personalConfigOf(ctx.db, ctx.user)),

  updatePersonalConfig: protectedProcedure
    .meta({
      area: AREA,
      description:
        "Changes the caller's own personal config (`callOnPhone`), never another user's. Answers the config as it is now.",
      errors: ['USER_NOT_FOUND'],
    })
    .input(ZPersonalConfigUpdate)
    .output(ZPersonalConfig)
    .mutation(({ ctx, input }) => updatePersonalConfig(ctx.db, ctx.user, input)),

  notificationPreferences: protectedProcedure
    .meta({
      description:
        "The caller's own notice preferences (issue #33 item 2): one row per notice type the caller's role has (`customerMessage`; `teamCustomerMessage` for supervisors), each with `toast`, `sound` and `browser` (the browser's notification, shown only once the browser grants it), stored values over the type's defaults.",
      errors: ['USER_NOT_FOUND'],
    })
    .output(ZNotificationPreferences)
    .query(({ ctx }) => notificationPreferencesOf(ctx.db, ctx.user)),

  saveNotificationPreferences: protectedProcedure
    .meta({
      area: AREA,
      description:
        "Changes the caller's own notice preferences, never another user's: for each notice type named, the switches named (`toast`, `sound`, `browser`); what is not named stays. A type the caller's role does not have answers PERMISSION_DENIED and stores nothing. Answers the preferences as they are now.",
      errors: ['USER_NOT_FOUND', 'PERMISSION_DENIED'],
    })
    .input(ZSaveNotificationPreferencesInput)
    .output(ZNotificationPreferences)
    .mutation(({ ctx, input }) => saveNotificationPreferences(ctx.db, ctx.user, input)),
});
