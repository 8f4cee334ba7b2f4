import type { Role } from '@cartera/domain/roles';
import type { AuthSession } from '../modules/sessions/session.types';
import type { Context } from '../trpc/context';

/** A session of a user with `role`, for calling procedures without a database. */
export function fakeSession(role: Role, user: Partial<AuthSession['user']> = {}): AuthSession {
  const tenantId = user.tenantId ?? '00000000-0000-7000-8000-000000000002';
  return {
    tokenHash: 'fake',
    realUserId: null,
    realTenantId: null,
    expiresAt: new Date(Date.now() + 60_000),
    user: {
      id: '00000000-0000-7000-8000-000000000001',
      tenantId,
      groupId: tenantId,
      groupPath: [tenantId],
      email: `${role}@fake.test`,
      name: 'Prueba',
      lastname: role,
      role,
      roles: [role],
      userType: 'normal',
      jailUrl: [],
      forcePasswordChange: false,
      requirePasswordChangeByPolicy: false,
      linkedAccountsActive: false,
      featureFlags: {},
      ...user,
    },
  };
}

/** A procedure context whose dependencies are absent: for checks that run before any is used. */
export function contextWithoutDeps(session: AuthSession | null): Context {
  return {
    // Only what the checks before a service use: a budget that admits every call.
    deps: { apiTokenBudget: { charge: async () => undefined } } as unknown as Context['deps'],
    db: {} as Context['db'],
    session,
    ip: '127.0.0.1',
    userAgent: 'test',
    transport: 'http',
  };
}
