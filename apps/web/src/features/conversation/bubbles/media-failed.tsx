import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { AlertIcon } from '../../../ui/icons';
import { useTRPC } from '../../../lib/trpc';

const t = es.conversation.timeline.chat;

/**
 * What a provider's error code means, in Spanish when it is one the catalogue knows, and the
 * code itself for support (issue #31): after a failed message's error text.
 */
export function ProviderErrorDetail({ code }: { code: string }) {
  const meaning = t.providerErrors[code];
  return (
    <span data-testid="provider-error">
      {meaning ? ` ${meaning}` : ''} ({format(t.mediaFailedCode, { code })})
    </span>
  );
}

/**
 * A customer's file the provider did not give after every retry (issue #31): says so in
 * Spanish, keeps the provider's code for support, and offers 'Reintentar' (the download starts
 * again; the file then arrives live as the item's update).
 */
export function MediaFailedNotice({
  itemId,
  providerCode,
}: {
  itemId?: string | undefined;
  providerCode: string | null;
}) {
  const trpc = useTRPC();
  const retry = useMutation(
    trpc.channel.retryMedia.mutationOptions({
      onError: () => notifications.show({ color: 'red', message: t.mediaRetryFailed }),
    }),
  );
  return (
    <Group gap={6} wrap="nowrap" align="center" role="alert" data-testid="chat-media-failed">
      <Text component="span" c="red.7" lh={0}>
        <AlertIcon size={16} />
      </Text>
      <div style={{ minWidth: 0 }}>
        <Text size="xs" c="red.8">
          {retry.isSuccess ? t.mediaRetrying : t.mediaFailed}
        </Text>
        {providerCode && (
          <Text size="10px" c="dimmed">
            {format(t.mediaFailedCode, { code: providerCode })}
          </Text>
        )}
      </div>
      {itemId && !retry.isSuccess && (
        <Button
          size="compact-xs"
          variant="light"
          loading={retry.isPending}
          onClick={() => retry.mutate({ interactionId: itemId })}
        >
          {t.mediaRetry}
        </Button>
      )}
    </Group>
  );
}
