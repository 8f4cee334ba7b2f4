import { z } from 'zod';
import { es } from './i18n/es';

/*
 * The user's own settings (01 §2 /settings, §7 Settings): profile and personal config. One
 * definition for the screen and the server; appearance lives in composer.ts, which reads it.
 */

export const MAX_PROFILE_NAME_LENGTH = 100;

/** The image types a profile photo may have, as the file chooser's `accept`. */
export const PROFILE_PHOTO_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp';

/**
 * A stored file's key as the upload flow answers it (`<tenant>/<via>/<uuid>/<name>`) whose name
 * ends as an image does. The server also checks the tenant part is the caller's.
 */
export const PHOTO_KEY = /^[\w-]+\/[\w-]{1,40}\/[\w-]+\/[^/\\]+\.(jpe?g|png|gif|webp)$/i;

const texts = es.settings.profile;

const unknownKeys = (issue: { code?: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys'
    ? es.settings.unknownKeys.replace('{keys}', (issue.keys ?? []).join(', '))
    : es.settings.invalidBody;

/**
 * What a user may change of their profile (PATCH /settings/profile): a missing key leaves it
 * as it is; `photoPath` null removes the photo.
 */
export const ZProfileUpdate = z.strictObject(
  {
    name: z
      .string({ error: texts.nameRequired })
      .trim()
      .min(1, texts.nameRequired)
      .max(MAX_PROFILE_NAME_LENGTH, texts.nameTooLong)
      .optional(),
    lastname: z
      .string({ error: texts.lastnameInvalid })
      .trim()
      .max(MAX_PROFILE_NAME_LENGTH, texts.lastnameTooLong)
      .optional(),
    /** The storage key of a photo sent through the upload flow. */
    photoPath: z
      .string({ error: texts.photoInvalid })
      .max(1000, texts.photoInvalid)
      .regex(PHOTO_KEY, texts.photoInvalid)
      .nullable()
      .optional(),
  },
  { error: unknownKeys },
);
export type ProfileUpdate = z.infer<typeof ZProfileUpdate>;

/** The profile as answered: `photo` is the photo's permanent address. */
export const ZProfile = z.object({
  name: z.string(),
  lastname: z.string(),
  photo: z.string().nullable(),
});
export type Profile = z.infer<typeof ZProfile>;

/**
 * The user's personal config (PATCH /user/config/personalConfig, 03 §3 User
 * personalConfig.callOnPhone): calls go to the user's own mobile phone.
 */
export const ZPersonalConfigUpdate = z.strictObject(
  { callOnPhone: z.boolean({ error: es.settings.personal.callOnPhoneInvalid }) },
  { error: unknownKeys },
);
export type PersonalConfigUpdate = z.infer<typeof ZPersonalConfigUpdate>;

/** The stored config as answered: unknown keys and values left by older clients dropped. */
export const ZPersonalConfig = z.object({
  callOnPhone: z.boolean().catch(false).default(false),
});
export type PersonalConfig = z.infer<typeof ZPersonalConfig>;
