import { useState, type ReactNode } from 'react';
import { Combobox, Loader, Stack, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage, es } from '@cartera/domain/i18n';
import { domainCodeOf, userMessageOf } from '../../lib/errors';
import { randomUuid } from '../../lib/random-id';
import { useTRPC } from '../../lib/trpc';
import { CheckIcon, MapPinIcon } from '../../ui/icons';
import type { DirectionValue } from './direction';

/** 02 §9: the place search waits for a 500 ms pause in typing. */
export const PLACE_SEARCH_DEBOUNCE_MS = 500;

/**
 * The address field of companies and of 'direction' custom fields: suggestions from Google
 * Places (New) through places.search while typing, one session token per typing session (Google
 * bills a session, not each keystroke), and the chosen suggestion's details (place id and
 * coordinates) through places.details. What the user types is kept as a free-text address until
 * a suggestion is chosen, so nothing is lost when search is unavailable. Without an API key the
 * field says so (PLACES_NOT_CONFIGURED) and works as a plain text field.
 */
export function AddressInput({
  id,
  label,
  required,
  error,
  value,
  onChange,
  onBlur,
  placeholder,
}: {
  id?: string;
  label: string;
  required?: boolean;
  error?: ReactNode;
  value: DirectionValue | null;
  onChange: (value: DirectionValue | null) => void;
  onBlur?: () => void;
  placeholder?: string;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const combobox = useCombobox();
  const [text, setText] = useState(value?.formatted_address ?? '');
  const [typing, setTyping] = useState(false);
  const [sessionToken, setSessionToken] = useState<string | null>(null);
  const [choosing, setChoosing] = useState(false);
  const [detailsError, setDetailsError] = useState<string | null>(null);
  const [searchInput] = useDebouncedValue(text.trim(), PLACE_SEARCH_DEBOUNCE_MS);

  const status = useQuery({ ...trpc.place.status.queryOptions(), staleTime: Infinity });
  const configured = status.data?.configured === true;
  const search = useQuery({
    ...trpc.place.search.queryOptions({
      searchInput,
      sessionToken: sessionToken ?? undefined,
    }),
    enabled: configured && typing && searchInput.length > 0,
    retry: false,
    staleTime: 60_000,
  });
  const notConfigured =
    status.data?.configured === false || domainCodeOf(search.error) === 'PLACES_NOT_CONFIGURED';
  const waiting = typing && (searchInput !== text.trim() || search.isFetching);
  const places = search.data ?? [];
  const verified = Boolean(value?.place_id) && !typing;

  function type(next: string) {
    setText(next);
    setTyping(true);
    setDetailsError(null);
    if (!sessionToken) setSessionToken(randomUuid());
    onChange(next.trim() ? { formatted_address: next } : null);
    if (configured && next.trim()) combobox.openDropdown();
    else combobox.closeDropdown();
  }

  async function choose(placeId: string) {
    const place = places.find((each) => each.id === placeId);
    if (!place) return;
    combobox.closeDropdown();
    setText(place.formattedAddress);
    setTyping(false);
    setChoosing(true);
    try {
      const details = await queryClient.fetchQuery({
        ...trpc.place.details.queryOptions({ placeId, sessionToken: sessionToken ?? undefined }),
        retry: false,
      });
      setText(details.formattedAddress);
      onChange({
        formatted_address: details.formattedAddress,
        place_id: details.id,
        location: details.location,
      });
    } catch (failure) {
      // Keep the suggestion's address; only its coordinates are missing.
      onChange({ formatted_address: place.formattedAddress, place_id: place.id });
      setDetailsError(userMessageOf(failure));
    } finally {
      setChoosing(false);
      // The session ends with the details call; the next typing starts another.
      setSessionToken(null);
    }
  }

  const description = notConfigured
    ? errorMessage('PLACES_NOT_CONFIGURED')
    : search.isError
      ? userMessageOf(search.error)
      : (detailsError ?? undefined);

  return (
    <Combobox store={combobox} onOptionSubmit={(placeId) => void choose(placeId)} withinPortal>
      <Combobox.Target>
        <TextInput
          id={id}
          label={label}
          withAsterisk={required}
          placeholder={placeholder || es.fields.addressPlaceholder}
          value={text}
          error={error}
          description={description}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          leftSection={<MapPinIcon size={16} />}
          rightSection={
            waiting || choosing ? (
              <Loader size={14} />
            ) : verified ? (
              <span role="img" aria-label={es.fields.addressChosen} style={{ display: 'flex' }}>
                <CheckIcon size={16} color="var(--mantine-color-teal-7)" />
              </span>
            ) : undefined
          }
          onChange={(event) => type(event.currentTarget.value)}
          onFocus={() => {
            if (typing && configured && text.trim()) combobox.openDropdown();
          }}
          onBlur={() => {
            combobox.closeDropdown();
            onBlur?.();
          }}
          autoComplete="off"
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options>
          {waiting && places.length === 0 ? (
            <Combobox.Empty>{es.fields.addressSearching}</Combobox.Empty>
          ) : places.length === 0 ? (
            <Combobox.Empty>
              {search.isError ? description : es.companies.addressNotFound}
            </Combobox.Empty>
          ) : (
            places.map((place) => (
              <Combobox.Option key={place.id} value={place.id}>
                <Stack gap={0}>
                  <Text size="sm" fw={500}>
                    {place.mainText || place.formattedAddress}
                  </Text>
                  {place.secondaryText && (
                    <Text size="xs" c="dimmed">
                      {place.secondaryText}
                    </Text>
                  )}
                </Stack>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
