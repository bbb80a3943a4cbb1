import { Group, Select, Text } from '@mantine/core';
import {
  type CalendarFilters as Filters,
  ownerLabel,
  STATUS_FILTER_VALUES,
  type StatusFilter,
  statusFilterLabel,
  summaryText,
} from '../../../../domain/calendar/filters.ts';
import type { CalendarProperty } from '../api.ts';

const ALL = 'all';

interface CalendarFiltersProps {
  filters: Filters;
  onChange: (filters: Filters) => void;
  properties: CalendarProperty[];
  /** Shown to staff only: the owners they can filter by. */
  owners: string[] | null;
  shown: number;
  total: number;
}

/** Property, status and (for staff) owner filters, and the 'Showing X of Y reservations' summary. */
export function CalendarFilters({
  filters,
  onChange,
  properties,
  owners,
  shown,
  total,
}: CalendarFiltersProps) {
  const visibleProperties = filters.ownerId
    ? properties.filter((property) => property.owner_id === filters.ownerId)
    : properties;
  return (
    <Group align="flex-end" justify="space-between" gap="sm" wrap="wrap">
      <Group align="flex-end" gap="sm" wrap="wrap" style={{ flex: '1 1 auto' }}>
        <Select
          label="Property"
          w={{ base: '100%', xs: 240 }}
          allowDeselect={false}
          searchable={properties.length > 8}
          data={[
            { value: ALL, label: 'All properties' },
            ...visibleProperties.map((property) => ({ value: property.id, label: property.title })),
          ]}
          value={filters.propertyId ?? ALL}
          onChange={(value) => onChange({ ...filters, propertyId: !value || value === ALL ? null : value })}
        />
        <Select
          label="Status"
          w={{ base: '100%', xs: 210 }}
          allowDeselect={false}
          data={STATUS_FILTER_VALUES.map((value) => ({ value, label: statusFilterLabel(value) }))}
          value={filters.status}
          onChange={(value) => value && onChange({ ...filters, status: value as StatusFilter })}
        />
        {owners && (
          <Select
            label="Owner"
            w={{ base: '100%', xs: 200 }}
            allowDeselect={false}
            data={[
              { value: ALL, label: 'All owners' },
              ...owners.map((id) => ({ value: id, label: ownerLabel(id) })),
            ]}
            value={filters.ownerId ?? ALL}
            onChange={(value) =>
              onChange({ ...filters, ownerId: !value || value === ALL ? null : value, propertyId: null })
            }
          />
        )}
      </Group>
      <Text size="sm" c="dimmed" role="status">
        {summaryText(shown, total)}
      </Text>
    </Group>
  );
}
