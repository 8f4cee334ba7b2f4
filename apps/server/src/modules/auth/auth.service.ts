import { z } from 'zod';
import type { Database, Executor } from '@cartera/db/client';
import { hashPassword, verifyPassword } from '@cartera/db/passwords';
import { DomainError } from '@cartera/domain/errors';
import { isValidNewPassword, type TChangePasswordInput } from '@cartera/domain/password';
import { passwordChangeOwed } from '@cartera/domain/security';
import { ROLES, USER_TYPES } from '@cartera/domain/roles';
import { recordAction } from '../activity/activity.service';
import {
  createSession,
  resolveSession,
  revokeSession,
  deleteOtherSessions,
  hashToken,
} from '../sessions/session.service';
import { mustChangePassword, type AuthSession } from '../sessions/session.types';
import {
  deleteAttemptIds,
  deleteAttempts,
  deleteAttemptsBefore,
  findTenantAndGroup,
  findUserByEmail,
  reserveAttempts,
  markNewVersionSeen,
  requirePasswordChangeByPolicy,
  updatePassword,
} from './auth.repository';
import { findUser } from '../users/users.service';
import { tenantSettings } from '../tenant-settings/tenant-settings.service';
import { lastEventId } from '../../realtime/event-store';
import { countFormChannels } from '../channels/channel-options.service';
import { countActiveForms } from '../forms/forms.service';

/** The 11th failed attempt for one e-mail within 15 minutes is refused (issue #3). */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_EMAIL = 10;
/** Generous per address: an office behind one IP has many sellers. */
export const MAX_FAILURES_PER_IP = 100;

export const ZLoginInput = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(200),
});

/** Who is signed in, as the shell needs it. */
export const ZMe = z.object({
  user: z.object({
    id: z.string(),
    name: z.string(),
    lastname: z.string(),
    email: z.string(),
    photo: z.string().nullable(),
    color: z.string().nullable(),
    role: z.enum(ROLES),
    roles: z.array(z.enum(ROLES)),
    userType: z.enum(USER_TYPES),
    jailUrl: z.array(z.string()),
    mustChangePassword: z.boolean(),
    showNewVersionPresentation: z.boolean(),
    linkedAccountsActive: z.boolean(),
  }),
  tenant: z.object({
    id: z.string(),
    name: z.string(),
    logo: z.string().nullable(),
    country: z.string(),
  }),
  group: z.object({ id: z.string(), name: z.string() }),
  featureFlags: z.record(z.string(), z.union([z.literal(0), z.literal(1)])),
  /**
   * The company's last live event id when this was read: the web's live stream starts from it
   * (`realtime.events` `lastEventId`), so nothing that happens after this read is missed.
   */
  eventPosition: z.string(),
  settings: z.object({
    presale: z.boolean(),
    formChannels: z.number(),
    /** The company's name of 'Solicitudes' (01 §2 configurable label); null: the default. */
    requestSaleLabel: z.string().nullable(),
    /** The company's minimum password length (its security rules; the checklist asks for it). */
    passwordMinLength: z.number().int(),
  }),
  /** Set while an admin uses another account: who to return to. */
  impersonatedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type Me = z.infer<typeof ZMe>;

/** Verifying against a real hash when the e-mail is unknown keeps both answers equally slow. */
let decoyHash: Promise<string> | undefined;
function decoy() {
  decoyHash ??= hashPassword('decoy-password-not-used');
  return decoyHash;
}

export async function describeSession(db: Executor, session: AuthSession): Promise<Me> {
  const { user } = session;
  const [row, places, realUser, saleConfig, security, position, formChannels] = await Promise.all([
    findUser(db, user.tenantId, user.id),
    findTenantAndGroup(db, user.tenantId, user.groupId),
    session.realUserId && session.realTenantId
      ? findUser(db, session.realTenantId, session.realUserId)
      : Promise.resolve(undefined),
    tenantSettings(db, user.tenantId, 'sale'),
    tenantSettings(db, user.tenantId, 'security'),
    lastEventId(db, user.tenantId),
    menuFormCount(db, user),
  ]);
  if (!row) throw new DomainError('UNAUTHENTICATED');
  const tenant = places.find((place) => place.id === user.tenantId)!;
  const group = places.find((place) => place.id === user.groupId) ?? tenant;
  return {
    user: {
      id: row.id,
      name: row.name,
      lastname: row.lastname,
      email: row.email,
      photo: row.photo,
      color: row.color,
      role: user.role,
      roles: user.roles,
      userType: row.userType,
      jailUrl: row.jailUrl,
      mustChangePassword: mustChangePassword(user),
      showNewVersionPresentation: row.showNewVersionPresentation,
      linkedAccountsActive: row.linkedAccountsActive,
    },
    tenant: {
      id: tenant.id,
      name: tenant.displayName || tenant.name,
      logo: tenant.logo,
      country: tenant.country,
    },
    group: { id: group.id, name: group.displayName || group.name },
    featureFlags: user.featureFlags as Record<string, 0 | 1>,
    eventPosition: String(position),
    settings: {
      presale: saleConfig.presale === true,
      formChannels,
      requestSaleLabel: saleConfig.requestSaleLabel ?? null,
      passwordMinLength: security.passwordMinLength,
    },
    impersonatedBy: realUser
      ? { id: realUser.id, name: `${realUser.name} ${realUser.lastname}`.trim() }
      : null,
  };
}

export interface LoginResult {
  token: string;
  expiresAt: Date;
  session: AuthSession;
}

/**
 * Signs a user in. Failures are counted per e-mail and per address whether or not the e-mail
 * exists, and the answer is the same for a wrong password, an unknown e-mail or an inactive
 * user, so neither the message nor the limit tells who has an account.
 */
export async function login(
  db: Database,
  input: z.infer<typeof ZLoginInput>,
  client: { ip: string | null; userAgent: string | null },
  now = new Date(),
): Promise<LoginResult> {
  const email = input.email.trim().toLowerCase();
  const emailKey = `email:${email}`;
  const ipKey = `ip:${client.ip ?? 'unknown'}`;
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  // Every attempt is recorded as a failure before the password is checked, atomically with the
  // count; a right password then takes its record back. However many logins for one e-mail run
  // at once or in one batch, at most MAX_FAILURES_PER_EMAIL of them check a password.
  const reserved = await reserveAttempts(
    db,
    [
      { key: emailKey, max: MAX_FAILURES_PER_EMAIL },
      { key: ipKey, max: MAX_FAILURES_PER_IP },
    ],
    since,
  );
  if (!reserved) throw new DomainError('TOO_MANY_LOGIN_ATTEMPTS');

  const user = await findUserByEmail(db, email);
  const valid = await verifyPassword(user?.passwordHash ?? (await decoy()), input.password);
  if (!user || !valid || !user.active) throw new DomainError('INVALID_CREDENTIALS');
  // The company's policy (issue #17): a password shorter than its minimum or past its expiry
  // must be changed before anything else (the session then owes the change, mustChangePassword).
  const rules = await tenantSettings(db, user.tenantId, 'security');
  const owed =
    !user.requirePasswordChangeByPolicy &&
    passwordChangeOwed(rules, { value: input.password, changedAt: user.passwordChangedAt }, now);

  const { token, expiresAt } = await db.transaction(async (tx) => {
    await deleteAttempts(tx, emailKey);
    await deleteAttemptIds(tx, reserved);
    if (owed) await requirePasswordChangeByPolicy(tx, user.tenantId, user.id);
    const created = await createSession(
      tx,
      { tenantId: user.tenantId, userId: user.id, ip: client.ip, userAgent: client.userAgent },
      now,
    );
    await recordAction(tx, { tenantId: user.tenantId, userId: user.id, type: 'login' });
    return created;
  });
  const session = await resolveSession(db, token, now);
  if (!session) throw new DomainError('INVALID_CREDENTIALS');
  return { token, expiresAt, session };
}

export async function logout(db: Database, session: AuthSession | null, token?: string) {
  if (!session || !token) return;
  await recordAction(db, {
    tenantId: session.realTenantId ?? session.user.tenantId,
    userId: session.realUserId ?? session.user.id,
    type: 'logout',
  });
  await revokeSession(db, token);
}

/**
 * A token from the address (`?token=`) becomes this browser's session, if it is alive and the
 * browser is signed in as no one else: a link never replaces a session (a login CSRF would have
 * the victim type into the attacker's account), SESSION_ACTIVE.
 */
export async function exchangeToken(
  db: Database,
  token: string,
  current: AuthSession | null,
): Promise<AuthSession> {
  if (current && current.tokenHash !== hashToken(token)) throw new DomainError('SESSION_ACTIVE');
  const session = await resolveSession(db, token);
  if (!session) throw new DomainError('UNAUTHENTICATED');
  return session;
}

/**
 * 01 §5 and §8: code 1 empty password, code 2 the current password does not match (shown on
 * that field), code 3 the new password equals the current one. The rules of the form are
 * checked again here: the server never trusts the checklist.
 */
export async function changePassword(
  db: Database,
  session: AuthSession,
  input: TChangePasswordInput,
): Promise<void> {
  const { user } = session;
  if (!input.currentPassword || !input.newPassword) {
    throw new DomainError('PASSWORD_EMPTY', { legacyCode: 1 });
  }
  const row = await findUser(db, user.tenantId, user.id);
  if (!row || !(await verifyPassword(row.passwordHash, input.currentPassword))) {
    throw new DomainError('PASSWORD_MISMATCH', { legacyCode: 2, field: 'currentPassword' });
  }
  if (input.newPassword === input.currentPassword) {
    throw new DomainError('PASSWORD_REUSED', { legacyCode: 3, field: 'newPassword' });
  }
  // The company's minimum (its security rules) over the product's rules, as the checklist shows.
  const { passwordMinLength } = await tenantSettings(db, user.tenantId, 'security');
  if (
    !isValidNewPassword(input.newPassword, passwordMinLength) ||
    input.repeatPassword !== input.newPassword
  ) {
    throw new DomainError('PASSWORD_INVALID', { field: 'newPassword' });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await updatePassword(tx, user.tenantId, user.id, passwordHash);
    await deleteOtherSessions(tx, user.tenantId, user.id, session.tokenHash);
    await recordAction(tx, {
      tenantId: user.tenantId,
      userId: user.id,
      actorUserId: session.realUserId,
      type: 'password-changed',
    });
  });
}

export async function dismissNewVersion(db: Executor, session: AuthSession) {
  await markNewVersionSeen(db, session.user.tenantId, session.user.id);
}

/** Failed attempts older than the limit's window count for nothing (the hourly job). */
export function purgeLoginAttempts(db: Executor, now = new Date()) {
  return deleteAttemptsBefore(db, new Date(now.getTime() - LOGIN_WINDOW_MS));
}

/**
 * 'Formularios' shows when the company has a lead-ads channel (01 §2 'the form channel count') or
 * an active form of its own (issue #42 item 3, docs/decisions.md 'Forms (issue #42 item 3)').
 */
async function menuFormCount(db: Executor, user: AuthSession['user']) {
  const [channels, forms] = await Promise.all([
    countFormChannels(db, user),
    countActiveForms(db, user.tenantId),
  ]);
  return channels.count + forms;
}
