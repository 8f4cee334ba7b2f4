import type { Executor } from '@cartera/db/client';
import { DomainError } from '@cartera/domain/errors';
import {
  noticePreferencesOf,
  noticeTypesOf,
  NOTICE_TYPE_NAMES,
  type NotificationPreferences,
  type SaveNotificationPreferencesInput,
} from '@cartera/domain/notification-preferences';
import type { AuthUser } from '../sessions/session.types';
import { findConfig, patchConfig } from './settings.repository';

export {
  ZNotificationPreferences,
  ZSaveNotificationPreferencesInput,
} from '@cartera/domain/notification-preferences';

function found<T>(stored: T | undefined): T {
  if (stored === undefined) throw new DomainError('USER_NOT_FOUND');
  return stored;
}

/** The caller's own notice preferences: each type their role has, stored over its defaults. */
export async function notificationPreferencesOf(
  db: Executor,
  user: AuthUser,
): Promise<NotificationPreferences> {
  const stored = found(await findConfig(db, user.tenantId, user.id, 'notificationPreferences'));
  return noticePreferencesOf(user.roles, stored);
}

/**
 * Changes the caller's own notice preferences: the switches named, of the types named; a type
 * the caller's role does not have is refused (PERMISSION_DENIED) and nothing is stored.
 */
export async function saveNotificationPreferences(
  db: Executor,
  user: AuthUser,
  input: SaveNotificationPreferencesInput,
): Promise<NotificationPreferences> {
  const own = new Set(noticeTypesOf(user.roles));
  const named = NOTICE_TYPE_NAMES.filter((type) => input[type] !== undefined);
  if (named.some((type) => !own.has(type))) throw new DomainError('PERMISSION_DENIED');
  const stored = found(
    await findConfig(db, user.tenantId, user.id, 'notificationPreferences'),
  ) as Record<string, Record<string, boolean> | undefined>;
  const set: Record<string, unknown> = {};
  for (const type of named) set[type] = { ...(stored[type] ?? {}), ...input[type] };
  if (!named.length) return noticePreferencesOf(user.roles, stored);
  const saved = await patchConfig(db, user.tenantId, user.id, 'notificationPreferences', {
    set,
    remove: [],
  });
  return noticePreferencesOf(user.roles, found(saved));
}
