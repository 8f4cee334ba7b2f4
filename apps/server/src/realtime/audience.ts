import type { EventAudience } from '@cartera/db/schema';
import { jailAdmits } from '@cartera/domain/policy';
import type { AuthUser } from '../modules/sessions/session.types';

/** The screen whose data a topic's events carry: a confined user outside it receives none. */
function screenOfTopic(topic: string): string | undefined {
  if (topic.startsWith('contact:')) return '/contact';
  if (topic === 'training') return '/training';
  if (topic === 'nps') return '/comercial/netpromoterscore';
  return undefined;
}

/**
 * Whether a user may receive an event. Events never cross tenants; a user confined to some
 * screens (jail) receives nothing of the others' topics (issue #30 S12); inside a tenant, an
 * empty audience reaches everyone and otherwise any matching rule (user, group subtree, role)
 * admits.
 */
export function canReceive(
  user: Pick<AuthUser, 'id' | 'tenantId' | 'groupPath' | 'roles'> &
    Partial<Pick<AuthUser, 'jailUrl'>>,
  event: { tenantId: string; audience: EventAudience; topic?: string },
): boolean {
  if (event.tenantId !== user.tenantId) return false;
  const screen = event.topic === undefined ? undefined : screenOfTopic(event.topic);
  if (screen && user.jailUrl?.length && !jailAdmits(user.jailUrl, { path: '', area: screen })) {
    return false;
  }
  const { userIds, groupIds, roles } = event.audience;
  const restricted = Boolean(userIds?.length || groupIds?.length || roles?.length);
  if (!restricted) return true;
  if (userIds?.includes(user.id)) return true;
  if (groupIds?.some((groupId) => user.groupPath.includes(groupId))) return true;
  if (roles?.some((role) => user.roles.includes(role as AuthUser['roles'][number]))) return true;
  return false;
}
