import { z } from 'zod';
import type { Executor } from '@cartera/db/client';
import {
  DEFAULT_CHAT_ACTIONS,
  ZAppearanceConfig,
  type AppearanceUpdate,
} from '@cartera/domain/composer';
import { DomainError } from '@cartera/domain/errors';
import type { AuthUser } from '../sessions/session.types';
import { findAppearanceConfig, patchAppearanceConfig } from './settings.repository';

export { ZAppearanceUpdate } from '@cartera/domain/composer';

/** The appearance preferences as answered (01 §7 /settings/appearance). */
export const ZAppearance = z.object({
  defaultChatAction: z.enum(DEFAULT_CHAT_ACTIONS).nullable(),
});
export type Appearance = z.infer<typeof ZAppearance>;

function describe(stored: unknown): Appearance {
  const config = ZAppearanceConfig.parse(stored ?? {});
  return { defaultChatAction: config.defaultChatAction ?? null };
}

/** The caller's own appearance preferences. */
export async function appearanceOf(db: Executor, user: AuthUser): Promise<Appearance> {
  const stored = await findAppearanceConfig(db, user.tenantId, user.id);
  if (stored === undefined) throw new DomainError('USER_NOT_FOUND');
  return describe(stored);
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
  const stored = await patchAppearanceConfig(db, user.tenantId, user.id, { set, remove });
  if (stored === undefined) throw new DomainError('USER_NOT_FOUND');
  return describe(stored);
}
