import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { flagOn } from '@cartera/domain/policy';
import type { RouterOutputs } from '../../lib/api-types';
import { useTRPC } from '../../lib/trpc';
import { useMe } from '../auth/session';

/** One of the user's connected mailboxes (03 §3 Connected e-mail account). */
export type Mailbox = RouterOutputs['email']['accounts'][number];

const NONE: Mailbox[] = [];

/**
 * The mailboxes the user may write from (03 §6: the company's 'Correo personal' flag and a
 * connected mailbox): none without the flag (nothing is asked then), else those whose server
 * still takes the stored password.
 */
export function useMailboxes(): Mailbox[] {
  const me = useMe();
  const trpc = useTRPC();
  const enabled = me !== null && flagOn(me, 'personalEmail');
  const accounts = useQuery({ ...trpc.email.accounts.queryOptions(), enabled });
  const data = accounts.data;
  return useMemo(
    () => (enabled && data ? data.filter((each) => each.status === 'connected') : NONE),
    [enabled, data],
  );
}
