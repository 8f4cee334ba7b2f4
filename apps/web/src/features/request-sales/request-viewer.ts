import { useMemo } from 'react';
import type { RequestViewer } from '@cartera/domain/request-sales';
import { useMe } from '../auth/session';

/**
 * The signed-in user as the template rules see them. The web knows their roles; their additional
 * data and flows are the server's (it re-applies every rule on save and keeps what a user may
 * not change), so options filtered by user data show to commercial users only here.
 */
export function useRequestViewer(): RequestViewer | null {
  const me = useMe();
  const id = me?.user.id;
  const roles = me?.user.roles;
  return useMemo(() => (id && roles ? { id, roles } : null), [id, roles]);
}
