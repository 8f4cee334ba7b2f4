import { useEffect, useMemo, useState } from 'react';
import {
  ActionIcon,
  Group,
  Indicator,
  Loader,
  MultiSelect,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { DatePickerInput } from '../../ui/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { es, format } from '@cartera/domain/i18n';
import { DATE_FORMAT, dayjs } from '../../lib/dates';
import { useTRPC } from '../../lib/trpc';
import { CalendarIcon, FilterIcon, SearchIcon, XIcon } from '../../ui/icons';
import { ChevronDownIcon, ChevronUpIcon } from './icons';

const s = es.conversation.search;

/** 03 §9: the in-conversation search waits 400 ms after typing. */
const SEARCH_DEBOUNCE_MS = 400;

/**
 * The in-conversation search bar (03 §2.1): the server finds the contact's matching items; the
 * bar walks them with previous/next and 'n de m', starting at the newest; the filter panel narrows
 * them by type and dates. Escape in the search box closes it. `onFocus` names the match to show.
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
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [types, setTypes] = useState<string[]>([]);
  const [range, setRange] = useState<[string | null, string | null]>([null, null]);
  const [from, to] = range;
  const filtered = types.length > 0 || from !== null;
  const active = debounced !== '' || filtered;
  const search = useQuery({
    ...trpc.interaction.search.queryOptions({
      contactId,
      text: debounced || undefined,
      types: types.length > 0 ? types : undefined,
      from: from ? dayjs(from).startOf('day').toDate() : undefined,
      to:
        (to ?? from)
          ? dayjs(to ?? from)
              .endOf('day')
              .toDate()
          : undefined,
    }),
    enabled: active,
  });
  const matches = useMemo(() => (active ? (search.data ?? []) : []), [active, search.data]);
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
          {!active || search.isPending
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
        <Indicator disabled={!filtered} size={8} offset={4}>
          <ActionIcon
            variant={filtersOpen ? 'light' : 'subtle'}
            color="gray"
            aria-label={s.filters}
            title={s.filters}
            aria-expanded={filtersOpen}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            <FilterIcon size={18} />
          </ActionIcon>
        </Indicator>
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
      {filtersOpen && (
        <Stack gap="xs" mt="xs" px={4} pb={4}>
          <MultiSelect
            size="sm"
            label={s.types}
            placeholder={types.length === 0 ? s.typesPlaceholder : undefined}
            data={Object.entries(es.conversation.infoPanel.types).map(([value, label]) => ({
              value,
              label,
            }))}
            value={types}
            onChange={setTypes}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
          <DatePickerInput
            size="sm"
            type="range"
            allowSingleDateInRange
            label={s.dates}
            placeholder={s.datesPlaceholder}
            value={range}
            onChange={(value) => setRange(value)}
            valueFormat={DATE_FORMAT}
            maxDate={dayjs().format('YYYY-MM-DD')}
            leftSection={<CalendarIcon size={16} />}
            clearable
            popoverProps={{ withinPortal: true }}
          />
        </Stack>
      )}
    </Paper>
  );
}
