import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

const TYPING_PAUSE_MS = 400;

/**
 * The free-text search (title, area, city, description): it searches when the typing pauses or on
 * Enter, not on every key.
 */
export function SearchTextField({
  value,
  onSearch,
}: {
  value: string | undefined;
  onSearch: (q: string | undefined) => void;
}) {
  const [text, setText] = useState(value ?? '');
  const searched = useRef(value ?? '');
  useEffect(() => {
    // A change made elsewhere (the back button, a link) shows here; our own searches already do.
    if ((value ?? '') !== searched.current) {
      searched.current = value ?? '';
      setText(value ?? '');
    }
  }, [value]);

  const search = (next: string) => {
    const q = next.trim();
    if (q === searched.current) return;
    searched.current = q;
    onSearch(q || undefined);
  };
  const searchSoon = useDebouncedCallback(search, TYPING_PAUSE_MS);

  return (
    <search aria-label="Search listings">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          searchSoon.cancel();
          search(text);
        }}
      >
        <TextInput
          label="Search"
          placeholder="Title, area or keyword"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            searchSoon(event.currentTarget.value);
          }}
        />
      </form>
    </search>
  );
}
