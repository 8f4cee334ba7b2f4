import { useState } from 'react';
import { Loader, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { es } from '@cartera/domain/i18n';
import { useTRPC } from '../../../lib/trpc';

const q = es.conversation.composer;

/** 03 §9: searches wait 500 ms after typing ("search 500 ms"; 03 §4 names no figure). */
const QUICK_REPLY_DEBOUNCE_MS = 500;

export interface QuickReplyMatch {
  id: string;
  title: string;
  message: string;
}

/**
 * '/' template mode (03 §4, §5): on while the text starts with '/' and has no space yet, until
 * Escape dismisses it. The server matches what follows the '/'; arrows move the highlight.
 */
export function useQuickReplies(text: string) {
  const trpc = useTRPC();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const wanted = text.startsWith('/') && !/\s/.test(text);
  const active = wanted && dismissed === null;
  const [search] = useDebouncedValue(active ? text.slice(1) : '', QUICK_REPLY_DEBOUNCE_MS);
  const query = useQuery({
    ...trpc.template.quickReplies.queryOptions({ search: search || undefined }),
    enabled: active,
  });
  const matches: QuickReplyMatch[] = active ? (query.data ?? []) : [];
  // The highlight belongs to one answer of the server: a new answer starts at its first match.
  const [picked, setPicked] = useState<{ matches: unknown; index: number } | null>(null);
  const index = picked && picked.matches === query.data ? picked.index : 0;
  // Escape holds until the text leaves the '/' mode on its own.
  if (dismissed !== null && !wanted) setDismissed(null);

  return {
    active,
    loading: active && query.isPending,
    matches,
    index,
    move(step: 1 | -1) {
      if (matches.length === 0) return;
      setPicked({
        matches: query.data,
        index: (index + step + matches.length) % matches.length,
      });
    },
    highlighted: matches[index] ?? null,
    dismiss: () => setDismissed(text),
  };
}

export type QuickReplies = ReturnType<typeof useQuickReplies>;

/** The list above the textarea while '/' mode is on. */
export function QuickReplyList({
  replies,
  onPick,
}: {
  replies: QuickReplies;
  onPick: (reply: QuickReplyMatch) => void;
}) {
  return (
    <Paper withBorder p={4} mb={6} data-testid="quick-replies">
      {replies.loading ? (
        <Loader size="xs" m={6} aria-label={es.app.loading} />
      ) : replies.matches.length === 0 ? (
        <Text size="sm" c="dimmed" p={6}>
          {q.noQuickReplies}
        </Text>
      ) : (
        <Stack
          gap={0}
          role="listbox"
          aria-label={q.quickReplies}
          mah={220}
          style={{ overflowY: 'auto' }}
        >
          {replies.matches.map((reply, at) => (
            <UnstyledButton
              key={reply.id}
              role="option"
              aria-selected={at === replies.index}
              px={8}
              py={4}
              bg={at === replies.index ? 'var(--mantine-color-blue-light)' : undefined}
              // Keep the focus in the textarea.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onPick(reply)}
            >
              <Text size="sm" fw={600}>
                {reply.title}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={1}>
                {reply.message}
              </Text>
            </UnstyledButton>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
