import { SimpleGrid, Skeleton } from '@mantine/core';
import type { Property } from '../api.ts';
import { PropertyCard } from './property-card.tsx';

export function PropertyGrid({ properties }: { properties: Property[] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
      {properties.map((property) => (
        <PropertyCard key={property.id} property={property} />
      ))}
    </SimpleGrid>
  );
}

export function PropertyGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, md: 3, lg: 4 }}
      spacing="md"
      aria-busy="true"
      aria-label="Loading properties"
    >
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <Skeleton key={index} height={280} radius="md" />
      ))}
    </SimpleGrid>
  );
}
