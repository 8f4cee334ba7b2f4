import { z } from 'zod';
import type { Executor } from '@cartera/db/client';
import {
  DEFAULT_CHAT_ACTIONS,
  ZAppearanceConfig,
  type AppearanceUpdate,
} from '@cartera/domain/composer';
import { DomainError } from '@cartera/domain/errors';
import {
  ZPersonalConfig,
  type PersonalConfig,
  type PersonalConfigUpdate,
  type Profile,
  type ProfileUpdate,
} from '@cartera/domain/settings';
import type { AppDeps } from '../../deps';
import { checkedPhotoUrl } from '../files/file-access.service';
import type { AuthUser } from '../sessions/session.types';
import { findConfig, findProfile, patchConfig, updateProfileRow } from './settings.repository';

export { ZAppearanceUpdate } from '@cartera/domain/composer';
export {
  ZPersonalConfig,
  ZPersonalConfigUpdate,
  ZProfile,
  ZProfileUpdate,
} from '@cartera/domain/settings';

/** The appearance preferences as answered (01 §7 /settings/appearance). */
export const ZAppearance = z.object({
  defaultChatAction: z.enum(DEFAULT_CHAT_ACTIONS).nullable(),
});
export type Appearance = z.infer<typeof ZAppearance>;

function describeAppearance(stored: unknown): Appearance {
  const config = ZAppearanceConfig.parse(stored ?? {});
  return { defaultChatAction: config.defaultChatAction ?? null };
}

/** A stored row, or USER_NOT_FOUND when the caller's row is gone. */
function found<T>(stored: T | undefined): T {
  if (stored === undefined) throw new DomainError('USER_NOT_FOUND');
  return stored;
}

/** The caller's own appearance preferences. */
export async function appearanceOf(db: Executor, user: AuthUser): Promise<Appearance> {
  return describeAppearance(
    found(await findConfig(db, user.tenantId, user.id, 'appearanceConfig')),
  );
}

/**
 * Changes the caller's own appearance preferences: a value sets it, null forgets it, a missing
 * key leaves it. Input is validated by the caller (tRPC input or REST body).
 */
export async function updateAppearance(
  db: Executor,
  user: AuthUser,
  input: AppearanceUpdate,
): Promise<Appearance> {
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  if (input.defaultChatAction === null) remove.push('defaultChatAction');
  else if (input.defaultChatAction !== undefined) set.defaultChatAction = input.defaultChatAction;
  const stored = await patchConfig(db, user.tenantId, user.id, 'appearanceConfig', {
    set,
    remove,
  });
  return describeAppearance(found(stored));
}

/** The caller's own personal config (03 §3 User personalConfig). */
export async function personalConfigOf(db: Executor, user: AuthUser): Promise<PersonalConfig> {
  return ZPersonalConfig.parse(
    found(await findConfig(db, user.tenantId, user.id, 'personalConfig')),
  );
}

/** Changes the caller's own personal config (PATCH /user/config/personalConfig). */
export async function updatePersonalConfig(
  db: Executor,
  user: AuthUser,
  input: PersonalConfigUpdate,
): Promise<PersonalConfig> {
  const stored = await patchConfig(db, user.tenantId, user.id, 'personalConfig', {
    set: { callOnPhone: input.callOnPhone },
    remove: [],
  });
  return ZPersonalConfig.parse(found(stored));
}

/** The caller's own name, lastname and photo. */
export async function profileOf(db: Executor, user: AuthUser): Promise<Profile> {
  return found(await findProfile(db, user.tenantId, user.id));
}

/**
 * Changes the caller's own profile (PATCH /settings/profile): what the input names, nothing
 * else. A photo must be a file the caller's company stored through the upload flow (its key
 * starts with the tenant); its permanent address is what the user row keeps.
 */
export async function updateProfile(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  user: AuthUser,
  input: ProfileUpdate,
): Promise<Profile> {
  const change: { name?: string; lastname?: string; photo?: string | null } = {};
  if (input.name !== undefined) change.name = input.name;
  if (input.lastname !== undefined) change.lastname = input.lastname;
  if (input.photoPath === null) change.photo = null;
  else if (input.photoPath !== undefined) {
    // Only a file the server found uploaded as declared (issue #30 §5).
    change.photo = await checkedPhotoUrl(deps, user, input.photoPath);
  }
  if (Object.keys(change).length === 0) return profileOf(deps.db, user);
  return found(await updateProfileRow(deps.db, user.tenantId, user.id, change));
}
