import {
  AspectRatio,
  Box,
  Button,
  Group,
  Image,
  Paper,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { es, format } from '@cartera/domain/i18n';
import {
  CONTINUE_WATCHING_ITEMS,
  CONTINUE_WATCHING_POSTS,
  formatDuration,
  formatPosition,
  type TrainingItemType,
} from '@cartera/domain/training';
import { formatDate } from '../../lib/dates';
import { ListEnd } from '../../ui/list-end';
import { QueryError } from '../../ui/query-error';
import { useState } from 'react';
import { PlusIcon } from '../../ui/icons';
import { ItemDialog } from './item-dialog';
import { useCoach, useTrainingItems, type TrainingItem } from './use-training';
import { fileSrc } from '../../lib/file-url';

const texts = es.training;

/** A class or tutorial: miniature, title, date, duration and how far the user got. */
export function ItemCard({
  item,
  onOpen,
  large = false,
}: {
  item: TrainingItem;
  onOpen: (item: TrainingItem) => void;
  large?: boolean;
}) {
  const watched =
    item.progress && item.duration > 0
      ? Math.min(100, (100 * item.progress.position) / item.duration)
      : null;
  return (
    <UnstyledButton
      onClick={() => onOpen(item)}
      aria-label={`${texts.watch}: ${item.title}`}
      data-testid="training-item"
      style={{ display: 'block', width: '100%' }}
    >
      <Paper withBorder radius="md" p="xs" h="100%">
        <Stack gap={6}>
          <AspectRatio ratio={16 / 9} bg="gray.2" style={{ borderRadius: 6, overflow: 'hidden' }}>
            {item.miniature ? <Image src={fileSrc(item.miniature)} alt="" fit="cover" /> : <Box />}
          </AspectRatio>
          {watched !== null && <Progress value={watched} size="xs" aria-hidden />}
          <Text fw={600} size={large ? 'lg' : 'sm'} lineClamp={2}>
            {item.title}
          </Text>
          {large && item.description && (
            <Text size="sm" c="dimmed" lineClamp={3}>
              {item.description}
            </Text>
          )}
          <Group gap={6}>
            <Text size="xs" c="dimmed">
              {formatDate(item.date)}
            </Text>
            <Text size="xs" c="dimmed">
              ·
            </Text>
            <Text size="xs" c="dimmed">
              {formatDuration(item.duration)}
            </Text>
          </Group>
          {item.progress && (
            <Text size="xs" c="blue.7">
              {format(texts.watched, { position: formatPosition(item.progress.position) })}
            </Text>
          )}
        </Stack>
      </Paper>
    </UnstyledButton>
  );
}

/** A section of items under its heading, with an optional 'Ver más' link. */
export function ItemsSection({
  titleId,
  title,
  items,
  onOpen,
  more,
}: {
  titleId: string;
  title: string;
  items: TrainingItem[];
  onOpen: (item: TrainingItem) => void;
  more?: () => void;
}) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Group justify="space-between">
        <Title order={2} fz="lg" id={titleId}>
          {title}
        </Title>
        {more && (
          <Button variant="subtle" size="xs" onClick={more}>
            {texts.seeMore}
          </Button>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4, xl: 5 }} spacing="sm">
        {items.map((item) => (
          <ItemCard key={item.id} item={item} onOpen={onOpen} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * /training/instances and /training/tutorials (03 §2.3): 'Continuar viendo' (the last viewed
 * large, the other recent ones beside it; without any, the newest item), then every item, 5 a
 * page with infinite scroll.
 */
export function ItemsPage({
  type,
  emptyLabel,
  onOpen,
}: {
  type: TrainingItemType;
  emptyLabel: string;
  onOpen: (item: TrainingItem) => void;
}) {
  const coach = useCoach();
  const canManage = coach.data?.canManage ?? false;
  const [creating, setCreating] = useState(false);
  const createButton = canManage && (
    <Group justify="flex-end">
      <Button size="xs" leftSection={<PlusIcon size={14} />} onClick={() => setCreating(true)}>
        {type === 'instance' ? texts.item.createInstance : texts.item.createTutorial}
      </Button>
      {creating && <ItemDialog type={type} onClose={() => setCreating(false)} />}
    </Group>
  );
  const recent = useTrainingItems(type, {
    lastInteraction: true,
    size: type === 'instance' ? CONTINUE_WATCHING_ITEMS : CONTINUE_WATCHING_POSTS,
  });
  const all = useTrainingItems(type);
  const recentItems = recent.data?.pages[0]?.instances ?? [];
  const allItems = all.data?.pages.flatMap((page) => page.instances) ?? [];
  // 03 §4: 'Continuar viendo' shows while recent items exist; otherwise the unfiltered list.
  const featured = recentItems.length ? recentItems : allItems.slice(0, 1);
  const allTitle = type === 'instance' ? texts.allInstances : texts.allTutorials;

  if (all.isPending || recent.isPending) return <Skeleton height={360} radius="md" aria-busy />;
  if (all.isError) return <QueryError query={all} maw={560} />;
  if (!allItems.length) {
    return (
      <Stack gap="md">
        {createButton}
        <Text c="dimmed" ta="center" py="xl">
          {coach.data && !coach.data.coach ? texts.noCoach : emptyLabel}
        </Text>
      </Stack>
    );
  }
  const [first, ...others] = featured;
  return (
    <Stack gap="lg">
      {createButton}
      {first && (
        <Stack gap="xs" component="section" aria-labelledby={`${type}-continue`}>
          <Title order={2} fz="lg" id={`${type}-continue`}>
            {texts.continueWatching}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <ItemCard item={first} onOpen={onOpen} large />
            {others.length > 0 && (
              <Stack gap="sm">
                {others.map((item) => (
                  <ItemCard key={item.id} item={item} onOpen={onOpen} />
                ))}
              </Stack>
            )}
          </SimpleGrid>
        </Stack>
      )}
      <Stack gap="xs" component="section" aria-labelledby={`${type}-all`}>
        <Title order={2} fz="lg" id={`${type}-all`}>
          {allTitle}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 5 }} spacing="sm">
          {allItems.map((item) => (
            <ItemCard key={item.id} item={item} onOpen={onOpen} />
          ))}
        </SimpleGrid>
        <ListEnd list={all} label={texts.seeMore} />
      </Stack>
    </Stack>
  );
}
