import { useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { useLiveEvents } from '../live/live-events';

/** The server's events of 'Aprender' (training.service): a post or a comment changed. */
const TRAINING_EVENTS = ['training.post', 'training.comment'];

/**
 * Keeps the open training pages live: a new, changed or deleted post or comment the user may see
 * reads the posts again, and so does each (re)start of the stream, for what it missed.
 */
export function useTrainingLive() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries(trpc.training.posts.pathFilter());
    void queryClient.invalidateQueries(trpc.training.post.pathFilter());
  };
  useLiveEvents({
    topics: ['training'],
    types: TRAINING_EVENTS,
    onStarted: refresh,
    onEvents: refresh,
  });
}
