import { SimpleGrid, Text } from '@mantine/core';
import type { PropertyType } from '../../../../domain/property.ts';
import { humanize } from '../../../../domain/property.ts';
import { formatUnits, hourlyRulesOf } from '../../../../domain/rental-unit.ts';

type Specs = Record<string, unknown>;

const yesNo = (value: unknown) => (value ? 'Yes' : 'No');
const list = (value: unknown) => (Array.isArray(value) && value.length > 0 ? value.join(', ') : '—');
const plain = (value: unknown) =>
  value === undefined || value === null || value === '' ? '—' : String(value);

/** The label/value pairs shown for each type's specifications. */
export function describeSpecifications(type: PropertyType, specs: Specs): Array<[string, string]> {
  switch (type) {
    case 'accommodation':
      return [
        ['Bedrooms', plain(specs.bedrooms)],
        ['Bathrooms', plain(specs.bathrooms)],
        ['Max guests', plain(specs.maxGuests)],
        ['Max occupants', plain(specs.maxOccupants)],
        ['Furnished', yesNo(specs.furnished)],
        ['Size', specs.squareFootage ? `${specs.squareFootage} m²` : '—'],
      ];
    case 'vehicle':
      return [
        ['Make', plain(specs.make)],
        ['Model', plain(specs.model)],
        ['Year', plain(specs.year)],
        ['Seats', plain(specs.seatingCapacity)],
        ['Transmission', specs.transmission ? humanize(String(specs.transmission)) : '—'],
        ['Fuel', specs.fuelType ? humanize(String(specs.fuelType)) : '—'],
        ['Mileage', specs.mileage !== undefined ? `${specs.mileage} km` : '—'],
      ];
    case 'equipment': {
      const d = specs.dimensions as { length?: number; width?: number; height?: number } | undefined;
      return [
        ['Brand', plain(specs.brand)],
        ['Model', plain(specs.model)],
        ['Condition', specs.condition ? humanize(String(specs.condition)) : '—'],
        ['Power', plain(specs.powerType)],
        ['Weight', specs.weight !== undefined ? `${specs.weight} kg` : '—'],
        ['Dimensions', d ? `${d.length} × ${d.width} × ${d.height} cm` : '—'],
      ];
    }
    case 'electronics':
      return [
        ['Brand', plain(specs.brand)],
        ['Model', plain(specs.model)],
        ['Condition', specs.condition ? humanize(String(specs.condition)) : '—'],
        ['Technical specifications', plain(specs.technicalSpecifications)],
        ['Included accessories', list(specs.includedAccessories)],
      ];
    case 'event_space': {
      const rules = hourlyRulesOf(specs);
      return [
        ['Capacity', plain(specs.capacity)],
        ['Indoor area', `${plain(specs.indoorArea)} m²`],
        ['Outdoor area', specs.outdoorArea !== undefined ? `${specs.outdoorArea} m²` : '—'],
        ['Layouts', list(specs.layouts)],
        ['Venue amenities', list(specs.amenities)],
        ['Bookable hours', `${rules.bookableHours.start}–${rules.bookableHours.end}`],
        ['Minimum booking', formatUnits('hour', rules.minimumHours)],
      ];
    }
    case 'storage_space': {
      const hours = specs.accessHours as { start?: string; end?: string } | undefined;
      return [
        ['Size', `${plain(specs.width)} × ${plain(specs.length)} × ${plain(specs.height)} m`],
        ['Climate controlled', yesNo(specs.climateControlled)],
        ['Security', list(specs.securityFeatures)],
        ['Access hours', hours ? `${hours.start}–${hours.end}` : '00:00–23:59'],
      ];
    }
  }
}

export function SpecificationsView({ type, specifications }: { type: PropertyType; specifications: Specs }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" component="dl" m={0}>
      {describeSpecifications(type, specifications).map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={700}>
            {label}
          </Text>
          <Text component="dd" m={0}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
