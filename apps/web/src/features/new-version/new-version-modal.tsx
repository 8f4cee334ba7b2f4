import { Alert, AspectRatio, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import { userMessageOf } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { SparklesIcon } from '../../ui/icons';

/**
 * Served from apps/web/public/media. The browser plays the first one it can load, so either
 * file may be the one shipped.
 */
const VIDEO_SOURCES = [
  { src: '/media/novedades.webm', type: 'video/webm' },
  { src: '/media/novedades.mp4', type: 'video/mp4' },
] as const;

/**
 * The new-version presentation (01 §2 Dialogs): shown while the server says the user has not
 * seen it; 'Entendido' stores that on the server, so it shows once.
 */
export function NewVersionModal() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const dismiss = useMutation(
    trpc.auth.dismissNewVersion.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() }),
    }),
  );

  return (
    <Modal
      opened
      onClose={() => dismiss.mutate()}
      closeOnClickOutside={false}
      size="xl"
      centered
      title={
        <Group gap="xs">
          <SparklesIcon size={20} color="var(--mantine-color-cyan-7)" />
          <Text fw={700} size="lg">
            {es.newVersion.title}
          </Text>
        </Group>
      }
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {es.newVersion.intro}
        </Text>
        <AspectRatio ratio={16 / 9} bg="dark.9" style={{ borderRadius: 8, overflow: 'hidden' }}>
          <video controls preload="metadata" playsInline>
            {VIDEO_SOURCES.map((source) => (
              <source key={source.src} src={source.src} type={source.type} />
            ))}
            {es.newVersion.videoUnsupported}
          </video>
        </AspectRatio>
        {dismiss.isError && (
          <Alert color="red" variant="light" role="alert">
            {userMessageOf(dismiss.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button loading={dismiss.isPending} onClick={() => dismiss.mutate()}>
            {es.newVersion.understood}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
