import { useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { newestCustomerMessage, type TimelineItem } from './timeline-model';

/**
 * 03 §4 'mark messages seen': while the conversation is on screen (the tab visible) and the
 * seller works it (`enabled`), each new message of the customer is marked seen, and the
 * provider tells the customer (channel.markSeen; the server marks each message once).
 */
export function useMarkSeen(
  contactId: string,
  items: ReadonlyArray<TimelineItem>,
  enabled: boolean,
) {
  const trpc = useTRPC();
  const { mutate } = useMutation(trpc.channel.markSeen.mutationOptions());
  const newest = newestCustomerMessage(items);
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const follow = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', follow);
    return () => document.removeEventListener('visibilitychange', follow);
  }, []);
  useEffect(() => {
    if (enabled && visible && newest) mutate({ contactId });
  }, [enabled, visible, newest, contactId, mutate]);
}
