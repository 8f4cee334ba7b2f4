import { useEffect, useState } from 'react';
import { Alert, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { fillTemplate, templateParameterCount } from '@cartera/domain/channels';
import { es, format } from '@cartera/domain/i18n';
import { newId } from '@cartera/domain/ids';
import type { RouterOutputs } from '../../../lib/api-types';
import { useTRPC } from '../../../lib/trpc';
import { QueryError } from '../../../ui/query-error';
import type { MessageToSend } from '../outbox';

const w = es.channels.replyWindow;

type ReplyWindow = RouterOutputs['channel']['replyWindow'];
type Template = RouterOutputs['channel']['templates'][number];
type ComposerChannel = MessageToSend['channel'];

/** Where Meta's own inbox is, to go on writing past the 7 days (03 §2.1 out-of-period notice). */
const META_INBOX_URL = 'https://business.facebook.com/latest/inbox/all';
/** How often the countdown is redrawn. */
const COUNTDOWN_TICK_MS = 30_000;

/**
 * The contact's reply window on the composer's channel (03 §4): asked again whenever the contact
 * writes or is written through it (`lastItemId`, the channel's newest item), and when the
 * countdown reaches its end.
 */
export function useReplyWindow(
  contactId: string,
  channel: ComposerChannel | null,
  lastItemId: string | undefined,
) {
  const trpc = useTRPC();
  const query = useQuery({
    ...trpc.channel.replyWindow.queryOptions({ contactId, channelId: channel?.id ?? '' }),
    enabled: channel !== null,
  });
  const { refetch } = query;
  useEffect(() => {
    if (lastItemId !== undefined) void refetch();
  }, [lastItemId, refetch]);
  const closesAt = query.data?.closesAt?.getTime();
  const now = useNow(query.data?.open ? COUNTDOWN_TICK_MS : null, closesAt);
  const expired = query.data?.open === true && closesAt !== undefined && closesAt <= now;
  useEffect(() => {
    if (expired) void refetch();
  }, [expired, refetch]);
  return { window: query.data, now };
}

/** The current time, taken again whenever `since` changes and every `tickMs` (not when null). */
function useNow(tickMs: number | null, since: unknown) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const fresh = setTimeout(() => setNow(Date.now()), 0);
    const timer = tickMs === null ? undefined : setInterval(() => setNow(Date.now()), tickMs);
    return () => {
      clearTimeout(fresh);
      clearInterval(timer);
    };
  }, [tickMs, since]);
  return now;
}

/** '5 h 12 min', '12 min', '1 min'. */
export function remainingText(ms: number) {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** Under the input while the window is open: how long free text may still go. */
export function ReplyWindowCountdown({ window, now }: { window: ReplyWindow; now: number }) {
  if (!window.limited || !window.open || !window.closesAt) return null;
  return (
    <Text size="xs" c="dimmed" mt={4} data-testid="reply-window-countdown">
      {format(w.closesIn, { time: remainingText(window.closesAt.getTime() - now) })}
    </Text>
  );
}

/**
 * In place of the input once the window closed: on WhatsApp the approved templates (the only
 * messages allowed), on Messenger and Instagram the notice and the way to Meta's own inbox.
 */
export function ClosedReplyWindow({
  window,
  channel,
  onSend,
}: {
  window: ReplyWindow;
  channel: ComposerChannel;
  onSend: (message: MessageToSend) => Promise<void>;
}) {
  if (!window.templatesAllowed) {
    return (
      <Alert color="yellow" variant="light" role="status" title={w.metaClosed}>
        <Button
          component="a"
          href={META_INBOX_URL}
          target="_blank"
          rel="noopener noreferrer"
          size="xs"
          variant="light"
          mt={4}
        >
          {format(w.continueOn, { platform: w.platforms[channel.type] ?? channel.name })}
        </Button>
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      <Alert color="yellow" variant="light" role="status">
        {w.whatsappClosed}
      </Alert>
      <TemplatePicker channel={channel} onSend={onSend} />
    </Stack>
  );
}

/** An approved template, its data ({{1}}, {{2}}…) and how it will read, then 'Enviar plantilla'. */
function TemplatePicker({
  channel,
  onSend,
}: {
  channel: ComposerChannel;
  onSend: (message: MessageToSend) => Promise<void>;
}) {
  const trpc = useTRPC();
  const templates = useQuery(trpc.channel.templates.queryOptions({ channelId: channel.id }));
  const [pickedId, setPickedId] = useState<string | null>(null);
  const [parameters, setParameters] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  if (templates.isError) {
    return <QueryError query={templates} />;
  }
  const approved: Template[] = (templates.data ?? []).filter(
    (each) => each.shownStatus === 'approved',
  );
  if (templates.isSuccess && approved.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {w.noTemplates}
      </Text>
    );
  }
  const picked = approved.find((each) => each.id === pickedId) ?? null;
  const needed = picked ? templateParameterCount(picked.body) : 0;
  const complete =
    picked !== null && parameters.slice(0, needed).filter((p) => p.trim()).length === needed;

  const send = () => {
    if (!picked || !complete) return;
    const given = parameters.slice(0, needed).map((each) => each.trim());
    setSending(true);
    onSend({
      id: newId(),
      text: fillTemplate(picked.body, given),
      channel,
      template: { name: picked.name, language: picked.language, parameters: given },
    })
      .then(() => {
        setPickedId(null);
        setParameters([]);
      })
      .catch(() => undefined)
      .finally(() => setSending(false));
  };

  return (
    <Paper withBorder radius="sm" p="xs">
      <Stack gap="xs">
        <Select
          label={w.template}
          placeholder={w.templatePlaceholder}
          searchable
          nothingFoundMessage={w.noTemplates}
          disabled={templates.isPending}
          data={approved.map((each) => ({
            value: each.id,
            label: `${each.name} (${each.language})`,
          }))}
          value={pickedId}
          onChange={(value) => {
            setPickedId(value);
            setParameters([]);
          }}
          comboboxProps={{ withinPortal: true }}
        />
        {picked && (
          <>
            {Array.from({ length: needed }, (_, index) => (
              <TextInput
                key={index}
                size="xs"
                label={format(w.parameter, { n: index + 1 })}
                value={parameters[index] ?? ''}
                required
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setParameters((current) => {
                    const next = [...current];
                    next[index] = value;
                    return next;
                  });
                }}
              />
            ))}
            <Text size="xs" c="dimmed">
              {w.preview}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="template-preview">
              {fillTemplate(picked.body, parameters)}
            </Text>
            <Group justify="flex-end">
              <Button size="xs" onClick={send} disabled={!complete} loading={sending}>
                {w.sendTemplate}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
