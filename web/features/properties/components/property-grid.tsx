import { SimpleGrid, Skeleton } from '@mantine/core';
import { useDeferredValue } from 'react';
import type { Property } from '../api.ts';
import { PropertyCard } from './property-card.tsx';

const NONE: Property[] = [];

/**
 * Cards are rendered in an interruptible (transition) render after the data has arrived, with the
 * skeleton until then: a dozen cards at once would otherwise block the page for a long moment on a
 * slow phone (docs/decisions/011).
 */
export function PropertyGrid({
  properties,
  stay,
}: {
  properties: Array<Property & { total_cents?: number }>;
  /** The searched dates and guests, carried to each listing as a query string. */
  stay?: string;
}) {
  const shown = useDeferredValue(properties, NONE);
  if (shown === NONE && properties.length > 0) return <PropertyGridSkeleton count={properties.length} />;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
      {shown.map((property) => (
        <PropertyCard key={property.id} property={property} stay={stay} />
      ))}
    </SimpleGrid>
  );
}

export function PropertyGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2, md: 3, lg: 4 }}
      spacing="md"
      role="status"
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
