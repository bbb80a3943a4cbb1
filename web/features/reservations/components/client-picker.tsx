import { type ComboboxItem, Loader, type OptionsFilter, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type CSSProperties, useState } from 'react';
import type { Role } from '../../../../domain/roles.ts';
import { useClientSearch } from '../api.ts';

/** What the picker shows of a client. */
export interface ClientChoice {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
}

export const clientLabel = (client: ClientChoice) =>
  `${client.first_name} ${client.last_name} (${client.email})`;

/** The pause after a keystroke before the server is asked (as My Clients' search). */
export const CLIENT_SEARCH_DELAY_MS = 300;
const STATUS = '__client-picker-status';

/**
 * A booking's Client field (docs/decisions/072): the server finds the first CLIENT_PICKER_SIZE of the
 * business's clients matching what is typed (name or email, after a pause), so a business with
 * thousands of clients never loads them all. The chosen client stays shown when it is not among the
 * current matches (a client just added, the booking being edited). Mantine's Select: a labelled
 * combobox, arrows and Enter to choose.
 */
export function ClientPicker({
  role,
  ownerId,
  enabled = true,
  value,
  onChange,
  chosen,
  extraOptions = [],
  required,
  style,
}: {
  role: Role;
  /** clientsBusinessParam: the business an admin names; none for owners and staff. */
  ownerId: string | undefined;
  enabled?: boolean;
  value: string | null;
  onChange: (value: string | null) => void;
  /** The chosen client when the screen knows it (just added, or the booking's own). */
  chosen?: ClientChoice | null;
  /** Choices after the clients, always offered (the editor's "+ New client"). */
  extraOptions?: ComboboxItem[];
  required?: boolean;
  style?: CSSProperties;
}) {
  const [search, setSearch] = useState('');
  // The label of a client the person picked here, for when later matches leave it out.
  const [picked, setPicked] = useState<ComboboxItem | null>(null);
  const chosenOption: ComboboxItem | null =
    value && chosen?.id === value
      ? { value, label: clientLabel(chosen) }
      : value && picked?.value === value
        ? picked
        : null;
  // The chosen client's label in the field is not a search: the first clients by name are offered.
  const typed = chosenOption && search === chosenOption.label ? '' : search.trim();
  const [query] = useDebouncedValue(typed, CLIENT_SEARCH_DELAY_MS);
  // An admin's picker waits for the business (the listing's owner) to be known.
  const active = enabled && (role !== 'admin' || !!ownerId);
  const results = useClientSearch(role, ownerId, query, active);
  const answered = !!results.data && !results.isPlaceholderData && query === typed;
  const loading = active && (!answered || results.isFetching);

  const matches = (results.data?.items ?? []).map((client) => ({
    value: client.id,
    label: clientLabel(client),
  }));
  const offered = (option: ComboboxItem) =>
    [...matches, ...extraOptions].some((other) => other.value === option.value);
  const keptOnly = chosenOption && !offered(chosenOption) ? chosenOption : null;
  const total = results.data?.total ?? 0;
  const status = !active
    ? null
    : !answered
      ? 'Searching…'
      : total === 0
        ? typed
          ? `No client matches “${typed}”`
          : 'No clients yet'
        : total > matches.length
          ? `First ${matches.length} of ${total}: type more of a name or email`
          : null;
  const statusOption = (label: string) => ({ value: STATUS, label, disabled: true });
  // With extra choices the list is never empty, so the status is a (disabled) line of its own; without,
  // an empty list shows it as Mantine's nothing-found message.
  const showStatusLine = status && (matches.length > 0 || extraOptions.length > 0);
  const data = [
    ...matches,
    ...(keptOnly ? [keptOnly] : []),
    ...(showStatusLine ? [statusOption(status)] : []),
    ...extraOptions,
  ];

  // Matches are the server's; while the next answer is on its way the shown ones narrow to what is typed.
  const filter: OptionsFilter = ({ options, search: text }) => {
    const needle = text.trim().toLowerCase();
    return options.filter((option) => {
      if (!('value' in option)) return true;
      if (keptOnly && option.value === keptOnly.value) return false;
      if (answered || option.value === STATUS || extraOptions.some((extra) => extra.value === option.value))
        return true;
      return option.label.toLowerCase().includes(needle);
    });
  };

  return (
    <Select
      label="Client"
      placeholder="Choose a client"
      required={required}
      searchable
      style={style}
      data={data}
      filter={filter}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(next, option) => {
        if (next === STATUS) return;
        if (option) setPicked(option);
        onChange(next);
      }}
      nothingFoundMessage={status ?? undefined}
      rightSection={loading ? <Loader size={16} aria-hidden /> : undefined}
      aria-busy={loading || undefined}
    />
  );
}
