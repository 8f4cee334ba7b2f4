import { useEffect, useState } from 'react';
import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { useTRPC } from '../../lib/trpc';
import { PhoneIcon } from '../../ui/icons';
import { formatCallDuration } from '../conversation/calls/call-format';

const t = es.phone;
const timeline = es.conversation.timeline;

/** The phoneCall content of a timeline item (03 §3 Phone call content, and the provider's). */
export interface PhoneCallContent {
  state: string;
  phone?: string | undefined;
  origin?: string | undefined;
  callDuration?: number | undefined;
  direction?: unknown;
  progress?: unknown;
  answeredAt?: unknown;
  voicemail?: unknown;
  recording?: unknown;
  missed?: unknown;
  failed?: unknown;
}

/** Seconds since `iso`, ticking every second while shown. */
function useElapsed(iso: string | undefined) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!iso) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [iso]);
  return iso ? Math.max(0, Math.round((now - Date.parse(iso)) / 1000)) : 0;
}

/** While a provider call lasts: 'Sonando…', or 'En curso' with its running time. */
export function callProgressLabel(content: PhoneCallContent, elapsed: number) {
  const progress = typeof content.progress === 'string' ? content.progress : 'initial';
  if (progress === 'answered') return `${t.progress.answered} · ${formatCallDuration(elapsed)}`;
  return t.progress[progress] ?? t.progress.initial!;
}

/**
 * A call on the timeline (03 §4 Phone call): its number and, while it lasts, its progress at the
 * provider (ringing, answered with its running time); once over, its outcome and duration (m:ss,
 * H:mm:ss above an hour), a missed incoming call, or a voicemail or recording to play.
 */
export function PhoneCallItem({
  content,
  contactId,
  interactionId,
}: {
  content: PhoneCallContent;
  contactId: string;
  interactionId: string;
}) {
  const inbound = content.direction === 'inbound';
  const answeredAt = typeof content.answeredAt === 'string' ? content.answeredAt : undefined;
  const calling = content.state === 'calling';
  const elapsed = useElapsed(calling && content.origin ? answeredAt : undefined);
  const phone = content.phone ?? '';
  const title = inbound
    ? format(t.incomingFrom, { phone })
    : phone
      ? format(timeline.callTo, { phone })
      : timeline.call;
  let detail: string;
  if (content.failed) detail = t.failedCall;
  else if (calling && content.origin) detail = callProgressLabel(content, elapsed) ?? '';
  else if (content.missed && content.state !== 'voicemail') detail = t.missed;
  else {
    detail = [
      timeline.callStates[content.state] ?? content.state,
      content.callDuration
        ? format(timeline.callDuration, { duration: formatCallDuration(content.callDuration) })
        : null,
    ]
      .filter(Boolean)
      .join(' · ');
  }
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <Text size="sm" c="dimmed" data-testid="call-detail">
        {detail}
      </Text>
      {content.voicemail === true && (
        <CallAudio contactId={contactId} interactionId={interactionId} kind="voicemail" />
      )}
      {content.recording === true && (
        <CallAudio contactId={contactId} interactionId={interactionId} kind="recording" />
      )}
    </Stack>
  );
}

/** A voicemail or recording, fetched through its signed link when asked for. */
function CallAudio({
  contactId,
  interactionId,
  kind,
}: {
  contactId: string;
  interactionId: string;
  kind: 'voicemail' | 'recording';
}) {
  const trpc = useTRPC();
  const [asked, setAsked] = useState(false);
  const media = useQuery({
    ...trpc.phone.media.queryOptions({ contactId, interactionId, kind }),
    enabled: asked,
    staleTime: 60_000,
  });
  const label = kind === 'voicemail' ? t.playVoicemail : t.playRecording;
  if (!asked) {
    return (
      <Button
        size="compact-sm"
        variant="light"
        w="fit-content"
        leftSection={<PhoneIcon size={14} />}
        onClick={() => setAsked(true)}
      >
        {label}
      </Button>
    );
  }
  if (media.isPending) return <Loader size="xs" aria-label={label} />;
  if (media.isError) {
    return (
      <Alert color="red" variant="light" p="xs">
        {t.mediaFailed}
      </Alert>
    );
  }
  return (
    <audio controls autoPlay src={media.data.url} aria-label={label} style={{ maxWidth: '100%' }} />
  );
}

/**
 * Shown instead of the composer while a call through the provider lasts: the provider says how
 * it ends, so no '¿Pudiste comunicarte?' is asked (issue #39).
 */
export function ProviderCallBar({ phone, content }: { phone: string; content: PhoneCallContent }) {
  const answeredAt = typeof content.answeredAt === 'string' ? content.answeredAt : undefined;
  const elapsed = useElapsed(answeredAt);
  return (
    <Paper withBorder p="sm" radius="md" role="status" aria-live="polite">
      <Group gap="sm" wrap="nowrap">
        <PhoneIcon size={18} />
        <Text size="sm" fw={500}>
          {format(timeline.callTo, { phone })} · {callProgressLabel(content, elapsed)}
        </Text>
      </Group>
    </Paper>
  );
}
