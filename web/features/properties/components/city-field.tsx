import type { AutocompleteProps } from '@mantine/core';
import { LazyAutocomplete as Autocomplete } from '../../../components/lazy-inputs.tsx';
import { useCitySuggestions } from '../api.ts';

/** A city typed freely, with the known and listed cities suggested as you type. */
export function CityField(props: Omit<AutocompleteProps, 'data'>) {
  const suggestions = useCitySuggestions();
  return <Autocomplete label="City" data={suggestions} limit={50} autoComplete="off" {...props} />;
}
