import { DomainError } from '@cartera/domain/errors';
import { can, canOpen, jailAdmits, type Capability } from '@cartera/domain/policy';
import { mustChangePassword, type AuthUser } from './session.types';

/** What a procedure or REST route requires beyond a session. */
export interface AccessRule {
  /** The screen it serves: jail lists, roles and slugs of that screen apply. */
  area?: string | undefined;
  /**
   * The procedure's path ('contact.list'): a jail list admits one without an area only when it
   * is listed for the frame or a screen inside the jail (PROCEDURES_WITHOUT_AREA).
   */
  procedure?: string | undefined;
  /** Only the users holding this capability (packages/domain policy), never a list of roles. */
  capability?: Capability | undefined;
  /** Callable while the user still owes a password change. */
  duringPasswordChange?: boolean | undefined;
}

/** The route guard mirrored on the server, for procedures and REST adapters alike. */
export function assertAllowed(user: AuthUser, rule: AccessRule): void {
  if (mustChangePassword(user) && !rule.duringPasswordChange) {
    throw new DomainError('PASSWORD_CHANGE_REQUIRED');
  }
  if (rule.area || rule.procedure) {
    const admitted = jailAdmits(user.jailUrl, { path: rule.procedure ?? '', area: rule.area });
    if (!admitted || (rule.area && !canOpen(user, rule.area))) {
      throw new DomainError('PERMISSION_DENIED');
    }
  }
  if (rule.capability && !can(user, rule.capability)) {
    throw new DomainError('PERMISSION_DENIED');
  }
}
