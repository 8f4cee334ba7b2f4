import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

/**
 * Unread conversations (issue #33 item 1): while its holder has the chat on screen (the tab
 * visible), the conversation is read: once when it opens and again for each new message of the
 * customer. 'Marcar como no leído' therefore holds until the next message or the next opening.
 * Others who see the chat (a supervisor) send nothing: the marks are the holder's.
 */
export function useMarkRead(
  contactId: string,
  newestCustomerMessage: string | null,
  holder: boolean,
) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { mutate } = useMutation(
    trpc.inbox.markRead.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries(trpc.inbox.unreadCounts.queryFilter()),
    }),
  );
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const follow = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', follow);
    return () => document.removeEventListener('visibilitychange', follow);
  }, []);
  const marked = useRef<string | null>(null);
  const key = `${contactId}:${newestCustomerMessage ?? ''}`;
  useEffect(() => {
    if (!holder || !visible || marked.current === key) return;
    marked.current = key;
    mutate({ contactId });
  }, [holder, visible, key, contactId, mutate]);
}
