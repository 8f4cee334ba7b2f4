import { useState } from 'react';
import { Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { REQUEST_SEARCH_DEBOUNCE_MS, type SearchValue } from '@cartera/domain/request-sales';
import { es } from '@cartera/domain/i18n';
import { useTRPC } from '../../../lib/trpc';

const t = es.requestSales;

function chosenOf(value: unknown): SearchValue | null {
  if (typeof value !== 'object' || value === null) return null;
  const item = value as Partial<SearchValue>;
  return typeof item.value === 'string'
    ? ({ title: String(item.title ?? item.value), ...item } as SearchValue)
    : null;
}

/**
 * A `search` field (02 §7): what the user types is sent, 400 ms after they stop, to the server's
 * proxy of the field's endpoint (never straight from the browser); picking a result stores its
 * {title, value, values}.
 */
export function SearchField({
  label,
  required,
  value,
  onChange,
  disabled,
  error,
  code,
  templateId,
}: {
  label: string;
  required: boolean;
  value: unknown;
  onChange: (value: unknown) => void;
  disabled: boolean;
  error: string | null;
  code: string;
  templateId: string | null;
}) {
  const trpc = useTRPC();
  const chosen = chosenOf(value);
  const [typed, setTyped] = useState<string | null>(null);
  const [search] = useDebouncedValue(typed ?? '', REQUEST_SEARCH_DEBOUNCE_MS);
  const combobox = useCombobox();
  const results = useQuery(
    trpc.requestSale.searchField.queryOptions(
      { templateId: templateId ?? '', field: code, search },
      { enabled: !!templateId && typed !== null && search.trim().length > 0 },
    ),
  );
  const items = results.data?.items ?? [];

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(picked) => {
        const item = items.find((each) => each.value === picked);
        if (item) onChange(item);
        setTyped(null);
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <TextInput
          label={label}
          required={required}
          disabled={disabled}
          error={error ?? undefined}
          data-field={code}
          placeholder={t.searchPlaceholder}
          value={typed ?? chosen?.title ?? ''}
          rightSection={results.isFetching ? <Loader size={14} /> : null}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            if (!event.currentTarget.value) onChange(null);
            combobox.openDropdown();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => {
            combobox.closeDropdown();
            setTyped(null);
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={typed === null || !search.trim()}>
        <Combobox.Options>
          {results.data?.failed ? (
            <Combobox.Empty>
              <Text size="sm" c="red">
                {t.searchFailed}
              </Text>
            </Combobox.Empty>
          ) : items.length === 0 ? (
            <Combobox.Empty>{results.isFetching ? '…' : t.searchEmpty}</Combobox.Empty>
          ) : (
            items.map((item) => (
              <Combobox.Option key={item.value} value={item.value}>
                {item.title}
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
