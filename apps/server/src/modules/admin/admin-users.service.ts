import { z } from 'zod';
import type { Database, Executor } from '@cartera/db/client';
import { hashPassword } from '@cartera/db/passwords';
import type {
  ZCreateUserInput,
  ZResetPasswordInput,
  ZUpdateUserInput,
} from '@cartera/domain/admin';
import { DomainError } from '@cartera/domain/errors';
import { can, CAPABILITY_ROLES } from '@cartera/domain/policy';
import { newId } from '@cartera/domain/ids';
import { PRODUCT_TYPES, ROLES, USER_TYPES, type Role } from '@cartera/domain/roles';
import type { FileStorage } from '../../storage/storage';
import { checkedPhotoUrl } from '../files/file-access.service';
import { revokeUserApiTokens } from '../sessions/api-token.service';
import { deleteUserSessions } from '../sessions/session.service';
import type { AuthSession } from '../sessions/session.types';
import {
  emailTaken,
  findAdminUser,
  findAdminUsers,
  findKeyHolders,
  insertUser,
  linkedElsewhere,
  setLinkedKey,
  updateUser as updateUserRow,
} from './admin.repository';
import { requireGroup } from './admin-groups.service';
import { changedFields, recordUserAudit, type RequestOrigin } from '../audit/audit.service';
import { unlessTaken } from '../../lib/sql';
import { pickFields } from '../../lib/fields';

/*
 * The users of 'Administración': listed per group, created with a first password they must
 * change, edited, deactivated (every session and open stream of theirs ends at once: a
 * deactivated user's credential no longer resolves, and their sessions are deleted) and
 * reactivated, their password reset or its change asked for. Admins and user managers manage
 * users; only an admin grants the admin role or changes an admin.
 */

/** The roles that administer users: taking them from oneself would lock one out. */
const USER_ADMIN_ROLES: readonly Role[] = CAPABILITY_ROLES.manageUsers;

export const ZAdminUser = z.object({
  id: z.string(),
  groupId: z.string(),
  groupName: z.string(),
  name: z.string(),
  lastname: z.string(),
  email: z.string(),
  roles: z.array(z.enum(ROLES)),
  userType: z.enum(USER_TYPES),
  active: z.boolean(),
  jailUrl: z.array(z.string()),
  color: z.string().nullable(),
  phoneWork: z.string().nullable(),
  country: z.string().nullable(),
  forcePasswordChange: z.boolean(),
  /** The photo's permanent address (as the avatar reads it); null shows the initials. */
  photo: z.string().nullable(),
  productType: z.enum(PRODUCT_TYPES).nullable(),
  /** 01 §3 `linkedAccounts.active`: may switch to the linked accounts. */
  linkedAccountsActive: z.boolean(),
  /** The other accounts of the same person in this company. */
  linkedUserIds: z.array(z.string()),
  createdAt: z.date(),
});
export type AdminUser = z.infer<typeof ZAdminUser>;

export const ZListUsersInput = z.object({
  groupId: z.string().uuid().optional(),
  /** With groupId: also the users of the groups below it. */
  subtree: z.boolean().optional(),
  search: z.string().trim().max(100).optional(),
});

export const ZUserIdInput = z.object({ id: z.string().uuid() });
export const ZSetUserActiveInput = z.object({ id: z.string().uuid(), active: z.boolean() });

type UserRow = NonNullable<Awaited<ReturnType<typeof findAdminUser>>>;

/** What the audit log keeps of a user (never a password or its hash). */
function auditedUser(row: UserRow) {
  return {
    ...pickFields(row, [
      'name',
      'lastname',
      'email',
      'roles',
      'userType',
      'groupId',
      'jailUrl',
      'color',
      'phoneWork',
      'country',
      'active',
      'productType',
      'linkedAccountsActive',
      'photo',
    ]),
    linkedUserIds: [...row.linkedUserIds].sort(),
  };
}

/**
 * Links a user to other accounts of the same person in the company: they all get one
 * linked-account key (the user's, or a new one); accounts of the company that held it and are
 * no longer chosen lose it. Accounts of other companies sharing the key keep it (an
 * administrator sees only their own company). Only accounts the caller may manage are linked: a
 * user manager links no admin (whose account the user could then switch into).
 */
async function relink(
  tx: Executor,
  session: AuthSession,
  user: { id: string; linkedAccountKey: string | null },
  chosenIds: readonly string[],
) {
  const tenantId = session.user.tenantId;
  const chosen = [...new Set(chosenIds)].filter((id) => id !== user.id);
  const holders = user.linkedAccountKey
    ? (await findKeyHolders(tx, tenantId, user.linkedAccountKey)).map((row) => row.id)
    : [];
  const added = chosen.filter((id) => !holders.includes(id));
  const dropped = holders.filter((id) => id !== user.id && !chosen.includes(id));
  if (added.length === 0 && dropped.length === 0) return;
  for (const id of [...added, ...dropped]) {
    assertMayManage(session, await requireUser(tx, tenantId, id));
  }
  const key = user.linkedAccountKey ?? newId();
  await setLinkedKey(tx, tenantId, dropped, null);
  const keep = chosen.length > 0 || (await linkedElsewhere(tx, tenantId, key));
  await setLinkedKey(tx, tenantId, [user.id, ...chosen], keep ? key : null);
}

export async function listUsers(
  db: Executor,
  tenantId: string,
  input: z.infer<typeof ZListUsersInput>,
): Promise<AdminUser[]> {
  if (input.groupId) await requireGroup(db, tenantId, input.groupId);
  return findAdminUsers(db, tenantId, {
    groupId: input.groupId,
    subtree: input.subtree === true,
    search: input.search || undefined,
  });
}

const isAdmin = (session: AuthSession) => can(session.user, 'administer');

/** A user manager neither grants the admin role nor changes an admin (01 §6: admins only). */
function assertMayManage(
  session: AuthSession,
  target: { roles: readonly Role[] } | null,
  roles?: readonly Role[],
) {
  if (isAdmin(session)) return;
  if ((target && can(target, 'administer')) || roles?.includes('admin')) {
    throw new DomainError('USER_ROLE_NOT_ALLOWED');
  }
}

async function requireUser(db: Executor, tenantId: string, id: string, lock = false) {
  const user = await findAdminUser(db, tenantId, id, lock);
  if (!user) throw new DomainError('USER_NOT_FOUND');
  return user;
}

async function withGroupName(db: Executor, tenantId: string, row: UserRow): Promise<AdminUser> {
  const group = await requireGroup(db, tenantId, row.groupId);
  return { ...row, groupName: group.name };
}

export async function createUser(
  db: Database,
  session: AuthSession,
  input: z.infer<typeof ZCreateUserInput>,
  storage: FileStorage,
  from: RequestOrigin,
): Promise<AdminUser> {
  const tenantId = session.user.tenantId;
  assertMayManage(session, null, input.roles);
  const { password, photoPath, linkedUserIds, ...fields } = input;
  // Only a file of the company the server found uploaded as declared (issue #30 §5).
  const photo = photoPath ? await checkedPhotoUrl({ db, storage }, session.user, photoPath) : null;
  const passwordHash = await hashPassword(password);
  return unlessTaken(
    () =>
      db.transaction(async (tx) => {
        const group = await requireGroup(tx, tenantId, fields.groupId);
        if (await emailTaken(tx, fields.email)) throw new DomainError('USER_EMAIL_TAKEN');
        let created = await insertUser(tx, {
          ...fields,
          roles: [...new Set(fields.roles)],
          color: fields.color ?? null,
          phoneWork: fields.phoneWork || null,
          country: fields.country ?? group.country,
          productType: fields.productType ?? null,
          linkedAccountsActive: fields.linkedAccountsActive ?? false,
          photo,
          tenantId,
          id: newId(),
          passwordHash,
          // 'Invitar con una contraseña inicial': the first sign-in asks for a new one.
          forcePasswordChange: true,
        });
        if (linkedUserIds?.length) {
          await relink(tx, session, created, linkedUserIds);
          created = await requireUser(tx, tenantId, created.id);
        }
        await recordUserAudit(tx, { actor: session, from }, 'user.create', created, {
          before: null,
          after: auditedUser(created),
        });
        return { ...created, groupName: group.name };
      }),
    () => new DomainError('USER_EMAIL_TAKEN'),
  );
}

export async function updateUser(
  db: Database,
  session: AuthSession,
  input: z.infer<typeof ZUpdateUserInput>,
  storage: FileStorage,
  from: RequestOrigin,
): Promise<AdminUser> {
  const tenantId = session.user.tenantId;
  const { photoPath, linkedUserIds, ...data } = input.data;
  const photo =
    photoPath === undefined
      ? undefined
      : photoPath === null
        ? null
        : await checkedPhotoUrl({ db, storage }, session.user, photoPath);
  return unlessTaken(
    () =>
      db.transaction(async (tx) => {
        const user = await requireUser(tx, tenantId, input.id, true);
        assertMayManage(session, user, data.roles);
        if (
          user.id === session.user.id &&
          data.roles &&
          session.user.roles.some(
            (role) => USER_ADMIN_ROLES.includes(role) && !data.roles!.includes(role),
          )
        ) {
          throw new DomainError('USER_SELF_CHANGE');
        }
        if (data.groupId) await requireGroup(tx, tenantId, data.groupId);
        if (data.email && (await emailTaken(tx, data.email, user.id))) {
          throw new DomainError('USER_EMAIL_TAKEN');
        }
        const values = Object.fromEntries(
          Object.entries({
            ...data,
            roles: data.roles ? [...new Set(data.roles)] : undefined,
            phoneWork: data.phoneWork === undefined ? undefined : data.phoneWork || null,
            photo,
          }).filter(([, value]) => value !== undefined),
        );
        const before = auditedUser(user);
        if (linkedUserIds !== undefined) await relink(tx, session, user, linkedUserIds);
        const relinked =
          linkedUserIds === undefined ? user : await requireUser(tx, tenantId, user.id);
        const diff = changedFields(before, {
          ...auditedUser(relinked),
          ...values,
        } as typeof before);
        if (!diff.changed) return withGroupName(tx, tenantId, relinked);
        const updated = Object.keys(values).length
          ? await updateUserRow(tx, tenantId, user.id, values)
          : relinked;
        await recordUserAudit(
          tx,
          { actor: session, from },
          'user.update',
          { id: user.id, groupId: updated.groupId },
          { before: diff.before, after: diff.after },
        );
        return withGroupName(tx, tenantId, updated);
      }),
    () => new DomainError('USER_EMAIL_TAKEN'),
  );
}

/**
 * A change to a user the caller may manage, in one transaction with the user's row locked;
 * answers the user `change` leaves, as the administration shows them.
 */
function changeManagedUser(
  db: Database,
  session: AuthSession,
  id: string,
  change: (tx: Executor, user: UserRow) => Promise<UserRow>,
): Promise<AdminUser> {
  const tenantId = session.user.tenantId;
  return db.transaction(async (tx) => {
    const user = await requireUser(tx, tenantId, id, true);
    assertMayManage(session, user);
    return withGroupName(tx, tenantId, await change(tx, user));
  });
}

/** Ends every session of a user and revokes their API tokens: their next call is refused. */
async function signOutEverywhere(tx: Executor, tenantId: string, userId: string) {
  await deleteUserSessions(tx, tenantId, userId);
  await revokeUserApiTokens(tx, tenantId, userId);
}

/**
 * Deactivates or reactivates a user. Deactivating ends every session of theirs and revokes their
 * API tokens in the same transaction: their next call is refused and their open live streams end
 * within a second.
 */
export async function setUserActive(
  db: Database,
  session: AuthSession,
  input: z.infer<typeof ZSetUserActiveInput>,
  from: RequestOrigin,
): Promise<AdminUser> {
  return changeManagedUser(db, session, input.id, async (tx, user) => {
    if (!input.active && (user.id === session.user.id || user.id === session.realUserId)) {
      throw new DomainError('USER_SELF_CHANGE');
    }
    if (user.active === input.active) return user;
    const updated = await updateUserRow(tx, session.user.tenantId, user.id, {
      active: input.active,
    });
    // Reactivating the user does not bring their API tokens back.
    if (!input.active) await signOutEverywhere(tx, session.user.tenantId, user.id);
    await recordUserAudit(
      tx,
      { actor: session, from },
      input.active ? 'user.activate' : 'user.deactivate',
      user,
      { before: { active: user.active }, after: { active: input.active } },
    );
    return updated;
  });
}

/**
 * Gives a user a new password that they must change at their next sign-in; their open sessions
 * end and their API tokens are revoked (whoever knew the old one is out).
 */
export async function resetPassword(
  db: Database,
  session: AuthSession,
  input: z.infer<typeof ZResetPasswordInput>,
  from: RequestOrigin,
): Promise<AdminUser> {
  const passwordHash = await hashPassword(input.password);
  return changeManagedUser(db, session, input.id, async (tx, user) => {
    const updated = await updateUserRow(tx, session.user.tenantId, user.id, {
      passwordHash,
      forcePasswordChange: true,
    });
    if (user.id !== session.user.id) await signOutEverywhere(tx, session.user.tenantId, user.id);
    await recordUserAudit(tx, { actor: session, from }, 'user.resetPassword', user, {
      before: null,
      after: { forcePasswordChange: true },
    });
    return updated;
  });
}

/** Asks a user to change their password: every screen sends them to the change page. */
export async function forcePasswordChange(
  db: Database,
  session: AuthSession,
  input: z.infer<typeof ZUserIdInput>,
  from: RequestOrigin,
): Promise<AdminUser> {
  return changeManagedUser(db, session, input.id, async (tx, user) => {
    if (user.forcePasswordChange) return user;
    const updated = await updateUserRow(tx, session.user.tenantId, user.id, {
      forcePasswordChange: true,
    });
    await recordUserAudit(tx, { actor: session, from }, 'user.forcePasswordChange', user, {
      before: { forcePasswordChange: false },
      after: { forcePasswordChange: true },
    });
    return updated;
  });
}
