import {
  Alert,
  Group,
  Loader,
  ScrollArea,
  Select,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { es } from '@cartera/domain/i18n';
import { formatDateTime } from '../../../lib/dates';
import { useTRPC } from '../../../lib/trpc';
import { SearchIcon } from '../../../ui/icons';
import classes from './info-panel.module.css';

const t = es.conversation.infoPanel;

/** 03 §9: the info panel's search waits 450 ms after typing. */
export const INTERACTIONS_DEBOUNCE_MS = 450;

/** The types offered in the filter: those the timeline holds today. */
const FILTER_TYPES = [
  'note',
  'phoneCall',
  'reminder',
  'visit',
  'feedback',
  'transfer',
  'archiving',
  'tagChange',
];

export function typeLabel(type: string): string {
  return t.types[type] ?? type;
}

/**
 * 'Interacciones' (03 §2.1, §4): the contact's items matching a text (450 ms after typing) and a
 * type, newest first; choosing one asks the page to show it in the timeline.
 */
export function InteractionsSection({
  contactId,
  onSelectInteraction,
}: {
  contactId: string;
  onSelectInteraction?: (id: string) => void;
}) {
  const trpc = useTRPC();
  const [text, setText] = useState('');
  const [type, setType] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(text.trim(), INTERACTIONS_DEBOUNCE_MS);
  const filtering = debounced !== '' || type !== null;
  const search = useQuery({
    ...trpc.interaction.search.queryOptions({
      contactId,
      text: debounced || undefined,
      types: type ? [type] : undefined,
    }),
    enabled: filtering,
  });
  // The server lists matches oldest first; the panel shows the newest on top.
  const matches = useMemo(() => [...(search.data ?? [])].reverse(), [search.data]);
  const typeOptions = useMemo(
    () => FILTER_TYPES.map((value) => ({ value, label: typeLabel(value) })),
    [],
  );

  let results;
  if (!filtering) {
    results = (
      <Text size="xs" c="dimmed">
        {t.interactionsHint}
      </Text>
    );
  } else if (search.isPending) {
    results = <Loader size="xs" aria-label={es.app.loading} />;
  } else if (search.isError) {
    results = (
      <Alert color="red" variant="light" role="alert" p="xs">
        {t.interactionsFailed}
      </Alert>
    );
  } else if (matches.length === 0) {
    results = (
      <Text size="xs" c="dimmed">
        {t.interactionsEmpty}
      </Text>
    );
  } else {
    results = (
      <ScrollArea.Autosize mah={260} type="auto">
        <Stack gap={2} role="list" aria-label={t.interactions}>
          {matches.map((match) => (
            <UnstyledButton
              key={match.id}
              role="listitem"
              className={classes.match}
              onClick={() => onSelectInteraction?.(match.id)}
            >
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" fw={500} truncate>
                  {typeLabel(match.type)}
                </Text>
                <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                  {formatDateTime(match.createdAt)}
                </Text>
              </Group>
            </UnstyledButton>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    );
  }

  return (
    <Stack gap="xs">
      <TextInput
        size="xs"
        leftSection={<SearchIcon size={14} />}
        placeholder={t.interactionsSearch}
        aria-label={t.interactionsSearch}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        rightSection={search.isFetching && filtering ? <Loader size={12} /> : null}
      />
      <Select
        size="xs"
        aria-label={t.interactionsType}
        placeholder={t.interactionsAllTypes}
        data={typeOptions}
        value={type}
        onChange={setType}
        clearable
        comboboxProps={{ withinPortal: true }}
      />
      {results}
    </Stack>
  );
}
