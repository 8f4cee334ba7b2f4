import { useEffect, useRef, useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { REACTION_DEBOUNCE_MS, REACTIONS, type Reaction } from '@cartera/domain/training';
import { useTRPC } from '../../lib/trpc';
import type { CoachPost } from './use-training';

const texts = es.training;
const EMOJI: Record<Reaction, string> = {
  like: '👍',
  love: '❤️',
  applaud: '👏',
  strength: '💪',
  celebration: '🎉',
  checked: '✅',
};

type Summary = CoachPost['reactions'];

/** The summary as it is once the user's own reaction becomes `next`. */
function withMine(summary: Summary, next: Reaction | null): Summary {
  const counts = { ...summary.counts };
  if (summary.mine) counts[summary.mine] -= 1;
  if (next) counts[next] += 1;
  return {
    counts,
    mine: next,
    total: Object.values(counts).reduce((sum, value) => sum + value, 0),
  };
}

/**
 * The six reactions of a post (03 §3, §4): choosing one sets it, choosing the current one
 * removes it. The change shows at once and is sent 500 ms after the last click, or at once when
 * the post leaves the screen first (nothing chosen is lost); a failure puts the icon back and
 * says so.
 */
export function ReactionBar({ post }: { post: CoachPost }) {
  const trpc = useTRPC();
  // What the user chose over the server's answer `from`; a new answer (a reload, a live
  // update) replaces it.
  const [local, setLocal] = useState<{ from: Summary; shown: Summary; confirmed: Summary } | null>(
    null,
  );
  const current = local?.from === post.reactions ? local : null;
  const shown = current?.shown ?? post.reactions;
  const confirmed = current?.confirmed ?? post.reactions;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** The choice waiting for its send, if any. */
  const pending = useRef<(() => void) | null>(null);
  const react = useMutation(trpc.training.react.mutationOptions());
  useEffect(
    () => () => {
      clearTimeout(timer.current ?? undefined);
      pending.current?.();
    },
    [],
  );

  const choose = (reaction: Reaction) => {
    const next = shown.mine === reaction ? null : reaction;
    setLocal({ from: post.reactions, shown: withMine(shown, next), confirmed });
    clearTimeout(timer.current ?? undefined);
    const send = () => {
      pending.current = null;
      if (next === confirmed.mine) return;
      react.mutate(
        { postId: post.id, reaction: next },
        {
          onSuccess: (summary) =>
            setLocal({ from: post.reactions, shown: summary, confirmed: summary }),
          onError: () => {
            setLocal({ from: post.reactions, shown: confirmed, confirmed });
            notifications.show({ color: 'red', message: texts.reactionError });
          },
        },
      );
    };
    pending.current = send;
    timer.current = setTimeout(send, REACTION_DEBOUNCE_MS);
  };

  return (
    <Group gap={4} role="group" aria-label={texts.react}>
      {REACTIONS.map((reaction) => {
        const count = shown.counts[reaction];
        const mine = shown.mine === reaction;
        return (
          <Button
            key={reaction}
            size="compact-sm"
            radius="xl"
            variant={mine ? 'light' : 'subtle'}
            color={mine ? 'blue' : 'gray'}
            aria-label={texts.reactions[reaction]}
            aria-pressed={mine}
            onClick={() => choose(reaction)}
          >
            <Text span>{EMOJI[reaction]}</Text>
            <Text span size="xs" ml={4}>
              {texts.reactions[reaction]}
              {count > 0 ? ` ${count}` : ''}
            </Text>
          </Button>
        );
      })}
      {shown.total > 0 && (
        <Text size="xs" c="dimmed" ml="xs">
          {shown.total === 1
            ? texts.reactionCountOne
            : format(texts.reactionCount, { count: shown.total })}
        </Text>
      )}
    </Group>
  );
}
