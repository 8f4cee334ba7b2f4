import { useState } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { SearchIcon } from '../../ui/icons';
import { SEARCH_DEBOUNCE_MS } from './remote-picker';

/**
 * A list's search box: shows what is typed at once and hands the trimmed text to `onSearch`
 * after a pause in typing (02 §9). `initial` is the search the list opened with.
 */
export function SearchBox({
  initial,
  onSearch,
  ...input
}: Omit<TextInputProps, 'value' | 'onChange' | 'leftSection'> & {
  initial: string;
  onSearch: (search: string) => void;
}) {
  const [text, setText] = useState(initial);
  const push = useDebouncedCallback((next: string) => onSearch(next.trim()), SEARCH_DEBOUNCE_MS);
  return (
    <TextInput
      {...input}
      leftSection={<SearchIcon size={16} />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        push(event.currentTarget.value);
      }}
    />
  );
}
