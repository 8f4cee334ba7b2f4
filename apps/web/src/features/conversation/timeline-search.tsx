import { useEffect, useMemo, useState } from 'react';
import { ActionIcon, Group, Loader, Paper, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { useTRPC } from '../../lib/trpc';
import { SearchIcon, XIcon } from '../../shell/icons';
import { ChevronDownIcon, ChevronUpIcon } from './icons';

const s = es.conversation.search;

/** 03 §9: the in-conversation search waits 400 ms after typing. */
const SEARCH_DEBOUNCE_MS = 400;

/**
 * The in-conversation search bar (03 §2.1): the server finds the contact's matching items; the
 * bar walks them with previous/next and 'n de m', starting at the newest. `onFocus` names the
 * match to show.
 */
export function TimelineSearch({
  contactId,
  onFocus,
  onClose,
}: {
  contactId: string;
  onFocus: (id: string | null) => void;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = useQuery({
    ...trpc.interactions.search.queryOptions({ contactId, text: debounced }),
    enabled: debounced !== '',
  });
  const matches = useMemo(
    () => (debounced === '' ? [] : (search.data ?? [])),
    [debounced, search.data],
  );
  // The match shown, for one answer of the server: a new answer starts at the newest match.
  const [picked, setPicked] = useState<{ matches: typeof matches; index: number } | null>(null);
  const index = picked?.matches === matches ? picked.index : matches.length - 1;
  const setIndex = (next: (at: number) => number) => setPicked({ matches, index: next(index) });
  const current = matches[index]?.id ?? null;
  useEffect(() => onFocus(current), [current, onFocus]);

  const older = () => setIndex((at) => (at > 0 ? at - 1 : at));
  const newer = () => setIndex((at) => (at < matches.length - 1 ? at + 1 : at));

  return (
    <Paper shadow="sm" withBorder radius="md" p={6} role="search" data-testid="timeline-search">
      <Group gap={6} wrap="nowrap">
        <TextInput
          autoFocus
          size="sm"
          style={{ flex: 1 }}
          leftSection={<SearchIcon size={16} />}
          placeholder={s.placeholder}
          aria-label={s.placeholder}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              onClose();
            } else if (event.key === 'Enter') {
              event.preventDefault();
              if (event.shiftKey) newer();
              else older();
            }
          }}
          rightSection={search.isFetching ? <Loader size={14} /> : null}
        />
        <Text
          size="sm"
          c="dimmed"
          miw={70}
          ta="center"
          aria-live="polite"
          data-testid="search-counter"
        >
          {debounced === '' || search.isPending
            ? ''
            : matches.length === 0
              ? s.noResults
              : format(s.counter, { n: index + 1, m: matches.length })}
        </Text>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={s.previous}
          title={s.previous}
          disabled={index <= 0}
          onClick={older}
        >
          <ChevronUpIcon size={18} />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={s.next}
          title={s.next}
          disabled={index >= matches.length - 1}
          onClick={newer}
        >
          <ChevronDownIcon size={18} />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={s.close}
          title={s.close}
          onClick={onClose}
        >
          <XIcon size={18} />
        </ActionIcon>
      </Group>
    </Paper>
  );
}
