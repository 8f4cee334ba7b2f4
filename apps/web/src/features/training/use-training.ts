import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  COACH_POSTS_PAGE_SIZE,
  TRAINING_PAGE_SIZE,
  type TrainingItemType,
} from '@cartera/domain/training';
import type { RouterOutputs } from '../../lib/api-types';
import { useTRPC, useTRPCClient } from '../../lib/trpc';

export type TrainingItem = RouterOutputs['training']['item'];
export type CoachPost = RouterOutputs['training']['post'];
export type PostComment = CoachPost['comments'][number];

/** The company's coach and whether the user publishes and moderates. */
export function useCoach() {
  const trpc = useTRPC();
  return useQuery(trpc.training.coach.queryOptions());
}

/** Which screen shows a type ('instance' → /training/instances). */
export function itemsPathOf(type: TrainingItemType) {
  return type === 'instance' ? ('/training/instances' as const) : ('/training/tutorials' as const);
}

/**
 * Classes or tutorials, 5 a page (01 §9), newest first; with `lastInteraction` the ones the user
 * opened, most recent first. Infinite: the next page loads at the list's end.
 */
export function useTrainingItems(
  type: TrainingItemType,
  options: { lastInteraction?: boolean; size?: number } = {},
) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const input = {
    type,
    lastInteraction: options.lastInteraction ?? false,
    size: options.size ?? TRAINING_PAGE_SIZE,
  };
  return useInfiniteQuery({
    // Under the procedure's path, so invalidating `training.items` reaches it.
    queryKey: [...trpc.training.items.queryKey(input), 'pages'],
    queryFn: ({ pageParam }) => client.training.items.query({ ...input, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.length * input.size < last.countDocuments ? pages.length + 1 : undefined,
    placeholderData: keepPreviousData,
  });
}

/** The coach's posts, 5 a page; older pages come with 'PUBLICACIONES ANTERIORES'. */
export function useCoachPosts(limit = COACH_POSTS_PAGE_SIZE) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  return useInfiniteQuery({
    queryKey: [...trpc.training.posts.queryKey({ limit }), 'pages'],
    queryFn: ({ pageParam }) => client.training.posts.query({ offset: pageParam, limit }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.length < last.pages ? pages.length + 1 : undefined),
  });
}
