import { Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { PROPERTY_TYPES, TYPE_LABELS } from '../../../../domain/property.ts';
import {
  LISTING_STATE_LABELS,
  LISTING_STATES,
  type ListingFilters,
  type ListingState,
} from '../list-filters.ts';

export const LISTING_VIEWS = ['cards', 'list'] as const;
export type ListingView = (typeof LISTING_VIEWS)[number];

const ALL = 'all';
const TYPE_OPTIONS = [
  { value: ALL, label: 'All types' },
  ...PROPERTY_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] })),
];
const STATE_OPTIONS = [
  { value: ALL, label: 'All statuses' },
  ...LISTING_STATES.map((state) => ({ value: state, label: LISTING_STATE_LABELS[state] })),
];

/** Search, type and status filters and the Cards / List switch of Property Management. */
export function ListingToolbar({
  filters,
  onFiltersChange,
  view,
  onViewChange,
}: {
  filters: ListingFilters;
  /** `typing` marks a change made key by key (the address is replaced, not pushed, for those). */
  onFiltersChange: (filters: ListingFilters, typing: boolean) => void;
  view: ListingView;
  onViewChange: (view: ListingView) => void;
}) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="Find listings">
      <TextInput
        label="Search"
        placeholder="Title, city, location or description"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={filters.q}
        onChange={(event) => onFiltersChange({ ...filters, q: event.currentTarget.value }, true)}
        style={{ flex: '1 1 240px' }}
        type="search"
      />
      <Select
        label="Type"
        data={TYPE_OPTIONS}
        value={filters.type ?? ALL}
        allowDeselect={false}
        onChange={(value) =>
          onFiltersChange(
            { ...filters, type: value && value !== ALL ? (value as ListingFilters['type']) : null },
            false,
          )
        }
        style={{ flex: '0 1 180px' }}
      />
      <Select
        label="Status"
        data={STATE_OPTIONS}
        value={filters.state ?? ALL}
        allowDeselect={false}
        onChange={(value) =>
          onFiltersChange(
            { ...filters, state: value && value !== ALL ? (value as ListingState) : null },
            false,
          )
        }
        style={{ flex: '0 1 180px' }}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="listing-view-label">
          View
        </Text>
        <SegmentedControl
          aria-labelledby="listing-view-label"
          value={view}
          onChange={(value) => onViewChange(value as ListingView)}
          data={[
            { value: 'cards', label: 'Cards' },
            { value: 'list', label: 'List' },
          ]}
        />
      </Stack>
    </Group>
  );
}
