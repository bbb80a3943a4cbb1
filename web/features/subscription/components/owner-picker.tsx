import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useOwnerChoices } from '../api.ts';

interface Option {
  value: string;
  label: string;
}

/**
 * The admin's choice of owner whose subscription the Overview and Billing tabs show (read-only).
 * Owners are searched on the server by name or email as the admin types.
 */
export function OwnerPicker({
  ownerId,
  onChange,
}: {
  ownerId: string | null;
  onChange: (ownerId: string | null) => void;
}) {
  const [search, setSearch] = useState('');
  // The chosen owner stays among the options whatever the server's latest search returned.
  const [chosen, setChosen] = useState<Option | null>(null);
  // The box shows the chosen owner's label: that is not a search.
  const [debounced] = useDebouncedValue(search === chosen?.label ? '' : search, 250);
  const owners = useOwnerChoices(debounced, true);
  const found = (owners.data?.items ?? []).map((owner) => ({
    value: owner.id,
    label: `${owner.first_name} ${owner.last_name} (${owner.email})`,
  }));
  const data = chosen && !found.some((option) => option.value === chosen.value) ? [chosen, ...found] : found;
  return (
    <Select
      label="Owner"
      description="Choose an owner to see their subscription (read-only)."
      placeholder="Search owners by name or email"
      searchable
      clearable
      nothingFoundMessage={owners.isFetching ? 'Searching…' : 'No owners found'}
      data={data}
      value={ownerId}
      onChange={(value, option) => {
        setChosen(value ? option : null);
        onChange(value);
      }}
      onSearchChange={setSearch}
      maw={480}
      error={owners.isError ? 'Failed to load owners' : undefined}
    />
  );
}
