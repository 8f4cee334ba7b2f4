import type { EventAudience } from '@cartera/db/schema';
import type { AuthUser } from '../modules/sessions/session.types';

/**
 * Whether a user may receive an event. Events never cross tenants; inside one, an empty
 * audience reaches everyone and otherwise any matching rule (user, group subtree, role) admits.
 */
export function canReceive(
  user: Pick<AuthUser, 'id' | 'tenantId' | 'groupPath' | 'roles'>,
  event: { tenantId: string; audience: EventAudience },
): boolean {
  if (event.tenantId !== user.tenantId) return false;
  const { userIds, groupIds, roles } = event.audience;
  const restricted = Boolean(userIds?.length || groupIds?.length || roles?.length);
  if (!restricted) return true;
  if (userIds?.includes(user.id)) return true;
  if (groupIds?.some((groupId) => user.groupPath.includes(groupId))) return true;
  if (roles?.some((role) => user.roles.includes(role as AuthUser['roles'][number]))) return true;
  return false;
}
