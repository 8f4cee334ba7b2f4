import { DomainError } from '@cartera/domain/errors';
import { canOpen, pathWithin } from '@cartera/domain/policy';
import type { Role } from '@cartera/domain/roles';
import { mustChangePassword, type AuthUser } from './session.types';

/** What a procedure or REST route requires beyond a session. */
export interface AccessRule {
  /** The screen it serves: jail lists, roles and slugs of that screen apply. */
  area?: string | undefined;
  /** Only these roles. */
  roles?: readonly Role[] | undefined;
  /** Callable while the user still owes a password change. */
  duringPasswordChange?: boolean | undefined;
}

/** The route guard mirrored on the server, for procedures and REST adapters alike. */
export function assertAllowed(user: AuthUser, rule: AccessRule): void {
  if (mustChangePassword(user) && !rule.duringPasswordChange) {
    throw new DomainError('PASSWORD_CHANGE_REQUIRED');
  }
  if (rule.area) {
    const area = rule.area;
    const jailed = user.jailUrl.length > 0 && !user.jailUrl.some((path) => pathWithin(area, path));
    if (jailed || !canOpen(user, area)) throw new DomainError('PERMISSION_DENIED');
  }
  if (rule.roles && !user.roles.some((role) => rule.roles!.includes(role))) {
    throw new DomainError('PERMISSION_DENIED');
  }
}
