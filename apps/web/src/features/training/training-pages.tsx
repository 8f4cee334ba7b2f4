import { useState } from 'react';
import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { es } from '@cartera/domain/i18n';
import {
  CONTINUE_WATCHING_ITEMS,
  CONTINUE_WATCHING_POSTS,
  continueWatchingRow,
} from '@cartera/domain/training';
import { PlusIcon } from '../../ui/icons';
import { QueryError } from '../../ui/query-error';
import { PostCard, PostDialog } from './post-card';
import { ItemsSection } from './training-items';
import {
  itemsPathOf,
  useCoach,
  useCoachPosts,
  useTrainingItems,
  type TrainingItem,
} from './use-training';

const texts = es.training;

/** Opens an item in the viewer of its screen (`?id=`). */
export function useOpenItem() {
  const navigate = useNavigate();
  return (item: TrainingItem) =>
    void navigate({ to: itemsPathOf(item.type), search: { id: item.id } });
}

/** The posts of the coach, newest first; 'PUBLICACIONES ANTERIORES' brings the next page. */
function PostsList({ limitToFirstPage = false }: { limitToFirstPage?: boolean }) {
  const coach = useCoach();
  const posts = useCoachPosts();
  const [creating, setCreating] = useState(false);
  const canManage = coach.data?.canManage ?? false;
  if (posts.isPending) return <Skeleton height={240} radius="md" aria-busy />;
  if (posts.isError) return <QueryError query={posts} maw={560} />;
  const all = posts.data.pages.flatMap((page) => page.posts);
  return (
    <Stack gap="md" component="section" aria-labelledby="training-posts">
      <Group justify="space-between">
        <Title order={2} fz="lg" id="training-posts">
          {texts.publications}
        </Title>
        {canManage && (
          <Button size="xs" leftSection={<PlusIcon size={14} />} onClick={() => setCreating(true)}>
            {texts.post.create}
          </Button>
        )}
      </Group>
      {all.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {canManage ? texts.createFirstPublication : texts.noPublications}
        </Text>
      ) : (
        all.map((post) => <PostCard key={post.id} post={post} canManage={canManage} />)
      )}
      {!limitToFirstPage && posts.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            loading={posts.isFetchingNextPage}
            onClick={() => void posts.fetchNextPage()}
          >
            {texts.olderPublications}
          </Button>
        </Group>
      )}
      {creating && <PostDialog onClose={() => setCreating(false)} />}
    </Stack>
  );
}

/** /training/publications ('Publicaciones'). */
export function PublicationsPage() {
  return <PostsList />;
}

/**
 * /training ('Todos', 03 §2.3): 'Continuar viendo' (what the user opened last: up to 4 recorded
 * classes and 2 tutorials, the spec's "instances 4, posts 2", newest first),
 * a row of tutorials, a row of recorded classes and the coach's last 5 posts; when there is
 * nothing, whether the company has a coach says which empty state shows.
 */
export function TrainingHome() {
  const navigate = useNavigate();
  const open = useOpenItem();
  const coach = useCoach();
  const recentClasses = useTrainingItems('instance', {
    lastInteraction: true,
    size: CONTINUE_WATCHING_ITEMS,
  });
  const recentTutorials = useTrainingItems('tutorial', {
    lastInteraction: true,
    size: CONTINUE_WATCHING_POSTS,
  });
  const classes = useTrainingItems('instance');
  const tutorials = useTrainingItems('tutorial');
  const posts = useCoachPosts();
  const loading = [coach, recentClasses, recentTutorials, classes, tutorials, posts].some(
    (query) => query.isPending,
  );
  if (loading) return <Skeleton height={400} radius="md" aria-busy />;
  const failed = [coach, classes, tutorials, posts].find((query) => query.isError);
  if (failed) return <QueryError query={failed} maw={560} />;

  const firstPage = (query: typeof classes) => query.data?.pages[0]?.instances ?? [];
  const recent = continueWatchingRow(firstPage(recentClasses), firstPage(recentTutorials));
  const postCount = posts.data?.pages[0]?.countDocuments ?? 0;
  const hasCoach = Boolean(coach.data?.coach);
  if (!firstPage(classes).length && !firstPage(tutorials).length && !postCount) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {hasCoach ? texts.emptyWithCoach : texts.noCoach}
      </Text>
    );
  }
  return (
    <Stack gap="xl">
      {hasCoach && recent.length > 0 && (
        <ItemsSection
          titleId="training-continue"
          title={texts.continueWatching}
          items={recent}
          onOpen={open}
        />
      )}
      {firstPage(tutorials).length > 0 && (
        <ItemsSection
          titleId="training-tutorials"
          title={texts.tutorials}
          items={firstPage(tutorials)}
          onOpen={open}
          more={() => void navigate({ to: '/training/tutorials' })}
        />
      )}
      {firstPage(classes).length > 0 && (
        <ItemsSection
          titleId="training-instances"
          title={texts.instances}
          items={firstPage(classes)}
          onOpen={open}
          more={() => void navigate({ to: '/training/instances' })}
        />
      )}
      <PostsList limitToFirstPage />
    </Stack>
  );
}
