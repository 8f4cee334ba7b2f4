import { z } from 'zod';
import type { Database, Executor } from '@cartera/db/client';
import { DomainError } from '@cartera/domain/errors';
import { can } from '@cartera/domain/policy';
import { ROLES, type Role } from '@cartera/domain/roles';
import { recordAction } from '../activity/activity.service';
import type { AuthSession } from '../sessions/session.types';
import { findTenants } from './account.repository';
import { findUser, findLinkedUsers, findTenantUsers } from '../users/users.service';
import { createSession, retargetSession } from '../sessions/session.service';
import { recordAudit, type RequestOrigin } from '../audit/audit.service';

export const ZAccountUser = z.object({
  id: z.string(),
  tenantId: z.string(),
  name: z.string(),
  lastname: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  groupName: z.string(),
});
export type AccountUser = z.infer<typeof ZAccountUser>;

/** 01 §2 Dialogs: the account list groups users in this order. */
export const ACCOUNT_SECTIONS = [
  { key: 'projectManagers', role: 'project_manager' },
  { key: 'comercial', role: 'comercial' },
  { key: 'supervisors', role: 'super' },
  { key: 'sellers', role: 'user' },
] as const satisfies ReadonlyArray<{ key: string; role: Role }>;

export const ZAccountUsers = z.object({
  tenant: z.object({ id: z.string(), name: z.string() }),
  projectManagers: z.array(ZAccountUser),
  comercial: z.array(ZAccountUser),
  supervisors: z.array(ZAccountUser),
  sellers: z.array(ZAccountUser),
});

export const ZListAccountUsersInput = z.object({
  /** Another company; omitted = the admin's own. */
  tenantId: z.string().uuid().optional(),
  search: z.string().trim().max(100).optional(),
});

function toAccountUser(row: {
  id: string;
  tenantId: string;
  name: string;
  lastname: string;
  email: string;
  roles: Role[];
  groupName: string;
}): AccountUser {
  const { roles, ...rest } = row;
  return { ...rest, role: roles[0] ?? 'user' };
}

export async function listCompanies(db: Database) {
  const tenants = await findTenants(db);
  return tenants.map((tenant) => ({
    id: tenant.id,
    name: tenant.displayName || tenant.name,
    country: tenant.country,
  }));
}

export async function listAccountUsers(
  db: Database,
  session: AuthSession,
  input: z.infer<typeof ZListAccountUsersInput>,
): Promise<z.infer<typeof ZAccountUsers>> {
  const tenantId = input.tenantId ?? session.user.tenantId;
  const tenant = (await findTenants(db)).find((each) => each.id === tenantId);
  if (!tenant) throw new DomainError('NOT_FOUND');
  const rows = (await findTenantUsers(db, tenantId, { search: input.search || undefined }))
    .map(toAccountUser)
    .filter((user) => user.id !== session.user.id);
  const result = { tenant: { id: tenant.id, name: tenant.displayName || tenant.name } } as z.infer<
    typeof ZAccountUsers
  >;
  for (const section of ACCOUNT_SECTIONS) {
    result[section.key] = rows.filter((user) => user.role === section.role);
  }
  return result;
}

/**
 * Whom an admin may act as: an active user of the listed sections (project managers, comercial,
 * supervisors, sellers), never an admin, a user manager or themselves (docs/decisions.md
 * 'Account list sections').
 */
export async function switchTarget(
  db: Executor,
  admin: AuthSession,
  target: { tenantId: string; userId: string },
) {
  const user = await findUser(db, target.tenantId, target.userId);
  if (!user || !user.active) throw new DomainError('USER_NOT_FOUND');
  // Those who manage users (admins and user managers) are in no section of the list.
  const listed = !can(user, 'manageUsers');
  if (!listed || user.id === admin.user.id) throw new DomainError('PERMISSION_DENIED');
  return user;
}

/**
 * Account switching and impersonation need a signed-in session: a personal API token never
 * turns into a session or changes whose account it acts for (issue #30 S1).
 */
function assertSignedIn(session: AuthSession) {
  if (session.apiToken) throw new DomainError('PERMISSION_DENIED');
}

/** Who may act as another user: an admin's own signed-in session, not already impersonating. */
export function assertImpersonator(session: AuthSession) {
  assertSignedIn(session);
  if (!can(session.user, 'administer') || session.realUserId) {
    throw new DomainError('PERMISSION_DENIED');
  }
}

type SwitchAction =
  'account.switch' | 'account.return' | 'account.switchLinked' | 'account.session';

/**
 * The audit entry of an account switch, in the log of the company of the account used (under its
 * group) and, when the person acting belongs to another company, in theirs too (under their
 * group), so both companies see who used which account and from where.
 */
async function auditSwitch(
  tx: Executor,
  session: AuthSession,
  from: RequestOrigin,
  action: SwitchAction,
  account: { id: string; tenantId: string; groupId: string; email: string },
  home: { tenantId: string; groupId: string; email: string },
) {
  const by = { actor: session, from };
  const entry = {
    action,
    targetType: 'user' as const,
    targetId: account.id,
    before: { email: action === 'account.return' ? account.email : home.email },
    after: { email: action === 'account.return' ? home.email : account.email },
  };
  await recordAudit(tx, by, { ...entry, tenantId: account.tenantId, groupId: account.groupId });
  if (home.tenantId !== account.tenantId) {
    await recordAudit(tx, by, { ...entry, tenantId: home.tenantId, groupId: home.groupId });
  }
}

/** Whom a session acts as while an admin uses another account, and the admin behind it. */
interface ActingAs {
  tenantId: string;
  userId: string;
  realTenantId: string;
  realUserId: string;
}

/**
 * The one path of an admin acting as another user (admins cannot impersonate admins): the
 * target is checked, `open` gives a session the account (this one or a new one), and the switch
 * is recorded in the admin's activity and audited, in one transaction.
 */
async function actAs<T>(
  db: Database,
  session: AuthSession,
  target: { tenantId: string; userId: string },
  from: RequestOrigin,
  action: 'account.switch' | 'account.session',
  open: (tx: Executor, acting: ActingAs) => Promise<T>,
): Promise<T> {
  assertImpersonator(session);
  const user = await switchTarget(db, session, target);
  return db.transaction(async (tx) => {
    const opened = await open(tx, {
      tenantId: user.tenantId,
      userId: user.id,
      realTenantId: session.user.tenantId,
      realUserId: session.user.id,
    });
    await recordAction(tx, {
      tenantId: session.user.tenantId,
      userId: session.user.id,
      type: 'account-switched',
      metadata: { to: user.email, tenantId: user.tenantId },
    });
    await auditSwitch(tx, session, from, action, user, session.user);
    return opened;
  });
}

/**
 * An admin uses another user's account: the session now acts as that user and remembers the
 * admin, so 'Volver a administrador' can restore it.
 */
export async function switchAccount(
  db: Database,
  session: AuthSession,
  target: { tenantId: string; userId: string },
  from: RequestOrigin,
) {
  await actAs(db, session, target, from, 'account.switch', (tx, acting) =>
    retargetSession(tx, session.tokenHash, acting),
  );
}

/**
 * The legacy REST switch (POST /api/admin/changeaccount/{id}): a new session acting as the user
 * for the admin, whose own session stays as it is. Answers its token, the only time it exists in
 * clear.
 */
export function openSessionAs(
  db: Database,
  session: AuthSession,
  target: { tenantId: string; userId: string },
  from: RequestOrigin,
) {
  return actAs(db, session, target, from, 'account.session', (tx, acting) =>
    createSession(tx, { ...acting, ip: from.ip, userAgent: from.userAgent }),
  );
}

export async function returnToAdmin(db: Database, session: AuthSession, from: RequestOrigin) {
  assertSignedIn(session);
  if (!session.realUserId || !session.realTenantId) throw new DomainError('NOT_IMPERSONATING');
  const realUserId = session.realUserId;
  const realTenantId = session.realTenantId;
  await db.transaction(async (tx) => {
    const admin = await findUser(tx, realTenantId, realUserId);
    if (!admin) throw new DomainError('USER_NOT_FOUND');
    await retargetSession(tx, session.tokenHash, {
      tenantId: realTenantId,
      userId: realUserId,
      realTenantId: null,
      realUserId: null,
    });
    await recordAction(tx, {
      tenantId: realTenantId,
      userId: realUserId,
      type: 'account-returned',
      metadata: { from: session.user.email },
    });
    await auditSwitch(tx, session, from, 'account.return', session.user, admin);
  });
}

/** The other accounts of the same person, for users with linked accounts active. */
export async function listLinkedAccounts(db: Database, session: AuthSession) {
  if (!session.user.linkedAccountsActive) return [];
  const me = await findUser(db, session.user.tenantId, session.user.id);
  if (!me?.linkedAccountKey) return [];
  return (await findLinkedUsers(db, me.linkedAccountKey, me.id)).map(toAccountUser);
}

/** Moves the session to another account of the same person (no impersonation involved). */
export async function switchLinkedAccount(
  db: Database,
  session: AuthSession,
  target: { tenantId: string; userId: string },
  from: RequestOrigin,
) {
  assertSignedIn(session);
  const linked = await listLinkedAccounts(db, session);
  const chosen = linked.find(
    (user) => user.id === target.userId && user.tenantId === target.tenantId,
  );
  if (!chosen) throw new DomainError('PERMISSION_DENIED');
  await db.transaction(async (tx) => {
    const account = await findUser(tx, chosen.tenantId, chosen.id);
    if (!account) throw new DomainError('USER_NOT_FOUND');
    await retargetSession(tx, session.tokenHash, {
      tenantId: target.tenantId,
      userId: target.userId,
      realTenantId: session.realTenantId,
      realUserId: session.realUserId,
    });
    await recordAction(tx, {
      tenantId: session.user.tenantId,
      userId: session.user.id,
      type: 'linked-account-switched',
      metadata: { to: chosen.email },
    });
    await auditSwitch(tx, session, from, 'account.switchLinked', account, session.user);
  });
}
